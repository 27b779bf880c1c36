/// A position as OpenStreetMap stores it: whole nanodegrees (PBF's unit; XML's seven decimals are
/// exact in it), so a node read from PBF and from the XML `osmium cat` makes of it has the very same
/// coordinate.
public struct OSMLocation: Sendable, Hashable {
    /// Latitude in 1e-9 degrees.
    public var latitudeNano: Int64
    /// Longitude in 1e-9 degrees.
    public var longitudeNano: Int64

    public init(latitudeNano: Int64, longitudeNano: Int64) {
        self.latitudeNano = latitudeNano
        self.longitudeNano = longitudeNano
    }

    /// True when the latitude is within ±90° and the longitude within ±180°.
    public var isValid: Bool {
        (-90_000_000_000...90_000_000_000).contains(latitudeNano)
            && (-180_000_000_000...180_000_000_000).contains(longitudeNano)
    }

    /// Latitude in degrees (the correctly rounded quotient).
    public var latitude: Double { Double(latitudeNano) / 1e9 }
    /// Longitude in degrees (the correctly rounded quotient).
    public var longitude: Double { Double(longitudeNano) / 1e9 }
}

/// The three kinds of OpenStreetMap element.
public enum OSMElementKind: UInt8, Sendable, Hashable, CaseIterable {
    case node = 0, way = 1, relation = 2

    /// `node`, `way` or `relation`, as in osm.org URLs and OSM XML.
    public var name: String {
        switch self {
        case .node: "node"
        case .way: "way"
        case .relation: "relation"
        }
    }
}

/// A text of the extract (a tag's key or value, a member's role): UTF-8 bytes lent for the
/// duration of one handler call.
public struct OSMText {
    /// The bytes, valid during the handler call only.
    public let bytes: UnsafeRawBufferPointer

    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The text as a `String` (invalid UTF-8 repaired with U+FFFD).
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// True when the bytes equal `other`'s.
    @inline(__always)
    public func equals(_ other: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count == other.count else { return false }
        guard let a = bytes.baseAddress, let b = other.baseAddress else { return true }
        return memcmp(a, b, bytes.count) == 0
    }

    /// True when the bytes equal `other`'s UTF-8.
    public func equals(_ other: [UInt8]) -> Bool {
        other.withUnsafeBytes { equals($0) }
    }
}

/// One tag: a key and its value.
public struct OSMTag {
    public let key: OSMText
    public let value: OSMText

    public init(key: OSMText, value: OSMText) {
        self.key = key
        self.value = value
    }
}

/// An element's tags, lent for one handler call.
public struct OSMTags: RandomAccessCollection {
    let storage: UnsafeBufferPointer<OSMTag>

    public init(_ storage: UnsafeBufferPointer<OSMTag>) {
        self.storage = storage
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public subscript(position: Int) -> OSMTag { storage[position] }

    /// The value of the first tag whose key is `key`'s UTF-8, or nil.
    public func value(forKey key: [UInt8]) -> OSMText? {
        key.withUnsafeBytes { wanted in storage.first { $0.key.equals(wanted) }?.value }
    }

    /// Every tag as strings, in the element's order.
    public var strings: [(key: String, value: String)] {
        storage.map { ($0.key.string, $0.value.string) }
    }
}

/// A node, lent for one handler call.
public struct OSMNode {
    public let id: Int64
    public let location: OSMLocation
    public let tags: OSMTags
}

/// A way: its node references in order, lent for one handler call.
public struct OSMWay {
    public let id: Int64
    public let refs: UnsafeBufferPointer<Int64>
    public let tags: OSMTags
}

/// One member of a relation.
public struct OSMMember {
    public let kind: OSMElementKind
    public let ref: Int64
    public let role: OSMText
}

/// A relation: its members in order, lent for one handler call.
public struct OSMRelation {
    public let id: Int64
    public let members: UnsafeBufferPointer<OSMMember>
    public let tags: OSMTags
}

#if canImport(Glibc)
    import Glibc
#endif
