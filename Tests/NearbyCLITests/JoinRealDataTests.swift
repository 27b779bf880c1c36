import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyRuns
import Testing

/// A real track against the real Taipei toilets snapshot (both from ../shared, skipped when it
/// is absent), compared with a brute-force geodesic scan of every toilet for every checkpoint.
/// The track (sportslib__1681613317.gpx) was not run in Taipei, so every fix is translated by the
/// same latitude and longitude offsets that move its first fix to 25.0418,121.5152 (Taipei Main
/// Station); the shape is kept up to the small change of scale with latitude.
@Suite(.enabled(if: TestPaths.shared != nil))
struct JoinRealDataTests {
    @Test func realTrackCheckpointsAgainstRealToilets() throws {
        let shared = try #require(TestPaths.shared)
        let document = try TrackReader().read(
            contentsOf: shared.appendingPathComponent("tracks/sportslib__1681613317.gpx").path)
        var tracks = document.tracks
        let first = try #require(tracks.first?.segments.first?.points.first)
        let (dLat, dLon) = (25.0418 - first.latitude, 121.5152 - first.longitude)
        for t in tracks.indices {
            for s in tracks[t].segments.indices {
                for p in tracks[t].segments[s].points.indices {
                    tracks[t].segments[s].points[p].latitude += dLat
                    tracks[t].segments[s].points[p].longitude += dLon
                }
            }
        }
        let badges = try BadgeCatalogue(
            data: try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Datasets/badges.json")))
        let analysis = RunAnalysis(tracks: tracks, units: .metric, catalogue: badges)
        try #require(analysis.checkpoints.count >= 3)

        let manifest = try #require(
            try DatasetCatalog.loadManifest(at: TestPaths.packageRoot.appendingPathComponent("Datasets/toilets.json")))
        let csv = try Data(
            contentsOf: shared.appendingPathComponent("opendata/toilets/taipei_toilets_datataipei_2025-08.csv"))
        let places = try FeedDecoder().decode(pages: [csv], manifest: manifest).places.compactMap(\.coordinate)
        try #require(places.count > 1000)

        let radius = 500.0
        let result = CheckpointJoin(radius: radius, limit: 3)
            .join(analysis.checkpoints, of: analysis.cleaned, with: [SpatialIndexLocator(places)])
        var matched = 0
        for (checkpoint, matches) in zip(analysis.checkpoints, result) {
            let brute = places.enumerated()
                .map {
                    Neighbor(index: $0.offset, distance: Geodesic.wgs84.distance(checkpoint.coordinate, $0.element))
                }
                .filter { $0.distance <= radius }
                .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
                .prefix(3)
            #expect(matches.places[0].map(\.index) == brute.map(\.index))
            for (got, expected) in zip(matches.places[0], brute) {
                #expect(abs(got.distance - expected.distance) <= 2e-8)  // the locator's contract (PlaceLocator)
                #expect(got.detour <= 2 * got.distance + 1e-9)
                matched += 1
            }
        }
        #expect(matched > 0)

        // Along: every kilometre's nearest toilet, against a scan of every toilet's distance to
        // every fix (an upper bound on the route distance that the exact answer cannot exceed).
        let report = RouteAmenities(unit: 1000, reach: 300).along(analysis.cleaned, with: [SpatialIndexLocator(places)])
        let points = analysis.cleaned.points
        for piece in report.pieces {
            let fixes = points.filter { $0.distance >= piece.startDistance && $0.distance <= piece.endDistance }
            let bound =
                fixes.map { p in places.map { Geodesic.wgs84.distance(p.coordinate, $0) }.min() ?? .infinity }
                .min() ?? .infinity
            let got = try #require(piece.nearest[0])
            #expect(got.distance <= bound + 2e-8)
            #expect(got.distance >= 0)
        }
    }
}
