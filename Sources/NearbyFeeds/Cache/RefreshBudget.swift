/// What one refresh of one dataset may cost, over all its pages together, so a slow or huge
/// feed cannot hold the machine: total bytes received (after decompression), total seconds,
/// and a low-speed limit that abandons a trickling transfer.
///
/// Defaults: 1 GiB, 600 s, and fewer than 1,024 bytes a second for 30 s. A manifest may set its
/// own (`source.limits`). A page's own `maxBodyBytes` and `totalTimeout` still apply; the budget
/// lowers them to what is left.
public struct RefreshBudget: Sendable, Equatable {
    /// Bytes all pages together may hold.
    public var maxBytes: Int64
    /// Seconds the whole refresh may take.
    public var maxSeconds: Double
    /// A transfer slower than this many bytes a second for `lowSpeedSeconds` is abandoned.
    public var lowSpeedBytesPerSecond: Int
    /// See `lowSpeedBytesPerSecond`.
    public var lowSpeedSeconds: Int

    /// Creates a budget; the defaults are the documented ones.
    public init(
        maxBytes: Int64 = 1 << 30, maxSeconds: Double = 600, lowSpeedBytesPerSecond: Int = 1024,
        lowSpeedSeconds: Int = 30
    ) {
        self.maxBytes = maxBytes
        self.maxSeconds = maxSeconds
        self.lowSpeedBytesPerSecond = lowSpeedBytesPerSecond
        self.lowSpeedSeconds = lowSpeedSeconds
    }
}
