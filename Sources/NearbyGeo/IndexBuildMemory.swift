/// Memory a caller lends to a ``SpatialIndex`` build for its three large buffers: the image
/// and two working arrays (about 130 bytes per point).
///
/// A caller that has just written out pages it no longer needs (the sections of a place
/// archive) lends them, so the build writes into memory the process already has instead of
/// faulting in fresh pages and leaving the old ones to be unmapped. The index keeps the lender
/// alive for as long as its image lives.
public protocol IndexBuildMemory: AnyObject, Sendable {
    /// `byteCount` (> 0) writable bytes, 64-byte aligned, of any content, not lent to anyone
    /// else and valid while `self` lives; nil when there are none (the build then allocates
    /// its own).
    func lend(byteCount: Int) -> UnsafeMutableRawPointer?
}
