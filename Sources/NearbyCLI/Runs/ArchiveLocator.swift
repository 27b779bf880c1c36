import NearbyFeeds
import NearbyGeo
import NearbyRuns

/// A dataset's place archive as the join's ``PlaceLocator``: indices are record numbers.
struct ArchiveLocator: PlaceLocator {
    typealias Failure = PlaceArchiveError
    let dataset: OpenedDataset

    func nearest(to query: Coordinate, limit: Int, within: Double) throws(PlaceArchiveError) -> [Neighbor] {
        try dataset.archive.nearest(to: query, limit: limit, within: within).map {
            Neighbor(index: $0.record, distance: $0.distance)
        }
    }

    func coordinate(of index: Int) throws(PlaceArchiveError) -> Coordinate {
        guard let coordinate = try dataset.archive.coordinate(at: index) else { throw .damagedRecord(index) }
        return coordinate
    }

    /// Opens the `--near` datasets of a join command.
    static func open(_ context: CommandContext) throws(CLIError) -> [ArchiveLocator] {
        let ids = context.arguments.list("near")
        guard !ids.isEmpty else { throw .usage("name the datasets with --near, such as --near toilets,parks") }
        let session = try PlacesSession(context, only: Set(ids))
        var locators: [ArchiveLocator] = []
        for id in ids { locators.append(ArchiveLocator(dataset: try session.open(id, verifyAll: true))) }
        return locators
    }

    func name(_ index: Int) throws(CLIError) -> Place {
        do { return try dataset.archive.place(at: index) } catch {
            throw .failure("\(dataset.manifest.id): \(error.description)")
        }
    }
}
