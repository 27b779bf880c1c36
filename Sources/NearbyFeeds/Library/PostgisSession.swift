import NearbyGeo
import NearbyPostgres
import Synchronization

/// One connection to a places database, shared by every dataset one library call opened from it,
/// reading one snapshot: a `REPEATABLE READ, READ ONLY` transaction begun when it connects and
/// never committed, so a `nearby publish` running meanwhile cannot change the places (or their
/// numbers) under a join that is halfway through.
///
/// Sendable story: the connection belongs to whoever holds the lock; every statement runs under
/// it, one at a time, as libpq requires. The places and positions read so far are kept, so the
/// join's `coordinate(of:)` and the output's `place(at:)` ask the database once per place.
final class PostgisSession: Sendable {
    /// The database, for errors and hints (its ``PostgresURL/redacted`` form).
    let url: PostgresURL
    let schema: PostgresSchemaName
    private let state: Mutex<State>

    private struct State {
        let connection: PostgresConnection
        /// Per dataset: places by record number, read so far.
        var places: [String: [Int64: Place]] = [:]
        /// Per dataset: positions of the places a nearest search returned.
        var coordinates: [String: [Int64: Coordinate]] = [:]
    }

    /// Connects to `url` and begins the snapshot.
    init(url: PostgresURL, schema: PostgresSchemaName) throws(PostgresError) {
        let connection = try PostgresConnection(url)
        try connection.execute("BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        // Short index lookups: compiling them (JIT) would cost more than running them.
        try connection.execute("SET LOCAL jit = off")
        self.url = url
        self.schema = schema
        self.state = Mutex(State(connection: connection))
    }

    /// Runs `body` with a reader of the published places, under the lock.
    func read<T: Sendable, Failure: Error>(_ body: (PublishedPlaces) throws(Failure) -> T) throws(Failure) -> T {
        let schema = self.schema
        return try state.withLock { (state: inout State) throws(Failure) -> T in
            try body(PublishedPlaces(connection: state.connection, schema: schema))
        }
    }

    /// The `limit` nearest located places of `dataset` within `within` metres (WGS84), ordered
    /// by (distance, record number): the ``PlaceLocator`` contract, from one search of candidates.
    func nearest(_ dataset: String, to origin: Coordinate, limit: Int, within: Double) throws(PlaceDatasetError)
        -> [Neighbor]
    {
        let schema = self.schema
        let radius = SphereRanking.sphereRadius(within: within)
        return try state.withLock { (state: inout State) throws(PlaceDatasetError) -> [Neighbor] in
            let reader = PublishedPlaces(connection: state.connection, schema: schema)
            let found: [(candidate: SphereRanking.Candidate<Void>, distance: Double)]
            do throws(PostgresError) {
                found = try SphereRanking.nearest(to: origin, limit: limit, within: within) {
                    batch throws(PostgresError) in
                    // Every row is kept or the call fails: fewer rows than asked means "no more".
                    try reader.positions(
                        dataset, latitude: origin.latitude, longitude: origin.longitude, withinSphere: radius,
                        limit: batch, offset: 0
                    ).map { position throws(PostgresError) in
                        guard let coordinate = Coordinate(latitude: position.latitude, longitude: position.longitude)
                        else {
                            throw .unexpectedResult(
                                target: reader.connection.url.redacted,
                                detail: "place \(position.ordinal) of \(dataset) has no valid WGS84 position")
                        }
                        return SphereRanking.Candidate(
                            ordinal: position.ordinal, coordinate: coordinate,
                            sphereDistance: position.sphereDistance, payload: ())
                    }
                }
            } catch {
                throw .database(error)
            }
            var neighbours: [Neighbor] = []
            neighbours.reserveCapacity(found.count)
            for (candidate, distance) in found {
                guard let index = Int(exactly: candidate.ordinal) else { throw .noSuchPlace(Int.max) }
                state.coordinates[dataset, default: [:]][candidate.ordinal] = candidate.coordinate
                neighbours.append(Neighbor(index: index, distance: distance))
            }
            return neighbours
        }
    }

    /// The place of `dataset` with record number `index`.
    func place(_ dataset: String, at index: Int) throws(PlaceDatasetError) -> Place {
        try places(dataset, at: [index])[0]
    }

    /// The places of `dataset` with these record numbers, in the order given (one statement for
    /// those not read yet).
    func places(_ dataset: String, at indices: [Int]) throws(PlaceDatasetError) -> [Place] {
        let schema = self.schema
        return try state.withLock { (state: inout State) throws(PlaceDatasetError) -> [Place] in
            var known = state.places[dataset] ?? [:]
            let wanted = Set(indices.map { Int64($0) }).filter { known[$0] == nil }
            if !wanted.isEmpty {
                let rows: [PublishedPlaces.Row]
                do throws(PostgresError) {
                    rows = try PublishedPlaces(connection: state.connection, schema: schema).places(
                        dataset, ordinals: wanted.sorted())
                } catch {
                    throw .database(error)
                }
                for row in rows { known[row.place.ordinal] = try PostgisPlaceSource.place(row.place, dataset: dataset) }
                state.places[dataset] = known
            }
            var result: [Place] = []
            result.reserveCapacity(indices.count)
            for index in indices {
                guard let place = known[Int64(index)] else { throw .noSuchPlace(index) }
                result.append(place)
            }
            return result
        }
    }

    /// The position of the place of `dataset` with record number `index`.
    func coordinate(_ dataset: String, of index: Int) throws(PlaceDatasetError) -> Coordinate {
        let known = state.withLock { $0.coordinates[dataset]?[Int64(index)] }
        if let known { return known }
        guard let coordinate = try place(dataset, at: index).coordinate else { throw .noSuchPlace(index) }
        return coordinate
    }
}
