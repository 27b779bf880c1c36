/// GPX 1.0 / 1.1 semantics over the XML scanner, by recursive descent.
///
/// `trk` → ``Track`` (`name`, `type` → activity type), `trkseg` → segment, `trkpt` with `lat`/`lon`,
/// `ele`, `time`, and heart rate / cadence from any extension element whose local name is `hr`,
/// `heartrate`, `cad` or `cadence` (any prefix, declared or not). When a file has no `trk`, each
/// `rte` becomes a track with one segment of its `rtept`s; when it has neither, all `wpt`s become
/// one track with one segment, in file order. Waypoints are always also kept in `waypoints`.
struct GPXParser {
    var scanner: XMLScanner
    var document: TrackDocument
    var routes: [Track] = []
    var sawTrack = false
    /// The far part of a long track, being read by a second reader (``SegmentSplit``); at most
    /// one per document.
    var split: SegmentSplit?
    var splitTried = false
    /// The second reader's part, taken by the segment it starts in, for the track to finish.
    var adopted: SegmentSplit.Outcome?
    /// Set on a second reader (``SegmentSplit``): whether it has been told to stop.
    var isCancelled: (() -> Bool)?

    init(scanner: XMLScanner, format: TrackFormat) {
        self.scanner = scanner
        self.document = TrackDocument(format: format)
    }

    /// The format of a `gpx` root: its `version`, else the 1.0 namespace, else 1.1.
    static func format(of root: XMLTag, in scanner: inout XMLScanner) throws(TrackReadError) -> TrackFormat {
        if let version = try scanner.attribute(root, "version") {
            let text = scanner.string(version)
            if text == "1.0" { return .gpx10 }
            return .gpx11
        }
        if let namespace = try scanner.attribute(root, "xmlns"), scanner.string(namespace).hasSuffix("GPX/1/0") {
            return .gpx10
        }
        return .gpx11
    }

    mutating func parse(root: XMLTag) throws(TrackReadError) -> TrackDocument {
        if let creator = try scanner.attribute(root, "creator") {
            document.creator = scanner.string(creator)
        }
        var root = root
        scanner.pin(&root)
        defer { scanner.unpin(root) }
        defer { split?.cancel() }
        // Each child is a unit (see XMLScanner+Streaming): its results are kept only once it is read.
        while true {
            let mark = try scanner.beginUnit(in: root)
            do {
                guard let child = try scanner.nextChild(of: root) else { break }
                try readRootChild(child)
            } catch {
                try scanner.retry(mark, after: error)
            }
        }
        if !sawTrack {
            if !routes.isEmpty {
                document.tracks = routes
            } else if !document.waypoints.isEmpty {
                let segment = TrackSegment(points: document.waypoints)
                document.tracks = [Track(name: document.name, segments: [segment])]
            }
        }
        return document
    }

    mutating func readRootChild(_ child: XMLTag) throws(TrackReadError) {
        if scanner.isLocal(child, "trk") {
            sawTrack = true
            document.tracks.append(try readTrack(child))
        } else if scanner.isLocal(child, "wpt") {
            document.waypoints.append(try readPoint(child))
        } else if scanner.isLocal(child, "rte") {
            routes.append(try readRoute(child))
        } else if scanner.isLocal(child, "metadata") {
            try readMetadata(child)
        } else if scanner.isLocal(child, "name") {
            document.name = try scanner.textString(of: child)
        } else if scanner.isLocal(child, "time") {
            document.time = try scanner.textTimeIfValid(of: child)
        } else {
            try scanner.skipElement(child)
        }
    }

    mutating func readMetadata(_ tag: XMLTag) throws(TrackReadError) {
        while let child = try scanner.nextChild(of: tag) {
            if scanner.isLocal(child, "name") {
                document.name = try scanner.textString(of: child)
            } else if scanner.isLocal(child, "time") {
                document.time = try scanner.textTimeIfValid(of: child)
            } else {
                try scanner.skipElement(child)
            }
        }
    }

    mutating func readTrack(_ tag: XMLTag) throws(TrackReadError) -> Track {
        var track = Track()
        var tag = tag
        scanner.pin(&tag)
        defer { scanner.unpin(tag) }
        while true {
            let mark = try scanner.beginUnit(in: tag)
            do {
                guard let child = try scanner.nextChild(of: tag) else { break }
                try readTrackChild(child, into: &track)
            } catch {
                try scanner.retry(mark, after: error)
            }
            if let rest = adopted {
                // The second reader's segments after the one it started in (see SegmentSplit).
                adopted = nil
                track.segments += rest.segments
                if let name = rest.name { track.name = name }
                if let type = rest.activityType { track.activityType = type }
                try scanner.skip(to: rest.trackEnd)
            }
        }
        return track
    }

    /// One child of a `trk`: a segment, its name or type; anything else is skipped.
    mutating func readTrackChild(_ child: XMLTag, into track: inout Track) throws(TrackReadError) {
        if scanner.isLocal(child, "trkseg") {
            track.segments.append(try readSegment(child))
        } else if try !readLabel(child, into: &track) {
            try scanner.skipElement(child)
        }
    }

