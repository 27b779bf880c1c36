import Foundation

/// The ordered list of badges (Datasets/badges.json), with MoonRunner's look-ups.
///
/// The file is a JSON array of objects with `id`, `name`, `distance` (metres, a number),
/// `description` and `image`. Decoding checks that there is at least one badge, that every
/// distance is finite and ≥ 0, that distances strictly increase, and that ids are unique.
public struct BadgeCatalogue: Sendable, Hashable {
    /// Badges in increasing order of distance.
    public let badges: [Badge]

    /// Validates and wraps `badges` (same checks as decoding).
    public init(badges: [Badge]) throws(BadgeCatalogueError) {
        guard !badges.isEmpty else { throw .empty }
        var seen = Set<String>()
        var previous: Double?
        for badge in badges {
            guard badge.distance.isFinite, badge.distance >= 0 else { throw .invalidDistance(id: badge.id) }
            if let previous, badge.distance <= previous { throw .notAscending(id: badge.id) }
            guard seen.insert(badge.id).inserted else { throw .duplicateID(badge.id) }
            previous = badge.distance
        }
        self.badges = badges
    }

    /// Decodes a catalogue from JSON bytes.
    public init(data: Data) throws(BadgeCatalogueError) {
        let decoded: [Badge]
        do {
            decoded = try JSONDecoder().decode([Badge].self, from: data)
        } catch let error as DecodingError {
            throw .malformed(Self.reason(error))
        } catch {
            throw .malformed(String(describing: error))
        }
        try self.init(badges: decoded)
    }

    /// The best badge a distance has reached: the last badge whose distance is strictly less
    /// than `distance`, else the first badge (Earth).
    public func best(for distance: Double) -> Badge {
        badges.last { $0.distance < distance } ?? badges[0]
    }

    /// The next badge to aim for: the first badge whose distance is strictly greater than
    /// `distance`, else the last badge.
    public func next(for distance: Double) -> Badge {
        badges.first { distance < $0.distance } ?? badges[badges.count - 1]
    }

    /// Metres still to run past `distance` to reach ``next(for:)`` (0 when none is left; note a
    /// badge is earned only by running farther than its distance).
    public func distanceLeft(from distance: Double) -> Double {
        Swift.max(0, next(for: distance).distance - distance)
    }

    private static func reason(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context): return context.debugDescription
        case .keyNotFound(let key, let context):
            return "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default: return String(describing: error)
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let parts = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
        return parts.isEmpty ? "top level" : parts.joined()
    }
}
