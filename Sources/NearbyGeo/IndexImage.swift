// Memory behind a SpatialIndex: either allocated by the index itself or borrowed from an owner
// (such as a memory map) that the index keeps alive.

/// The bytes of an index image and whatever keeps them alive.
final class IndexImage: @unchecked Sendable {
    // Immutable after init; the bytes are never written once the image is published.
    let base: UnsafeRawPointer
    let byteCount: Int
    private let allocation: UnsafeMutableRawPointer?
    private let owner: (any AnyObject & Sendable)?

    /// Takes ownership of `allocation` (allocated with `UnsafeMutableRawPointer.allocate`).
    init(adopting allocation: UnsafeMutableRawPointer, byteCount: Int) {
        self.base = UnsafeRawPointer(allocation)
        self.byteCount = byteCount
        self.allocation = allocation
        self.owner = nil
    }

    /// Borrows `base`, which `owner` keeps valid for its lifetime.
    init(borrowing base: UnsafeRawPointer, byteCount: Int, owner: (any AnyObject & Sendable)?) {
        self.base = base
        self.byteCount = byteCount
        self.allocation = nil
        self.owner = owner
    }

    deinit { allocation?.deallocate() }
}

/// Typed views of the sections of an image (see ``SpatialIndexLayout``).
///
/// `@unchecked Sendable`: read-only pointers into an ``IndexImage`` (immutable once published)
/// that the index holding this view keeps alive.
struct IndexView: @unchecked Sendable {
    let layout: SpatialIndexLayout
    /// Record of point i at 8i: x, y, z, rounded latitude, longitude, sin β, cos β, then the
    /// UInt32 id in the low half of 8i+7.
    let points: UnsafePointer<Double>
    /// Box of node j at 6j…6j+5.
    let boxes: UnsafePointer<Float>
    /// Byte offsets of the points and of the boxes in the image (``SpatialIndexLayout``).
    let pointOffset: Int
    let boxOffset: Int

    /// `base` must be 8-byte aligned and hold `layout.totalSize` bytes.
    init(base: UnsafeRawPointer, layout: SpatialIndexLayout) {
        self.layout = layout
        points = (base + layout.pointOffset).assumingMemoryBound(to: Double.self)
        boxes = (base + layout.boxOffset).assumingMemoryBound(to: Float.self)
        pointOffset = layout.pointOffset
        boxOffset = layout.boxOffset
    }
}