    /// A track's or route's `name` or `type`, read into `track`; false for any other child.
    mutating func readLabel(_ child: XMLTag, into track: inout Track) throws(TrackReadError) -> Bool {
        if scanner.isLocal(child, "name") {
            track.name = try scanner.textString(of: child)
        } else if scanner.isLocal(child, "type") {
            track.activityType = try scanner.textString(of: child)
        } else {
            return false
        }
        return true
    }

    /// A `trkseg`: each `trkpt` is a unit.
    mutating func readSegment(_ tag: XMLTag) throws(TrackReadError) -> TrackSegment {
        var segment = TrackSegment()
        var tag = tag
        scanner.pin(&tag)
        defer { scanner.unpin(tag) }
        let segmentStart = scanner.absolute(scanner.pos)
        if !splitTried {
            splitTried = true
            split = beginSplit(parent: tag, at: segmentStart)
        }
        while true {
            var mark = try scanner.beginUnit(in: tag)
            if let pending = split, let arrived = scanner.arrival(at: pending.start) {
                // See SegmentSplit: the second reader's points are taken only when this reader's
                // next child starts exactly where that reader started.
                split = nil
                if arrived, let outcome = pending.finish() {
                    segment.points.append(contentsOf: outcome.points)
                    scanner.window?.pointsFromSplit +=
                        outcome.points.count + outcome.segments.reduce(0) { $0 + $1.points.count }
                    adopted = outcome
                    try scanner.skip(to: outcome.segmentEnd)
                    mark = try scanner.beginUnit(in: tag)
                } else {
                    pending.cancel()
                }
            }
            if isCancelled != nil, segment.points.count & 1023 == 0 { try checkCancelled() }
            do {
                guard let point = try scanner.nextChild(of: tag) else { break }
                if scanner.isLocal(point, "trkpt") {
                    segment.points.append(try readPoint(point))
                    scanner.reserveEstimate(&segment.points, segmentStart: segmentStart)
                } else {
                    try scanner.skipElement(point)
                }
            } catch {
                try scanner.retry(mark, after: error)
            }
        }
        scanner.compact(&segment.points)
        return segment
    }

    mutating func readRoute(_ tag: XMLTag) throws(TrackReadError) -> Track {
        var track = Track()
        var segment = TrackSegment()
        var tag = tag
        scanner.pin(&tag)
        defer { scanner.unpin(tag) }
        while true {
            let mark = try scanner.beginUnit(in: tag)
            do {
                guard let child = try scanner.nextChild(of: tag) else { break }
                if scanner.isLocal(child, "rtept") {
                    segment.points.append(try readPoint(child))
                } else if try !readLabel(child, into: &track) {
                    try scanner.skipElement(child)
                }
            } catch {
                try scanner.retry(mark, after: error)
            }
        }
        track.segments = [segment]
        return track
    }

    /// A `trkpt`, `rtept` or `wpt`.
    mutating func readPoint(_ tag: XMLTag) throws(TrackReadError) -> TrackPoint {
        let latitude: Double
        let longitude: Double
        if let (lat, lon) = scanner.decimalAttributes(tag, "lat", "lon") {
            latitude = lat
            longitude = lon
        } else if let (lat, lon) = scanner.rawAttributes(tag, "lat", "lon") {
            latitude = try scanner.number(lat, in: tag)
            longitude = try scanner.number(lon, in: tag)
        } else {
            guard let lat = try scanner.attribute(tag, "lat") else { throw missing("lat", on: tag) }
            latitude = try scanner.number(lat, in: tag)
            guard let lon = try scanner.attribute(tag, "lon") else { throw missing("lon", on: tag) }
            longitude = try scanner.number(lon, in: tag)
        }
        var point = TrackPoint(latitude: latitude, longitude: longitude)
        while let child = try scanner.nextChild(of: tag) {
            if scanner.isLocal(child, "ele") {
                point.elevation = try scanner.textNumber(of: child)
            } else if scanner.isLocal(child, "time") {
                point.time = try scanner.textTime(of: child)
            } else if scanner.isLocal(child, "extensions") {
                try readExtensions(child, into: &point, depth: 0)
            } else {
                try scanner.skipElement(child)
            }
        }
        return point
    }

    /// Looks for heart rate and cadence at any depth inside `extensions`; the first value wins.
    mutating func readExtensions(_ tag: XMLTag, into point: inout TrackPoint, depth: Int) throws(TrackReadError) {
        while let child = try scanner.nextChild(of: tag) {
            if scanner.isLocal(child, "hr") || scanner.isLocal(child, "heartrate") {
                let value = try scanner.textCount(of: child)
                if point.heartRate == nil { point.heartRate = value }
            } else if scanner.isLocal(child, "cad") || scanner.isLocal(child, "cadence") {
                let value = try scanner.textCount(of: child)
                if point.cadence == nil { point.cadence = value }
            } else if depth < 8, !child.selfClosing {
                try readExtensions(child, into: &point, depth: depth + 1)
            } else {
                try scanner.skipElement(child)
            }
        }
    }

    func missing(_ attribute: String, on tag: XMLTag) -> TrackReadError {
        .malformedAttribute(
            file: scanner.fileName, line: scanner.line(at: tag.offset), element: scanner.name(of: tag),
            expected: "a \(attribute)=\"…\" attribute with the \(attribute == "lat" ? "latitude" : "longitude")")
    }
}
