import Foundation
import NearbyTestSupport

/// Takes a screenshot of a local HTML file with Debian's `chromium-headless-shell`, when it is
/// installed, and reads the PNG's pixels back with `python3` (zlib from its standard library).
enum ChromiumScreenshot {
    enum Failure: Error, CustomStringConvertible {
        case timedOut(Double)
        case failed(Int32, String)
        case unreadable(String)

        var description: String {
            switch self {
            case .timedOut(let s): "chromium-headless-shell did not finish within \(s) s."
            case .failed(let code, let err): "chromium-headless-shell exited with \(code): \(err.prefix(400))"
            case .unreadable(let why): "The screenshot could not be decoded: \(why)"
            }
        }
    }

    /// The headless shell binary, if installed.
    static var binary: URL? {
        var candidates = ["/usr/bin/chromium-headless-shell", "/usr/lib/chromium/headless_shell"]
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        candidates += path.split(separator: ":").map { "\($0)/chromium-headless-shell" }
        return candidates.map(URL.init(fileURLWithPath:)).first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    static var python: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = path.split(separator: ":").map { "\($0)/python3" } + ["/usr/bin/python3"]
        return candidates.map(URL.init(fileURLWithPath:)).first {
            FileManager.default.isExecutableFile(atPath: $0.path)
        }
    }

    /// Both tools the screenshot test needs are here.
    static var available: Bool { binary != nil && python != nil }

    /// Screenshots `html` (a file) at `width` × `height` into `png`, waiting at most `timeout` s.
    static func capture(_ html: URL, to png: URL, width: Int = 1200, height: Int = 800, timeout: Double = 30)
        throws
    {
        guard let binary else { throw Failure.failed(-1, "not installed") }
        let profile = png.deletingLastPathComponent().appendingPathComponent("chromium-profile")
        try run(
            binary,
            [
                "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
                "--force-device-scale-factor=1", "--force-color-profile=srgb",
                "--user-data-dir=\(profile.path)", "--screenshot=\(png.path)",
                "--window-size=\(width),\(height)", html.absoluteString,
            ], timeout: timeout)
    }

    /// Runs a process with a deadline; returns its standard output.
    @discardableResult
    static func run(_ executable: URL, _ arguments: [String], timeout: Double) throws -> Data {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = TestPaths.temporaryFile("proc")
        FileManager.default.createFile(atPath: out.path + ".out", contents: nil)
        FileManager.default.createFile(atPath: out.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: out.path + ".out")
            try? FileManager.default.removeItem(atPath: out.path + ".err")
        }
        let stdout = try FileHandle(forWritingTo: URL(fileURLWithPath: out.path + ".out"))
        let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: out.path + ".err"))
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Failure.timedOut(timeout)
        }
        try? stdout.close()
        try? stderr.close()
        let err = (try? String(contentsOfFile: out.path + ".err", encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else { throw Failure.failed(process.terminationStatus, err) }
        return (try? Data(contentsOf: URL(fileURLWithPath: out.path + ".out"))) ?? Data()
    }
}
