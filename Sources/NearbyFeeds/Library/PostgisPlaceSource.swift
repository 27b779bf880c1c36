import Foundation
import NearbyGeo
import NearbyPostgres

/// Place queries answered from places published to PostGIS (`nearby publish`), with exactly the
/// local cache's answers: the same places, in the same order, at the same WGS84 distances.
///
/// PostGIS orders `<->` on a sphere, which disagrees with the ellipsoid now and then, so its order
/// only proposes candidates; ``SphereRanking`` ranks them by Nearby's own geodesic and keeps asking
/// until a bound proves no unfetched place can come first. Every call reads through one connection
/// in one snapshot (``PostgisSession``).
///
/// Failures are typed: a database that cannot be used is ``PlaceLibraryError/placesDatabase(_:)``,
/// one without `nearby.places` ``PlaceLibraryError/noPlacesTable(database:)``, and a dataset not
/// published there ``PlaceLibraryError/notPublished(_:database:)`` (no data, as a dataset without a
/// cached copy has none locally).
public struct PostgisPlaceSource: Sendable {
    /// A lower bound of WGS84 geodesic distance over PostGIS's sphere distance (0.9944, with margin).
    public static let sphereRatio = SphereRanking.ratio

    public var url: PostgresURL
    public var schema: PostgresSchemaName

    /// Answers from the places published to `url` in `schema`.
    public init(url: PostgresURL, schema: PostgresSchemaName = .nearby) {
        self.url = url
        self.schema = schema
    }

    /// The datasets of `manifests` as the join reads them, through one connection in one snapshot.
    ///
    /// A partial answer, as ``PlaceLibrary/open(_:verifyAll:)`` gives: a dataset not published is
    /// left out with a ``PlaceLibraryWarning/leftOut(_:)`` and the others answer; when none is
    /// published this throws (``PlaceLibraryError/notPublished(_:database:)`` or
    /// ``PlaceLibraryError/noneHaveData(_:)``). A database that cannot be used throws at once.
    public func open(_ manifests: [DatasetManifest]) throws(PlaceLibraryError) -> PlaceResult<[PublishedDataset]> {
        var warnings: [PlaceLibraryWarning] = []
        var byID: [String: DatasetManifest] = [:]
        for manifest in manifests where byID[manifest.id] == nil { byID[manifest.id] = manifest }
        // Whether each is published, not how many places it has: counting reads every row.
        let (_, found) = try published(manifests.map(\.id), counting: false, warnings: &warnings) { _, _ in }
        let datasets = found.compactMap { dataset in
            byID[dataset.id].map { PublishedDataset(manifest: $0, session: dataset.session) }
        }
        return PlaceResult(value: datasets, datasets: [], warnings: warnings)
    }

    /// ``PlaceLibrary/query(_:in:)`` from PostGIS: each published dataset answers as its archive
    /// would; a dataset not published is left out with a warning, as one without data is locally
    /// (``PlaceLibrary`` checks the ids against its catalog first).
    public func query(_ query: PlaceQuery, in ids: [String]) throws(PlaceLibraryError) -> PlaceResult<[PlaceHit]> {
        var warnings: [PlaceLibraryWarning] = []
        var hits: [PlaceHit] = []
        let (_, answered) = try published(ids, counting: true, warnings: &warnings) {
            dataset, warnings throws(PlaceLibraryError) in
            let (total, located) = dataset.counts ?? (0, 0)
            if query.origin != nil, located < total {
                warnings.append(.unranked(datasetID: dataset.id, unlocated: total - located, total: total))
            }
            do throws(PlaceDatasetError) {
                hits += try answer(query, dataset: dataset.id, session: dataset.session, total: total)
            } catch {
                throw Self.libraryError(error, dataset: dataset.id)
            }
        }
        if query.origin != nil, answered.count > 1 {
            hits.sort { ($0.distance ?? .infinity) < ($1.distance ?? .infinity) }
        }
        if query.scope == .total, let limit = query.limit, hits.count > limit { hits = Array(hits.prefix(limit)) }
        return PlaceResult(value: hits, datasets: [], warnings: warnings)
    }

