/// Recordings without positions, of our own making, in the shapes ORACLE.md describes for
/// `fitparse__sample-activity-indoor-trainer.fit` (records every second with heart rate, cadence
/// and power but no position and no distance; one cycling session whose `total_distance` is 0;
/// 5 laps) and a treadmill's (the same, with a running distance), plus TCX files without
/// `<Position>`.
///
/// Hand-computed figures of ``indoorRide(records:distancePerRecordCm:sport:subSport:)`` with the
/// defaults: 241 records at FIT time t0 + 5 … t0 + 245 (t0 = 2021-09-08T01:46:40Z), so the first
/// record is 01:46:45Z and the elapsed time first → last is 240 s (4:00); the session says 240.5 s
/// elapsed and 238.25 s timer (3:58); no distance.
public enum IndoorFixtures {
    public typealias W = FITTestWriter
    /// Unix time of the first record: t0 + 5 s.
    public static let firstRecordUnix = FITTestWriter.unixT0 + 5
    /// First to last record of the default ride, seconds.
    public static let elapsed = 240.0

    /// FIT's invalid `sint32` (no position) and `uint32` (no distance).
    static let noPosition: UInt64 = 0x7FFF_FFFF
    static let noDistance: UInt64 = 0xFFFF_FFFF

    /// An indoor recording: `records` records one second apart from t0 + 5 without positions
    /// (heart rate 120…139, cadence 85, power 200…209), a distance of `distancePerRecordCm` per
    /// record (none when nil), 5 laps, timer start and stop, one session of `sport` / `subSport`
    /// (2 = cycling; 1 / 1 = running / treadmill) whose total distance is the last record's (0
    /// without one), 240.5 s elapsed and 238.25 s timer. The first `positioned` records carry a
    /// position (25.03°N 121.52°E: a stray fix from a watch that lost GPS indoors).
    public static func indoorRide(
        records: Int = 241, distancePerRecordCm: UInt64? = nil, sport: UInt64 = 2, subSport: UInt64 = 0,
        positioned: Int = 0
    ) -> [UInt8] {
        var w = W()
        w.defineRun()
        w.timer(5, type: 0)
        var lastDistance: UInt64 = 0
        for k in 0..<UInt64(max(records, 0)) {
            let distance = distancePerRecordCm.map { $0 * k }
            if let distance { lastDistance = distance }
            let fixed = k < UInt64(max(positioned, 0))
            let latitude = fixed ? W.semicircles(25.03) : noPosition
            let longitude = fixed ? W.semicircles(121.52) : noPosition
            w.message(
                local: 1,
                [W.t0 + 5 + k, latitude, longitude, 2500, 120 + k % 20, 85, distance ?? noDistance, 200 + k % 10])
            if k % 50 == 49 { w.message(local: 4, [W.t0 + 5 + k]) }
        }
        let end = 5 + UInt64(max(records, 1) - 1)
        w.timer(end, type: 4)
        w.message(local: 4, [W.t0 + end])
        w.session(
            end: end, start: 5, sport: sport, subSport: subSport, elapsedMs: 240_500, timerMs: 238_250,
            distanceCm: lastDistance, averageSpeedMm: 0)
        w.message(local: 5, [W.t0 + end, W.t0 + end + 8 * 3600])
        return w.file()
    }

    /// A TCX activity without `<Position>`: `points` trackpoints 30 s apart from
    /// 2021-09-08T01:46:45Z with heart rate, and `DistanceMeters` growing by `metresPerPoint`
    /// (left out when nil). Hand-computed: elapsed 30 × (points − 1) s; distance
    /// `metresPerPoint` × (points − 1) m.
    public static func tcx(points: Int = 11, metresPerPoint: Double? = 75, sport: String = "Running") -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="\(sport)"><Id>2021-09-08T01:46:45Z</Id>
            <Lap StartTime="2021-09-08T01:46:45Z"><TotalTimeSeconds>300</TotalTimeSeconds><Track>

            """
        for k in 0..<max(points, 0) {
            let seconds = 45 + 30 * k
            let time = "2021-09-08T01:\(46 + seconds / 60):\(pad(seconds % 60))Z"
            let distance = metresPerPoint.map { "<DistanceMeters>\(Double(k) * $0)</DistanceMeters>" } ?? ""
            text += "<Trackpoint><Time>\(time)</Time>\(distance)<HeartRateBpm><Value>\(130 + k)</Value></HeartRateBpm>"
            text += "<Cadence>88</Cadence></Trackpoint>\n"
        }
        return text + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>\n"
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
