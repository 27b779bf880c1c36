import NearbyGeo

/// Places along a run: the nearest place of each dataset to every kilometre (or mile) of the
/// route, and the longest stretch of route with no place within reach.
///
/// Definitions (route points and route distance as in ``CheckpointJoin``; distances are WGS84
/// geodesic lengths):
/// - Pieces: the route is cut at every multiple of `unit` metres of route distance from the
///   first fix (as ``Split`` cuts it); the last piece is partial when the run ends more than
///   1 mm past the last full boundary.
/// - Nearest place of a piece: the place P minimising the distance from P to the piece (the
///   least distance from P to any route point of the piece), ties by the smaller place index;
///   its ``PlaceAlongRoute/distance`` is that least distance and
///   ``PlaceAlongRoute/closest`` the route point attaining it.
/// - A route point is covered when some place is at most `reach` metres from it. The longest
///   gap is the longest maximal stretch of uncovered route (by route distance; the jump
///   between segments has no length and joins two uncovered stretches), ties by the earlier
///   start; its ends are the route points where a place comes exactly `reach` metres away (or
///   the run's ends). Nil when every route point is covered.
///
/// How the index gives the exact answers: the route is sampled every ≤ `spacing` metres (and
/// at each unit boundary and segment end), and each sample asks each dataset for its single
/// nearest place (r). For an interval of length δ between samples with nearest distances r₁,
/// r₂, no place is nearer to any of its points than (r₁ + r₂ − δ) / 2, and the nearest place of
/// either end is within min(r₁, r₂) + δ of all of it. So an interval is settled from the
/// samples alone unless those bounds straddle the answer; only then are the places within
/// (answer + δ/2) of its ends fetched and their exact distances (or covered ranges) to the
/// interval computed with the leg geometry (to well under a millimetre; see `RouteGeometry`).
/// The answers are those of the continuous definitions, not of the samples.
public struct RouteAmenities: Sendable {
    /// Piece length, metres (1000 or 1609.344, see ``Units/metresPerUnit``).
    public var unit: Double
    /// The coverage distance of the gap rule, metres.
    public var reach: Double
    /// Largest route distance between samples, metres (only speed depends on it).
    public var spacing: Double

    /// Pieces of `unit` metres, gaps with no place within `reach` metres, sampled every
    /// `spacing` metres (clamped to 1…1000; non-finite or negative values count as 0 for
    /// `reach`, and a `unit` that is not positive gives one piece for the whole run).
    public init(unit: Double = 1000, reach: Double, spacing: Double = 20) {
        self.unit = unit.isFinite && unit > 0 ? unit : 0
        self.reach = reach.isFinite ? Swift.max(0, reach) : 0
        self.spacing = spacing.isFinite ? Swift.min(1000, Swift.max(1, spacing)) : 20
    }

    /// The pieces and gaps of `run` against each dataset.
    public func along<Locator: PlaceLocator>(_ run: CleanedRun, with datasets: [Locator])
        throws(Locator.Failure) -> RouteAmenitiesReport
    {
        let route = RouteGeometry(run)
        guard !route.isEmpty else {
            return RouteAmenitiesReport(pieces: [], gaps: datasets.map { _ in nil }, combinedGap: nil)
        }
        let pieceCount =
            unit > 0 && route.length > 0
            ? WholeNumber.clamped((route.length - 1e-3) / unit, rounding: .up, to: 1...Int(Int32.max)) : 1
        let samples = RouteSamples(route, spacing: spacing, unit: unit, pieces: pieceCount)
        var nearest: [[Neighbor?]] = []
        let sampled = samples.samples.map(\.coordinate)
        for dataset in datasets {
            nearest.append(try dataset.answers(for: sampled, limit: 1, within: .infinity).map(\.first))
        }
        let solver = AlongSolver(route: route, samples: samples, pieces: pieceCount)
        var pieces: [RoutePiece] = []
        for k in 0..<pieceCount {
            let start = unit > 0 ? Double(k) * unit : 0
            let end = unit > 0 ? Swift.min(route.length, Double(k + 1) * unit) : route.length
            var perDataset: [PlaceAlongRoute?] = []
            for (n, dataset) in datasets.enumerated() {
                perDataset.append(try solver.nearest(in: k, dataset: dataset, samples: nearest[n]))
            }
            pieces.append(
                RoutePiece(number: k + 1, startDistance: start, endDistance: end, nearest: perDataset))
        }
        var gaps: [RouteStretch?] = []
        for n in datasets.indices {
            gaps.append(try solver.longestGap(reach: reach, datasets: [datasets[n]], samples: [nearest[n]]))
        }
        let combined =
            datasets.count > 1
            ? try solver.longestGap(reach: reach, datasets: datasets, samples: nearest) : gaps.first ?? nil
        return RouteAmenitiesReport(pieces: pieces, gaps: gaps, combinedGap: combined)
    }
}

/// The answer of ``RouteAmenities/along(_:with:)``.
public struct RouteAmenitiesReport: Sendable, Hashable {
    /// Every piece of the run in order.
    public var pieces: [RoutePiece]
    /// Per dataset, in the order given: the longest stretch with no place of it within reach.
    public var gaps: [RouteStretch?]
    /// The longest stretch with no place of any dataset within reach.
    public var combinedGap: RouteStretch?
}

/// One kilometre (or mile) of a run and the nearest place of each dataset to it.
public struct RoutePiece: Sendable, Hashable {
    /// 1-based position of the piece.
    public var number: Int
    /// Route distances of the piece's ends, metres from the first fix.
    public var startDistance: Double
    public var endDistance: Double
    /// Per dataset: the place nearest to this piece of route (nil for an empty dataset).
    public var nearest: [PlaceAlongRoute?]
}

/// A place and how far it is from (a piece of) the route.
public struct PlaceAlongRoute: Sendable, Hashable {
    /// The locator's number for the place.
    public var index: Int
    /// Least geodesic distance from the place to the route (piece), metres.
    public var distance: Double
    /// The route point nearest to the place.
    public var closest: RoutePoint
}

/// A stretch of route between two route points.
public struct RouteStretch: Sendable, Hashable {
    public var start: RoutePoint
    public var end: RoutePoint
    /// Metres of route distance from start to end.
    public var length: Double { end.distance - start.distance }
}
