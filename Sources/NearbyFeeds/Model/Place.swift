import NearbyGeo

/// One place from a dataset feed: a toilet, a park, a landmark, a hotel.
///
/// Every text value is normalised: white space (U+00A0 and U+3000 included) trimmed at both
/// ends, inner U+00A0 turned into a plain space, empty and JSON null treated as absent.
public struct Place: Sendable, Hashable, Identifiable {
    /// The id of the dataset the place comes from (`toilets`).
    public var datasetID: String
    /// The place's id within its dataset: the mapped id field, or the 1-based row number.
    public var id: String
    /// The place's name.
    public var name: String
    /// Its position, or nil when the record has no usable coordinates (it is then listed but
    /// never ranked by distance).
    public var coordinate: Coordinate?
    /// Its address, if the feed has one.
    public var address: String?
    /// Its category, if the feed has one.
    public var category: String?
    /// The manifest's attributes that have a value, in manifest order.
    public var attributes: [PlaceAttribute]
    /// Every field of the source record that has a value, in source order, as text.
    public var fields: [PlaceField]

    public init(
        datasetID: String, id: String, name: String, coordinate: Coordinate?,
        address: String? = nil, category: String? = nil, attributes: [PlaceAttribute] = [],
        fields: [PlaceField] = []
    ) {
        self.datasetID = datasetID
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.address = address
        self.category = category
        self.attributes = attributes
        self.fields = fields
    }

    /// The value of the attribute with `key`, or nil.
    public func attribute(_ key: String) -> String? {
        attributes.first { $0.key == key }?.value
    }

    /// The value of the raw field named `name`, or nil.
    public func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }
}

/// One mapped attribute of a place, such as accessible seats.
public struct PlaceAttribute: Sendable, Hashable {
    /// Stable key from the manifest (`accessible-seats`).
    public var key: String
    /// Human label from the manifest.
    public var label: String
    /// The normalised value.
    public var value: String

    public init(key: String, label: String, value: String) {
        self.key = key
        self.label = label
        self.value = value
    }
}

/// One raw field of a source record: a column, or a dotted path into a JSON record
/// (`PostalAddress.City`, `category.0.name`). Arrays of scalars are joined with `", "`.
public struct PlaceField: Sendable, Hashable {
    /// The column name or dotted path.
    public var name: String
    /// The normalised value.
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
