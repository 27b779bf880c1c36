import Foundation

/// The source of "now" for Nearby: the one clock shape, injected into the feeds cache, the tile
/// loader and every command (the runs stores are given its reading as their `now`), so tests can
/// pin it. Libraries never read the system clock themselves: only the executable passes ``system``.
///
/// Named apart from the standard library's `Clock` protocol, which measures elapsed time
/// (`ContinuousClock`); this one answers "what time is it".
public struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that answers `now()`.
    public init(_ now: @escaping @Sendable () -> Date) { read = now }

    /// The current instant.
    public func now() -> Date { read() }

    /// Seconds since 1970-01-01T00:00:00Z.
    public var secondsSince1970: Double { now().timeIntervalSince1970 }

    /// The system clock.
    public static var system: WallClock { WallClock { Date() } }

    /// A clock that always answers `instant` (tests, reproducible runs).
    public static func fixed(_ instant: Date) -> WallClock { WallClock { instant } }
}
