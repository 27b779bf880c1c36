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
struct IndexView: @unchecked Sendable {
    let layout: SpatialIndexLayout
    /// x, y, z of point i at 3i, 3i+1, 3i+2.
    let positions: UnsafePointer<Double>
    /// Rounded latitude, longitude, sin β, cos β, dn of point i at 5i…5i+4.
    let terms: UnsafePointer<Double>
    /// Box of node j at 6j…6j+5.
    let boxes: UnsafePointer<Float>
    let ids: UnsafePointer<UInt32>

    /// `base` must be 8-byte aligned and hold `layout.totalSize` bytes.
    init(base: UnsafeRawPointer, layout: SpatialIndexLayout) {
        self.layout = layout
        positions = (base + layout.positionOffset).assumingMemoryBound(to: Double.self)
        terms = (base + layout.termOffset).assumingMemoryBound(to: Double.self)
        boxes = (base + layout.boxOffset).assumingMemoryBound(to: Float.self)
        ids = (base + layout.idOffset).assumingMemoryBound(to: UInt32.self)
    }
}
