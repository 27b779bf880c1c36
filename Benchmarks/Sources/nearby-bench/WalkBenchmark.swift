import Foundation
import NearbyGeo
import NearbyWalk

/// `nearby-bench walk-export --network N.nbywalk --out DIR`: the network as raw little-endian
/// arrays for the peers (`nodes.f64`: lat, lon per node; `edges.u32`: from, to per edge slot;
/// `lengths.f64`: metres per slot).
///
/// `nearby-bench walk --network N.nbywalk --places P.f64 --queries Q.f64 --routes R.f64 --k 5
/// --answers OUT.json`: in process, the `k` places nearest by walking (exact, as `--walk` answers)
/// from each query point, and the walk between each pair of route points; one JSON object on
/// stdout with the median and mean time per query, and the answers written for the harness to
/// compare with the peers'.
enum WalkBenchmark {
    static func export(_ arguments: [String]) throws {
        let o = HarnessCommands.options(arguments)
        guard let path = o["network"], let out = o["out"] else { throw BenchmarkError.missingValue("--network/--out") }
        let network = try WalkNetwork(path: path)
        var nodes: [Double] = []
        nodes.reserveCapacity(2 * network.nodeCount)
        var edges: [UInt32] = []
        var lengths: [Double] = []
        for u in 0..<network.nodeCount {
            let c = try network.coordinate(u)
            nodes += [c.latitude, c.longitude]
            for slot in try network.edges(u) {
                edges += [UInt32(u), UInt32(try network.target(slot))]
                lengths.append(try network.length(slot))
            }
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try write(nodes, to: out + "/nodes.f64")
        try write(edges, to: out + "/edges.u32")
        try write(lengths, to: out + "/lengths.f64")
        print("{\"nodes\": \(network.nodeCount), \"slots\": \(lengths.count)}")
    }

    static func run(_ arguments: [String]) throws {
        let o = HarnessCommands.options(arguments)
        guard let path = o["network"], let placesPath = o["places"], let queriesPath = o["queries"],
            let routesPath = o["routes"]
        else { throw BenchmarkError.missingValue("--network/--places/--queries/--routes") }
        let k = Int(o["k"] ?? "5") ?? 5
        var opened: WalkNetwork?
        let openTime = try HarnessCommands.seconds { opened = try WalkNetwork(path: path) }
        guard let network = opened else { return }
        let places = try coordinates(placesPath)
        let queries = try coordinates(queriesPath)
        let routes = try coordinates(routesPath)
        var locator: WalkingLocator<SpatialIndexLocator>?
        let indexTime = HarnessCommands.seconds {
            locator = WalkingLocator(SpatialIndexLocator(places), network: network)
        }
        guard let locator else { return }
        var knnTimes: [Double] = []
        var knnAnswers: [[[Double]]] = []
        for query in queries {
            var found: [Neighbor] = []
            knnTimes.append(
                try HarnessCommands.seconds { found = try locator.nearest(to: query, limit: k, within: .infinity) })
            knnAnswers.append(found.map { [Double($0.index), $0.distance] })
        }
        var routeTimes: [Double] = []
        var routeAnswers: [Double?] = []
        let search = WalkSearch(network: network)
        for pair in stride(from: 0, to: routes.count - 1, by: 2) {
            var walk: WalkSearch.Walk?
            routeTimes.append(
                try HarnessCommands.seconds {
                    guard let a = try network.attach(routes[pair]), let b = try network.attach(routes[pair + 1]) else {
                        return
                    }
                    walk = try search.route(from: a, to: b)
                })
            routeAnswers.append(walk?.distance)
        }
        if let answers = o["answers"] {
            let object: [String: Any] = ["knn": knnAnswers, "routes": routeAnswers.map { $0 ?? -1 }]
            try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: answers))
        }
        let mean = { (values: [Double]) in values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count) }
        print(
            """
            {"open_s": \(openTime), "index_s": \(indexTime), "knn_median_s": \(HarnessCommands.median(knnTimes)), \
            "knn_mean_s": \(mean(knnTimes)), "route_median_s": \(HarnessCommands.median(routeTimes)), \
            "route_mean_s": \(mean(routeTimes)), "queries": \(queries.count), "routes": \(routeTimes.count), \
            "peak_rss_kb": \(HarnessCommands.peakRSSKilobytes())}
            """)
    }

    /// Raw float64 pairs (lat, lon).
    static func coordinates(_ path: String) throws -> [Coordinate] {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchmarkError.badValue("file", path) }
        let values = data.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
        return stride(from: 0, to: values.count - 1, by: 2).compactMap {
            Coordinate(latitude: values[$0], longitude: values[$0 + 1])
        }
    }

    static func write<T>(_ values: [T], to path: String) throws {
        try values.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: path))
    }
}