    /// ``PlaceLibrary/place(id:in:from:)`` from PostGIS: the first record (in source order) with that id.
    public func place(id: String, in datasetID: String, from origin: Coordinate?) throws(PlaceLibraryError)
        -> PlaceResult<PlaceHit?>
    {
        var warnings: [PlaceLibraryWarning] = []
        let (session, _) = try published([datasetID], counting: false, warnings: &warnings) { _, _ in }
        do throws(PlaceDatasetError) {
            let row = try session.read { reader throws(PlaceDatasetError) in
                do throws(PostgresError) { return try reader.first(id: id, in: datasetID) } catch {
                    throw .database(error)
                }
            }
            let found = try row.map { row throws(PlaceDatasetError) in
                PlaceHit(place: try Self.place(row.place, dataset: datasetID), from: origin)
            }
            return PlaceResult(value: found, datasets: [], warnings: warnings)
        } catch {
            throw Self.libraryError(error, dataset: datasetID)
        }
    }

    /// One published dataset as a call found it (with its place counts when they were asked for).
    struct Found {
        var id: String
        var counts: (total: Int, located: Int)?
        var session: PostgisSession
    }

    /// Connects once, checks `nearby.places` exists, and hands each of `ids` that is published to
    /// `body` (once, in order of first mention) under the partial-answer rule of ``open(_:)``.
    /// `counting` counts each dataset's places (a scan of its rows) instead of only asking
    /// whether it has one (a primary-key lookup).
    private func published(
        _ ids: [String], counting: Bool, warnings: inout [PlaceLibraryWarning],
        _ body: (Found, inout [PlaceLibraryWarning]) throws(PlaceLibraryError) -> Void
    ) throws(PlaceLibraryError) -> (PostgisSession, [Found]) {
        let session: PostgisSession
        var checked: [(String, (total: Int, located: Int)?, Bool)] = []
        do {
            session = try PostgisSession(url: url, schema: schema)
            guard try session.read({ reader throws(PostgresError) in try reader.hasPlacesTable() }) else {
                throw PlaceLibraryError.noPlacesTable(database: url.redacted)
            }
            var seen: Set<String> = []
            for id in ids where seen.insert(id).inserted {
                if counting {
                    let counts = try session.read { reader throws(PostgresError) in try reader.counts(id) }
                    checked.append((id, counts, counts.total > 0))
                } else {
                    let found = try session.read { reader throws(PostgresError) in try reader.isPublished(id) }
                    checked.append((id, nil, found))
                }
            }
        } catch let error as PlaceLibraryError {
            throw error
        } catch let error as PostgresError {
            throw .placesDatabase(error)
        } catch {
            throw .placesDatabase(.unexpectedResult(target: url.redacted, detail: "\(error)"))
        }
        var found: [Found] = []
        var missing: [PlaceLibraryError] = []
        for (id, counts, isPublished) in checked {
            guard isPublished else {
                missing.append(.notPublished(id, database: url.redacted))
                continue
            }
            let dataset = Found(id: id, counts: counts, session: session)
            try body(dataset, &warnings)
            found.append(dataset)
        }
        if found.isEmpty, let first = missing.first {
            throw missing.count == 1 ? first : .noneHaveData(missing)
        }
        warnings += missing.map { .leftOut($0) }
        return (session, found)
    }

    /// A dataset's failure as the library words it: the database failing is not "no data".
    static func libraryError(_ error: PlaceDatasetError, dataset: String) -> PlaceLibraryError {
        switch error {
        case .database(let error): .placesDatabase(error)
        case .archive, .unreadablePlace, .noSuchPlace: .noData(dataset, error.description)
        }
    }

