import NearbyPostgres
import Testing

/// URL detection and redaction: pure, no server.
@Suite("PostgresURL")
struct PostgresURLTests {
    @Test(
        "A --db value that is a URL is never a file name",
        arguments: [
            "postgresql://nearby@127.0.0.1/db", "postgres://u:p@h/db", "POSTGRESQL://h/db", "postgresql:",
            "postgresql:relative", "postgres:", "mysql://h/db", "sqlite:///tmp/runs.sqlite", "http://x",
        ])
    func urls(_ text: String) {
        #expect(PostgresURL.isURL(text))
    }

    @Test(
        "File names stay file names",
        arguments: [
            "runs.sqlite", "./postgresql:x", "/tmp/a://b", "runs:2024.sqlite", "~/runs.db", "", ":memory:",
            "1http://x", "台北:runs.sqlite",
        ])
    func files(_ text: String) {
        #expect(!PostgresURL.isURL(text))
    }

    @Test("Redacted forms hold no password, in user info or parameters, encoded or not")
    func redaction() throws {
        let cases: [(String, String, [String])] = [
            (
                "postgresql://nearby:s3cr3t-pw@127.0.0.1:5432/nearby_test",
                "postgresql://nearby:***@127.0.0.1:5432/nearby_test", ["s3cr3t-pw"]
            ),
            (
                "postgres://club@db.example/runs?sslmode=require&password=hunter2-x",
                "postgres://club@db.example/runs?sslmode=require&password=***", ["hunter2-x"]
            ),
            (
                "postgresql://h/db?pass%77ord=encoded-secret&application_name=nearby",
                "postgresql://h/db?pass%77ord=***&application_name=nearby", ["encoded-secret"]
            ),
            (
                "PostgreSQL://a:p%40ss-w0rd@h/db", "postgresql://a:***@h/db", ["p%40ss-w0rd", "p@ss-w0rd"]
            ),
            ("postgresql:///nearby?host=/tmp/socket", "postgresql:///nearby?host=/tmp/socket", []),
        ]
        for (text, expected, secrets) in cases {
            let url = try PostgresURL(text)
            #expect(url.redacted == expected)
            for secret in secrets {
                #expect(!url.description.contains(secret))
                #expect(!String(reflecting: url).contains(secret))
                #expect(!String(describing: Mirror(reflecting: url).children.map(\.value)).contains(secret))
            }
        }
    }

    @Test("Refused URLs get one sentence that never repeats the URL")
    func refused() {
        let cases = [
            "mysql://root:topsecret@h/db", "postgresql:topsecret", "runs.sqlite",
            "postgresql://u:topsecret@h/db\u{1b}[2J",
            "postgresql://u:topsecret@h/" + String(repeating: "a", count: 5000),
        ]
        for text in cases {
            #expect(throws: PostgresError.self) { try PostgresURL(text) }
            do {
                _ = try PostgresURL(text)
            } catch {
                #expect(!error.description.contains("topsecret"))
                #expect(!error.description.contains("\u{1b}"))
                #expect(error.description.count < 200)
            }
        }
    }

    @Test("Schema names are identifiers of one safe shape")
    func schemaNames() throws {
        #expect(try PostgresSchemaName("nearby").name == "nearby")
        #expect(try PostgresSchemaName("test_01").name == "test_01")
        for bad in ["", "1abc", "Nearby", "a-b", "a\"; DROP SCHEMA public; --", String(repeating: "a", count: 64)] {
            #expect(throws: PostgresError.self) { try PostgresSchemaName(bad) }
        }
    }

    @Test(
        "Connection refused: one sentence, the host named, the password not",
        .enabled(if: PostgresConnection.isLibraryAvailable, "libpq.so.5 is not installed"))
    func refusedConnection() throws {
        // Port 1 on loopback: nothing listens there (a privileged port no test server uses).
        let url = try PostgresURL("postgresql://nearby:refused-secret-42@127.0.0.1:1/db?connect_timeout=5")
        do {
            _ = try PostgresConnection(url)
            Issue.record("connected to port 1")
        } catch {
            guard case .connectionRefused(let target, _) = error else {
                Issue.record("expected connectionRefused, got \(error)")
                return
            }
            #expect(target == "postgresql://nearby:***@127.0.0.1:1/db?connect_timeout=5")
            #expect(!error.description.contains("refused-secret-42"))
            #expect(!error.description.contains("\n"))
        }
    }
}
