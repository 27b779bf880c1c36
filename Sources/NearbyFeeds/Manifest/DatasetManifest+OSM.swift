import Foundation

extension DatasetManifest {
    /// What an OpenStreetMap source selects: `"osm": {"select": ["amenity=toilets"], "language": "zh"}`.
    public struct OSMOptions: Codable, Sendable, Hashable {
        /// `TAG=VALUE` or `TAG=*` terms; a feature with any one of them is a place.
        public var select: [String]
        /// The language whose `name:LANG` is preferred to `name` (`zh`, `en`…); nil for `name`.
        public var language: String?

        public init(select: [String], language: String? = nil) {
            self.select = select
            self.language = language
        }
    }

    /// The endings of the extract files a manifest may name by a local path.
    public static let extractSuffixes = [".osm.pbf", ".pbf", ".osm", ".osm.gz", ".osm.bz2"]

    /// The local path a manifest's extract names (`/data/taiwan-latest.osm.pbf`, or the same as a
    /// `file://` URL), or nil when it names an `http(s)` URL.
    public var localExtractPath: String? {
        guard source.format == .osm, let url = source.urls.first else { return nil }
        if url.hasPrefix("/") { return url }
        if url.lowercased().hasPrefix("file://") { return URL(string: url)?.path }
        return nil
    }

    /// An OpenStreetMap source: one extract (an `http(s)` URL, or the absolute path of a local
    /// file named like an extract), a selection that parses, a plain language tag.
    ///
    /// A local path is the one place a manifest may name a file: the extract is the user's own
    /// download, and whatever is there must read as OpenStreetMap data to become a dataset (a
    /// FIFO, a folder or any other file is refused by the reader, never shown).
    func validateOSMSource() throws(ManifestError) {
        guard source.urls.count == 1, let url = source.urls.first else {
            throw .invalidOSM(dataset: id, reason: "an OpenStreetMap source names exactly one extract in source.urls")
        }
        if let path = localExtractPath {
            guard path.hasPrefix("/"), !path.contains("\0"),
                Self.extractSuffixes.contains(where: { path.lowercased().hasSuffix($0) })
            else {
                throw .invalidOSM(
                    dataset: id,
                    reason: "a local extract must be an absolute path ending in .osm.pbf, .osm, .osm.gz or .osm.bz2")
            }
        } else if let problem = RequestSafety.problem(withURL: url) {
            throw .invalidURL(dataset: id, url: url, reason: problem)
        }
        guard let osm = source.osm else {
            throw .missingValue(dataset: id, key: "source.osm.select")
        }
        do {
            _ = try OSMSelector(parsing: osm.select)
        } catch {
            let reason = error.description
            throw .invalidOSM(dataset: id, reason: reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
        }
        if let language = osm.language {
            guard (1...16).contains(language.count),
                language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
            else {
                throw .invalidOSM(
                    dataset: id, reason: "the language \(language.prefix(20).debugDescription) is not a language tag")
            }
        }
        if let limits = source.limits { try limits.check(dataset: id) }
    }
}
