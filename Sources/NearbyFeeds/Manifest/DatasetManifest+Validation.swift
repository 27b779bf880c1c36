import Foundation

extension DatasetManifest {
    /// True when `text` is a usable id or attribute key: non-empty `[a-z0-9-]`, not starting
    /// with a hyphen.
    public static func isValidID(_ text: String) -> Bool {
        guard let first = text.utf8.first, first != UInt8(ascii: "-") else { return false }
        return text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-")
        }
    }

    /// Checks everything a decoder and fetcher rely on; throws the first problem found.
    public func validate() throws(ManifestError) {
        guard Self.isValidID(id) else { throw .invalidID(id) }
        if title.trimmingFeedSpaces().isEmpty { throw .missingValue(dataset: id, key: "title") }
        if licence.trimmingFeedSpaces().isEmpty { throw .missingValue(dataset: id, key: "licence") }
        if attribution.trimmingFeedSpaces().isEmpty {
            throw .missingValue(dataset: id, key: "attribution")
        }
        try validateSource()
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
        guard refresh.days >= 0 else { throw .invalidRefreshDays(dataset: id, days: refresh.days) }
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
        for url in source.urls {
            if url.trimmingFeedSpaces().isEmpty {
                throw .missingValue(dataset: id, key: "source.urls")
            }
            guard let paging = source.paging else {
                if url.contains("{offset}") || url.contains("{page}") || url.contains("{limit}") {
                    throw .placeholderWithoutPaging(dataset: id, url: url)
                }
                continue
            }
            guard paging.pageSize >= 1 else {
                throw .invalidPageSize(dataset: id, pageSize: paging.pageSize)
            }
            let needed = paging.style == .offset ? "{offset}" : "{page}"
            guard url.contains(needed) else {
                throw .pagingPlaceholderMissing(dataset: id, url: url, placeholder: needed)
            }
        }
    }
}
