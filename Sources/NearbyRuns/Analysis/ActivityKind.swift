import Foundation

/// The kind of activity a track records, as far as cleaning, statistics and badges care.
///
/// Each kind carries documented defaults:
/// - ``maximumSpeed``: the fastest believable speed between two fixes (m/s). A fix implying a
///   higher speed from the last kept fix is a spike and is dropped by ``TrackCleaner``.
///   running 12, walking 7, hiking 7, cycling 30, swimming 5, driving 70, other 70, unknown 70.
/// - ``movingSpeed``: the slowest speed (m/s) at which a leg between two fixes still counts as
///   moving for ``RunStatistics``. running 0.5, walking 0.3, hiking 0.3, cycling 1.0,
///   swimming 0.2, driving 1.0, other 0.5, unknown 0.5.
/// - ``maximumDistance``: the longest one activity of the kind can plausibly be (metres); a run
///   is cut there (see ``TrackCleaner``). On foot 1,000 km, cycling 5,000 km, swimming 500 km,
///   driving and other 20,000 km; a track that names no activity is held to a runner's 1,000 km.
/// - ``earnsRunningBadges``: MoonRunner's badges, silver and gold, and running best efforts are
///   for runs on foot (``isOnFoot``: running, walking, hiking). Rides, swims, drives and other
///   activities earn none; a track that names no activity keeps the old rule and earns them.
public enum ActivityKind: String, Sendable, Hashable, Codable, CaseIterable {
    case running
    case walking
    case hiking
    case cycling
    case swimming
    case driving
    /// A named activity that is none of the above: skiing, rowing, paddling, a transition…
    case other
    /// No activity named, or a name Nearby does not recognise.
    case unknown

    /// Classifies an activity type string as written in a file.
    ///
    /// Case-insensitive; matches words such as `run`, `running`, `jog` → running; `walk` →
    /// walking; `hike`, `mountaineering` → hiking; `bike`, `biking`, `cycling`, `ride` → cycling;
    /// `swim` → swimming; `drive`, `driving`, `car`, `motorcycling` → driving; skiing, snowboarding,
    /// skating, rowing, paddling, kayaking, canoeing, sailing, surfing, a multisport
    /// `transition`, `fitness_equipment`, `training`, yoga, golf, climbing and the like → other.
    /// Strava's numeric GPX types are mapped too: `1` ride, `4` hike, `9` run, `10` walk.
    /// Anything else (or nil) is ``unknown`` — TCX's `Other`, which Garmin writes for walks, and
    /// FIT's `generic` among them.
    public init(typeString: String?) {
        guard let raw = typeString?.lowercased() else {
            self = .unknown
            return
        }
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        switch text {
        case "9": self = .running
        case "10": self = .walking
        case "4": self = .hiking
        case "1": self = .cycling
        default: self = Self.byWord(text)
        }
    }

    /// Words that name an activity Nearby has no figures of its own for.
    static let otherWords = [
        "ski", "snowboard", "skat", "row", "paddl", "kayak", "canoe", "raft", "sail", "surf", "boat", "transition",
        "fitness", "training", "workout", "yoga", "golf", "climb", "tennis", "soccer", "football", "basketball",
        "multisport", "flying", "gliding", "diving", "skydiv", "horse", "hunting", "fishing", "snowmobil",
        "snowshoe", "elliptical", "stair", "wakeboard", "kite", "boxing",
    ]

    private static func byWord(_ text: String) -> ActivityKind {
        if text.contains("run") || text.contains("jog") { return .running }
        if text.contains("walk") { return .walking }
        if text.contains("hik") || text.contains("mountaineer") { return .hiking }
        if text.contains("swim") { return .swimming }
        if text.contains("motorcycl") || text.contains("driv") || text == "car" { return .driving }
        if text.contains("cycl") || text.contains("bik") || text.contains("ride") { return .cycling }
        if otherWords.contains(where: { text.contains($0) }) { return .other }
        return .unknown
    }

    /// Fastest believable speed between two fixes, m/s (see the type's documentation).
    public var maximumSpeed: Double {
        switch self {
        case .running: 12
        case .walking, .hiking: 7
        case .cycling: 30
        case .swimming: 5
        case .driving, .other, .unknown: 70
        }
    }

    /// Slowest speed that still counts as moving, m/s (see the type's documentation).
    public var movingSpeed: Double {
        switch self {
        case .running, .other, .unknown: 0.5
        case .walking, .hiking: 0.3
        case .cycling, .driving: 1.0
        case .swimming: 0.2
        }
    }

    /// The longest one activity of this kind can plausibly be, metres (see the type's
    /// documentation).
    public var maximumDistance: Double {
        switch self {
        case .running, .walking, .hiking, .unknown: 1_000_000
        case .cycling: 5_000_000
        case .swimming: 500_000
        case .driving, .other: 20_000_000
        }
    }

    /// True for activities on foot: running, walking, hiking.
    public var isOnFoot: Bool { self == .running || self == .walking || self == .hiking }

    /// Whether the run takes part in MoonRunner's badges, medals and running best efforts: runs on
    /// foot, and tracks that name no activity (the rule before activities were told apart).
    public var earnsRunningBadges: Bool { isOnFoot || self == .unknown }

    /// How the kind is named in sentences: `a ride`, `a swim`, `a drive`, `an activity other than
    /// running`…
    public var noun: String {
        switch self {
        case .running: "a run"
        case .walking: "a walk"
        case .hiking: "a hike"
        case .cycling: "a ride"
        case .swimming: "a swim"
        case .driving: "a drive"
        case .other: "an activity that is not on foot"
        case .unknown: "an activity"
        }
    }
}
