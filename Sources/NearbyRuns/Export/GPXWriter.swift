import NearbyOutput
/// Writes a ``TrackDocument`` as GPX 1.1: `wpt`s, then each track as `trk` (`name`, `type`) with
/// `trkseg`/`trkpt` (`lat`, `lon`, `ele`, `time`, and heart rate / cadence in a Garmin
/// `gpxtpx:TrackPointExtension`, one element a line as Garmin and Strava write it, so GDAL's GPX
/// driver reads heart rate and cadence). Times are ISO 8601 UTC with `Z`, with milliseconds only
/// when the time has a fraction. Numbers are the shortest decimals that read back as stored;
/// elevations at most ``elevationDecimals`` decimals, so a value stored with binary noise
/// (377.20000000000005 for a FIT altitude of 377.2) is written as its source wrote it. Text is
/// XML-escaped; characters XML 1.0 forbids are dropped.
public struct GPXWriter: Sendable {
    /// The `creator` attribute when the document has none.
    public var creator: String

    /// Decimals an elevation is written with at most: 6, a micrometre, finer than any device
    /// measures (FIT altitude is in 0.2 m steps) and coarser than a double's noise.
    public static let elevationDecimals = 6

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
        let inner = indent + "  "
        var body = ""
        if let ele = p.elevation, let text = NumberText.plain(ele, maxFractionDigits: Self.elevationDecimals) {
            body += "\(inner)<ele>\(text)</ele>\n"
        }
        if let time = p.time, let text = Self.timestamp(time) { body += "\(inner)<time>\(text)</time>\n" }
        if p.heartRate != nil || p.cadence != nil {
            // One element a line, as Garmin and Strava write it: GDAL's GPX driver reads a
            // one-line extension as a single integer field and loses the cadence.
            body += "\(inner)<extensions>\n\(inner)  <gpxtpx:TrackPointExtension>\n"
            if let hr = p.heartRate { body += "\(inner)    <gpxtpx:hr>\(hr)</gpxtpx:hr>\n" }
            if let cad = p.cadence { body += "\(inner)    <gpxtpx:cad>\(cad)</gpxtpx:cad>\n" }
            body += "\(inner)  </gpxtpx:TrackPointExtension>\n\(inner)</extensions>\n"
        }
        out += body.isEmpty ? "</\(element)>\n" : "\n" + body + "\(indent)</\(element)>\n"
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
