import NearbyRuns

/// One segment of a ``RunRecord`` made ready for a store: its points packed in a ``PointBlob``
/// and the box `runs near` searches them by. ``RunLibrary`` packs a run's segments on a second
/// thread while it analyses the run; ``RunStoring/importRun(_:)`` packs them itself.
public struct PackedSegment: Sendable {
    /// The number of points in ``points``.
    public let pointCount: Int
    /// The points, packed (``PointBlob/encode(_:)``).
    public let points: [UInt8]
    /// Their latitude and longitude ranges (``SearchWindow/box(of:)``), nil when the segment is
    /// not searchable.
    public let box: (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>)?

    /// Packs `segment`.
    public init(_ segment: TrackSegment) {
        pointCount = segment.points.count
        points = PointBlob.encode(segment.points)
        box = SearchWindow.box(of: segment.points)
    }

    /// Every one of `segments`, packed, in order.
    public static func pack(_ segments: [TrackSegment]) -> [PackedSegment] {
        segments.map(PackedSegment.init)
    }
}

extension RunRecord {
    /// Checks that `packed` is this record's segments packed one for one (as many, with as many
    /// points each); every ``RunStoring`` store checks this before storing.
    public func check(_ packed: [PackedSegment]) throws(RunStoreError) {
        guard packed.count == segments.count,
            zip(packed, segments).allSatisfy({ $0.pointCount == $1.points.count })
        else { throw .invalidRecord("the packed points do not match the run's segments") }
    }
}
