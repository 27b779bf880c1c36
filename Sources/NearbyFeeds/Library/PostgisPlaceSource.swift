import Foundation
import NearbyGeo
import NearbyPostgres

/// Place queries answered from places published to PostGIS (`nearby publish`), with exactly the
/// local cache's answers: the same places, in the same order, at the same WGS84 distances.
///
/// PostGIS orders `<->` on a sphere, which disagrees with the ellipsoid now and then, so its order
/// only proposes candidates. Each candidate is ranked by Nearby's own geodesic, and fetching goes
/// on until a bound proves no unfetched place can come first: along any path the WGS84 metric is at
/// least ``sphereRatio`` times the sphere's (the meridian radius of curvature is at least
/// b²/a = 6,335,439 m against the sphere's 6,371,008.77 m, 0.9944), so an unfetched place, whose
/// sphere distance is at least the last candidate's `s`, is at least `sphereRatio · s` away. When
/// the k-th exact distance is below that, or `sphereRatio · s` is beyond `within`, the answer is
/// complete.
public struct PostgisPlaceSource: Sendable {
    /// A lower bound of WGS84 geodesic distance over PostGIS's sphere distance (0.9944, with margin).
    public static let sphereRatio = 0.99

    public var url: PostgresURL
    public var schema: PostgresSchemaName

    /// Answers from the places published to `url` in `schema`.
    public init(url: PostgresURL, schema: PostgresSchemaName = .nearby) {
        self.url = url
        self.schema = schema
    }

    /// What `nearby publish` writes for `dataset`: its archive's places in record order, with the
    /// manifest's source, licence and attribution and the copy's fetch time.
    public static func rows(of dataset: OpenedDataset) throws(PlaceArchiveError) -> (PublishedSource, [PublishedPlace])
    {
        let manifest = dataset.manifest
        let source = PublishedSource(
            dataset: manifest.id, source: manifest.source.urls.joined(separator: " "), licence: manifest.licence,
            attribution: manifest.attribution, fetchedAt: dataset.metadata.fetchedAt.timeIntervalSince1970)
        var places: [PublishedPlace] = []
        places.reserveCapacity(dataset.archive.count)
        for record in 0..<dataset.archive.count {
            places.append(row(of: try dataset.archive.place(at: record), ordinal: Int64(record)))
        }
        return (source, places)
    }

    /// The row of `place`, record `ordinal` (0-based, source order) of its dataset.
    public static func row(of place: Place, ordinal: Int64) -> PublishedPlace {
        PublishedPlace(
            ordinal: ordinal, id: place.id, name: place.name, address: place.address, category: place.category,
            attributesJSON: json(attributes: place.attributes), detailsJSON: Details(place).json,
            latitude: place.coordinate?.latitude, longitude: place.coordinate?.longitude)
    }

    /// ``PlaceLibrary/query(_:in:)`` from PostGIS: each published dataset answers as its archive
    /// would; a dataset not published is left out with a warning, as one without data is locally
    /// (``PlaceLibrary`` checks the ids against its catalog first).
    public func query(_ query: PlaceQuery, in ids: [String]) throws(PlaceLibraryError) -> PlaceResult<[PlaceHit]> {
        var warnings: [PlaceLibraryWarning] = []
        var hits: [PlaceHit] = []
        var answered = 0
        var missing: [PlaceLibraryError] = []
        var seen: Set<String> = []
        for id in ids where seen.insert(id).inserted {
            do {
                let reader = PublishedPlaces(connection: try PostgresConnection(url), schema: schema)
                let (total, located) = try reader.counts(id)
                guard total > 0 else {
                    missing.append(.noData(id, "it is not published in \(url.redacted)"))
                    continue
                }
                if query.origin != nil, located < total {
                    warnings.append(.unranked(datasetID: id, unlocated: total - located, total: total))
                }
                hits += try answer(query, dataset: id, reader: reader, total: total)
                answered += 1
            } catch let error as PlaceLibraryError {
                throw error
            } catch {
                throw .noData(id, String(describing: error))
            }
        }
        if answered == 0, let first = missing.first {
            throw missing.count == 1 ? first : .noneHaveData(missing)
        }
        warnings += missing.map { .leftOut($0) }
        if query.origin != nil, answered > 1 {
            hits.sort { ($0.distance ?? .infinity) < ($1.distance ?? .infinity) }
        }
        if query.scope == .total, let limit = query.limit, hits.count > limit { hits = Array(hits.prefix(limit)) }
        return PlaceResult(value: hits, datasets: [], warnings: warnings)
    }

