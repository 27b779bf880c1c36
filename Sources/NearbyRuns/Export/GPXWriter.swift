import NearbyBasics

/// Writes a ``TrackDocument`` as GPX 1.1: `wpt`s, then each track as `trk` (`name`, `type`) with
/// `trkseg`/`trkpt` (`lat`, `lon`, `ele`, `time`, and heart rate / cadence in a Garmin
/// `gpxtpx:TrackPointExtension`). Times are ISO 8601 UTC with `Z`, with milliseconds only when
/// the time has a fraction. Text is XML-escaped; characters XML 1.0 forbids are dropped.
public struct GPXWriter: Sendable {
    /// The `creator` attribute when the document has none.
    public var creator: String

    public init(creator: String = "Nearby") {
        self.creator = creator
    }

    /// The GPX text.
    public func write(_ document: TrackDocument) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<gpx version=\"1.1\" creator=\"\(Self.escape(document.creator ?? creator))\""
        out += " xmlns=\"http://www.topografix.com/GPX/1/1\""
        out += " xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v1\">\n"
        if let name = document.name {
            out += "  <metadata><name>\(Self.escape(name))</name></metadata>\n"
        }
        for waypoint in document.waypoints {
            point(waypoint, element: "wpt", indent: "  ", into: &out)
        }
        for track in document.tracks {
            out += "  <trk>\n"
            if let name = track.name { out += "    <name>\(Self.escape(name))</name>\n" }
            if let type = track.activityType { out += "    <type>\(Self.escape(type))</type>\n" }
            for segment in track.segments {
                out += "    <trkseg>\n"
                for p in segment.points { point(p, element: "trkpt", indent: "      ", into: &out) }
                out += "    </trkseg>\n"
            }
            out += "  </trk>\n"
        }
        out += "</gpx>\n"
        return out
    }

    private func point(_ p: TrackPoint, element: String, indent: String, into out: inout String) {
        let lat = NumberText.plain(p.latitude) ?? "0"
        let lon = NumberText.plain(p.longitude) ?? "0"
        out += "\(indent)<\(element) lat=\"\(lat)\" lon=\"\(lon)\">"
        if let ele = p.elevation, let text = NumberText.plain(ele) { out += "<ele>\(text)</ele>" }
        if let time = p.time, let text = Self.timestamp(time) { out += "<time>\(text)</time>" }
        if p.heartRate != nil || p.cadence != nil {
            out += "<extensions><gpxtpx:TrackPointExtension>"
            if let hr = p.heartRate { out += "<gpxtpx:hr>\(hr)</gpxtpx:hr>" }
            if let cad = p.cadence { out += "<gpxtpx:cad>\(cad)</gpxtpx:cad>" }
            out += "</gpxtpx:TrackPointExtension></extensions>"
        }
        out += "</\(element)>\n"
    }

    /// `YYYY-MM-DDThh:mm:ss[.mmm]Z` for seconds since 1970 (milliseconds, rounded, only when
    /// non-zero); nil outside years 0000–9999 or for non-finite values.
    public static func timestamp(_ seconds: Double) -> String? {
        guard seconds.isFinite, seconds > -62_167_219_201, seconds < 253_402_300_800 else { return nil }
        var whole = Int(seconds.rounded(.down))
        var millis = Int(((seconds - Double(whole)) * 1000).rounded())
        if millis >= 1000 {
            whole += 1
            millis -= 1000
        }
        let (days, second) = whole.quotientAndRemainderFloored(86_400)
        let (year, month, day) = CivilTime.civil(fromDays: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var text = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        text += "-\(two(month))-\(two(day))T\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60))"
        if millis > 0 {
            text += "." + (millis < 10 ? "00" : millis < 100 ? "0" : "") + String(millis)
        }
        return text + "Z"
    }

    /// XML text and attribute escaping (see ``TextEscaping/xml(_:apostrophe:)``).
    static func escape(_ text: String) -> String { TextEscaping.xml(text) }
}

extension Int {
    /// Floored division, so negative seconds map to the previous day.
    fileprivate func quotientAndRemainderFloored(_ d: Int) -> (Int, Int) {
        let (q, r) = quotientAndRemainder(dividingBy: d)
        return r < 0 ? (q - 1, r + d) : (q, r)
    }
}
