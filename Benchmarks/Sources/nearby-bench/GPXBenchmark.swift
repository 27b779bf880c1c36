import Foundation
import NearbyRuns

/// GPX reader benchmark: `nearby-bench gpx [--points N] [--repeat K] [--file PATH] [--keep]`.
///
/// Without `--file` it writes a deterministic Garmin-like GPX (trkpt with ele, time with `Z`,
/// gpxtpx hr/cad extension) of N points to a temporary file, streaming, so the generator does
/// not inflate peak memory. It then reads the file K times with `TrackReader` and prints the
/// best MB/s and points/s, and the process's peak resident set size (VmHWM) against the file size.
enum GPXBenchmark {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func run(arguments: [String]) throws {
        var points = 1_000_000
        var repeats = 5
        var file: String?
        var keep = false
        var i = 0
        while i < arguments.count {
            let value = i + 1 < arguments.count ? arguments[i + 1] : ""
            switch arguments[i] {
            case "--points": points = Int(value) ?? points
            case "--repeat": repeats = max(1, Int(value) ?? repeats)
            case "--file": file = value
            case "--keep":
                keep = true
                i -= 1
            default: throw Failure(description: "unknown argument \(arguments[i])")
            }
            i += 2
        }
        var generated = false
        let path: String
        if let file {
            path = file
        } else {
            path = NSTemporaryDirectory() + "nearby-bench-\(points).gpx"
            try generate(points: points, to: path)
            generated = true
        }
        defer { if generated, !keep { try? FileManager.default.removeItem(atPath: path) } }
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        print("file \(path): \(size) bytes, baseline VmHWM \(peakRSS() / 1024) KiB")

        let reader = TrackReader()
        var best = Duration.seconds(1_000_000)
        var count = 0
        let clock = ContinuousClock()
        for _ in 0..<repeats {
            let start = clock.now
            let document = try reader.read(contentsOf: path)
            let elapsed = clock.now - start
            count =
                document.tracks.reduce(0) { $0 + $1.pointCount }
                + (document.tracks.isEmpty ? document.waypoints.count : 0)
            best = min(best, elapsed)
        }
        let peak = peakRSS()
        report("read(contentsOf:)", count: count, size: size, best: best, repeats: repeats)
        print(
            String(
                format: "peak RSS while reading the file: %.1f MiB = %.2f× file size",
                Double(peak) / 1_048_576, Double(peak) / Double(max(size, 1))))

        // Parse only: the bytes already in memory.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        best = .seconds(1_000_000)
        for _ in 0..<repeats {
            let start = clock.now
            let document = try reader.read(bytes, fileName: path)
            best = min(best, clock.now - start)
            precondition(document.tracks.reduce(0) { $0 + $1.pointCount } > 0 || document.tracks.isEmpty)
        }
        report("parse from memory", count: count, size: size, best: best, repeats: repeats)
    }

    static func report(_ label: String, count: Int, size: Int, best: Duration, repeats: Int) {
        let seconds = Double(best.components.seconds) + Double(best.components.attoseconds) / 1e18
        print(
            String(
                format: "%@: %d points in %.1f ms (best of %d): %.0f MB/s, %.2f M points/s",
                label, count, seconds * 1000, repeats, Double(size) / 1e6 / seconds,
                Double(count) / seconds / 1e6))
    }

    /// Writes a deterministic N-point track in 1 MiB chunks.
    static func generate(points: Int, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else { throw Failure(description: "cannot create \(path)") }
        defer { try? handle.close() }
        var chunk = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx creator="nearby-bench" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
              <metadata><time>2024-06-01T06:00:00Z</time></metadata>
              <trk>
                <name>Benchmark run</name>
                <type>running</type>
                <trkseg>

            """
        let start = 1_717_221_600  // 2024-06-01T06:00:00Z
        for n in 0..<points {
            let lat = 25.0330 + Double(n % 20_000) * 0.000_013 + Double(n % 7) * 0.000_001
            let lon = 121.5654 + Double(n % 15_000) * 0.000_011
            let ele = 10.0 + Double(n % 400) * 0.2
            let t = start + n
            let (days, rem) = t.quotientAndRemainder(dividingBy: 86_400)
            let h = rem / 3600
            let m = rem / 60 % 60
            let s = rem % 60
            let day = 1 + (days - 19_875) % 28
            chunk += """
                      <trkpt lat="\(String(format: "%.7f", lat))" lon="\(String(format: "%.7f", lon))">
                        <ele>\(String(format: "%.1f", ele))</ele>
                        <time>2024-06-\(String(format: "%02d", day))T\(String(format: "%02d:%02d:%02d", h, m, s))Z</time>
                        <extensions>
                          <gpxtpx:TrackPointExtension>
                            <gpxtpx:hr>\(120 + n % 50)</gpxtpx:hr>
                            <gpxtpx:cad>\(80 + n % 15)</gpxtpx:cad>
                          </gpxtpx:TrackPointExtension>
                        </extensions>
                      </trkpt>

                """
            if chunk.utf8.count > 1 << 20 {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
        chunk += "    </trkseg>\n  </trk>\n</gpx>\n"
        handle.write(Data(chunk.utf8))
    }

    /// Peak resident set size in bytes from /proc/self/status (VmHWM), 0 where unavailable.
    static func peakRSS() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return digits * 1024
        }
        return 0
    }
}
