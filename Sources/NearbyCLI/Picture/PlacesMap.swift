import NearbyGeo
import NearbyRuns

/// Everything the `nearby map` page shows, already chosen and formatted by the caller: a point,
/// the numbered places near it (nearest first) and the credits.
struct PlacesMap: Sendable, Hashable {
    /// One numbered place of the map and of the list beside it.
    struct Entry: Sendable, Hashable {
        /// 1, 2, 3 … nearest first; the same number on the marker and in the list.
        var number: Int
        var dataset: String
        var name: String
        var coordinate: Coordinate
        /// "102 m", "1.2 km".
        var distance: String
        /// "SSE" (empty at the point itself).
        var compass: String
        var address: String?
        /// With `--walk`: "347 m · 5 min on foot", or why there is none.
        var walk: String?
        /// With `--walk`: the walk from the point to the place (empty when it cannot be reached).
        var walkPath: [Coordinate] = []
    }

    /// The heading of the page.
    var title: String
    /// The point the places are near.
    var origin: Coordinate
    var entries: [Entry]
    /// Dataset ids in the order asked for; the k-th takes the k-th ``DatasetStyle``.
    var datasets: [String]
    var units: Units
    /// Data credits shown under the map.
    var attribution: String
    var backdrop: MapBackdrop = .plain

    /// The point as the user would write it ("25.0418,121.5152").
    var originText: String {
        "\(Formatting.number(origin.latitude)),\(Formatting.number(origin.longitude))"
    }

    /// Every coordinate the map must show.
    var allCoordinates: [Coordinate] { [origin] + entries.flatMap { [$0.coordinate] + $0.walkPath } }

    /// The style of `dataset`'s markers.
    func style(_ dataset: String) -> DatasetStyle {
        DatasetStyle(index: datasets.firstIndex(of: dataset) ?? 0)
    }
}
