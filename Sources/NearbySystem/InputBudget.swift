/// What one reading of one input from outside may cost, so that a small input can never make
/// Nearby do enormous work: every reader charges the same three meters as it goes, and the
/// first meter past its limit stops the reading with one sentence.
///
/// - **bytes in**: bytes the reader consumed from its source (a file, a page, an inflated stream);
/// - **items out**: things it produced — catalogue rows, FIT records or sessions, track points,
///   places, zip members, inflated bytes (``InputKind/noun`` names them);
/// - **bytes retained**: what it keeps in memory while it reads (values kept, a window).
///
/// Limits come per kind of input (``InputKind/limits``) and may be lowered by the caller (tests,
/// fuzzing). A reader charges before it does the work the charge stands for, so a refused input
/// costs at most the limits, never what the input claims.
public struct InputBudget: Sendable, Hashable {
    /// The three limits of one kind of input.
    public struct Limits: Sendable, Hashable {
        /// The most bytes the reader may consume.
        public var bytesIn: Int
        /// The most items it may produce.
        public var itemsOut: Int
        /// The most bytes it may keep in memory at once.
        public var bytesRetained: Int

        /// Limits as given (negative values count as 0).
        public init(bytesIn: Int, itemsOut: Int, bytesRetained: Int) {
            self.bytesIn = Swift.max(0, bytesIn)
            self.itemsOut = Swift.max(0, itemsOut)
            self.bytesRetained = Swift.max(0, bytesRetained)
        }
    }

    /// The kind of input read, which names its items in messages.
    public let kind: InputKind
    /// The limits in force.
    public let limits: Limits
    /// Bytes consumed so far.
    public private(set) var bytesIn = 0
    /// Items produced so far.
    public private(set) var itemsOut = 0
    /// Bytes kept now (``retain(_:)`` adds, ``release(_:)`` takes away).
    public private(set) var bytesRetained = 0
    /// The most bytes kept at any moment so far.
    public private(set) var peakRetained = 0

    /// A budget for `kind`, with its default limits unless `limits` is given.
    public init(_ kind: InputKind, limits: Limits? = nil) {
        self.kind = kind
        self.limits = limits ?? kind.limits
    }

    /// Charges `count` bytes read; throws when the bytes in would pass their limit.
    public mutating func read(_ count: Int) throws(InputBudgetExceeded) {
        bytesIn = try charge(bytesIn, count, limit: limits.bytesIn, .bytesIn)
    }

    /// Charges `count` items produced; throws when the items would pass their limit.
    public mutating func yield(_ count: Int = 1) throws(InputBudgetExceeded) {
        itemsOut = try charge(itemsOut, count, limit: limits.itemsOut, .itemsOut)
    }

    /// Charges `count` more bytes kept in memory; throws when they would pass their limit.
    public mutating func retain(_ count: Int) throws(InputBudgetExceeded) {
        bytesRetained = try charge(bytesRetained, count, limit: limits.bytesRetained, .bytesRetained)
        peakRetained = Swift.max(peakRetained, bytesRetained)
    }

    /// Gives back `count` bytes no longer kept.
    public mutating func release(_ count: Int) {
        bytesRetained = Swift.max(0, bytesRetained - Swift.max(0, count))
    }

    /// Whether `count` more items would still be within the limit (for readers that stop
    /// quietly at a cap rather than refuse).
    public func allows(items count: Int) -> Bool {
        count >= 0 && count <= limits.itemsOut - itemsOut
    }

    private func charge(_ used: Int, _ count: Int, limit: Int, _ meter: InputBudgetExceeded.Meter)
        throws(InputBudgetExceeded) -> Int
    {
        let (sum, overflow) = used.addingReportingOverflow(Swift.max(0, count))
        guard !overflow, sum <= limit else { throw InputBudgetExceeded(kind: kind, meter: meter, limit: limit) }
        return sum
    }
}

