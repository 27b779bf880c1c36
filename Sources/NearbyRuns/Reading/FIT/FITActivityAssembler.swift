/// Turns what the ``FITActivityBuilder`` read into a ``FITActivity``: converts FIT times,
/// leaves out records with impossible timestamps, gives every record its session (file order:
/// the records before a session message are its records; records after the last one belong to
/// it too, which covers files that write the session first) and builds the tracks.
struct FITActivityAssembler {
    /// Seconds from 1970-01-01 to the FIT epoch 1989-12-31T00:00:00Z.
    static let epoch: Double = 631_065_600
    /// FIT `date_time` values below this are relative to the device's power-on.
    static let firstAbsolute: UInt32 = 0x1000_0000
    static let degreesPerSemicircle = 180 / 2_147_483_648.0

    let builder: FITActivityBuilder
    let options: FITDecoder.Options
    /// The file ended early or was damaged: sessions written before unread records are untrusted.
    let incomplete: Bool
    private(set) var warnings: [FITWarning] = []
    /// Seconds to add to a relative time to make it a (local, approximate) FIT time.
    private let anchor: Int64?
    private var usedRelative = false

    init(builder: FITActivityBuilder, options: FITDecoder.Options, incomplete: Bool) {
        self.builder = builder
        self.options = options
        self.incomplete = incomplete
        if let local = builder.activityLocalTime, local >= Self.firstAbsolute, let time = builder.activityTime,
            time < Self.firstAbsolute
        {
            anchor = Int64(local) - Int64(time)
        } else {
            anchor = nil
        }
    }

    /// A FIT time as seconds since 1970, placing relative times with the anchor (or nil).
    mutating func unixTime(_ raw: UInt32?) -> Double? {
        guard let raw else { return nil }
        if raw >= Self.firstAbsolute { return Double(raw) + Self.epoch }
        usedRelative = true
        return anchor.map { Double(Int64(raw) + $0) + Self.epoch }
    }

    mutating func assemble() -> FITActivity {
        let records = builder.records
        let times = records.map { unixTime($0.time) }
        let keep = keptRecords(times)
        let dropped = keep.lazy.filter { !$0 }.count
        if dropped > 0 { warnings.append(.droppedImpossibleTimestamps(count: dropped)) }

        var raws = builder.sessions
        if raws.isEmpty, !records.isEmpty {
            warnings.append(.neverClosed)
            raws = [
                FITActivityBuilder.Session(recordEnd: records.count, sport: builder.sport, subSport: builder.subSport)
            ]
        }
        var sessions: [FITSession] = []
        var tracks: [Track] = []
        var untrusted = 0
        let bounds = sessionBounds(raws, keep: keep)
        for (index, raw) in raws.enumerated() {
            let (start, end) = (bounds[index], bounds[index + 1])
            // The last session also takes the records after it; when the file ended early those
            // were cut short, so its totals describe records that are missing.
            let cutShort = incomplete && index == raws.count - 1 && raw.recordEnd < records.count
            let trusted = !cutShort && !builder.sessions.isEmpty
            if !trusted && !builder.sessions.isEmpty { untrusted += 1 }
            var session = FITSession(
                sport: raw.sport.map(FITProfile.sportName), subSport: raw.subSport.map(FITProfile.subSportName),
                startTime: unixTime(raw.startTime), endTime: unixTime(raw.time),
                totalElapsedTime: trusted ? raw.elapsed : nil, totalTimerTime: trusted ? raw.timer : nil,
                totalDistance: trusted ? raw.distance : nil, averageSpeed: trusted ? raw.averageSpeed : nil,
                recordCount: 0, positionedRecordCount: 0, isSynthesized: builder.sessions.isEmpty)
            var track = Track(
                name: raws.count > 1
                    ? "Part \(index + 1) of \(raws.count)" + (session.sport.map { ": " + $0 } ?? "") : nil,
                activityType: session.sport)
            var segment = TrackSegment()
            var pendingBreak = false
            var previousPaused: Bool?
            var summary = RecordSummary()
            for position in start..<end {
                let record = records[position]
                pendingBreak = pendingBreak || record.breakBefore
                guard keep[position] else { continue }
                session.recordCount += 1
                summary.add(time: times[position], distance: record.distance)
                if let time = times[position] {
                    if session.firstRecordTime == nil { session.firstRecordTime = time }
                    session.lastRecordTime = time
                }
                if let distance = record.distance { session.lastRecordDistance = distance }
                guard let latitude = record.latitude, let longitude = record.longitude else { continue }
                session.positionedRecordCount += 1
                if record.duringPause {
                    session.pausedPointCount += 1
                    guard options.keepPausedRecords else {
                        pendingBreak = true
                        continue
                    }
                }
                if let previousPaused, previousPaused != record.duringPause { pendingBreak = true }
                previousPaused = record.duringPause
                if pendingBreak, !segment.points.isEmpty {
                    track.segments.append(segment)
                    segment = TrackSegment()
                }
                pendingBreak = false
                segment.points.append(
                    TrackPoint(
                        latitude: Double(latitude) * Self.degreesPerSemicircle,
                        longitude: Double(longitude) * Self.degreesPerSemicircle, elevation: record.altitude,
                        time: times[position], heartRate: record.heartRate, cadence: record.cadence, power: record.power
                    ))
            }
            if !segment.points.isEmpty { track.segments.append(segment) }
            bound(&session, records: &summary)
            if summary.distance == nil, let total = session.totalDistance, total.isFinite, total >= 0 {
                summary.distance = total  // a device that keeps its distance in the session only
            }
            track.records = summary
            sessions.append(session)
            tracks.append(track)
        }
        if untrusted > 0 { warnings.append(.sessionTotalsIgnored(count: untrusted)) }
        let created = builder.timeCreated.flatMap { $0 >= Self.firstAbsolute ? Double($0) + Self.epoch : nil }
        if usedRelative { warnings.append(.relativeTimes(anchored: anchor != nil)) }
        return FITActivity(
            document: TrackDocument(
                format: .fit, creator: builder.manufacturer.map(FITProfile.manufacturerName), tracks: tracks),
            sessions: sessions, warnings: [], timeCreated: created,
            manufacturer: builder.manufacturer.map(FITProfile.manufacturerName), protocolVersion: 0, profileVersion: 0,
            recordCount: records.count, droppedRecordCount: dropped, lapCount: builder.laps,
            timerEventCount: builder.timerEvents, pausedSeconds: builder.pausedSeconds,
            compressedTimestampRecordCount: builder.compressedRecords,
            developerFieldRecordCount: builder.developerRecords)
    }

