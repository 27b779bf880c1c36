import Foundation
import NearbyGeo
import NearbyRuns

/// A run that passed near a point (`nearby runs near`): the run, and its recorded fix closest to
/// the point — how far, in which direction from the point, where and when.
public struct RunPass: Sendable, Hashable {
    public var run: StoredRun
    /// The exact WGS84 geodesic distance from the point to ``fix``, metres.
    public var distance: Double
    /// The initial bearing from the point to ``fix``, degrees clockwise from north in [0, 360).
    public var bearing: Double
    /// The closest recorded fix (the first of equally close ones, in recording order).
    public var fix: TrackPoint

    public init(run: StoredRun, distance: Double, bearing: Double, fix: TrackPoint) {
        self.run = run
        self.distance = distance
        self.bearing = bearing
        self.fix = fix
    }
}

/// The one definition of "a run passed within DIST of a point", shared by both stores so they give
/// the same answer: the minimum exact WGS84 geodesic distance (``Geodesic/wgs84``) from the point
/// to the run's recorded fixes is at most DIST. Only the fixes of *searchable* segments count —
/// two or more fixes, all with finite, in-range coordinates (the segments PostgreSQL stores a
/// geography line for); a run without a route therefore never matches. The route *between* fixes
/// does not count: a run whose line passes within DIST but none of whose fixes do is not listed.
///
/// The stores only prune with a bound that never loses a fix that qualifies (``SearchWindow`` for
/// SQLite, `ST_DWithin` on the line for PostgreSQL), then decide with ``closestFix(to:in:within:)``.
public enum RunsNear {
    /// Whether `points` count for `runs near` (see ``RunsNear``).
    public static func isSearchable(_ points: [TrackPoint]) -> Bool {
        points.count >= 2
            && points.allSatisfy {
                $0.latitude.isFinite && $0.longitude.isFinite && abs($0.latitude) <= 90 && abs($0.longitude) <= 180
            }
    }

    /// The fix of the searchable segments closest to `point`, its distance and the bearing from the
    /// point, when that distance is at most `within` metres; nil otherwise.
    public static func closestFix(to point: Coordinate, in segments: [TrackSegment], within: Double)
        -> (distance: Double, bearing: Double, fix: TrackPoint)?
    {
        let geodesic = Geodesic.wgs84
        var best: (distance: Double, fix: TrackPoint, at: Coordinate)?
        for segment in segments where isSearchable(segment.points) {
            for fix in segment.points {
                guard let at = Coordinate(latitude: fix.latitude, longitude: fix.longitude) else { continue }
                let distance = geodesic.distance(point, at)
                if distance <= within, distance < best?.distance ?? .infinity { best = (distance, fix, at) }
            }
        }
        guard let best else { return nil }
        return (best.distance, geodesic.inverse(point, best.at).initialBearing, best.fix)
    }

    /// Nearest pass first; equally near ones by run id.
    public static func ordered(_ passes: [RunPass]) -> [RunPass] {
        passes.sorted { ($0.distance, $0.run.id) < ($1.distance, $1.run.id) }
    }
}

/// The latitude/longitude box outside which no point lies within a distance of a centre, on WGS84:
/// a safe bound for pruning stored segments by their boxes (it may keep too much, never too
/// little).
///
/// - Latitude: along any path, ds ≥ M dφ, and the meridian radius of curvature M is at least
///   a(1 − e²) = 6,335,439 m, so |Δφ| ≤ d / a(1 − e²) radians.
/// - Longitude: a path is at least as long as the straight chord, and the chord from the centre to
///   any point whose longitude differs by Δλ is at least p·sin Δλ (Δλ ≤ 90°; p = N cos φ ≥ a cos φ is
///   the centre's distance from the axis), or p (Δλ > 90°). So sin Δλ ≤ d / (a cos φ); when that is
///   1 or more (near a pole, or a long distance) every longitude is kept.
public struct SearchWindow: Sendable, Hashable {
    public var minimumLatitude: Double
    public var maximumLatitude: Double
    /// Up to two longitude ranges (two where the window crosses ±180°); nil keeps every longitude.
    public var longitudeRanges: [ClosedRange<Double>]?

    public init(around centre: Coordinate, within distance: Double) {
        let a = 6_378_137.0
        let f = 1 / 298.257_223_563
        let e2 = f * (2 - f)
        // A relative margin for rounding, and one of 1e-9° (~0.1 mm).
        let slack = 1 + 1e-9
        let dLat = distance / (a * (1 - e2)) * 180 / .pi * slack + 1e-9
        minimumLatitude = max(-90, centre.latitude - dLat)
        maximumLatitude = min(90, centre.latitude + dLat)
        let ratio = distance / (a * cos(centre.latitude * .pi / 180)) * slack
        guard ratio.isFinite, ratio < 1 else {
            longitudeRanges = nil
            return
        }
        let dLon = asin(ratio) * 180 / .pi * slack + 1e-9
        let low = centre.longitude - dLon
        let high = centre.longitude + dLon
        if low < -180 {
            longitudeRanges = [-180...high, (low + 360)...180]
        } else if high > 180 {
            longitudeRanges = [low...180, -180...(high - 360)]
        } else {
            longitudeRanges = [low...high]
        }
    }

    /// The box of `points` (latitude and longitude ranges), nil when the segment is not searchable.
    public static func box(of points: [TrackPoint]) -> (latitude: ClosedRange<Double>, longitude: ClosedRange<Double>)?
    {
        guard RunsNear.isSearchable(points), let first = points.first else { return nil }
        var (minLat, maxLat, minLon, maxLon) = (first.latitude, first.latitude, first.longitude, first.longitude)
        for point in points {
            minLat = min(minLat, point.latitude)
            maxLat = max(maxLat, point.latitude)
            minLon = min(minLon, point.longitude)
            maxLon = max(maxLon, point.longitude)
        }
        return (minLat...maxLat, minLon...maxLon)
    }
}
