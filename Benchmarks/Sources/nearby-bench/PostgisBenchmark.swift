// `nearby-bench postgis --url URL --datasets DIR --cache-dir DIR --dataset ID --queries Q.csv
// [--k 10] [--repeat R] [--answers OUT.json]`: the k nearest places, one query at a time, from the
// mapped archive of the dataset's cached copy and from its places published to PostGIS
// (`PostgisPlaceSource`, exact), both in this process so process start is not measured; every
// answer is checked to agree (same places, order and distances). Prints one JSON object: per-query
// latency (median and 95th percentile over every query of rounds 2…R; round 1 warms both up), the
// time to open the published dataset (connect, snapshot, is it published), and the number of
// disagreements.
// With --answers, writes the exact answers' record numbers ([[ordinal, …], …]) for the harness to
// compare with PostGIS's plain sphere order.
import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyPostgres

enum PostgisBenchmark {
    static func run(_ arguments: [String]) throws {
        let o = HarnessCommands.options(arguments)
        guard let urlText = o["url"], let datasets = o["datasets"], let cacheDirectory = o["cache-dir"],
            let id = o["dataset"], let queriesPath = o["queries"]
        else { throw BenchmarkError.missingValue("--url/--datasets/--cache-dir/--dataset/--queries") }
        let k = try IndexBenchmark.number(o["k"] ?? "10", "--k")
        let repeats = max(1, try IndexBenchmark.number(o["repeat"] ?? "3", "--repeat"))
        let queries = try HarnessCommands.csvRows(queriesPath).compactMap { row -> Coordinate? in
            guard row.count >= 2, let lat = Double(row[0]), let lon = Double(row[1]) else { return nil }
            return Coordinate(latitude: lat, longitude: lon)
        }
        let catalog = try DatasetCatalog.load(
            from: [DatasetCatalog.Directory(URL(fileURLWithPath: datasets), isRequired: true)], only: [id])
        let cache = DatasetCache(
            directory: URL(fileURLWithPath: cacheDirectory), clock: .system, fetcher: CurlFetcher(version: "bench"))
        let library = PlaceLibrary(catalog: catalog, cache: cache, offline: true)
        let manifest = try library.manifest(id)
        let opened = try library.open(manifest)
        let archive = PlaceDataset.cached(opened)
        var published: PublishedDataset?
        let open = try HarnessCommands.seconds {
            published = try PostgisPlaceSource(url: try PostgresURL(urlText)).open([manifest]).value.first
        }
        guard let published else { throw BenchmarkError.badValue("--dataset", id) }
        let postgis = PlaceDataset.published(published)
        var archiveTimes: [Double] = []
        var postgisTimes: [Double] = []
        var answers: [[Int]] = []
        var disagreements = 0
        for round in 0..<repeats {
            for (n, query) in queries.enumerated() {
                var fromArchive: [Neighbor] = []
                var fromPostgis: [Neighbor] = []
                // Who goes first alternates, so neither always meets the other's warm caches.
                let pair: (Double, Double)
                if (round + n) % 2 == 0 {
                    let a = try HarnessCommands.seconds {
                        fromArchive = try archive.nearest(to: query, limit: k, within: .infinity)
                    }
                    let b = try HarnessCommands.seconds {
                        fromPostgis = try postgis.nearest(to: query, limit: k, within: .infinity)
                    }
                    pair = (a, b)
                } else {
                    let b = try HarnessCommands.seconds {
                        fromPostgis = try postgis.nearest(to: query, limit: k, within: .infinity)
                    }
                    let a = try HarnessCommands.seconds {
                        fromArchive = try archive.nearest(to: query, limit: k, within: .infinity)
                    }
                    pair = (a, b)
                }
                if round == 0 {
                    if fromArchive != fromPostgis { disagreements += 1 }
                    answers.append(fromPostgis.map(\.index))
                }
                if round > 0 || repeats == 1 {
                    archiveTimes.append(pair.0)
                    postgisTimes.append(pair.1)
                }
            }
        }
        if let out = o["answers"] {
            let text =
                "[" + answers.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }.joined(separator: ",")
            try Data((text + "]").utf8).write(to: URL(fileURLWithPath: out))
        }
        print(
            "{\"n\":\(opened.archive.locatedCount),\"queries\":\(queries.count),\"k\":\(k),"
                + "\"archive_us\":\(percentile(archiveTimes, 0.5) * 1e6),\"archive_p95_us\":\(percentile(archiveTimes, 0.95) * 1e6),"
                + "\"postgis_us\":\(percentile(postgisTimes, 0.5) * 1e6),\"postgis_p95_us\":\(percentile(postgisTimes, 0.95) * 1e6),"
                + "\"open_ms\":\(open * 1e3),\"disagreements\":\(disagreements)}")
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
