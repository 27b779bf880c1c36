extension DatasetManifest {
    /// Where and how to fetch a feed.
    public struct Source: Codable, Sendable, Hashable {
        /// URL templates, fetched in order; they may hold `{offset}`, `{limit}` and `{page}`.
        public var urls: [String]
        /// Extra request headers, such as `Accept: application/json`.
        public var headers: [String: String]
        /// The file format.
        public var format: Format
        /// Dotted path to the records array; empty means the top-level array (for GeoJSON,
        /// empty means `features`). Ignored for CSV.
        public var records: FieldPath
        /// How to page through the feed; nil means one request per URL.
        public var paging: Paging?
        /// Text encoding of the body; only `utf-8` is supported.
        public var encoding: String
        /// Dotted path to a total record count for feeds that report one without paging.
        public var total: FieldPath?
        /// This feed's own refresh budget (total bytes, total time, low-speed limit); nil keeps
        /// the defaults of ``RefreshBudget``.
        public var limits: Limits?
        /// For the `osm` format: which features make places, and the language of their names.
        public var osm: OSMOptions?

        public init(
            urls: [String], headers: [String: String] = [:], format: Format,
            records: FieldPath = "", paging: Paging? = nil, encoding: String = "utf-8",
            total: FieldPath? = nil, limits: Limits? = nil, osm: OSMOptions? = nil
        ) {
            self.osm = osm
            self.total = total
            self.limits = limits
            self.urls = urls
            self.headers = headers
            self.format = format
            self.records = records
            self.paging = paging
            self.encoding = encoding
        }

        private enum CodingKeys: String, CodingKey {
            case urls, headers, format, records, paging, encoding, total, limits, osm
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            urls = try c.decode([String].self, forKey: .urls)
            headers = try c.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
            format = try c.decode(Format.self, forKey: .format)
            records = try c.decodeIfPresent(FieldPath.self, forKey: .records) ?? ""
            paging = try c.decodeIfPresent(Paging.self, forKey: .paging)
            encoding = try c.decodeIfPresent(String.self, forKey: .encoding) ?? "utf-8"
            total = try c.decodeIfPresent(FieldPath.self, forKey: .total)
            limits = try c.decodeIfPresent(Limits.self, forKey: .limits)
            osm = try c.decodeIfPresent(OSMOptions.self, forKey: .osm)
        }

        /// The path of the reported total: `paging.total`, else `total`.
        public var effectiveTotalPath: FieldPath? { paging?.total ?? total }

        /// The records path with the GeoJSON default applied.
        public var effectiveRecordsPath: FieldPath {
            format == .geojson && records.isEmpty ? "features" : records
        }
    }

    /// How to page through a feed.
    public struct Paging: Codable, Sendable, Hashable {
        /// `offset`: `{offset}` grows by `pageSize` from `first`; `page`: `{page}` grows by one.
        public enum Style: String, Codable, Sendable, Hashable {
            case offset, page
        }

        /// The paging style.
        public var style: Style
        /// Records per page (`{limit}`).
        public var pageSize: Int
        /// First offset (default 0) or first page number (default 1).
        public var first: Int
        /// Dotted path to the total record count in each page, if the feed reports one.
        public var total: FieldPath?

        public init(style: Style, pageSize: Int, first: Int? = nil, total: FieldPath? = nil) {
            self.style = style
            self.pageSize = pageSize
            self.first = first ?? (style == .page ? 1 : 0)
            self.total = total
        }

        private enum CodingKeys: String, CodingKey { case style, pageSize, first, total }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            style = try c.decode(Style.self, forKey: .style)
            pageSize = try c.decode(Int.self, forKey: .pageSize)
            first = try c.decodeIfPresent(Int.self, forKey: .first) ?? (style == .page ? 1 : 0)
            total = try c.decodeIfPresent(FieldPath.self, forKey: .total)
        }

        /// The URL for page number `index` (0-based) built from `template`, or nil when its
        /// offset or page number would not fit in an `Int` (checked, never trapping).
        public func url(from template: String, pageIndex index: Int) -> String? {
            let (skipped, overflow1) = index.multipliedReportingOverflow(by: pageSize)
            let (shifted, overflow2) = first.addingReportingOverflow(skipped)
            let (nextPage, overflow3) = first.addingReportingOverflow(index)
            let (counted, overflow4) = index.addingReportingOverflow(1)
            guard !overflow1, !overflow2 || style != .offset, !overflow3 || style != .page, !overflow4 else {
                return nil
            }
            let offset = style == .offset ? shifted : skipped
            let page = style == .page ? nextPage : counted
            return template.replacingPlaceholders(offset: offset, limit: pageSize, page: page)
        }
    }
}

extension String {
    /// Replaces `{offset}`, `{limit}` and `{page}` in a URL template.
    func replacingPlaceholders(offset: Int, limit: Int, page: Int) -> String {
        var result = ""
        var rest = Substring(self)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[open...]
            if after.hasPrefix("{offset}") {
                result += String(offset)
                rest = after.dropFirst(8)
            } else if after.hasPrefix("{limit}") {
                result += String(limit)
                rest = after.dropFirst(7)
            } else if after.hasPrefix("{page}") {
                result += String(page)
                rest = after.dropFirst(6)
            } else {
                result += "{"
                rest = after.dropFirst()
            }
        }
        return result + rest
    }
}

extension DatasetManifest {
    /// A feed's own refresh budget; every key is optional (see ``RefreshBudget`` for defaults).
    public struct Limits: Codable, Sendable, Hashable {
        /// Bytes a whole refresh may receive, over all pages, after decompression.
        public var maxBytes: Int64?
        /// Seconds a whole refresh may take, over all pages.
        public var maxSeconds: Int?
        /// A page slower than this many bytes a second for `lowSpeedSeconds` is abandoned.
        public var lowSpeedBytesPerSecond: Int?
        /// See `lowSpeedBytesPerSecond`.
        public var lowSpeedSeconds: Int?

        public init(
            maxBytes: Int64? = nil, maxSeconds: Int? = nil, lowSpeedBytesPerSecond: Int? = nil,
            lowSpeedSeconds: Int? = nil
        ) {
            self.maxBytes = maxBytes
            self.maxSeconds = maxSeconds
            self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
            self.lowSpeedSeconds = lowSpeedSeconds
        }

        /// The ranges each key allows.
        static let maxBytesRange: ClosedRange<Int64> = 1...(64 << 30)
        static let maxSecondsRange = 1...86_400
        static let lowSpeedBytesRange = 1...(1 << 30)
        static let lowSpeedSecondsRange = 1...3_600

        func check(dataset id: String) throws(ManifestError) {
            if let maxBytes, !Self.maxBytesRange.contains(maxBytes) {
                throw .outOfRange(
                    dataset: id, key: "source.limits.maxBytes", value: String(maxBytes), range: "1…68719476736")
            }
            let ints: [(String, Int?, ClosedRange<Int>)] = [
                ("maxSeconds", maxSeconds, Self.maxSecondsRange),
                ("lowSpeedBytesPerSecond", lowSpeedBytesPerSecond, Self.lowSpeedBytesRange),
                ("lowSpeedSeconds", lowSpeedSeconds, Self.lowSpeedSecondsRange),
            ]
            for (key, value, range) in ints {
                if let value, !range.contains(value) {
                    throw .outOfRange(
                        dataset: id, key: "source.limits.\(key)", value: String(value),
                        range: "\(range.lowerBound)…\(range.upperBound)")
                }
            }
        }
    }
}
