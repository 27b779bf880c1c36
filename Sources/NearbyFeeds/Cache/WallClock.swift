import Foundation

/// The source of "now" for freshness decisions; injected so tests can pin it.
public protocol WallClock: Sendable {
    /// The current instant.
    func now() -> Date
}

/// A clock that always answers the same instant (tests, reproducible runs).
public struct FixedClock: WallClock {
    /// The instant `now()` returns.
    public var instant: Date
    /// Creates a clock pinned to `instant`.
    public init(_ instant: Date) { self.instant = instant }
    public func now() -> Date { instant }
}

/// The system clock; the CLI injects this, libraries never create it themselves.
public struct SystemClock: WallClock {
    /// Creates the system clock.
    public init() {}
    public func now() -> Date { Date() }
}
