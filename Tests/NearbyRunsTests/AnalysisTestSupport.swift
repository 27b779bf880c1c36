import Foundation
import NearbyGeo
import NearbyTestSupport

@testable import NearbyRuns

/// Helpers shared by the Analysis/Stats/Split/Badge/Checkpoint tests.
enum AnalysisFixtures {
    /// Package root (``TestPaths/packageRoot``).
    static let packageRoot = TestPaths.packageRoot

    /// `shared/tracks` of ``TestPaths/shared`` (nil when absent).
    static var sharedTracks: URL? {
        guard let url = TestPaths.shared?.appendingPathComponent("tracks") else { return nil }
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// Latitudes of points on the meridian 121.5° E, 250 m apart from 25.0° N (k = 0…10).
    /// python3 -c "from geographiclib.geodesic import Geodesic as G
    ///   [print(repr(G.WGS84.Direct(25.0,121.5,0,250*k)['lat2'])) for k in range(11)]"
    /// (same as `echo 25.0 121.5 0 250 | GeodSolve -p 12`, etc.)
    static let meridianLatitudes: [Double] = [
        25.0, 25.002256869626255, 25.004513738567812, 25.006770606824638, 25.00902747439668,
        25.0112843412839, 25.013541207486256, 25.015798073003687, 25.018054937836162,
        25.020311801983635, 25.022568665446055,
    ]

    /// A one-segment track along the meridian: point k at 250·k m, at time t0 + times[k].
    static func meridianTrack(times: [Double?], activity: String? = "running", t0: Double = 1_700_000_000)
        -> Track
    {
        let points = times.enumerated().map { k, t in
            TrackPoint(latitude: meridianLatitudes[k], longitude: 121.5, time: t.map { t0 + $0 })
        }
        return Track(activityType: activity, segments: [TrackSegment(points: points)])
    }

    /// Cleans a track with a speed limit high enough to keep every fix.
    static func clean(_ track: Track, activity: ActivityKind = .running) -> CleanedRun {
        TrackCleaner(options: CleaningOptions(activity: activity, maximumSpeed: 1e9)).clean(tracks: [track])
    }

    /// Reads `trkpt`s (lat, lon, optional ele and time) of each `trkseg` of a simple GPX file with
    /// a regular expression; enough for the small upstream oracle files, not a GPX reader.
    static func loadSimpleGPX(_ url: URL) throws -> Track {
        let text = try String(contentsOf: url, encoding: .utf8)
        let iso = ISO8601DateFormatter()
        var segments: [TrackSegment] = []
        for chunk in text.components(separatedBy: "<trkseg>").dropFirst() {
            let body = chunk.components(separatedBy: "</trkseg>")[0]
            var points: [TrackPoint] = []
            for piece in body.components(separatedBy: "<trkpt").dropFirst() {
                guard let lat = attribute("lat", in: piece), let lon = attribute("lon", in: piece) else { continue }
                let ele = element("ele", in: piece).flatMap(Double.init)
                let time = element("time", in: piece).flatMap { iso.date(from: $0) }?.timeIntervalSince1970
                points.append(TrackPoint(latitude: lat, longitude: lon, elevation: ele, time: time))
            }
            segments.append(TrackSegment(points: points))
        }
        return Track(segments: segments)
    }

    private static func attribute(_ name: String, in text: String) -> Double? {
        guard let r = text.range(of: "\(name)=\"") else { return nil }
        let rest = text[r.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return Double(rest[..<end])
    }

    private static func element(_ name: String, in text: String) -> String? {
        guard let r = text.range(of: "<\(name)>"), let e = text.range(of: "</\(name)>"), r.upperBound <= e.lowerBound
        else { return nil }
        return String(text[r.upperBound..<e.lowerBound])
    }
}
