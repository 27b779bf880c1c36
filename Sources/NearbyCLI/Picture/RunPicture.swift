import NearbyGeo
import NearbyRuns

/// Everything the HTML picture of a run shows, already chosen and formatted by the caller.
///
/// The renderer only lays it out: it never reads files, the clock or the network.
struct RunPicture: Sendable, Hashable {
    /// One labelled figure of the side panel ("Distance", "5.00 km").
    struct Figure: Sendable, Hashable {
        var label: String
        var value: String
    }

    /// The speeds at the two ends of the pace colour scale, m/s (slow … fast).
    struct PaceScale: Sendable, Hashable {
        var low: Double
        var high: Double
    }

    /// A badge checkpoint: where the run passed the badge's distance.
    struct CheckpointPin: Sendable, Hashable {
        /// The badge name shown beside the pin.
        var badge: String
        /// Metres from the start where the badge distance was passed.
        var distance: Double
        var coordinate: Coordinate
    }

    /// A nearby place of one of the chosen datasets.
    struct Place: Sendable, Hashable {
        /// The dataset id ("toilets", "parks", …); places of one dataset share a symbol.
        var dataset: String
        var name: String
        var coordinate: Coordinate
    }

    /// The heading of the page (the run's title).
    var title: String
    /// Figures of the side panel, in order.
    var figures: [Figure]
    /// The route: one leg per pair of consecutive fixes, coloured by pace.
    var legs: [ColouredLeg]
    /// The pace scale's ends for the legend; nil when no leg is timed.
    var paceScale: PaceScale?
    /// Units of the legend's pace labels and the scale bar.
    var units: Units
    /// Badge checkpoints, in order along the run.
    var checkpoints: [CheckpointPin]
    /// Nearby places of the chosen datasets.
    var places: [Place]
    /// Where the run started and finished (the first and last kept fix); nil without fixes.
    var start: Coordinate?
    var finish: Coordinate?
    /// Data credits shown under the map (the only place a URL may appear).
    var attribution: String
    /// What the map is drawn on: the plain background (the default) or embedded tiles.
    var backdrop: MapBackdrop = .plain
    /// The activity, for how the legend tells speeds (a pace on foot, km/h for a ride).
    var activity: ActivityKind = .unknown

    /// A picture with every field given; `start`/`finish` default to the ends of `legs`.
    init(
        title: String, figures: [Figure], legs: [ColouredLeg], paceScale: PaceScale?,
        units: Units, checkpoints: [CheckpointPin] = [], places: [Place] = [],
        start: Coordinate? = nil, finish: Coordinate? = nil, attribution: String = ""
    ) {
        self.title = title
        self.figures = figures
        self.legs = legs
        self.paceScale = paceScale
        self.units = units
        self.checkpoints = checkpoints
        self.places = places
        self.start = start ?? legs.first?.from
        self.finish = finish ?? legs.last?.to
        self.attribution = attribution
    }

    /// The pace scale of `legs` as ``PaceColouring`` built it (5th … 95th percentile).
    static func paceScale(of legs: [ColouredLeg]) -> PaceScale? {
        PaceColouring.scale(legs.compactMap(\.speed)).map { PaceScale(low: $0.low, high: $0.high) }
    }

    /// Every coordinate the map must show.
    var allCoordinates: [Coordinate] {
        var all: [Coordinate] = []
        all.reserveCapacity(legs.count * 2 + places.count + checkpoints.count + 2)
        for leg in legs {
            all.append(leg.from)
            all.append(leg.to)
        }
        all += places.map(\.coordinate)
        all += checkpoints.map(\.coordinate)
        if let start { all.append(start) }
        if let finish { all.append(finish) }
        return all
    }

    /// Dataset ids in order of first appearance.
    var datasets: [String] {
        var seen: Set<String> = []
        return places.map(\.dataset).filter { seen.insert($0).inserted }
    }
}
