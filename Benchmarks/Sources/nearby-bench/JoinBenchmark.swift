// `nearby-bench join [--places N] [--fixes F] [--length M] [--radius R] [--reach D] [--repeat K]
// [--seed S]`: a run of F fixes over M metres winding through Taipei from 25.0418,121.5152,
// N places over greater Taipei; times CheckpointJoin (every badge checkpoint, limit 3) plus
// RouteAmenities (every km, longest gap) end to end, index build excluded, median of K runs.
import Foundation
import NearbyGeo
import NearbyRuns

enum JoinBenchmark {
    struct Options {
        var places = 100_000
        var fixes = 10_000
        var length = 40_000
        var radius = 300
        var reach = 150
        var repeats = 7
        var seed: UInt64 = 1
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var i = 0
        while i < arguments.count {
            let name = arguments[i]
            guard i + 1 < arguments.count else { throw BenchmarkError.missingValue(name) }
            let value = try IndexBenchmark.number(arguments[i + 1], name)
            switch name {
            case "--places": options.places = value
            case "--fixes": options.fixes = max(2, value)
            case "--length": options.length = value
            case "--radius": options.radius = value
            case "--reach": options.reach = value
            case "--repeat": options.repeats = max(1, value)
            case "--seed": options.seed = UInt64(value)
            default: throw BenchmarkError.unknownOption(name)
            }
            i += 2
        }
        return options
    }

    /// A winding run: legs of equal length, the heading drifting randomly, turning back
    /// towards the start when it strays more than 6 km.
    static func run(_ options: Options, _ rng: inout BenchRandom) throws -> CleanedRun {
        let geod = Geodesic.wgs84
        let origin = try Coordinate(validatingLatitude: 25.0418, longitude: 121.5152)
        let step = Double(options.length) / Double(options.fixes - 1)
        var points = [CleanedPoint(coordinate: origin, time: 0, distance: 0)]
        var heading = rng.uniform(0...360)
        var here = origin
        var total = 0.0
        for k in 1..<options.fixes {
            heading += rng.uniform(-8...8)
            let home = geod.inverse(here, origin)
            if home.distance > 6000 { heading = home.initialBearing + rng.uniform(-30...30) }
            let next = geod.destination(from: here, bearing: heading, distance: step)
            total += geod.distance(here, next)
            points.append(CleanedPoint(coordinate: next, time: Double(k), distance: total))
            here = next
        }
        return CleanedRun(segments: [CleanedSegment(points: points)], activity: .running)
    }

    static func run(arguments: [String]) throws {
        let options = try parse(arguments)
        var rng = BenchRandom(state: options.seed)
        let cleaned = try run(options, &rng)
        let places = try (0..<options.places).map { _ in try rng.coordinate(lat: 24.95...25.20, lon: 121.40...121.70) }
        let badges = (0...52).map { k in
            Badge(id: "b\(k)", name: "Badge \(k)", distance: Double(k) * 804.672, description: "", image: "")
        }
        let catalogue = try BadgeCatalogue(badges: badges)
        let clock = ContinuousClock()
        var locator: SpatialIndexLocator?
        let build = clock.measure { locator = SpatialIndexLocator(places) }
        guard let locator else { return }
        print(
            "run \(cleaned.points.count) fixes, \(fmt(cleaned.distance / 1000)) km; places \(places.count); "
                + "radius \(options.radius) m, reach \(options.reach) m; index build \(IndexBenchmark.ms(build)) ms")

        let join = CheckpointJoin(radius: Double(options.radius))
        let along = RouteAmenities(unit: 1000, reach: Double(options.reach))
        var times: [Double] = []
        var joinTimes: [Double] = []
        var matches: [CheckpointMatches] = []
        var report: RouteAmenitiesReport?
        for _ in 0..<options.repeats {
            var split = Duration.zero
            let total = clock.measure {
                let checkpoints = Checkpoint.checkpoints(of: cleaned, catalogue: catalogue)
                split = clock.measure { matches = join.join(checkpoints, of: cleaned, with: [locator]) }
                report = along.along(cleaned, with: [locator])
            }
            times.append(IndexBenchmark.us(total) / 1000)
            joinTimes.append(IndexBenchmark.us(split) / 1000)
        }
        let found = matches.reduce(0) { $0 + $1.places.reduce(0) { $0 + $1.count } }
        print("checkpoints \(matches.count), places matched \(found), pieces \(report?.pieces.count ?? 0)")
        if let gap = report?.combinedGap {
            print("longest gap (reach \(options.reach) m): \(fmt(gap.start.distance)) → \(fmt(gap.end.distance)) m")
        }
        print("checkpoint join: median \(fmt(median(joinTimes))) ms")
        print("end to end (checkpoints + join + along): median \(fmt(median(times))) ms of \(times.count) runs")
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    static func fmt(_ x: Double) -> String { String(format: "%.3f", x) }
}
