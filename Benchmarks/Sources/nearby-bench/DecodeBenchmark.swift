import Foundation
import NearbyFeeds

/// `nearby-bench decode --manifest M.json --file FEED [--repeat R]`: the decode alone, in
/// process: the feed file is mapped (no fetch, no cache), streamed through
/// ``FeedStreamDecoder`` into a ``PlaceArchiveBuilder``, and the archive written to a temporary
/// file section by section (``ArchiveFileOutput``), as a refresh writes it. Prints
/// `{"seconds","places","records","archive_bytes","feed_bytes","peak_rss_kb"}` (median of R runs;
/// peak RSS is the process's high-water mark, the mapped feed's touched pages included).
enum DecodeBenchmark {
    static func run(_ arguments: [String]) throws {
        let options = HarnessCommands.options(arguments)
        guard let manifestPath = options["manifest"], let feedPath = options["file"] else {
            throw BenchmarkError.badValue("--manifest/--file", arguments.joined(separator: " "))
        }
        let repeats = max(1, Int(options["repeat"] ?? "1") ?? 1)
        let manifest = try JSONDecoder().decode(
            DatasetManifest.self, from: Data(contentsOf: URL(fileURLWithPath: manifestPath)))
        let feed = try Data(contentsOf: URL(fileURLWithPath: feedPath), options: .alwaysMapped)
        var times: [Double] = []
        var places = 0
        var records = 0
        var archiveBytes = 0
        for _ in 0..<repeats {
            let start = DispatchTime.now().uptimeNanoseconds
            var decoder = FeedStreamDecoder(manifest: manifest, sink: PlaceArchiveBuilder())
            try decoder.add(page: feed)
            let summary = try decoder.finish()
            var builder = decoder.sink
            decoder = FeedStreamDecoder(manifest: manifest, sink: PlaceArchiveBuilder())
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("nearby-bench-\(UUID().uuidString).nbyplace").path
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw BenchmarkError.badValue("temporary file", path) }
            defer { unlink(path) }
            var output = ArchiveFileOutput(descriptor: fd)
            try builder.finish(sourceTag: 1, into: &output)
            archiveBytes = Int(lseek(fd, 0, SEEK_END))
            close(fd)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            places = summary.placeCount
            records = summary.recordCount
        }
        let result: [String: Any] = [
            "seconds": HarnessCommands.median(times), "places": places, "records": records,
            "archive_bytes": archiveBytes, "feed_bytes": feed.count,
            "peak_rss_kb": HarnessCommands.peakRSSKilobytes(),
        ]
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }
}
