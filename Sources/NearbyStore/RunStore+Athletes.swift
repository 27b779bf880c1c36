import NearbyGeo
import NearbyRuns

extension RunStore {
    /// The runs in `scope`, chronologically: by start time (runs without one last), then by id.
    public func runs(_ scope: AthleteScope) throws(RunStoreError) -> [StoredRun] {
        try guarded {
            let filter = scope == .own ? "WHERE athlete = ?1" : ""
            let statement = try database.prepare(
                "SELECT \(Self.summaryColumns) FROM runs \(filter) ORDER BY start_time IS NULL, start_time, id")
            if scope == .own { try statement.bind(athlete, at: 1) }
            var result: [StoredRun] = []
            while try statement.step() { result.append(Self.summary(statement)) }
            return result
        }
    }

    /// The runs in `scope` that passed within `distance` metres of `point` (``RunsNear``), nearest
    /// pass first. Segments are pruned by their stored boxes against ``SearchWindow`` (a bound that
    /// loses no qualifying fix); the candidates' fixes are then checked exactly.
    public func runsNear(_ point: Coordinate, within distance: Double, scope: AthleteScope) throws(RunStoreError)
        -> [RunPass]
    {
        let window = SearchWindow(around: point, within: distance)
        let candidates = try guarded { () throws -> [Int64] in
            var sql = """
                SELECT DISTINCT segments.run_id FROM segments JOIN runs ON runs.id = segments.run_id
                WHERE segments.min_latitude <= ?2 AND segments.max_latitude >= ?1
                """
            let ranges = window.longitudeRanges ?? []
            let conditions = ranges.indices.map { index in
                let low = 3 + 2 * index
                return "(segments.min_longitude <= ?\(low + 1) AND segments.max_longitude >= ?\(low))"
            }
            if !conditions.isEmpty { sql += " AND (" + conditions.joined(separator: " OR ") + ")" }
            if scope == .own { sql += " AND runs.athlete = ?7" }
            let statement = try database.prepare(sql)
            try statement.bind(window.minimumLatitude, at: 1)
            try statement.bind(window.maximumLatitude, at: 2)
            for (index, range) in ranges.enumerated() {
                try statement.bind(range.lowerBound, at: Int32(3 + 2 * index))
                try statement.bind(range.upperBound, at: Int32(4 + 2 * index))
            }
            if scope == .own { try statement.bind(athlete, at: 7) }
            var ids: [Int64] = []
            while try statement.step() { if let id = statement.int64(at: 0) { ids.append(id) } }
            return ids
        }
        var passes: [RunPass] = []
        for id in candidates {
            guard let run = try run(id: id),
                let closest = RunsNear.closestFix(to: point, in: try segments(ofRun: id), within: distance)
            else { continue }
            passes.append(RunPass(run: run, distance: closest.distance, bearing: closest.bearing, fix: closest.fix))
        }
        return RunsNear.ordered(passes)
    }

    /// Binds the box of `points` (``SearchWindow/box(of:)``: minimum and maximum latitude, then
    /// longitude) at `first`…`first + 3`, NULLs for a segment that is not searchable.
    static func bindBox(of points: [TrackPoint], to statement: SQLiteStatement, from first: Int32)
        throws(SQLiteError)
    {
        try bind(SearchWindow.box(of: points), to: statement, from: first)
    }

    /// Binds `box` (NULLs for none) to parameters `first`…`first + 3`.
    static func bind(
        _ box: (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>)?, to statement: SQLiteStatement,
        from first: Int32
    ) throws(SQLiteError) {
        try statement.bind(box?.latitude.lowerBound, at: first)
        try statement.bind(box?.latitude.upperBound, at: first + 1)
        try statement.bind(box?.longitude.lowerBound, at: first + 2)
        try statement.bind(box?.longitude.upperBound, at: first + 3)
    }
}