    /// One dataset's answer, as ``PlaceLibrary`` answers from its archive.
    private func answer(_ query: PlaceQuery, dataset: String, session: PostgisSession, total: Int)
        throws(PlaceDatasetError) -> [PlaceHit]
    {
        guard let origin = query.origin else {
            var hits: [PlaceHit] = []
            var offset = 0
            let page = query.filters.isEmpty ? min(query.limit ?? total, 10_000) : 10_000
            while offset < total, hits.count < (query.limit ?? Int.max) {
                let rows: [PublishedPlaces.Row]
                do {
                    rows = try session.read { reader throws(PostgresError) in
                        try reader.inOrder(dataset, limit: max(page, 1), offset: offset)
                    }
                } catch {
                    throw .database(error)
                }
                if rows.isEmpty { break }
                offset += rows.count
                for row in rows where hits.count < (query.limit ?? Int.max) {
                    let place = try Self.place(row.place, dataset: dataset)
                    if query.accepts(place) { hits.append(PlaceHit(place: place)) }
                }
            }
            return hits
        }
        let limit = query.limit ?? total
        let places: [Place]
        if query.filters.isEmpty {
            // Positions only for the ranking; the places themselves for the answer alone.
            let found = try session.nearest(dataset, to: origin, limit: limit, within: query.within)
            places = try session.places(dataset, at: found.map(\.index))
        } else {
            // A filter is applied to each candidate, as the archive applies it: whole rows.
            places = try session.read { reader throws(PlaceDatasetError) -> [Place] in
                try Self.filtered(query, origin: origin, limit: limit, dataset: dataset, reader: reader)
            }
        }
        return places.map { place in
            var hit = PlaceHit(place: place, from: origin)
            if hit.distance == 0 { hit.bearing = nil }
            return hit
        }
    }

    /// The `limit` nearest places of `dataset` that `query`'s filters accept, candidates read whole.
    private static func filtered(
        _ query: PlaceQuery, origin: Coordinate, limit: Int, dataset: String, reader: PublishedPlaces
    ) throws(PlaceDatasetError) -> [Place] {
        let radius = SphereRanking.sphereRadius(within: query.within)
        func fetch(_ batch: Int) throws(PlaceDatasetError) -> [SphereRanking.Candidate<Place>] {
            let rows: [PublishedPlaces.Row]
            do throws(PostgresError) {
                rows = try reader.candidates(
                    dataset, latitude: origin.latitude, longitude: origin.longitude, withinSphere: radius,
                    limit: batch, offset: 0)
            } catch {
                throw .database(error)
            }
            var candidates: [SphereRanking.Candidate<Place>] = []
            candidates.reserveCapacity(rows.count)
            for row in rows {
                let place = try Self.place(row.place, dataset: dataset)
                guard let coordinate = place.coordinate, let sphere = row.sphereDistance else {
                    throw .unreadablePlace(id: row.place.id)
                }
                candidates.append(
                    SphereRanking.Candidate(
                        ordinal: row.place.ordinal, coordinate: coordinate, sphereDistance: sphere, payload: place))
            }
            return candidates
        }
        func accept(_ candidate: SphereRanking.Candidate<Place>) throws(PlaceDatasetError) -> Bool {
            query.accepts(candidate.payload)
        }
        let found: [(candidate: SphereRanking.Candidate<Place>, distance: Double)] = try SphereRanking.nearest(
            to: origin, limit: limit, within: query.within, fetch: fetch, accept: accept)
        return found.map { $0.candidate.payload }
    }

    /// The place a published row holds (its JSON is checked: a row another tool wrote is outside data).
    static func place(_ row: PublishedPlace, dataset: String) throws(PlaceDatasetError) -> Place {
        guard let details = try? JSONDecoder().decode(Details.self, from: Data(row.detailsJSON.utf8)) else {
            throw .unreadablePlace(id: row.id)
        }
        var coordinate: Coordinate?
        if let latitude = row.latitude, let longitude = row.longitude {
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
        }
        return Place(
            datasetID: dataset, id: row.id, name: row.name, coordinate: coordinate, address: row.address,
            category: row.category,
            attributes: details.attributes.compactMap {
                $0.count == 3 ? PlaceAttribute(key: $0[0], label: $0[1], value: $0[2]) : nil
            },
            fields: details.fields.compactMap { $0.count == 2 ? PlaceField(name: $0[0], value: $0[1]) : nil })
    }

    /// The attributes as one JSON object, key to value.
    static func json(attributes: [PlaceAttribute]) -> String {
        var object: [String: String] = [:]
        for attribute in attributes where object[attribute.key] == nil { object[attribute.key] = attribute.value }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A place's attributes (key, label, value) and raw fields (name, value), in order.
    struct Details: Codable {
        var attributes: [[String]]
        var fields: [[String]]

        init(_ place: Place) {
            attributes = place.attributes.map { [$0.key, $0.label, $0.value] }
            fields = place.fields.map { [$0.name, $0.value] }
        }

        var json: String {
            guard let data = try? JSONEncoder().encode(self) else { return "{}" }
            return String(decoding: data, as: UTF8.self)
        }
    }
}
