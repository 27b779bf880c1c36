import Foundation
import Testing

@testable import NearbyPostgres

/// Issue 22: every wait has a deadline. A server that accepts and never answers held `runs list`
/// and `--places-db` queries forever; now connecting takes at most `connect_timeout` (from the
/// URL, else 10 s) and a statement at most its time-out, and the sentence names the server and
/// what to check. These need libpq, not a PostgreSQL server: the server here is a stalling socket.
@Suite(.enabled(if: PostgresConnection.isLibraryAvailable, "libpq.so.5 is not installed"))
struct PostgresDeadlineTests {
    @Test func aServerThatNeverAnswersTimesOutAtTheDefault() throws {
        let server = try StallingServer(handshake: false)
        defer { server.stop() }
        let url = try PostgresURL(server.url())
        let started = Date()
        #expect(throws: PostgresError.timedOut(target: url.redacted, seconds: 2, connecting: true)) {
            _ = try PostgresConnection(url, connectTimeout: 2)
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds >= 1.9 && seconds < 6, "\(seconds) s")
    }

    @Test func theURLsConnectTimeoutIsHonoured() throws {
        let server = try StallingServer(handshake: false)
        defer { server.stop() }
        let url = try PostgresURL(server.url("&connect_timeout=2"))
        #expect(url.connectTimeout == 2)
        let started = Date()
        do {
            _ = try PostgresConnection(url, connectTimeout: 60)
            Issue.record("connected to a server that never answers")
        } catch {
            #expect(error == .timedOut(target: url.redacted, seconds: 2, connecting: true))
            #expect(
                error.description
                    == "the PostgreSQL server of \(url.redacted) did not answer within 2 s (connect_timeout); "
                    + "check that it is running and accepts connections at that host and port, "
                    + "or give it longer with connect_timeout=N in the URL")
        }
        #expect(Date().timeIntervalSince(started) < 6)
    }

    @Test func aStatementThatIsNeverAnsweredTimesOutAndTheConnectionIsClosed() throws {
        let server = try StallingServer(handshake: true)
        defer { server.stop() }
        let url = try PostgresURL(server.url())
        let started = Date()
        #expect(throws: PostgresError.timedOut(target: url.redacted, seconds: 1, connecting: false)) {
            // The first statement (the client encoding) is never answered.
            _ = try PostgresConnection(url, statementTimeout: 1)
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds >= 0.9 && seconds < 5, "\(seconds) s")
    }

    /// libpq's two lines ("…failed: Connection refused" and "\tIs the server running…?") ran
    /// together as "Connection refused Is the server running…".
    @Test func libpqsLinesBecomeSentences() throws {
        let url = try PostgresURL("postgresql://u:p@127.0.0.1:1/x")
        let message = """
            connection to server at "127.0.0.1", port 1 failed: Connection refused
            \tIs the server running on that host and accepting TCP/IP connections?

            """
        let cleaned = message.withCString { PostgresConnection.clean($0, url: url) }
        #expect(
            cleaned
                == "connection to server at \"127.0.0.1\", port 1 failed: Connection refused. "
                + "Is the server running on that host and accepting TCP/IP connections?")
    }

    /// A one-letter password was scrubbed from inside words ("***ort 1 failed").
    @Test func aShortPasswordIsScrubbedOnlyAsAWordOfItsOwn() throws {
        let url = try PostgresURL("postgresql://u:p@127.0.0.1:1/x")
        #expect(
            url.scrub("port 1 failed: accepting; password p was wrong")
                == "port 1 failed: accepting; password *** was wrong")
    }
}