    /// ``PlaceLibrary/place(id:in:from:)`` from PostGIS: the first record (in source order) with that id.
    public func place(id: String, in datasetID: String, from origin: Coordinate?) throws(PlaceLibraryError)
        -> PlaceResult<PlaceHit?>
    {
        do {
            let reader = PublishedPlaces(connection: try PostgresConnection(url), schema: schema)
            guard try reader.counts(datasetID).total > 0 else {
                throw PlaceLibraryError.noData(datasetID, "it is not published in \(url.redacted)")
            }
            let found = try reader.first(id: id, in: datasetID).map { row throws(PlaceLibraryError) in
                PlaceHit(place: try Self.place(row.place, dataset: datasetID), from: origin)
            }
            return PlaceResult(value: found, datasets: [], warnings: [])
        } catch let error as PlaceLibraryError {
            throw error
        } catch {
            throw .noData(datasetID, String(describing: error))
        }
    }

    /// One dataset's answer, as ``PlaceLibrary`` answers from its archive.
    private func answer(_ query: PlaceQuery, dataset: String, reader: PublishedPlaces, total: Int) throws
        -> [PlaceHit]
    {
        guard let origin = query.origin else {
            var hits: [PlaceHit] = []
            var offset = 0
            let page = query.filters.isEmpty ? min(query.limit ?? total, 10_000) : 10_000
            while offset < total, hits.count < (query.limit ?? Int.max) {
                let rows = try reader.inOrder(dataset, limit: max(page, 1), offset: offset)
                if rows.isEmpty { break }
                offset += rows.count
                for row in rows where hits.count < (query.limit ?? Int.max) {
                    let place = try Self.place(row.place, dataset: dataset)
                    if query.accepts(place) { hits.append(PlaceHit(place: place)) }
                }
            }
            return hits
        }
        if let limit = query.limit, limit <= 0 { return [] }
        var accepted: [(hit: PlaceHit, ordinal: Int64)] = []
        var offset = 0
        var batch = max(min(query.limit ?? Int.max, 1 << 20) * 2, 32)
        while true {
            let rows = try reader.candidates(
                dataset, latitude: origin.latitude, longitude: origin.longitude, limit: batch, offset: offset)
            offset += rows.count
            for row in rows {
                var hit = PlaceHit(place: try Self.place(row.place, dataset: dataset), from: origin)
                guard let distance = hit.distance, distance <= query.within, query.accepts(hit.place) else { continue }
                if distance == 0 { hit.bearing = nil }
                accepted.append((hit, row.place.ordinal))
            }
            accepted.sort { ($0.hit.distance ?? 0, $0.ordinal) < ($1.hit.distance ?? 0, $1.ordinal) }
            if let limit = query.limit, accepted.count > limit { accepted.removeLast(accepted.count - limit) }
            // Everything fetched: the answer is complete.
            guard rows.count == batch, let last = rows.last?.sphereDistance else { break }
            // Every unfetched place is at least this far (WGS84), and beyond it nothing can enter.
            let bound = Self.sphereRatio * last
            if bound > query.within { break }
            if let limit = query.limit, accepted.count == limit, let kth = accepted.last?.hit.distance, kth < bound {
                break
            }
            batch = batch <= (1 << 20) ? batch * 2 : batch
        }
        return accepted.map(\.hit)
    }

    /// The place a published row holds (its JSON is checked: a row another tool wrote is outside data).
    static func place(_ row: PublishedPlace, dataset: String) throws(PlaceLibraryError) -> Place {
        guard let details = try? JSONDecoder().decode(Details.self, from: Data(row.detailsJSON.utf8)) else {
            throw .noData(dataset, "the published place \(row.id) has details Nearby did not write")
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