    /// Drops the device figures of `session` and the records' running distance that its sport
    /// cannot have (``DeviceTotals/bounded(activity:span:)``; an average speed above the sport's
    /// fastest), with one warning each: a `total_distance` of 1.7e308 m is a fault, not a run.
    mutating func bound(_ session: inout FITSession, records summary: inout RecordSummary) {
        let kind = ActivityKind(typeString: session.sport)
        let span = session.recordElapsedTime
        let (kept, problems) = DeviceTotals(
            distance: session.totalDistance, timerTime: session.totalTimerTime, elapsedTime: session.totalElapsedTime
        ).bounded(activity: kind, span: span)
        session.totalDistance = kept.distance
        session.totalTimerTime = kept.timerTime
        session.totalElapsedTime = kept.elapsedTime
        var found = problems
        if let speed = session.averageSpeed, !(speed.isFinite && speed >= 0 && speed <= kind.maximumSpeed) {
            found.append(.speed(value: speed, limit: kind.maximumSpeed, activity: kind))
            session.averageSpeed = nil
        }
        if let distance = summary.distance,
            let problem = DeviceTotals.distanceProblem(distance, activity: kind, time: kept.elapsedTime, span: span)
        {
            summary.distance = nil
            session.lastRecordDistance = nil
            if !found.contains(problem) { found.append(problem) }
        }
        warnings += found.map(FITWarning.implausibleDeviceFigure)
    }

    /// Where each session's records start and end (`bounds[i]..<bounds[i + 1]`).
    ///
    /// File order first: a session owns the records read before its message (and the last one
    /// also those after it). Devices that write every session at the end of a multisport file
    /// leave sessions without records that way; then each session owns the records up to its
    /// end time (the session message's timestamp), in order.
    func sessionBounds(_ raws: [FITActivityBuilder.Session], keep: [Bool]) -> [Int] {
        let records = builder.records
        var bounds = [0]
        for raw in raws.dropLast() { bounds.append(max(bounds[bounds.count - 1], min(raw.recordEnd, records.count))) }
        bounds.append(records.count)
        let empty = zip(bounds, bounds.dropFirst()).contains { $0 == $1 }
        guard raws.count > 1, empty, raws.allSatisfy({ $0.time != nil }) else { return bounds }
        bounds = [0]
        var position = 0
        for raw in raws.dropLast() {
            guard let end = raw.time else { break }
            while position < records.count,
                !keep[position] || records[position].time.map({ $0 <= end }) ?? true
            {
                position += 1
            }
            bounds.append(position)
        }
        bounds.append(records.count)
        return bounds
    }

    /// Whether each record is kept: a record is left out when its time is further than the
    /// window from the median record time.
    func keptRecords(_ times: [Double?]) -> [Bool] {
        var sorted = times.compactMap { $0 }
        guard !sorted.isEmpty else { return Array(repeating: true, count: times.count) }
        sorted.sort()
        let median = sorted[sorted.count / 2]
        return times.map { time in time.map { abs($0 - median) <= options.timestampWindow } ?? true }
    }
}
