import NearbyGeo

/// Turns a ``TrackDocument`` into a ``CleanedRun``: flattened segments of trustworthy fixes with
/// cumulative geodesic distance.
///
/// Rules, applied to each track's segments in file order (waypoints are ignored):
/// 1. A point with |latitude| > 90 or |longitude| > 180 is a pause marker (OpenTracks writes
///    latitude 100 for pause and 200 for resume). It is dropped and ENDS the current segment;
///    the next valid fix starts a new one, so no distance is ever counted across it.
/// 2. A point at exactly (0, 0) is dropped (a receiver reporting no fix); it does not split.
/// 3. The first kept fix of a segment is trusted. Every later fix is compared with the last
///    kept fix of the same segment:
///    - if both have times and the new time is earlier, the fix is dropped as time-reversed;
///    - a fix more than `maximumLeg` (100 km) from it is a spike whatever the times: such a leg
///      is a fault (a jump to the antipodes), never distance;
///    - if both have times, the implied speed is distance / max(Δt, `minimumInterval`); above
///      `maximumSpeed` the fix is a spike and is dropped (the last kept fix stays the anchor,
///      so a run of consecutive spikes is dropped whole);
///    - if either lacks a time, no speed can be judged and the fix is kept.
///    Recovery: when `recoveryCount` (default 5) consecutive spikes are each believable from the
///    one before (same speed test), the receiver really moved or the anchor itself was wrong:
///    the current segment ends, a new one starts with those fixes (no distance across the
///    jump), and they are no longer counted as spikes. If the abandoned segment held a single
///    fix (a bad first fix after a cold start), that fix is dropped as a spike.
/// 4. A kept fix's elevation, heart rate and cadence outside ``PhysicalLimits`` are dropped and
///    counted in ``CleaningReport/outOfRange`` (readers already do this; runs stored before the
///    rule may still hold such values).
/// 5. A run goes no further than its activity's `maximumDistance` (a runner's 1,000 km, a ride's
///    5,000 km: ``ActivityKind/maximumDistance``): a fix whose leg would take it past that is left
///    out with every fix after it (``CleaningReport/beyondLimit``, ``CleaningReport/cutAt``), so no
///    report of an impossible run grows without bound.
/// 6. Empty segments are removed. Distances are WGS84 geodesic lengths between kept fixes
///    (``Geodesic/legDistance(_:_:)-(Coordinate,Coordinate)``: the chord formula for legs under a
///    kilometre, within 2e-8 m of the inverse solve), summed within segments only.
///
/// The activity kind comes from the options if given, else from the first track's
/// `activityType` (see ``ActivityKind/init(typeString:)``).
public struct TrackCleaner: Sendable {
    /// The options given to ``init(options:)``; a cleaner made with ``init()`` derives its options
    /// from each document's activity type instead.
    public let options: CleaningOptions
    private let explicitOptions: Bool

    /// A cleaner that derives the activity from the document.
    public init() {
        options = CleaningOptions()
        explicitOptions = false
    }

    /// A cleaner with fixed options (the document's activity type is then ignored).
    public init(options: CleaningOptions) {
        self.options = options
        explicitOptions = true
    }

    /// Cleans every track of `document` into one run.
    public func clean(_ document: TrackDocument) -> CleanedRun {
        clean(tracks: document.tracks)
    }

