import Foundation

/// The kind of activity a track records, as far as cleaning and statistics care.
///
/// Each kind carries two documented defaults:
/// - ``maximumSpeed``: the fastest believable speed between two fixes (m/s). A fix implying a
///   higher speed from the last kept fix is a spike and is dropped by ``TrackCleaner``.
///   running 12, walking 7, hiking 7, cycling 30, driving 70, unknown 70.
/// - ``movingSpeed``: the slowest speed (m/s) at which a leg between two fixes still counts as
///   moving for ``RunStatistics``. running 0.5, walking 0.3, hiking 0.3, cycling 1.0,
///   driving 1.0, unknown 0.5.
public enum ActivityKind: String, Sendable, Hashable, Codable, CaseIterable {
    case running
    case walking
    case hiking
    case cycling
    case driving
    case unknown

    /// Classifies an activity type string as written in a file.
    ///
    /// Case-insensitive; matches words such as `run`, `running`, `jog` → running; `walk` →
    /// walking; `hike` → hiking; `bike`, `biking`, `cycling`, `ride` → cycling; `drive`,
    /// `driving`, `car` → driving. Strava's numeric GPX types are mapped too: `1` ride,
    /// `4` hike, `9` run, `10` walk. Anything else (or nil) is ``unknown``.
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
        default:
            if text.contains("run") || text.contains("jog") {
                self = .running
            } else if text.contains("walk") {
                self = .walking
            } else if text.contains("hik") {
                self = .hiking
            } else if text.contains("cycl") || text.contains("bik") || text.contains("ride") {
                self = .cycling
            } else if text.contains("driv") || text == "car" {
                self = .driving
            } else {
                self = .unknown
            }
        }
    }

    /// Fastest believable speed between two fixes, m/s (see the type's documentation).
    public var maximumSpeed: Double {
        switch self {
        case .running: 12
        case .walking, .hiking: 7
        case .cycling: 30
        case .driving, .unknown: 70
        }
    }

    /// Slowest speed that still counts as moving, m/s (see the type's documentation).
    public var movingSpeed: Double {
        switch self {
        case .running, .unknown: 0.5
        case .walking, .hiking: 0.3
        case .cycling, .driving: 1.0
        }
    }
}
