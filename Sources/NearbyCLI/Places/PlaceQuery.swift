import NearbyFeeds
import NearbyGeo

/// The query options of a listing: where from, how many, how far, which places.
struct PlaceQuery {
    var origin: Coordinate?
    var limit: Int?
    var within: Double
    var filters: [(key: String, value: String?)]

    /// The range of `--limit` on place listings.
    static let limits = 1...1_000_000

    init(_ arguments: ParsedArguments, defaultLimit: Int?) throws(CLIError) {
        origin = try arguments.value("at").map { text throws(CLIError) in try NumericOptions.point(text) }
        limit = try NumericOptions.count(
            arguments, "limit", range: Self.limits, default: origin == nil ? nil : defaultLimit)
        if arguments.value("within") != nil {
            within = try NumericOptions.distance(arguments, "within", default: .infinity)
            guard origin != nil else { throw .usage("--within needs --at") }
        } else {
            within = .infinity
        }
        filters = (arguments.values["where"] ?? []).map { text in
            if let equals = text.firstIndex(of: "=") {
                return (String(text[..<equals]), String(text[text.index(after: equals)...]))
            }
            return (text, nil)
        }
    }

    /// Whether `place` passes every `--where`: ATTR matches an attribute key or label or a raw
    /// field name; without a value the field must be present, non-empty and not zero; with one it
    /// must equal it (ignoring case and surrounding spaces).
    func accepts(_ place: Place) -> Bool {
        filters.allSatisfy { filter in
            let key = filter.key.lowercased()
            let values =
                place.attributes.filter { $0.key.lowercased() == key || $0.label.lowercased() == key }.map(\.value)
                + place.fields.filter { $0.name.lowercased() == key }.map(\.value)
                + (key == "category" ? [place.category].compactMap { $0 } : [])
            if let wanted = filter.value?.trimmingCharacters(in: .whitespaces).lowercased() {
                return values.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == wanted }
            }
            return values.contains { value in
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                return !trimmed.isEmpty && trimmed != "0" && Double(trimmed) != 0
            }
        }
    }
}

/// One place in an answer, with its distance and bearing from the query point when there is one.
struct PlaceHit {
    var place: Place
    var distance: Double?
    var bearing: Double?

    /// Runs the query against an opened dataset.
    static func query(_ query: PlaceQuery, in dataset: OpenedDataset) throws(PlaceArchiveError) -> [PlaceHit] {
        let archive = dataset.archive
        if let origin = query.origin {
            let include: ((Int) throws(PlaceArchiveError) -> Bool)? =
                query.filters.isEmpty
                ? nil
                : { (record: Int) throws(PlaceArchiveError) -> Bool in query.accepts(try archive.place(at: record)) }
            let found = try archive.nearest(
                to: origin, limit: query.limit ?? archive.count, within: query.within, where: include)
            var hits: [PlaceHit] = []
            for (record, distance) in found {
                let place = try archive.place(at: record)
                let bearing = place.coordinate.map { Geodesic.wgs84.inverse(origin, $0).initialBearing }
                hits.append(PlaceHit(place: place, distance: distance, bearing: distance > 0 ? bearing : nil))
            }
            return hits
        }
        var hits: [PlaceHit] = []
        for record in 0..<archive.count {
            if let limit = query.limit, hits.count >= limit { break }
            let place = try archive.place(at: record)
            if query.accepts(place) { hits.append(PlaceHit(place: place)) }
        }
        return hits
    }
}
