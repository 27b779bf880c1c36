import NearbyCSV

/// One record of a feed, whatever its format, seen through dotted field paths.
///
/// A field path with fallbacks (``FieldPath/fallbacks``) is tried path by path: the first that
/// gives a value (present, not null, not empty) wins.
enum FeedRecord {
    /// A JSON record; for GeoJSON, `properties` holds the feature's properties, which paths
    /// fall back to and which make up the raw fields.
    case json(JSONValue, properties: JSONValue?)
    /// A JSON record of scalars seen in place in its page (never GeoJSON): the same answers as
    /// `.json` of its tree, without the tree.
    case flat(JSONFlatRecord)
    /// A CSV row with its file's header.
    case csv(CSVFields, columns: CSVColumns)

    /// The page a flat record's or a CSV row's ranges point into (empty for the others).
    var page: UnsafeBufferPointer<UInt8> {
        switch self {
        case .flat(let flat): return flat.page
        case .csv(let row, _): return row.page
        case .json: return UnsafeBufferPointer(start: nil, count: 0)
        }
    }

    /// The normalised text at `path` (or its first fallback that has one), or nil when absent,
    /// null or empty.
    func text(at path: FieldPath) -> String? {
        if let found = text(atOne: path) { return found }
        for fallback in path.fallbacks {
            if let found = text(atOne: fallback) { return found }
        }
        return nil
    }

    /// The normalised text at `path` itself, not trying its fallbacks.
    func text(atOne path: FieldPath) -> String? {
        switch self {
        case .json(let value, let properties):
            if let found = value.value(at: path), let text = found.flattenedText {
                return text.normalizedFeedValue()
            }
            if let properties, let found = properties.value(at: path),
                let text = found.flattenedText
            {
                return text.normalizedFeedValue()
            }
            return nil
        case .flat(let flat):
            return flat.member(at: path).flatMap { flat.normalizedText($0) }
        case .csv(let row, let columns):
            guard let index = columns.index[path.text], index < row.count else { return nil }
            return row.text(index)
        }
    }

    /// The value at `path` itself (not its fallbacks) when it is a JSON number (coordinates
    /// given as numbers).
    func number(atOne path: FieldPath) -> Double? {
        if case .flat(let flat) = self, let member = flat.member(at: path), member.kind == .number {
            return member.number
        }
        guard case .json(let value, let properties) = self else { return nil }
        if case .number(let number)? = value.value(at: path) { return number }
        if case .number(let number)? = properties?.value(at: path) { return number }
        return nil
    }

    /// True when `path` (or one of its fallbacks) names something in this record, even if it
    /// is null or empty.
    func has(_ path: FieldPath) -> Bool {
        if has(one: path) { return true }
        return path.fallbacks.contains { has(one: $0) }
    }

    private func has(one path: FieldPath) -> Bool {
        switch self {
        case .json(let value, let properties):
            return value.value(at: path) != nil || properties?.value(at: path) != nil
        case .flat(let flat):
            return flat.has(path)
        case .csv(_, let columns):
            return columns.index[path.text] != nil
        }
    }

    /// Every field that has a value, in source order.
    func flattenedFields() -> [PlaceField] {
        var output: [PlaceField] = []
        switch self {
        case .json(let value, let properties):
            FeedRecord.flatten(properties ?? value, prefix: "", into: &output)
        case .flat(let flat):
            for member in flat.members where member.keyEnd > member.keyStart {
                guard let value = flat.normalizedText(member) else { continue }
                output.append(
                    PlaceField(name: String(decoding: flat.key(member), as: UTF8.self), value: value))
            }
        case .csv(let row, let columns):
            for index in 0..<row.count {
                guard let value = row.text(index) else { continue }
                output.append(PlaceField(name: columns.name(index), value: value))
            }
        }
        return output
    }

    /// Objects become dotted names; arrays of scalars are joined with `", "`; arrays holding
    /// objects or arrays use the element index as a segment (`category.0.name`).
    private static func flatten(_ value: JSONValue, prefix: String, into output: inout [PlaceField]) {
        switch value {
        case .object(let object):
            for member in object.members {
                let name = prefix.isEmpty ? member.key : prefix + "." + member.key
                flatten(member.value, prefix: name, into: &output)
            }
        case .array(let elements):
            if elements.allSatisfy({ $0.scalarText != nil || $0 == .null }) {
                if let text = value.flattenedText?.normalizedFeedValue(), !prefix.isEmpty {
                    output.append(PlaceField(name: prefix, value: text))
                }
            } else {
                for (index, element) in elements.enumerated() {
                    let name = prefix.isEmpty ? String(index) : prefix + "." + String(index)
                    flatten(element, prefix: name, into: &output)
                }
            }
        default:
            if let text = value.scalarText?.normalizedFeedValue(), !prefix.isEmpty {
                output.append(PlaceField(name: prefix, value: text))
            }
        }
    }
}

extension JSONValue {
    /// Scalars as text; arrays of scalars joined with `", "` (nulls and empties skipped);
    /// nil for null, objects and arrays of containers.
    var flattenedText: String? {
        if let text = scalarText { return text }
        guard case .array(let elements) = self else { return nil }
        let parts = elements.compactMap { $0.scalarText?.normalizedFeedValue() }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
