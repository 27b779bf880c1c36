import Foundation
import NearbyGeo
import NearbyRuns

/// The commands `Benchmarks/run` drives (see BENCHMARKS.md for the contract):
/// - `knn --points P.csv --queries Q.csv --k 10 --repeat R --answers OUT.json [--batch-answers B.json]`
/// - `gpx-stats --file F.gpx --repeat R`
/// - `legs --file F.gpx --out OUT.csv`
/// Each prints one JSON object on stdout (legs prints nothing but the file).
enum HarnessCommands {
    static func options(_ arguments: [String]) -> [String: String] {
        var result: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count {
            result[String(arguments[index].drop(while: { $0 == "-" }))] = arguments[index + 1]
            index += 2
        }
        return result
    }

    static func csvRows(_ path: String) throws -> [[Substring]] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchmarkError.badValue("--points", path)
        }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).dropFirst().map { $0.split(separator: ",") }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func peakRSSKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func knn(_ arguments: [String]) throws {
        let o = options(arguments)
        guard let pointsPath = o["points"], let queriesPath = o["queries"] else {
            throw BenchmarkError.missingValue("--points/--queries")
        }
        let k = Int(o["k"] ?? "10") ?? 10
        let repeats = max(1, Int(o["repeat"] ?? "3") ?? 3)
        var ids: [String] = []
        var points: [Coordinate] = []
        for row in try csvRows(pointsPath) where row.count >= 3 {
            guard let lat = Double(row[1]), let lon = Double(row[2]), let c = Coordinate(latitude: lat, longitude: lon)
            else { continue }
            ids.append(String(row[0]))
            points.append(c)
        }
        let queries = try csvRows(queriesPath).compactMap { row -> Coordinate? in
            guard row.count >= 2, let lat = Double(row[0]), let lon = Double(row[1]) else { return nil }
            return Coordinate(latitude: lat, longitude: lon)
        }
        var builds: [Double] = []
        var index = SpatialIndex(points)
        for _ in 0..<repeats { builds.append(seconds { index = SpatialIndex(points) }) }
        var answers: [[Neighbor]] = []
        var singles: [Double] = []
        for round in 0..<repeats {
            var found: [[Neighbor]] = []
            found.reserveCapacity(queries.count)
            singles.append(seconds { for q in queries { found.append(index.nearest(to: q, k: k)) } })
            if round == 0 { answers = found }
        }
        // The batch API: every query in one call, one thread.
        var batches: [Double] = []
        var batchAnswers: [[Neighbor]] = []
        for round in 0..<repeats {
            var found: [[Neighbor]] = []
            batches.append(seconds { found = index.nearest(to: queries, k: k) })
            if round == 0 { batchAnswers = found }
        }
        // The batch must answer each query exactly as the single query does.
        let batchMismatches =
            zip(answers, batchAnswers).filter { $0.0 != $0.1 }.count
            + abs(answers.count - batchAnswers.count)
        if let out = o["answers"] { try writeAnswers(answers, ids, to: out) }
        if let out = o["batch-answers"] { try writeAnswers(batchAnswers, ids, to: out) }
        let perQuery = 1e6 / Double(max(1, queries.count))
        print(
            "{\"build_s\":\(median(builds)),\"single_us\":\(median(singles) * perQuery),\"batch_us\":\(median(batches) * perQuery),\"batch_mismatches\":\(batchMismatches),\"n\":\(points.count),\"queries\":\(queries.count)}"
        )
    }

    /// Answers as JSON: per query, [[id, distance], …].
    static func writeAnswers(_ answers: [[Neighbor]], _ ids: [String], to path: String) throws {
        var text = "["
        for (n, list) in answers.enumerated() {
            text += n == 0 ? "[" : ",["
            text += list.map { "[\"\(ids[$0.index])\",\(String(format: "%.17g", $0.distance))]" }.joined(
                separator: ",")
            text += "]"
        }
        try Data((text + "]").utf8).write(to: URL(fileURLWithPath: path))
    }

    static func gpxStats(_ arguments: [String]) throws {
        let o = options(arguments)
        guard let path = o["file"] else { throw BenchmarkError.missingValue("--file") }
        let repeats = max(1, Int(o["repeat"] ?? "3") ?? 3)
        var times: [Double] = []
        var points = 0
        var stats: RunStatistics?
        for _ in 0..<repeats {
            try times.append(
                seconds {
                    let document = try TrackReader().read(contentsOf: path)
                    let cleaned = TrackCleaner().clean(document)
                    let s = RunStatistics(cleaned)
                    _ = Split.splits(of: cleaned, every: 1000)
                    points = document.tracks.reduce(0) { $0 + $1.pointCount }
                    stats = s
                })
        }
        let t = median(times)
        print(
            "{\"points\":\(points),\"seconds\":\(t),\"points_per_s\":\(Double(points) / t),\"distance_m\":\(stats?.distance ?? 0),\"moving_s\":\(stats?.movingTime ?? 0),\"peak_rss_kb\":\(peakRSSKilobytes())}"
        )
    }

    static func legs(_ arguments: [String]) throws {
        let o = options(arguments)
        guard let path = o["file"], let out = o["out"] else { throw BenchmarkError.missingValue("--file/--out") }
        let document = try TrackReader().read(contentsOf: path)
        var text = "lat1,lon1,lat2,lon2,distance_m\n"
        for track in document.tracks {
            for segment in track.segments {
                let coordinates = segment.points.compactMap(\.coordinate)
                for (a, b) in zip(coordinates, coordinates.dropFirst()) {
                    let d = Geodesic.wgs84.legDistance(a, b)  // as the cleaner measures every leg
                    text += String(
                        format: "%.17g,%.17g,%.17g,%.17g,%.17g\n", a.latitude, a.longitude, b.latitude, b.longitude, d)
                }
            }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: out))
    }
}