    /// Cleans the given tracks (in order) into one run.
    public func clean(tracks: [Track]) -> CleanedRun {
        let opts: CleaningOptions
        if explicitOptions {
            opts = options
        } else {
            opts = CleaningOptions(activity: ActivityKind(typeString: tracks.first?.activityType))
        }
        let geodesic = Geodesic.wgs84
        var report = CleaningReport()
        var segments: [CleanedSegment] = []
        var current: [CleanedPoint] = []
        // The last kept fix of `current`: every leg starts from it; and its index in the segment
        // (a leg from the fix just before is looked up in `legs`).
        var anchor: Coordinate?
        var anchorIndex = -1
        // Consecutive spikes, each with its leg from the one before (0 for the first), so a
        // recovered chain reuses those lengths: no pair of fixes is ever solved twice.
        var pending: [(point: TrackPoint, coordinate: Coordinate, leg: Double, index: Int)] = []
        var total = 0.0

        func close() {
            if !current.isEmpty { segments.append(CleanedSegment(points: current)) }
            current = []
            anchor = nil
            anchorIndex = -1
            pending = []
        }
        // Once the run would pass its activity's longest distance, every later fix is left out.
        var cut = false
        func keep(_ given: TrackPoint, _ coordinate: Coordinate, legLength: Double, index: Int) {
            guard !cut, total + legLength <= opts.maximumDistance else {
                cut = true
                report.cutAt = opts.maximumDistance
                report.beyondLimit += 1
                return
            }
            var point = given
            PhysicalLimits.check(&point, counts: &report.outOfRange)
            total += legLength
            current.append(
                CleanedPoint(
                    coordinate: coordinate, elevation: point.elevation, time: point.time,
                    heartRate: point.heartRate, cadence: point.cadence, distance: total))
            anchor = coordinate
            anchorIndex = index
            report.keptPoints += 1
        }

        // Every consecutive leg, solved on two threads; cleaning solves again only a leg from a
        // fix further back (after a dropped fix): bit for bit the same figures.
        let legs = ConsecutiveLegs(tracks)
        var segmentNumber = -1
        for track in tracks {
            for segment in track.segments {
                segmentNumber += 1
                close()
                current.reserveCapacity(segment.points.count)
                for (index, point) in segment.points.enumerated() {
                    report.inputPoints += 1
                    if cut {
                        report.beyondLimit += 1
                        continue
                    }
                    guard let coordinate = point.coordinate else {
                        report.pauseMarkers += 1
                        close()
                        continue
                    }
                    if point.latitude == 0 && point.longitude == 0 {
                        report.nullIsland += 1
                        continue
                    }
                    guard let last = anchor, let lastTime = current.last.map(\.time) else {
                        keep(point, coordinate, legLength: 0, index: index)
                        continue
                    }
                    if let t0 = lastTime, let t1 = point.time, t1 < t0 {
                        report.timeReversed += 1
                        continue
                    }
                    // A leg from the fix just before was solved in `legs`; one from further back
                    // (after dropped fixes) is solved here, bit for bit as `legs` would.
                    let legLength =
                        anchorIndex == index - 1
                        ? legs.leg(segment: segmentNumber, index: index) : geodesic.legDistance(last, coordinate)
                    if opts.isBelievable(legLength, from: lastTime, to: point.time) {
                        pending = []
                        keep(point, coordinate, legLength: legLength, index: index)
                        continue
                    }
                    report.spikes += 1
                    let chained = pending.last.map { last in
                        let leg =
                            last.index == index - 1
                            ? legs.leg(segment: segmentNumber, index: index)
                            : geodesic.legDistance(last.coordinate, coordinate)
                        return (last, leg)
                    }
                    if let (last, leg) = chained, opts.isBelievable(leg, from: last.point.time, to: point.time) {
                        pending.append((point, coordinate, leg, index))
                    } else {
                        pending = [(point, coordinate, 0, index)]
                    }
                    guard pending.count >= opts.recoveryCount else { continue }
                    // A believable chain of "spikes": the receiver really moved (or the anchor was
                    // the outlier). Restart a segment at the chain; a lone anchor is dropped.
                    let chain = pending
                    report.spikes -= chain.count
                    if current.count == 1 {
                        current = []
                        report.keptPoints -= 1
                        report.spikes += 1
                    }
                    close()
                    report.recoveries += 1
                    for link in chain { keep(link.point, link.coordinate, legLength: link.leg, index: link.index) }
                }
            }
        }
        close()
        return CleanedRun(segments: segments, activity: opts.activity, report: report)
    }
}
