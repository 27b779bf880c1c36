/// What a dataset plugin is: where its feed lives, how to find the records in it, and which
/// fields hold the name, position and attributes of each place.
///
/// One JSON file per dataset (see `Datasets/README.md` for the schema and an example). Optional
/// keys may be left out; ``init(from:)`` fills in the documented defaults.
public struct DatasetManifest: Codable, Sendable, Hashable {
    /// `"places"` for a place feed (the default); other kinds are not loaded by the catalog.
    public var kind: String
    /// Lowercase id, `[a-z0-9-]`, used as the command name (`nearby toilets`).
    public var id: String
    /// A short human title.
    public var title: String
    /// A sentence or two about the data.
    public var description: String
    /// Where and how to fetch the feed.
    public var source: Source
    /// Which record fields map to the parts of a ``Place``.
    public var fields: FieldMapping
    /// An optional filter that keeps only matching records.
    public var filter: RecordFilter?
    /// When a cached copy counts as stale.
    public var refresh: RefreshRule
    /// The licence the data is published under.
    public var licence: String
    /// The credit line the licence asks for.
    public var attribution: String
    /// The dataset's home page, if any.
    public var homepage: String?

    public init(
        kind: String = "places", id: String, title: String, description: String = "",
        source: Source, fields: FieldMapping, filter: RecordFilter? = nil,
        refresh: RefreshRule = RefreshRule(), licence: String, attribution: String,
        homepage: String? = nil
    ) {
        self.kind = kind
        self.id = id
        self.title = title
        self.description = description
        self.source = source
        self.fields = fields
        self.filter = filter
        self.refresh = refresh
        self.licence = licence
        self.attribution = attribution
        self.homepage = homepage
    }

    private enum CodingKeys: String, CodingKey {
        case kind, id, title, description, source, fields, filter, refresh, licence, attribution
        case homepage
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = try c.decodeIfPresent(String.self, forKey: .kind) ?? "places"
        id = try c.decode(String.self, forKey: .id)
        title = try c.decode(String.self, forKey: .title)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        source = try c.decode(Source.self, forKey: .source)
        // An OpenStreetMap source maps tags by its own rule (OSMPlaceText), so `fields` is optional.
        if source.format == .osm, !c.contains(.fields) {
            fields = FieldMapping(name: "name", latitude: "lat", longitude: "lon")
        } else {
            fields = try c.decode(FieldMapping.self, forKey: .fields)
        }
        filter = try c.decodeIfPresent(RecordFilter.self, forKey: .filter)
        refresh = try c.decodeIfPresent(RefreshRule.self, forKey: .refresh) ?? RefreshRule()
        licence = try c.decode(String.self, forKey: .licence)
        attribution = try c.decode(String.self, forKey: .attribution)
        homepage = try c.decodeIfPresent(String.self, forKey: .homepage)
    }
}

extension DatasetManifest {
    /// The file format of a feed.
    public enum Format: String, Codable, Sendable, Hashable, CaseIterable {
        case json, csv, geojson
        /// An OpenStreetMap extract (PBF or OSM XML); the features come from `source.osm`.
        case osm
    }

    /// When a cached copy counts as stale: after `days` calendar days in `timeZone`.
    public struct RefreshRule: Codable, Sendable, Hashable {
        /// Calendar days a fetched copy stays fresh (TaipeiTravel used 5).
        public var days: Int
        /// IANA time zone in which calendar days are counted.
        public var timeZone: String
        /// A new copy whose rankable places fell by more than this percentage against the last
        /// good copy is refused (nil: ``RefreshPlan/defaultMaxDropPercent``, 20).
        public var maxDropPercent: Int?

        public init(days: Int = 5, timeZone: String = "Asia/Taipei", maxDropPercent: Int? = nil) {
            self.days = days
            self.timeZone = timeZone
            self.maxDropPercent = maxDropPercent
        }

        private enum CodingKeys: String, CodingKey { case days, timeZone, maxDropPercent }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            days = try c.decodeIfPresent(Int.self, forKey: .days) ?? 5
            timeZone = try c.decodeIfPresent(String.self, forKey: .timeZone) ?? "Asia/Taipei"
            maxDropPercent = try c.decodeIfPresent(Int.self, forKey: .maxDropPercent)
        }
    }

    /// Keeps only records whose `field` equals a value or starts with a prefix.
    public struct RecordFilter: Codable, Sendable, Hashable {
        /// The field to test (normalised like every value).
        public var field: FieldPath
        /// Keep records whose field equals this text.
        public var equals: String?
        /// Keep records whose field starts with this text.
        public var prefix: String?

        public init(field: FieldPath, equals: String? = nil, prefix: String? = nil) {
            self.field = field
            self.equals = equals
            self.prefix = prefix
        }

        /// True when `value` (already normalised; nil when absent) passes the filter.
        public func accepts(_ value: String?) -> Bool {
            guard let value else { return false }
            if let equals, value != equals { return false }
            if let prefix, !value.hasPrefix(prefix) { return false }
            return true
        }
    }
}

extension DatasetManifest {
    /// The keys of the manifest's whole-number fields (paging, limits, refresh), for a sentence
    /// that names a number none of them can hold.
    static let integerKeys: Set<String> = [
        "pageSize", "first", "maxBytes", "maxSeconds", "lowSpeedBytesPerSecond", "lowSpeedSeconds", "days",
        "maxDropPercent",
    ]
}
