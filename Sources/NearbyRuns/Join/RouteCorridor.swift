import NearbyGeo

/// The places near a run's fixes: what the run's picture draws beside the route.
///
/// Rule: for every kept fix of the run, the `perFix` places nearest to it whose geodesic distance
/// is at most `radius` metres (ordered by (distance, place number), as the ``PlaceLocator``
/// contract gives them); the answer for a dataset is the union over all fixes, each place once,
/// in place-number order (source order for a place archive). `perFix` keeps a dense street from
/// filling the picture: a place that is never among the `perFix` nearest of any fix is left out.
public struct RouteCorridor: Sendable {
    /// Largest distance from a fix, metres.
    public var radius: Double
    /// Places kept per fix and dataset.
    public var perFix: Int

    /// A corridor of `radius` metres (non-finite or negative: 0) keeping `perFix` places per fix
    /// (negative: 0).
    public init(radius: Double, perFix: Int = 5) {
        self.radius = radius.isFinite ? Swift.max(0, radius) : 0
        self.perFix = Swift.max(0, perFix)
    }

    /// For each dataset, in the order given: the numbers of its places near `run`'s fixes, ascending.
    public func places<Locator: PlaceLocator>(near run: CleanedRun, with datasets: [Locator])
        throws(Locator.Failure) -> [[Int]]
    {
        let fixes = run.points
        var result: [[Int]] = []
        result.reserveCapacity(datasets.count)
        for dataset in datasets {
            var numbers = Set<Int>()
            if perFix > 0 && !fixes.isEmpty {
                for answer in try dataset.answers(for: fixes.map(\.coordinate), limit: perFix, within: radius) {
                    for neighbour in answer { numbers.insert(neighbour.index) }
                }
            }
            result.append(numbers.sorted())
        }
        return result
    }
}
