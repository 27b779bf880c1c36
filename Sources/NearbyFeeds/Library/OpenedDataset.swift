import NearbyGeo

/// A dataset ready for queries.
public struct OpenedDataset: Sendable {
    public var manifest: DatasetManifest
    public var archive: PlaceArchive
    /// The cached copy the archive belongs to.
    public var entry: CachedEntry
    public var metadata: CacheMetadata { entry.metadata }
    /// Things the user should hear about (a stale copy, a rebuilt index).
    public var warnings: [PlaceLibraryWarning]

    /// The place with record number `record` (0-based, source order), as the join's indices name it.
    public func place(at record: Int) throws(PlaceArchiveError) -> Place {
        try archive.place(at: record)
    }
}

/// An opened dataset is the join's ``PlaceLocator``: its place numbers are the archive's record
/// numbers, and its answers are the archive's exact nearest search.
extension OpenedDataset: PlaceLocator {
    public typealias Failure = PlaceArchiveError

    /// The `limit` nearest places within `within` metres, nearest first, ties by record number.
    public func nearest(to query: Coordinate, limit: Int, within: Double) throws(PlaceArchiveError) -> [Neighbor] {
        try archive.nearest(to: query, limit: limit, within: within).map {
            Neighbor(index: $0.record, distance: $0.distance)
        }
    }

    /// Each query's answer from one batch search of the archive's index.
    public func nearest(to queries: [Coordinate], limit: Int, within: Double) throws(PlaceArchiveError) -> [[Neighbor]]
    {
        try archive.nearest(to: queries, limit: limit, within: within).map { answer in
            answer.map { Neighbor(index: $0.record, distance: $0.distance) }
        }
    }

    /// The coordinate of record `index` (one ``nearest(to:limit:within:)`` returned, so it has one).
    public func coordinate(of index: Int) throws(PlaceArchiveError) -> Coordinate {
        guard let coordinate = try archive.coordinate(at: index) else { throw .damagedRecord(index) }
        return coordinate
    }
}
