import Foundation
import NearbyRuns

/// The rule that recognises one activity imported twice from different files — the watch's FIT
/// and the GPX a service exported from it — which content hashes cannot see.
///
/// Two runs are the same activity when they come from files of different kinds (FIT against GPX
/// or TCX: ``kind(ofSourceName:)``; two files of one kind are the same only by content hash, as
/// before), their starts lie within ``startTolerance`` (5 s) of each other, the time both cover
/// is at least half of the longer run, and at each of ``samples``
/// (20) instants spread evenly over that common time their positions (each interpolated between
/// its neighbouring fixes) lie within ``distanceTolerance`` (50 m) of each other. Exports thin or
/// smooth a track (Strava's GPX keeps fewer points than the FIT), so positions are compared at
/// the same instant, not point by point; 50 m covers GPS noise and smoothing, while a different
/// route at the same time (two people starting a race together excepted) is far more than that
/// away at some of 20 instants. A run without a path (an indoor recording: no positions) is
/// never the same activity as another by this rule — there is nothing to compare; the content
/// hash still recognises the same file. Both run stores apply it (shared, so they agree).
enum SameActivity {
    /// Seconds between the starts.
    static let startTolerance = 5.0
    /// Metres between positions at the same instant.
    static let distanceTolerance = 50.0
    /// Instants compared.
    static let samples = 20

    /// Whether `first` and `second` (segments of two runs) record the same activity.
    static func matches(_ first: [TrackSegment], _ second: [TrackSegment]) -> Bool {
        let a = timed(first)
        let b = timed(second)
        guard !a.isEmpty, !b.isEmpty else { return false }  // a run without a path matches nothing
        guard let aStart = a.first?.time, let aEnd = a.last?.time, let bStart = b.first?.time,
            let bEnd = b.last?.time, abs(aStart - bStart) <= startTolerance
        else { return false }
        let from = max(aStart, bStart)
        let to = min(aEnd, bEnd)
        let longer = max(aEnd - aStart, bEnd - bStart)
        guard to > from, to - from >= longer / 2 else { return false }
        for step in 0...samples {
            let instant = from + (to - from) * Double(step) / Double(samples)
            guard let p = position(in: a, at: instant), let q = position(in: b, at: instant),
                metres(p, q) <= distanceTolerance
            else { return false }
        }
        return true
    }

    /// The kind of file a source name says: `fit` for `.fit` and `.fit.gz`, `xml` for anything
    /// else (GPX, TCX).
    static func kind(ofSourceName name: String) -> String {
        var lower = name.lowercased()
        if lower.hasSuffix(".gz") { lower.removeLast(3) }
        return lower.hasSuffix(".fit") ? "fit" : "xml"
    }

    /// The fixes with a finite time, in time order (a file's backward steps are sorted away).
    static func timed(_ segments: [TrackSegment]) -> [TrackPoint] {
        segments.flatMap(\.points).filter { $0.time?.isFinite == true }.sorted { ($0.time ?? 0) < ($1.time ?? 0) }
    }

    /// The position at `instant`, linear between the fixes around it.
    static func position(in points: [TrackPoint], at instant: Double) -> (Double, Double)? {
        var low = 0
        var high = points.count - 1
        guard high >= 0 else { return nil }
        while high - low > 1 {
            let middle = (low + high) / 2
            if (points[middle].time ?? 0) <= instant { low = middle } else { high = middle }
        }
        let p = points[low]
        let q = points[high]
        guard let t0 = p.time, let t1 = q.time, t1 > t0 else { return (p.latitude, p.longitude) }
        let f = min(1, max(0, (instant - t0) / (t1 - t0)))
        return (p.latitude + (q.latitude - p.latitude) * f, p.longitude + (q.longitude - p.longitude) * f)
    }

    /// Distance in metres on a sphere of the WGS84 mean radius (a threshold test of tens of
    /// metres needs no ellipsoid).
    static func metres(_ p: (Double, Double), _ q: (Double, Double)) -> Double {
        let radians = Double.pi / 180
        let dLat = (q.0 - p.0) * radians
        let dLon = (q.1 - p.1) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(p.0 * radians) * cos(q.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}
