/// Garmin Training Center (TCX) semantics over the XML scanner, by recursive descent.
///
/// Each `Activity` (its `Sport` attribute → activity type) or `Course` (its `Name`) is a track;
/// each `Track` element inside (a lap's, or a course's) is a segment. A `Trackpoint` gives `Time`,
/// `Position/LatitudeDegrees|LongitudeDegrees`, `AltitudeMeters`, `HeartRateBpm/Value`,
/// `Cadence` (or the extension's `RunCadence`). Trackpoints without a position are no points, but
/// every trackpoint counts in the track's ``Track/records`` (its `Time` and `DistanceMeters`), so
/// an activity recorded without GPS (a treadmill) keeps its time span and distance.
struct TCXParser {
    var scanner: XMLScanner
    var document = TrackDocument(format: .tcx)

    init(scanner: XMLScanner) { self.scanner = scanner }

    // Streaming (see XMLScanner+Streaming): every container is pinned and each child is a unit;
    // a unit that is read again starts from the track as it was before it (trackpoints add to
    // their activity's records as they are read).

    mutating func parse(root: XMLTag) throws(TrackReadError) -> TrackDocument {
        var root = root
        scanner.pin(&root)
        defer { scanner.unpin(root) }
        while true {
            let mark = try scanner.beginUnit(in: root)
            do {
                guard let child = try scanner.nextChild(of: root) else { break }
                if scanner.isLocal(child, "Activities") || scanner.isLocal(child, "Courses") {
                    try readList(child)
                } else {
                    try scanner.skipElement(child)
                }
            } catch {
                try scanner.retry(mark, after: error)
            }
        }
        return document
    }

    /// `Activities` or `Courses`.
    mutating func readList(_ tag: XMLTag) throws(TrackReadError) {
        var tag = tag
        scanner.pin(&tag)
        defer { scanner.unpin(tag) }
        while true {
            let mark = try scanner.beginUnit(in: tag)
            do {
                guard let item = try scanner.nextChild(of: tag) else { break }
                if scanner.isLocal(item, "Activity") || scanner.isLocal(item, "Course") {
                    document.tracks.append(try readActivity(item))
                } else {
                    try scanner.skipElement(item)
                }
            } catch {
                try scanner.retry(mark, after: error)
            }
        }
    }

    mutating func readActivity(_ tag: XMLTag) throws(TrackReadError) -> Track {
        var track = Track(records: RecordSummary())
        if let sport = try scanner.attribute(tag, "Sport") { track.activityType = scanner.string(sport) }
        var tag = tag
        scanner.pin(&tag)
        defer { scanner.unpin(tag) }
        while true {
            let mark = try scanner.beginUnit(in: tag)
            let before = track
            do {
                guard let child = try scanner.nextChild(of: tag) else { break }
                if scanner.isLocal(child, "Lap") {
                    try readLap(child, into: &track)
                } else if scanner.isLocal(child, "Track") {
                    track.segments.append(try readSegment(child, records: &track.records))
                } else if scanner.isLocal(child, "Name") {
                    track.name = try scanner.textString(of: child)
                } else {
                    try scanner.skipElement(child)
                }
            } catch {
                track = before
                try scanner.retry(mark, after: error)
            }
        }
        return track
    }

    mutating func readLap(_ tag: XMLTag, into track: inout Track) throws(TrackReadError) {
        var tag = tag
        scanner.pin(&tag)
        defer { scanner.unpin(tag) }
        while true {
            let mark = try scanner.beginUnit(in: tag)
            let before = track
            do {
                guard let part = try scanner.nextChild(of: tag) else { break }
                if scanner.isLocal(part, "Track") {
                    track.segments.append(try readSegment(part, records: &track.records))
                } else {
                    try scanner.skipElement(part)
                }
            } catch {
                track = before
                try scanner.retry(mark, after: error)
            }
        }
    }

    mutating func readSegment(_ tag: XMLTag, records: inout RecordSummary?) throws(TrackReadError) -> TrackSegment {
        var segment = TrackSegment()
        var tag = tag
        scanner.pin(&tag)
        defer { scanner.unpin(tag) }
        let segmentStart = scanner.absolute(scanner.pos)
        while true {
            let mark = try scanner.beginUnit(in: tag)
            do {
                guard let child = try scanner.nextChild(of: tag) else { break }
                if scanner.isLocal(child, "Trackpoint") {
                    // `records` changes only once the whole trackpoint is read.
                    if let point = try readTrackpoint(child, records: &records) {
                        segment.points.append(point)
                        scanner.reserveEstimate(&segment.points, segmentStart: segmentStart)
                    }
                } else {
                    try scanner.skipElement(child)
                }
            } catch {
                try scanner.retry(mark, after: error)
            }
        }
        scanner.compact(&segment.points)
        return segment
    }

    mutating func readTrackpoint(_ tag: XMLTag, records: inout RecordSummary?) throws(TrackReadError) -> TrackPoint? {
        var distance: Double?
        var latitude: Double?
        var longitude: Double?
        var point = TrackPoint(latitude: 0, longitude: 0)
        var runCadence: UInt16?
        while let child = try scanner.nextChild(of: tag) {
            if scanner.isLocal(child, "Time") {
                point.time = try scanner.textTime(of: child)
            } else if scanner.isLocal(child, "Position") {
                while let axis = try scanner.nextChild(of: child) {
                    if scanner.isLocal(axis, "LatitudeDegrees") {
                        latitude = try scanner.textNumber(of: axis)
                    } else if scanner.isLocal(axis, "LongitudeDegrees") {
                        longitude = try scanner.textNumber(of: axis)
                    } else {
                        try scanner.skipElement(axis)
                    }
                }
            } else if scanner.isLocal(child, "AltitudeMeters") {
                point.elevation = try scanner.textNumber(of: child)
            } else if scanner.isLocal(child, "HeartRateBpm") {
                while let value = try scanner.nextChild(of: child) {
                    if scanner.isLocal(value, "Value") {
                        point.heartRate = try scanner.textCount(of: value)
                    } else {
                        try scanner.skipElement(value)
                    }
                }
            } else if scanner.isLocal(child, "DistanceMeters") {
                let text = try scanner.text(of: child)  // not a number: no distance, never a refusal
                distance = scanner.withBytes(text) { DecimalParser.parseDouble($0) }
            } else if scanner.isLocal(child, "Cadence") {
                point.cadence = try scanner.textCount(of: child)
            } else if scanner.isLocal(child, "Extensions") {
                runCadence = try findRunCadence(child, depth: 0)
            } else {
                try scanner.skipElement(child)
            }
        }
        records?.add(time: point.time, distance: distance)
        guard let latitude, let longitude else { return nil }
        point.latitude = latitude
        point.longitude = longitude
        if point.cadence == nil { point.cadence = runCadence }
        return point
    }

    /// The first `RunCadence` at any depth inside `Extensions`.
    mutating func findRunCadence(_ tag: XMLTag, depth: Int) throws(TrackReadError) -> UInt16? {
        var found: UInt16?
        while let child = try scanner.nextChild(of: tag) {
            if scanner.isLocal(child, "RunCadence") {
                let value = try scanner.textCount(of: child)
                if found == nil { found = value }
            } else if depth < 8, !child.selfClosing {
                let inner = try findRunCadence(child, depth: depth + 1)
                if found == nil { found = inner }
            } else {
                try scanner.skipElement(child)
            }
        }
        return found
    }
}
