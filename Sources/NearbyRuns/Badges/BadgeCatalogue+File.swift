import Foundation
import NearbySystem
extension BadgeCatalogue {
    /// The most badges one catalogue may hold.
    public static let maxBadges = 1000
    /// The farthest badge distance, in metres (1,000 km: no single run goes farther).
    public static let maxDistance = 1_000_000.0
    /// The longest badge id, name, description and image name, and metadata text, in characters.
    static let limits = (badgeID: 64, name: 100, description: 1000, image: 255, text: 1000)

    /// Decodes and validates a catalogue file: a JSON object with `kind` `"badges"`, `id`,
    /// `title`, `licence`, `attribution` (optional `description`, `source`, `homepage`) and
    /// `badges`, an array of `{id, name, distance, description, image}` (`description` and `image`
    /// optional). Unknown keys are ignored, as in place manifests. Throws the first problem found,
    /// one sentence each.
    public init(data: Data) throws(BadgeCatalogueError) {
        let file: CatalogueFile
        do {
            file = try JSONDecoder().decode(CatalogueFile.self, from: data)
        } catch let error as DecodingError {
            if case .typeMismatch(_, let context) = error, context.codingPath.isEmpty,
                (try? JSONDecoder().decode([Badge.Entry].self, from: data)) != nil
            {
                throw .bareList
            }
            throw .malformed(DecodingProblem.explain(error))
        } catch {
            throw .malformed("\(error).")
        }
        guard file.kind == "badges" else { throw .wrongKind(file.kind) }
        let info = Info(
            id: file.id, title: file.title, description: file.description ?? "", source: file.source ?? "",
            licence: file.licence, attribution: file.attribution, homepage: file.homepage)
        try Self.check(info)
        let badges = file.badges.map {
            Badge(
                id: $0.id, name: $0.name, distance: $0.distance, description: $0.description ?? "",
                image: $0.image ?? "")
        }
        try self.init(badges: badges, info: info)
    }

    /// The metadata rules: a ``DatasetID`` id, non-empty printable title, licence and attribution.
    static func check(_ info: Info) throws(BadgeCatalogueError) {
        guard DatasetID.isValid(info.id) else { throw .invalidID(info.id) }
        let texts: [(String, String)] = [
            ("title", info.title), ("licence", info.licence), ("attribution", info.attribution),
            ("description", info.description), ("source", info.source), ("homepage", info.homepage ?? ""),
        ]
        for (key, value) in texts {
            if ["title", "licence", "attribution"].contains(key), Self.isBlank(value) {
                throw .missingValue(badge: nil, key: key)
            }
            try Self.checkText(value, key: key, badge: nil, limit: limits.text)
        }
    }

    /// The badge rules: 1 to ``maxBadges`` badges; ids of 1 to 64 `[a-z0-9_-]` (not starting with
    /// `-` or `_`), unique; a non-empty name; printable texts of bounded length; distances finite,
    /// from 0 to ``maxDistance`` metres, strictly increasing.
    static func check(_ badges: [Badge]) throws(BadgeCatalogueError) {
        guard !badges.isEmpty else { throw .empty }
        guard badges.count <= maxBadges else { throw .tooMany(badges.count) }
        var seen = Set<String>()
        var previous: Double?
        for badge in badges {
            guard Self.isBadgeID(badge.id) else { throw .invalidBadgeID(badge.id) }
            guard seen.insert(badge.id).inserted else { throw .duplicateID(badge.id) }
            if Self.isBlank(badge.name) { throw .missingValue(badge: badge.id, key: "name") }
            try Self.checkText(badge.name, key: "name", badge: badge.id, limit: limits.name)
            try Self.checkText(badge.description, key: "description", badge: badge.id, limit: limits.description)
            try Self.checkText(badge.image, key: "image", badge: badge.id, limit: limits.image)
            guard badge.distance.isFinite, badge.distance >= 0, badge.distance <= maxDistance else {
                throw .invalidDistance(id: badge.id)
            }
            if let previous, badge.distance <= previous { throw .notAscending(id: badge.id) }
            previous = badge.distance
        }
    }

    private static func isBadgeID(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, first != UInt8(ascii: "-"), first != UInt8(ascii: "_"),
            bytes.count <= limits.badgeID
        else { return false }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.properties.isWhitespace }
    }

    /// Refuses control characters (C0, C1, line and paragraph separators, bidi overrides and
    /// isolates: they would reach a terminal or reorder text) and over-long text.
    private static func checkText(_ text: String, key: String, badge: String?, limit: Int) throws(BadgeCatalogueError) {
        guard text.count <= limit else { throw .tooLong(badge: badge, key: key, limit: limit) }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let control =
                value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            if control { throw .notPrintable(badge: badge, key: key) }
        }
    }
}

extension Badge {
    /// One badge as a catalogue file writes it.
    struct Entry: Decodable {
        var id: String
        var name: String
        var distance: Double
        var description: String?
        var image: String?
    }
}

/// A catalogue file as written (see ``BadgeCatalogue/init(data:)``).
private struct CatalogueFile: Decodable {
    var kind: String
    var id: String
    var title: String
    var description: String?
    var source: String?
    var licence: String
    var attribution: String
    var homepage: String?
    var badges: [Badge.Entry]
}
