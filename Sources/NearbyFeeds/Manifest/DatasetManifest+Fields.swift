extension DatasetManifest {
    /// Which record fields make up a ``Place``.
    public struct FieldMapping: Codable, Sendable, Hashable {
        /// The record's id; nil means the 1-based row number in the feed.
        ///
        /// Each field may be a list of paths (``FieldPath/fallbacks``): the first that gives a
        /// value wins, as in `"latitude": ["lat", "center.lat"]` for OpenStreetMap Overpass output.
        public var id: FieldPath?
        /// The place's name (required).
        public var name: FieldPath
        /// Latitude in WGS84 decimal degrees, a number or text (required).
        public var latitude: FieldPath
        /// Longitude in WGS84 decimal degrees, a number or text (required).
        public var longitude: FieldPath
        /// The address, if any.
        public var address: FieldPath?
        /// The category, if any.
        public var category: FieldPath?
        /// Extra attributes shown and filtered on, in this order.
        public var attributes: [AttributeMapping]

        public init(
            id: FieldPath? = nil, name: FieldPath, latitude: FieldPath, longitude: FieldPath,
            address: FieldPath? = nil, category: FieldPath? = nil,
            attributes: [AttributeMapping] = []
        ) {
            self.id = id
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.address = address
            self.category = category
            self.attributes = attributes
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, latitude, longitude, address, category, attributes
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            id = try c.decodeIfPresent(FieldChoices.self, forKey: .id)?.path
            name = try c.decode(FieldChoices.self, forKey: .name).path
            latitude = try c.decode(FieldChoices.self, forKey: .latitude).path
            longitude = try c.decode(FieldChoices.self, forKey: .longitude).path
            address = try c.decodeIfPresent(FieldChoices.self, forKey: .address)?.path
            category = try c.decodeIfPresent(FieldChoices.self, forKey: .category)?.path
            attributes = try c.decodeIfPresent([AttributeMapping].self, forKey: .attributes) ?? []
        }
    }

    /// One extra attribute of a place: a stable key, the field it comes from, a human label.
    public struct AttributeMapping: Codable, Sendable, Hashable {
        /// Stable key for scripts and `--where` (`accessible-seats`).
        public var key: String
        /// The record field holding the value.
        public var field: FieldPath
        /// Human label (`無障礙廁座數 (accessible seats)`); defaults to the field path.
        public var label: String
        /// When set, the value is cut before each occurrence of this text and the pieces are
        /// joined by a space (for URLs run together, as in `http://a.jpghttp://b.jpg`).
        public var splitBefore: String?

        public init(key: String, field: FieldPath, label: String? = nil, splitBefore: String? = nil) {
            self.key = key
            self.field = field
            self.label = label ?? field.text
            self.splitBefore = splitBefore
        }

        private enum CodingKeys: String, CodingKey { case key, field, label, splitBefore }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            key = try c.decode(String.self, forKey: .key)
            field = try c.decode(FieldChoices.self, forKey: .field).path
            label = try c.decodeIfPresent(String.self, forKey: .label) ?? field.text
            splitBefore = try c.decodeIfPresent(String.self, forKey: .splitBefore)
        }
    }
}

/// A manifest field read as one path or a list of paths (see ``FieldPath/fallbacks``).
private struct FieldChoices: Decodable {
    let path: FieldPath

    init(from decoder: any Decoder) throws {
        path = try FieldPath.decodeChoices(from: decoder)
    }
}
