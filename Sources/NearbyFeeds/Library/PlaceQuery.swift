import Foundation
import NearbyGeo

/// A question to a place dataset: from where, how many, how far, and which places.
///
/// Without an ``origin`` the places come in source order; with one, nearest first by WGS84
/// geodesic distance (ties in source order), and places without a usable coordinate are left out.
public struct PlaceQuery: Sendable, Hashable {
    /// The query point; nil lists the dataset in source order.
    public var origin: Coordinate?
    /// At most this many places (nil: all of them).
    public var limit: Int?
    /// Only places at most this many metres from ``origin`` (`.infinity`: any distance).
    public var within: Double
    /// Every filter must accept a place.
    public var filters: [PlaceFilter]
    /// Whether ``limit`` counts the places of all datasets together or of each one.
    public var scope: LimitScope

    /// What ``PlaceQuery/limit`` counts when a query asks several datasets.
    public enum LimitScope: Sendable, Hashable {
        /// The nearest `limit` places of all datasets together.
        case total
        /// At most `limit` places of each dataset.
        case perDataset
    }

    /// A query with every field given.
    public init(
        origin: Coordinate? = nil, limit: Int? = nil, within: Double = .infinity, filters: [PlaceFilter] = [],
        scope: LimitScope = .total
    ) {
        self.origin = origin
        self.limit = limit
        self.within = within
        self.filters = filters
        self.scope = scope
    }

    /// Whether `place` passes every filter.
    public func accepts(_ place: Place) -> Bool {
        filters.allSatisfy { $0.accepts(place) }
    }
}

/// One condition on a place's fields, as data: a field, an operator and (for `equals`) a value.
///
/// The field matches an attribute's key or label, a raw field's name, or `category`, ignoring
/// case. ``Operator/present`` keeps places where one of those values is non-empty and not zero;
/// ``Operator/equals`` keeps places where one equals ``value``, ignoring case and surrounding
/// spaces.
public struct PlaceFilter: Sendable, Hashable {
    /// How the field's values are tested.
    public enum Operator: String, Sendable, Hashable {
        /// Present, not empty and not zero.
        case present
        /// Equal to the filter's value.
        case equals
    }

    /// An attribute key or label, a raw field name, or `category`.
    public var field: String
    /// The test.
    public var op: Operator
    /// The wanted value for ``Operator/equals`` (nil for ``Operator/present``).
    public var value: String?

    /// A filter with every field given.
    public init(field: String, op: Operator, value: String? = nil) {
        self.field = field
        self.op = op
        self.value = value
    }

    /// The field must be present, non-empty and not zero.
    public static func present(_ field: String) -> PlaceFilter { PlaceFilter(field: field, op: .present) }

    /// The field must equal `value` (ignoring case and surrounding spaces).
    public static func equals(_ field: String, _ value: String) -> PlaceFilter {
        PlaceFilter(field: field, op: .equals, value: value)
    }

    /// Whether `place` passes this filter.
    public func accepts(_ place: Place) -> Bool {
        let key = field.lowercased()
        let values =
            place.attributes.filter { $0.key.lowercased() == key || $0.label.lowercased() == key }.map(\.value)
            + place.fields.filter { $0.name.lowercased() == key }.map(\.value)
            + (key == "category" ? [place.category].compactMap { $0 } : [])
        switch op {
        case .equals:
            let wanted = (value ?? "").trimmingCharacters(in: .whitespaces).lowercased()
            return values.contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == wanted }
        case .present:
            return values.contains { value in
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                return !trimmed.isEmpty && trimmed != "0" && Double(trimmed) != 0
            }
        }
    }
}
