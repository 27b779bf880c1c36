import NearbyGeo

/// The exact nearest search over candidates that a database proposes nearest first on a sphere
/// (PostGIS's `<->` on geography), ranked by WGS84 geodesic distance, with the bound that proves
/// no unfetched place can come first.
///
/// Bound: along any path the WGS84 metric is at least ``ratio`` times the sphere's (the meridian
/// radius of curvature is at least b²/a = 6,335,439 m, the prime vertical's at least a; PostGIS's
/// sphere has radius 6,371,008.77 m: 0.9944, taken as 0.99 for margin). So a place the database
/// has not handed over yet, whose sphere distance is at least the last candidate's `s`, is at least
/// `ratio · s` away on the ellipsoid; and every place within `within` on the ellipsoid is within
/// `within / ratio` on the sphere, which is how far the database is asked to look.
enum SphereRanking {
    /// A lower bound of WGS84 geodesic distance over PostGIS's sphere distance (0.9944, with margin).
    static let ratio = 0.99
    /// The first batch is twice the limit, capped at this many candidates.
    static let largestBatch = 1 << 16

    /// One candidate: its record number, position and sphere distance, and what the caller needs
    /// of it afterwards.
    struct Candidate<Payload> {
        var ordinal: Int64
        var coordinate: Coordinate
        var sphereDistance: Double
        var payload: Payload
    }

    /// How far on the sphere to look for every place within `within` metres on WGS84 (nil: no limit).
    static func sphereRadius(within: Double) -> Double? {
        guard within.isFinite else { return nil }
        // A millimetre more, so that a place at distance 0 is never lost to rounding on the sphere.
        return Swift.max(0, within) / ratio + 0.001
    }

    /// The `limit` candidates with `accept` whose WGS84 distance from `origin` is at most `within`,
    /// ordered by (distance, ordinal): exactly what a brute-force scan gives.
    ///
    /// `fetch(limit)` hands over the `limit` candidates nearest on the sphere, nearest first
    /// (ties in any order); fewer than `limit` means there are no more. Each round asks again from
    /// the nearest with twice the limit and ranks the whole answer afresh: paging on from an
    /// offset could repeat or skip places tied on the sphere, and the doubling keeps the rows
    /// read to under twice those of the last round.
    static func nearest<Payload, Failure: Error>(
        to origin: Coordinate, limit: Int, within: Double,
        fetch: (_ limit: Int) throws(Failure) -> [Candidate<Payload>],
        accept: (Candidate<Payload>) throws(Failure) -> Bool = { _ in true }
    ) throws(Failure) -> [(candidate: Candidate<Payload>, distance: Double)] {
        guard limit > 0, !within.isNaN, within >= 0 else { return [] }
        var accepted: [(candidate: Candidate<Payload>, distance: Double)] = []
        var batch = Swift.max(32, Swift.min(limit, largestBatch / 2) * 2)
        while true {
            let rows = try fetch(batch)
            accepted.removeAll(keepingCapacity: true)
            for row in rows {
                let distance = Geodesic.wgs84.distance(origin, row.coordinate)
                guard distance <= within, try accept(row) else { continue }
                accepted.append((row, distance))
            }
            accepted.sort { ($0.distance, $0.candidate.ordinal) < ($1.distance, $1.candidate.ordinal) }
            if accepted.count > limit { accepted.removeLast(accepted.count - limit) }
            // Everything was handed over: the answer is complete.
            guard rows.count == batch, let last = rows.last?.sphereDistance else { break }
            // Every place not handed over is at least `last` away on the sphere, so at least this
            // far on WGS84: beyond `within`, or beyond the k-th answer, nothing more can enter.
            let bound = ratio * last
            if bound > within { break }
            if accepted.count == limit, let kth = accepted.last?.distance, kth < bound { break }
            // Doubling stops where Int would overflow; a dataset that large is not answered in memory anyway.
            let (doubled, overflow) = batch.multipliedReportingOverflow(by: 2)
            batch = overflow ? Int.max : doubled
        }
        return accepted
    }
}
