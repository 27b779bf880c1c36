import NearbyGeo
import NearbyPostgres

/// A dataset's places as the join and the picture read them: from the local cache's archive, or
/// from places published to PostGIS (`--places-db`), behind one type, so the join
/// (`CheckpointJoin`, `RouteAmenities`, `RouteCorridor`) and its output never ask which.
///
/// Both are exact ``PlaceLocator``s with the same place numbers (the archive's record numbers are
/// the published ordinals), so both give the same places, order and distances.
public enum PlaceDataset: Sendable {
    /// The cached copy, answered by its mapped archive.
    case cached(OpenedDataset)
    /// The places published to a PostGIS database.
    case published(PublishedDataset)

    /// The dataset's manifest (id, title, licence, attribution).
    public var manifest: DatasetManifest {
        switch self {
        case .cached(let dataset): dataset.manifest
        case .published(let dataset): dataset.manifest
        }
    }

    /// The place with number `index` (0-based, source order), as the join's indices name it.
    public func place(at index: Int) throws(PlaceDatasetError) -> Place {
        switch self {
        case .cached(let dataset):
            do { return try dataset.place(at: index) } catch { throw .archive(error) }
        case .published(let dataset):
            return try dataset.place(at: index)
        }
    }
}

extension PlaceDataset: PlaceLocator {
    public typealias Failure = PlaceDatasetError

    /// The `limit` nearest places within `within` metres, nearest first, ties by place number.
    public func nearest(to query: Coordinate, limit: Int, within: Double) throws(PlaceDatasetError) -> [Neighbor] {
        switch self {
        case .cached(let dataset):
            do { return try dataset.nearest(to: query, limit: limit, within: within) } catch { throw .archive(error) }
        case .published(let dataset):
            return try dataset.nearest(to: query, limit: limit, within: within)
        }
    }

    /// Each query's answer: one batch search of a cached archive's index, or the published
    /// dataset's own answer to each.
    public func nearest(to queries: [Coordinate], limit: Int, within: Double) throws(PlaceDatasetError)
        -> [[Neighbor]]
    {
        switch self {
        case .cached(let dataset):
            do { return try dataset.nearest(to: queries, limit: limit, within: within) } catch { throw .archive(error) }
        case .published(let dataset):
            return try dataset.nearest(to: queries, limit: limit, within: within)
        }
    }

    /// The position of place `index` (one ``nearest(to:limit:within:)`` returned).
    public func coordinate(of index: Int) throws(PlaceDatasetError) -> Coordinate {
        switch self {
        case .cached(let dataset):
            do { return try dataset.coordinate(of: index) } catch { throw .archive(error) }
        case .published(let dataset):
            return try dataset.coordinate(of: index)
        }
    }
}

/// A dataset's places in `nearby.places` of a PostGIS database, read through one shared
/// connection in one snapshot (see ``PostgisPlaceSource``). Place numbers are the published
/// ordinals: the archive's record numbers.
public struct PublishedDataset: Sendable, PlaceLocator {
    public typealias Failure = PlaceDatasetError

    public let manifest: DatasetManifest
    let session: PostgisSession

    init(manifest: DatasetManifest, session: PostgisSession) {
        self.manifest = manifest
        self.session = session
    }

    /// The database it reads from, without its password.
    public var database: String { session.url.redacted }

    /// The place with number `index` (0-based, source order).
    public func place(at index: Int) throws(PlaceDatasetError) -> Place {
        try session.place(manifest.id, at: index)
    }

    /// Exactly the local archive's answer: PostGIS proposes candidates nearest first on its sphere
    /// and they are ranked by WGS84 distance, ties by place number (``SphereRanking``).
    public func nearest(to query: Coordinate, limit: Int, within: Double) throws(PlaceDatasetError) -> [Neighbor] {
        try session.nearest(manifest.id, to: query, limit: limit, within: within)
    }

    /// The position of place `index`.
    public func coordinate(of index: Int) throws(PlaceDatasetError) -> Coordinate {
        try session.coordinate(manifest.id, of: index)
    }
}
