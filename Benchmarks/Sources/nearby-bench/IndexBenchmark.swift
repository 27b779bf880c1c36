// `nearby-bench index [--points N] [--queries Q] [--seed S]`: build time, µs per k=10 query,
// geodesic evaluations per query, serialized size, eager mapping (checksum) cost, and for the
// image mmapped from a temp file: lazy open time, first-query time, VmRSS growth, query speed.
import Foundation
import NearbyTestSupport
@_spi(Benchmarks) import NearbyGeo

enum IndexBenchmark {
    struct Options {
        var points = 1_000_000
        var queries = 20_000
        var seed: UInt64 = 1
        var rounds = 5
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var i = 0
        while i < arguments.count {
            let name = arguments[i]
            guard i + 1 < arguments.count else { throw BenchmarkError.missingValue(name) }
            let value = arguments[i + 1]
            switch name {
            case "--points": options.points = try number(value, name)
            case "--queries": options.queries = try number(value, name)
            case "--seed": options.seed = UInt64(try number(value, name))
            case "--rounds": options.rounds = max(1, try number(value, name))
            default: throw BenchmarkError.unknownOption(name)
            }
            i += 2
        }
        return options
    }

    static func number(_ text: String, _ name: String) throws -> Int {
        guard let n = Int(text), n >= 0 else { throw BenchmarkError.badValue(name, text) }
        return n
    }

    /// Points over Taiwan, denser around greater Taipei (60 %).
    static func points(_ count: Int, _ rng: inout BenchRandom) throws -> [Coordinate] {
        try (0..<count).map { i in
            i % 5 < 3
                ? try rng.coordinate(lat: 24.85...25.30, lon: 121.28...121.80)
                : try rng.coordinate(lat: 21.90...25.30, lon: 120.00...122.00)
        }
    }

    static func run(arguments: [String]) throws {
        let options = try parse(arguments)
        var rng = BenchRandom(state: options.seed)
        let data = try points(options.points, &rng)
        let queries = try points(options.queries, &rng)
        let clock = ContinuousClock()

        var index = SpatialIndex([])
        var builds: [Duration] = []
        for _ in 0..<3 { builds.append(clock.measure { index = SpatialIndex(data) }) }
        builds.sort()
        print("points \(data.count), queries \(queries.count), seed \(options.seed)")
        print("build: best \(ms(builds[0])) ms, median \(ms(builds[1])) ms (3 runs; machine is shared)")

        // Warm up, then one query at a time.
        var checksum = 0.0
        for q in queries.prefix(1000) { checksum += index.nearest(to: q, k: 10).last?.distance ?? 0 }
        var statistics = SpatialIndex.SearchStatistics()
        var rounds: [Double] = []
        for _ in 0..<options.rounds {
            let timed = clock.measure {
                for q in queries { checksum += index.nearest(to: q, k: 10).last?.distance ?? 0 }
            }
            rounds.append(us(timed) / Double(max(1, queries.count)))
        }
        rounds.sort()
        for q in queries { _ = index.nearest(to: q, k: 10, statistics: &statistics) }
        print(
            "nearest k=10, one query at a time: best \(fmt(rounds[0])) µs/query, median \(fmt(rounds[rounds.count / 2])) (\(rounds.count) rounds)"
        )
        let qn = Double(max(1, queries.count))
        print(
            "  geodesics/query \(fmt(Double(statistics.geodesics) / qn)), "
                + "chord candidates/query \(fmt(Double(statistics.candidates) / qn)), "
                + "nodes/query \(fmt(Double(statistics.nodes) / qn)), leaves/query \(fmt(Double(statistics.leaves) / qn))"
        )

        // The batch API over the same queries, one thread.
        var batchRounds: [Double] = []
        var batchStatistics = SpatialIndex.SearchStatistics()
        for _ in 0..<options.rounds {
            let timed = clock.measure { checksum += Double(index.nearest(to: queries, k: 10).count) }
            batchRounds.append(us(timed) / Double(max(1, queries.count)))
        }
        batchRounds.sort()
        _ = index.nearest(to: queries, k: 10, statistics: &batchStatistics)
        print(
            "nearest k=10, batch: best \(fmt(batchRounds[0])) µs/query, median \(fmt(batchRounds[batchRounds.count / 2])); "
                + "chord lengths/query \(fmt(Double(batchStatistics.chordLengths) / Double(max(1, queries.count)))), "
                + "solves/query \(fmt(Double(batchStatistics.geodesics) / Double(max(1, queries.count))))"
        )

        // Queries far from every point (where chord bounds are loose) stay exact but cost more.
        for (name, lat, lon) in [("5000 km away (Sydney)", -33.87, 151.21), ("antipode of Taipei", -25.04, -58.48)] {
            let far = try Coordinate(validatingLatitude: lat, longitude: lon)
            var farStatistics = SpatialIndex.SearchStatistics()
            let t = clock.measure { _ = index.nearest(to: far, k: 10, statistics: &farStatistics) }
            print("far query, \(name), k=10: \(ms(t)) ms, \(farStatistics.geodesics) geodesics")
        }

        let geod = Geodesic.wgs84
        var sum = 0.0
        let pairs = min(data.count, 200_000)
        let g = clock.measure {
            for i in 0..<pairs { sum += geod.distance(queries[i % queries.count], data[i]) }
        }
        print("Geodesic.distance, random pairs over Taiwan: \(fmt(us(g) * 1000 / Double(max(1, pairs)))) ns/call")
        // The pairs a k=10 query evaluates: query to its neighbours.
        var near: [(Coordinate, Coordinate)] = []
        for q in queries.prefix(2000) {
            for n in index.nearest(to: q, k: 10) { near.append((q, data[n.index])) }
        }
        var best = Duration.seconds(1000)
        for _ in 0..<options.rounds {
            best = min(best, clock.measure { for (a, b) in near { sum += geod.distance(a, b) } })
        }
        print(
            "Geodesic.distance, query to its 10 nearest: \(fmt(us(best) * 1000 / Double(max(1, near.count)))) ns/call (best round)"
        )

        let bytes = index.serialized()
        let region = MappedRegion(bytes)
        var mapped: SpatialIndex?
        let map = try clock.measure {
            mapped = try SpatialIndex(mapping: UnsafeRawBufferPointer(region.bytes), owner: region)
        }
        print("serialized: \(bytes.count) bytes; eager validate+map (all blocks): \(ms(map)) ms")
        try mappedFile(bytes, queries, clock)

        // Exactness spot check against brute force.
        var mismatches = 0
        for q in queries.prefix(5) {
            let brute = data.enumerated().map { Neighbor(index: $0.offset, distance: geod.distance(q, $0.element)) }
                .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(10)
            // The same neighbours in the same order, distances within 2e-8 m (PlaceLocator's contract).
            func agrees(_ got: [Neighbor]?) -> Bool {
                guard let got, got.map(\.index) == brute.map(\.index) else { return false }
                return zip(got, brute).allSatisfy { abs($0.distance - $1.distance) <= 2e-8 }
            }
            if !agrees(index.nearest(to: q, k: 10)) || !agrees(mapped?.nearest(to: q, k: 10)) {
                mismatches += 1
            }
        }
        print("brute-force check (5 queries): \(mismatches) mismatches  [\(Int(checksum + sum) % 10)]")
    }

