import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback TCP server that accepts connections and then never answers — the hostile server of
/// issue 22 — or, with `handshake`, completes PostgreSQL's startup (it refuses TLS and GSS
/// encryption, accepts any login, says it is ready) and then never answers a statement.
///
/// `@unchecked Sendable`: the accepting thread owns the connections until ``stop()``, which
/// shuts the listening socket (ending `accept`) and waits for that thread.
final class StallingServer: @unchecked Sendable {
    let port: Int
    private let listener: Int32
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var connections: [Int32] = []

    struct StartError: Error {}

    init(handshake: Bool) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw StartError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, raw, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            throw StartError()
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread { [self] in
            while true {
                let connection = accept(self.listener, nil, nil)
                if connection < 0 { break }
                lock.withLock { connections.append(connection) }
                if handshake { Self.greet(connection) }
            }
            done.signal()
        }.start()
    }

    /// `postgresql://nearby@127.0.0.1:PORT/db`, without TLS or GSS negotiation, plus `query`.
    func url(_ query: String = "") -> String {
        "postgresql://nearby@127.0.0.1:\(port)/db?sslmode=disable&gssencmode=disable" + query
    }

    /// Reads the startup message and answers AuthenticationOk, BackendKeyData and ReadyForQuery.
    private static func greet(_ connection: Int32) {
        func readExactly(_ count: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            var got = 0
            while got < count {
                let n = bytes.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return -1 }
                    return recv(connection, base + got, count - got, 0)
                }
                if n <= 0 { return nil }
                got += n
            }
            return bytes
        }
        func int32(_ bytes: [UInt8]) -> Int { bytes.reduce(0) { $0 << 8 | Int($1) } }
        while let head = readExactly(8) {
            let length = int32(Array(head[0..<4]))
            let code = int32(Array(head[4..<8]))
            guard length >= 8, length < 1 << 16, readExactly(length - 8) != nil || length == 8 else { return }
            if code == 80_877_103 || code == 80_877_104 {  // SSLRequest, GSSENCRequest: no
                _ = send(connection, "N", 1, 0)
                continue
            }
            let reply: [UInt8] =
                [0x52, 0, 0, 0, 8, 0, 0, 0, 0]  // AuthenticationOk
                + [0x4B, 0, 0, 0, 12, 0, 0, 0, 1, 0, 0, 0, 2]  // BackendKeyData
                + [0x5A, 0, 0, 0, 5, 0x49]  // ReadyForQuery, idle
            _ = reply.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            return
        }
    }

    /// Stops accepting, closes every connection and waits for the accepting thread.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
        lock.withLock {
            for connection in connections { close(connection) }
            connections = []
        }
    }
}
