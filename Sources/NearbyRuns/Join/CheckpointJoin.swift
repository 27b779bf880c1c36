import NearbyGeo

/// A place near a checkpoint: how far, which way, and what it costs to visit from the route.
public struct PlaceNearCheckpoint: Sendable, Hashable {
    /// The locator's number for the place.
    public var index: Int
    /// WGS84 geodesic distance from the checkpoint, metres.
    public var distance: Double
    /// Initial bearing from the checkpoint to the place, degrees clockwise from north, [0, 360).
    public var bearing: Double
    /// Out-and-back detour, metres: twice the distance from ``departure`` to the place.
    public var detour: Double
    /// Where the runner leaves the route for the place: the route point nearest to it within
    /// the detour window around the checkpoint.
    public var departure: RoutePoint

    /// A match with every field given.
    public init(index: Int, distance: Double, bearing: Double, detour: Double, departure: RoutePoint) {
        self.index = index
        self.distance = distance
        self.bearing = bearing
        self.detour = detour
        self.departure = departure
    }
}

/// One checkpoint and, for each dataset, the places near it (empty when nothing is in reach).
public struct CheckpointMatches: Sendable, Hashable {
    /// The checkpoint (badge, position, elapsed time).
    public var checkpoint: Checkpoint
    /// Metres along the run from its first fix: the badge distance.
    public var routeDistance: Double
    /// Per dataset, in the order given: the nearest places within the radius, nearest first.
    public var places: [[PlaceNearCheckpoint]]

    /// A result with every field given.
    public init(checkpoint: Checkpoint, routeDistance: Double, places: [[PlaceNearCheckpoint]]) {
        self.checkpoint = checkpoint
        self.routeDistance = routeDistance
        self.places = places
    }

    /// True when no dataset has a place within the radius of this checkpoint.
    public var isEmpty: Bool { places.allSatisfy(\.isEmpty) }
}

/// Joins badge checkpoints with places: which toilets, parks or landmarks lie near each
/// checkpoint, and how far off the route they are.
///
/// Rules:
/// - For each checkpoint and each dataset: the `limit` places whose geodesic distance from the
///   checkpoint is at most `radius` metres, ordered by (distance, index) — exactly what a
///   brute-force scan of every place gives, because the locator is exact.
/// - Bearing: the initial bearing of the geodesic from the checkpoint to the place.
/// - Detour (out and back): the route points within `window` metres of route distance of the
///   checkpoint (the window [c − W, c + W], clipped to the run) are where the runner may leave
///   the route; the departure is the one nearest to the place (see the accuracy note on
///   route distance in `RouteGeometry`: within a millimetre of the true minimum), and the
///   detour is twice its geodesic distance to the place. The checkpoint itself is in the
///   window, so the detour never exceeds twice the straight-line distance. W defaults to the
///   radius: a place reachable within the radius of the checkpoint is left from route points at
///   most that far along the route from it.
public struct CheckpointJoin: Sendable {
    /// Largest distance from a checkpoint, metres.
    public var radius: Double
    /// Places kept per dataset and checkpoint.
    public var limit: Int
    /// Half-width of the detour window, metres of route distance.
    public var window: Double
    /// True when the locators answer by walking distance (`checkpoints --walk`): the detour is then
    /// the walk from the checkpoint there and back, since a straight line from another route point
    /// says nothing about the walk from it.
    public var walking = false

    /// A join within `radius` metres, keeping `limit` places, with a detour window of
    /// `window` metres (nil: the radius). Negative or non-finite values count as 0.
    public init(radius: Double, limit: Int = 3, window: Double? = nil) {
        self.radius = radius.isFinite ? Swift.max(0, radius) : 0
        self.limit = Swift.max(0, limit)
        let w = window ?? self.radius
        self.window = w.isFinite ? Swift.max(0, w) : 0
    }

    /// The matches of every checkpoint of `run` against each dataset, in checkpoint order.
    ///
    /// `checkpoints` are those of ``Checkpoint/checkpoints(of:catalogue:)`` for `run`; the
    /// checkpoint's route distance is its badge distance.
    public func join<Locator: PlaceLocator>(
        _ checkpoints: [Checkpoint], of run: CleanedRun, with datasets: [Locator]
    ) throws(Locator.Failure) -> [CheckpointMatches] {
        let route = RouteGeometry(run)
        // Every checkpoint's places per dataset first, in one batch per dataset.
        let coordinates = checkpoints.map(\.coordinate)
        var found: [[[Neighbor]]] = []
        found.reserveCapacity(datasets.count)
        for dataset in datasets {
            found.append(
                limit > 0 && !coordinates.isEmpty
                    ? try dataset.answers(for: coordinates, limit: limit, within: radius)
                    : [[Neighbor]](repeating: [], count: coordinates.count))
        }
        var result: [CheckpointMatches] = []
        result.reserveCapacity(checkpoints.count)
        for (number, checkpoint) in checkpoints.enumerated() {
            let c = checkpoint.badge.distance
            var perDataset: [[PlaceNearCheckpoint]] = []
            for (d, dataset) in datasets.enumerated() {
                var matches: [PlaceNearCheckpoint] = []
                for neighbour in found[d][number] {
                    let place = try dataset.coordinate(of: neighbour.index)
                    let bearing = Geodesic.wgs84.inverse(checkpoint.coordinate, place).initialBearing
                    var departure = RoutePoint(distance: c, coordinate: checkpoint.coordinate)
                    var offRoute = neighbour.distance
                    if !walking, let near = route.closest(to: place, from: c - window, to: c + window),
                        near.distance < offRoute
                    {
                        departure = near.point
                        offRoute = near.distance
                    }
                    matches.append(
                        PlaceNearCheckpoint(
                            index: neighbour.index, distance: neighbour.distance, bearing: bearing,
                            detour: 2 * offRoute, departure: departure))
                }
                perDataset.append(matches)
            }
            result.append(CheckpointMatches(checkpoint: checkpoint, routeDistance: c, places: perDataset))
        }
        return result
    }
}