    /// The image written to a temp file and mmapped: lazy open time, first-query time, resident
    /// memory added by open + one query, then query speed over the lazily verified map.
    static func mappedFile(_ bytes: [UInt8], _ queries: [Coordinate], _ clock: ContinuousClock) throws {
        let path = NSTemporaryDirectory() + "nearby-bench-index-\(getpid()).bin"
        defer { unlink(path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw BenchmarkError.badValue("temp file", path)
        }
        guard let file = FileMap(path: path), let query = queries.first else {
            throw BenchmarkError.badValue("mmap", path)
        }
        let rssBefore = residentKiB()
        var lazy: MappedSpatialIndex?
        let open = try clock.measure {
            lazy = try MappedSpatialIndex(mapping: file.bytes, owner: file)
        }
        guard let lazy else { return }
        var first: [Neighbor] = []
        let firstQuery = try clock.measure { first = try lazy.nearest(to: query, k: 10) }
        let rssAfter = residentKiB()
        let (verified, total) = lazy.verifiedBlocks
        print(
            "mmapped file, lazy open: \(ms(open)) ms; first k=10 query: \(ms(firstQuery)) ms "
                + "(\(verified) of \(total) 64 KiB blocks verified, \(first.count) answers); "
                + "VmRSS +\(rssAfter.total - rssBefore.total) KiB (file-backed +\(rssAfter.file - rssBefore.file) KiB) "
                + "after open + one query"
        )
        var rounds: [Double] = []
        var sink = 0.0
        for _ in 0..<3 {
            let t = try clock.measure {
                for q in queries { sink += try lazy.nearest(to: q, k: 10).last?.distance ?? 0 }
            }
            rounds.append(us(t) / Double(max(1, queries.count)))
        }
        rounds.sort()
        print(
            "  mmapped k=10 queries (lazily verified): best \(fmt(rounds[0])) µs/query, median \(fmt(rounds[1])); "
                + "\(lazy.verifiedBlocks.verified) blocks verified  [\(Int(sink) % 10)]"
        )
    }

    /// VmRSS and its file-backed part (RssFile) of this process in KiB (0 without /proc).
    static func residentKiB() -> (total: Int, file: Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func field(_ name: String) -> Int {
            for line in status.split(separator: "\n") where line.hasPrefix(name) {
                return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
            return 0
        }
        return (field("VmRSS:"), field("RssFile:"))
    }

    static func ms(_ d: Duration) -> String { fmt(us(d) / 1000) }
    static func us(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
    }
    static func fmt(_ x: Double) -> String { String(format: "%.3f", x) }
}

enum BenchmarkError: Error, CustomStringConvertible {
    case missingValue(String)
    case unknownOption(String)
    case badValue(String, String)
    case unknownBenchmark(String)

    var description: String {
        switch self {
        case .missingValue(let name): return "option \(name) needs a value"
        case .unknownOption(let name): return "unknown option \(name)"
        case .badValue(let name, let value): return "\(name) wants a non-negative integer, not \(value)"
        case .unknownBenchmark(let name): return "unknown benchmark \(name); try: index"
        }
    }
}

/// Page-aligned bytes standing in for a memory-mapped cache file.
final class MappedRegion: @unchecked Sendable {
    let bytes: UnsafeMutableRawBufferPointer
    init(_ source: [UInt8]) {
        bytes = .allocate(byteCount: source.count, alignment: 4096)
        bytes.copyBytes(from: source)
    }
    deinit { bytes.deallocate() }
}

/// A read-only memory map of a whole file.
final class FileMap: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    init?(path: String) {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        bytes = UnsafeRawBufferPointer(start: base, count: size)
    }
    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}

/// Reproducible benchmark data.
typealias BenchRandom = SplitMix64

extension SplitMix64 {
    mutating func coordinate(lat: ClosedRange<Double>, lon: ClosedRange<Double>) throws -> Coordinate {
        try Coordinate(validatingLatitude: uniform(lat), longitude: uniform(lon))
    }
}
