import NearbyGeo

/// Where and when a run passed a badge's distance.
public struct Checkpoint: Sendable, Hashable {
    /// The badge whose distance was passed.
    public var badge: Badge
    /// The position at exactly the badge distance along the run.
    public var coordinate: Coordinate
    /// Clock seconds from the run's first fix to this point (pauses included); nil when untimed.
    public var elapsedTime: Double?
    /// Clock seconds per kilometre since the previous checkpoint (or the start); nil for a
    /// checkpoint at the start or when untimed.
    public var paceSincePrevious: Double?

    /// A checkpoint with every field given.
    public init(badge: Badge, coordinate: Coordinate, elapsedTime: Double?, paceSincePrevious: Double?) {
        self.badge = badge
        self.coordinate = coordinate
        self.elapsedTime = elapsedTime
        self.paceSincePrevious = paceSincePrevious
    }

    /// Checkpoints of `run` for every badge of `catalogue` whose distance the run passes.
    ///
    /// Rules: a badge is passed when its distance is strictly less than the run's distance
    /// (the rule that earns it), so Earth (0 m) sits on the first fix. The position at distance
    /// b lies on the first leg that reaches it (d0 < b ≤ d1): from the leg's start, b − d0
    /// metres along the leg's initial geodesic bearing (`Geodesic.wgs84.destination`), which is
    /// exactly on the geodesic between the two fixes. The time there is interpolated linearly
    /// in distance along the leg. The pace is (time − previous time) / (b − previous b) × 1000.
    public static func checkpoints(of run: CleanedRun, catalogue: BadgeCatalogue) -> [Checkpoint] {
        let points = run.points
        guard let first = points.first else { return [] }
        let total = run.distance
        var result: [Checkpoint] = []
        var k = 1
        var previous: (distance: Double, time: Double?)?
        for badge in catalogue.badges where badge.distance < total - first.distance {
            let b = first.distance + badge.distance
            var coordinate = first.coordinate
            var time = first.time
            if badge.distance > 0 {
                while k < points.count && points[k].distance < b - RunTimeline.epsilon { k += 1 }
                guard k < points.count else { break }
                let a = points[k - 1]
                let z = points[k]
                let along = Swift.max(0, Swift.min(b, z.distance) - a.distance)
                let leg = Geodesic.wgs84.inverse(a.coordinate, z.coordinate)
                coordinate = Geodesic.wgs84.destination(
                    from: a.coordinate, bearing: leg.initialBearing, distance: along)
                let span = z.distance - a.distance
                if let t0 = a.time, let t1 = z.time, span > 0 {
                    time = t0 + along / span * (t1 - t0)
                } else {
                    time = nil
                }
            }
            let elapsed = time.flatMap { t in first.time.map { t - $0 } }
            var pace: Double?
            if let previous, let t = time, let pt = previous.time, b > previous.distance {
                pace = (t - pt) / (b - previous.distance) * 1000
            } else if previous == nil, badge.distance > 0, let elapsed {
                pace = elapsed / badge.distance * 1000
            }
            result.append(
                Checkpoint(badge: badge, coordinate: coordinate, elapsedTime: elapsed, paceSincePrevious: pace))
            previous = (b, time)
        }
        return result
    }
}