/// A reading stopped because one meter of its ``InputBudget`` passed its limit.
public struct InputBudgetExceeded: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which meter.
    public enum Meter: String, Sendable, Hashable {
        case bytesIn, itemsOut, bytesRetained
    }

    /// The kind of input.
    public var kind: InputKind
    /// The meter that passed its limit.
    public var meter: Meter
    /// Its limit.
    public var limit: Int

    public init(kind: InputKind, meter: Meter, limit: Int) {
        self.kind = kind
        self.meter = meter
        self.limit = limit
    }

    /// What was too much, as a clause without a subject or full stop, to follow "it" or a
    /// file name: "holds more than 100,000 rows".
    public var clause: String {
        switch meter {
        case .bytesIn: "is larger than \(ByteCountText.describe(limit))"
        case .itemsOut:
            kind.noun == "bytes"
                ? "inflates to more than \(ByteCountText.describe(limit))"
                : "holds more than \(InputBudgetExceeded.grouped(limit)) \(kind.noun)"
        case .bytesRetained: "would need more than \(ByteCountText.describe(limit)) of memory"
        }
    }

    /// ``clause`` with why the limit is what it is, when that helps ("holds more than 100 sessions
    /// (a multisport device writes a handful)").
    public var explained: String {
        guard meter == .itemsOut, let why = kind.why else { return clause }
        return clause + " (" + why + ")"
    }

    /// One sentence naming the kind of input.
    public var description: String { "The \(kind.title) \(explained)." }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}

/// The kinds of input from outside whose reading is budgeted, each with its default limits.
public enum InputKind: String, Sendable, Hashable, CaseIterable {
    /// An export's activity catalogue (Strava's `activities.csv`, Runkeeper's
    /// `cardioActivities.csv`, Garmin's `summarizedActivities.json`): rows.
    case exportCatalogue
    /// The records of one FIT file.
    case fitRecords
    /// The sessions of one FIT file (each becomes a run).
    case fitSessions
    /// A gzip stream or a deflated zip member: inflated bytes out of compressed bytes in.
    case inflation
    /// The pages of one refresh of a place dataset: places out.
    case feedRefresh

    /// What the items are called in messages.
    public var noun: String {
        switch self {
        case .exportCatalogue: "rows"
        case .fitRecords: "records"
        case .fitSessions: "sessions"
        case .inflation: "bytes"
        case .feedRefresh: "places"
        }
    }

    /// How the input is named in a sentence of its own.
    public var title: String {
        switch self {
        case .exportCatalogue: "activity catalogue"
        case .fitRecords, .fitSessions: "FIT file"
        case .inflation: "compressed data"
        case .feedRefresh: "feed"
        }
    }

    /// Why the limit is what it is, when a reader of the message may wonder.
    public var why: String? {
        switch self {
        case .fitRecords: "more than 11 days at one record a second"
        case .fitSessions: "a multisport device writes a handful"
        default: nil
        }
    }

    /// The default limits.
    ///
    /// - catalogue: 64 MiB, 100,000 rows (a decade of daily activities is 3,650), 32 MiB of kept
    ///   names, types and paths;
    /// - FIT records: 1,000,000 (11.5 days at one a second), 256 MiB of file, 64 MiB kept;
    /// - FIT sessions: 100 (a triathlon has five), 1 MiB kept;
    /// - inflation: 1 GiB out, through a window of 1 MiB;
    /// - a feed refresh: 1 GiB of pages (``RefreshBudget``), 5,000,000 places.
    public var limits: InputBudget.Limits {
        switch self {
        case .exportCatalogue: .init(bytesIn: 64 << 20, itemsOut: 100_000, bytesRetained: 32 << 20)
        case .fitRecords: .init(bytesIn: 256 << 20, itemsOut: 1_000_000, bytesRetained: 64 << 20)
        case .fitSessions: .init(bytesIn: 256 << 20, itemsOut: 100, bytesRetained: 1 << 20)
        case .inflation: .init(bytesIn: 1 << 30, itemsOut: 1 << 30, bytesRetained: 1 << 20)
        case .feedRefresh: .init(bytesIn: 1 << 30, itemsOut: 5_000_000, bytesRetained: 2 << 30)
        }
    }
}
