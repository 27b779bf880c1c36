import Foundation
import NearbySystem
extension DatasetManifest {
    /// True when `text` is a usable id or attribute key: 1…64 of `[a-z0-9-]`, not starting
    /// with a hyphen (``DatasetID``, the rule the cache applies too).
    public static func isValidID(_ text: String) -> Bool { DatasetID.isValid(text) }

    /// The page sizes a manifest may ask for.
    public static let pageSizeRange = 1...1_000_000
    /// The first offset or page number a manifest may name.
    public static let firstPageRange = 0...1_000_000_000

    /// Checks everything a decoder and fetcher rely on; throws the first problem found.
    public func validate() throws(ManifestError) {
        guard Self.isValidID(id) else { throw .invalidID(id) }
        if title.trimmingFeedSpaces().isEmpty { throw .missingValue(dataset: id, key: "title") }
        if licence.trimmingFeedSpaces().isEmpty { throw .missingValue(dataset: id, key: "licence") }
        if attribution.trimmingFeedSpaces().isEmpty {
            throw .missingValue(dataset: id, key: "attribution")
        }
        if source.format == .osm {
            try validateOSMSource()
        } else {
            try validateSource()
        }
        if fields.name.isEmpty { throw .missingValue(dataset: id, key: "fields.name") }
        if fields.latitude.isEmpty { throw .missingValue(dataset: id, key: "fields.latitude") }
        if fields.longitude.isEmpty { throw .missingValue(dataset: id, key: "fields.longitude") }
        var keys = Set<String>()
        for attribute in fields.attributes {
            guard Self.isValidID(attribute.key) else {
                throw .invalidAttributeKey(dataset: id, key: attribute.key)
            }
            guard keys.insert(attribute.key).inserted else {
                throw .duplicateAttributeKey(dataset: id, key: attribute.key)
            }
            if attribute.field.isEmpty {
                throw .missingValue(dataset: id, key: "fields.attributes[\(attribute.key)].field")
            }
        }
        if let filter {
            guard !filter.field.isEmpty, (filter.equals == nil) != (filter.prefix == nil) else {
                throw .invalidFilter(dataset: id)
            }
        }
        guard (0...36_500).contains(refresh.days) else {
            throw .invalidRefreshDays(dataset: id, days: refresh.days)
        }
        if let drop = refresh.maxDropPercent, !(0...100).contains(drop) {
            throw .outOfRange(dataset: id, key: "refresh.maxDropPercent", value: String(drop), range: "0…100")
        }
        guard TimeZone(identifier: refresh.timeZone) != nil else {
            throw .unknownTimeZone(dataset: id, timeZone: refresh.timeZone)
        }
    }

    private func validateSource() throws(ManifestError) {
        guard !source.urls.isEmpty else { throw .noSourceURLs(dataset: id) }
        let encoding = source.encoding.lowercased()
        guard encoding == "utf-8" || encoding == "utf8" else {
            throw .unsupportedEncoding(dataset: id, encoding: source.encoding)
        }
        for (name, value) in source.headers.sorted(by: { $0.key < $1.key }) {
            if let problem = RequestSafety.problem(withHeader: name, value: value) {
                throw .invalidHeader(dataset: id, name: name, reason: problem)
            }
        }
        if let limits = source.limits { try limits.check(dataset: id) }
        for url in source.urls {
            if url.trimmingFeedSpaces().isEmpty {
                throw .missingValue(dataset: id, key: "source.urls")
            }
            if let problem = RequestSafety.problem(withURL: url) {
                throw .invalidURL(dataset: id, url: url, reason: problem)
            }
            guard let paging = source.paging else {
                if url.contains("{offset}") || url.contains("{page}") || url.contains("{limit}") {
                    throw .placeholderWithoutPaging(dataset: id, url: url)
                }
                continue
            }
            guard Self.pageSizeRange.contains(paging.pageSize) else {
                throw .invalidPageSize(dataset: id, pageSize: paging.pageSize)
            }
            guard Self.firstPageRange.contains(paging.first) else {
                throw .outOfRange(
                    dataset: id, key: "source.paging.first", value: String(paging.first), range: "0…1000000000")
            }
            let needed = paging.style == .offset ? "{offset}" : "{page}"
            guard url.contains(needed) else {
                throw .pagingPlaceholderMissing(dataset: id, url: url, placeholder: needed)
            }
        }
    }
}
