import NearbyGeo
import NearbyPostgres

extension PostgresRunStore {
    /// How much farther PostGIS's spherical distance can be than the WGS84 one. The sphere has
    /// PostGIS's mean radius R = 6,371,008.8 m; along any path the ellipsoid's line element is at
    /// least min(M, N) ≥ a(1 − e²) = 6,335,439 m per radian of latitude and N ≥ a per radian of
    /// the parallel, so a path of ellipsoidal length L is at most L × R / 6,335,439 = L × 1.00562
    /// long on the sphere. 1 % covers that with room to spare.
    static let sphereSlack = 0.01
    /// Metres added for PostGIS's floating-point rounding.
    static let sphereMargin = 1.0

    /// The runs in `scope` that passed within `distance` metres of `point` (`RunsNear`), nearest
    /// pass first: PostGIS finds, over the GiST index on the segments' geography lines, those
    /// within `distance × (1 + slack) + margin` on its sphere (``sphereSlack``; a superset, since
    /// the distance to a line is at most that to any of its fixes), then the same exact check as
    /// the SQLite store (`RunsNear.closestFix(to:in:within:)`) decides on their points.
    public func runsNear(_ point: Coordinate, within distance: Double, scope: AthleteScope) throws(RunStoreError)
        -> [RunPass]
    {
        let radius = distance * (1 + Self.sphereSlack) + Self.sphereMargin
        let ids = try guarded { () throws(PostgresError) -> [Int64] in
            let result = try connection.execute(
                """
                SELECT DISTINCT s.run_id FROM \(segmentTable) s JOIN \(table) r ON r.id = s.run_id
                WHERE ST_DWithin(s.path, ST_SetSRID(ST_MakePoint($1, $2), 4326)::geography, $3, false)
                    AND ($4 OR r.athlete = $5)
                ORDER BY s.run_id
                """,
                [
                    .double(point.longitude), .double(point.latitude), .double(radius), .boolean(scope == .all),
                    .text(athlete),
                ])
            var ids: [Int64] = []
            for row in result.rows { if let id = try row.int64("run_id") { ids.append(id) } }
            return ids
        }
        var passes: [RunPass] = []
        for id in ids {
            guard let run = try run(id: id),
                let closest = RunsNear.closestFix(to: point, in: try segments(ofRun: id), within: distance)
            else { continue }
            passes.append(RunPass(run: run, distance: closest.distance, bearing: closest.bearing, fix: closest.fix))
        }
        return RunsNear.ordered(passes)
    }
}
