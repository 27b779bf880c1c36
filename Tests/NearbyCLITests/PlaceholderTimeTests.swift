import Foundation
import Testing

/// GPSBabel writes `<time>1970-01-01T00:00:00Z</time>` at the top of a GPX when it knows no
/// creation time. That placeholder is no evidence against the fixes' own times: a timed run from
/// 2013 keeps its time, pace and splits.
@Suite struct PlaceholderTimeTests {
    let home: URL
    let nearby: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-placeholder-time")
        nearby = InProcessRunner(home: home, extra: ["TZ": "UTC"])
    }

    /// A GPX 1.0 in GPSBabel's shape: the epoch as the file time, then 103 fixes on the meridian
    /// 121.52° E, 0.0009° of latitude (about 99.7 m) and 30 s apart from 2013-06-13T06:00:00Z:
    /// 102 legs, 3,060 s, between 10 and 11 km (each leg is within 99.6–99.8 m: 110.75 km per
    /// degree at 25° N).
    static func gpsBabelRun() -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx
              version="1.0"
              creator="GPSBabel - http://www.gpsbabel.org"
              xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
              xmlns="http://www.topografix.com/GPX/1/0"
              xsi:schemaLocation="http://www.topografix.com/GPX/1/0 http://www.topografix.com/GPX/1/0/gpx.xsd">
            <time>1970-01-01T00:00:00Z</time>
            <bounds minlat="25.030000000" minlon="121.520000000" maxlat="25.121800000" maxlon="121.520000000"/>
            <trk>
              <name>ACTIVE LOG</name>
            <trkseg>

            """
        for k in 0...102 {
            let seconds = 6 * 3600 + 30 * k
            let clock = String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            text += """
                <trkpt lat="\(String(format: "%.9f", 25.03 + 0.0009 * Double(k)))" lon="121.520000000">
                  <ele>12.000000</ele>
                  <time>2013-06-13T\(clock)Z</time>
                </trkpt>

                """
        }
        return text + "</trkseg>\n</trk>\n</gpx>\n"
    }

    @Test func aGPSBabelFileTimeOfTheEpochKeepsTheRunsTimes() throws {
        let path = home.appendingPathComponent("gpsbabel.gpx").path
        try Self.gpsBabelRun().write(toFile: path, atomically: true, encoding: .utf8)
        let result = nearby.run(["runs", "show", path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let show = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(show["timing_problem"] is NSNull)
        #expect(show["ranked"] as? Bool == true)
        #expect(show["start"] as? String == "2013-06-13T06:00:00Z")
        #expect(show["elapsed_s"] as? Double == 3060)
        #expect(show["moving_s"] as? Double == 3060)
        let distance = try #require(show["distance_m"] as? Double)
        #expect(distance > 10_000 && distance < 11_000)
        let pace = try #require(show["average_pace_s_per_km"] as? Double)
        #expect(abs(pace - 3060 / distance * 1000) < 0.01)  // distance_m is rounded to 0.1 m
        let splits = try #require(show["splits"] as? [[String: Any]])
        #expect(splits.count == 11)
        #expect(splits.allSatisfy { $0["pace_s_per_km"] is Double })
        let text = nearby.run(["runs", "show", path]).stdout
        #expect(!text.contains("Timing"))
        #expect(text.contains("51:00 moving, 51:00 elapsed"))
    }
}
