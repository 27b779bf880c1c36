import Foundation

/// A badge dataset: the ordered list of badges with what `nearby datasets` shows about it (id,
/// title, source, licence and attribution), and MoonRunner's look-ups.
///
/// The file format (`Datasets/badges.json`, a user's own catalogue in a datasets folder) is read
/// by ``init(data:)`` and described in `Datasets/README.md`; ``BadgeDatasets`` finds and selects
/// catalogues. Every catalogue has at least one badge, finite distances from 0 that strictly
/// increase, and unique badge ids.
public struct BadgeCatalogue: Sendable, Hashable {
    /// What a catalogue says about itself.
    public struct Info: Sendable, Hashable {
        /// The dataset id (``DatasetID`` rule), e.g. "badges".
        public var id: String
        /// A short human title.
        public var title: String
        /// A sentence or two about the catalogue.
        public var description: String
        /// Where the badges come from, in a few words.
        public var source: String
        /// The licence of the badge texts.
        public var licence: String
        /// The credit line the licence asks for.
        public var attribution: String
        /// The catalogue's home page, if any.
        public var homepage: String?

        /// Metadata with every field given.
        public init(
            id: String, title: String, description: String = "", source: String = "", licence: String,
            attribution: String, homepage: String? = nil
        ) {
            self.id = id
            self.title = title
            self.description = description
            self.source = source
            self.licence = licence
            self.attribution = attribution
            self.homepage = homepage
        }

        /// The metadata of a catalogue built in code (tests).
        public static let unnamed = Info(id: "custom", title: "Custom badges", licence: "", attribution: "")
    }

    /// Badges in increasing order of distance.
    public let badges: [Badge]
    /// What the catalogue says about itself.
    public let info: Info

    /// Validates and wraps `badges` (the checks of ``init(data:)`` on the badges).
    public init(badges: [Badge], info: Info = .unnamed) throws(BadgeCatalogueError) {
        try Self.check(badges)
        self.badges = badges
        self.info = info
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
}
