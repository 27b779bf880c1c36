import NearbyGeo
import NearbyOSM

/// How an OpenStreetMap feature's tags become a place's texts: the name (`name:LANG`, then
/// `name`, then the selected tag's value), the address from `addr:*`, the category (the tag
/// that selected it), every other tag as an attribute, and every tag as a raw field.
struct OSMPlaceText: Sendable {
    /// The preferred language (`zh`, `en`…), or nil for `name` alone.
    var language: String?

    /// Keys of the address parts, in the order of a western address.
    private static let street = "addr:street"
    private static let houseNumber = "addr:housenumber"
    private static let postcode = "addr:postcode"
    private static let city = "addr:city"
    private static let district = "addr:district"

    /// The place for a feature with `tags`, selected by `matched`, at `coordinate`.
    func place(
        dataset: String, kind: OSMElementKind, id: Int64, tags: [(key: String, value: String)],
        matched: (key: String, value: String), coordinate: Coordinate?
    ) -> Place {
        var values: [String: String] = [:]
        var fields: [PlaceField] = []
        for (key, raw) in tags {
            guard let value = raw.normalizedFeedValue(), let name = key.normalizedFeedValue() else { continue }
            if values[name] == nil { values[name] = value }
            fields.append(PlaceField(name: name, value: value))
        }
        let name =
            language.flatMap { values["name:\($0)"] } ?? values["name"]
            ?? Self.label(matched.value.normalizedFeedValue() ?? matched.key)
        var attributes: [PlaceAttribute] = []
        for field in fields where !Self.isNameOrAddress(field.name) {
            attributes.append(PlaceAttribute(key: field.name, label: field.name, value: field.value))
        }
        return Place(
            datasetID: dataset, id: "\(kind.name)/\(id)", name: name, coordinate: coordinate,
            address: address(values), category: "\(matched.key)=\(matched.value)", attributes: attributes,
            fields: fields)
    }

    /// A tag value as a name for a feature without one: `drinking_water` → `Drinking water`.
    static func label(_ value: String) -> String {
        let spaced = value.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }

    static func isNameOrAddress(_ key: String) -> Bool {
        key == "name" || key.hasPrefix("name:") || key.hasPrefix("addr:")
    }

    /// `addr:full` when present; else the parts, as the language writes them: Chinese, Japanese
    /// and Korean from the largest place down without spaces (`臺北市中正區公園路52號`), others
    /// as `Street 1, 00100 City`.
    func address(_ values: [String: String]) -> String? {
        if let full = values["addr:full"] { return full }
        let street = values[Self.street]
        let number = values[Self.houseNumber]
        let postcode = values[Self.postcode]
        let city = values[Self.city]
        let district = values[Self.district]
        if let language, ["zh", "ja", "ko"].contains(where: { language.hasPrefix($0) }) {
            let parts = [postcode, city, district, street, number].compactMap { $0 }
            return parts.isEmpty ? nil : parts.joined()
        }
        let line1 = [street, number].compactMap { $0 }.joined(separator: " ")
        let line2 = [postcode, city].compactMap { $0 }.joined(separator: " ")
        let address = [line1, line2].filter { !$0.isEmpty }.joined(separator: ", ")
        return address.isEmpty ? nil : address
    }
}
