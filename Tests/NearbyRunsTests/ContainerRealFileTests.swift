import Foundation
import Testing

@testable import NearbyRuns

/// ../shared/fit, when present: the synthetic Strava-layout export and the real Strava
/// `activities.csv` and `.fit.gz`, checked against EXPORTS.md §1 and §4 and ORACLE.md, and each
/// member's bytes against the shared file EXPORTS.md §4 says it was made from.
@Suite(.enabled(if: ContainerTestPaths.sharedFit != nil, "../shared/fit is not present"))
struct ContainerRealFileTests {
    static func path(_ name: String) throws -> String {
        try #require(ContainerTestPaths.sharedFit.map { $0 + "/" + name })
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        Array(try #require(FileManager.default.contents(atPath: path)))
    }

    @Test func stravaExportSampleYieldsItsSixFilesWithTheirRows() throws {
        let zip = try Self.path("strava-export-sample.zip")
        let items = ContainerReader().items(path: zip)
        #expect(items.failures.isEmpty)
        var byMember: [String: ActivitySource] = [:]
        for source in items.sources { byMember[String(source.displayPath.dropFirst(zip.count + 1))] = source }
        #expect(
            Set(byMember.keys) == [
                "activities/9100000001.tcx.gz", "activities/9100000002.gpx", "activities/9100000003.fit",
                "activities/9100000004.fit.gz", "activities/9100000005.fit.gz", "activities/12866632127.fit.gz",
            ])
        // EXPORTS.md §4's table.
        let expected: [(String, String, String, Double, ActivityFormat)] = [
            ("activities/9100000001.tcx.gz", "Course à pied l'après-midi", "Run", 1_473_679_195, .xml),
            ("activities/9100000002.gpx", "Run avec Nico & Mag", "Run", 1_489_942_170, .xml),
            ("activities/9100000003.fit", "Lunch Walk, \"short\"", "Walk", 1_497_191_571, .fit),
            ("activities/9100000004.fit.gz", "Morning Run", "Run", 1_497_191_649, .fit),
            ("activities/9100000005.fit.gz", "Evening Run", "Run", 1_632_751_990, .fit),
            ("activities/12866632127.fit.gz", "Laufen Landal Park", "Run", 1_653_839_615, .fit),
        ]
        for (member, name, type, start, format) in expected {
            let source = try #require(byMember[member], "\(member)")
            #expect(source.metadata?.name == name, "\(member)")
            #expect(source.metadata?.type == type, "\(member)")
            #expect(source.metadata?.startTime == start, "\(member)")
            #expect(source.format == format, "\(member)")
        }
        #expect(byMember["activities/12866632127.fit.gz"]?.metadata?.distance == 3322.949951171875)
        #expect(byMember["activities/12866632127.fit.gz"]?.metadata?.elapsedTime == 1428)
        // The members are the shared files EXPORTS.md §4 names, byte for byte once inflated.
        let tracks = try #require(ReaderTestPaths.sharedTracks)
        let origins = [
            "activities/9100000001.tcx.gz": tracks + "/sportslib__6281425038.tcx",
            "activities/9100000002.gpx": tracks + "/sportslib__1681613317.gpx",
            "activities/9100000003.fit": try Self.path("fitparse__garmin-fenix-5-walk.fit"),
            "activities/9100000004.fit.gz": try Self.path("fitparse__garmin-fenix-5-run.fit"),
            "activities/9100000005.fit.gz": try Self.path("fitparse__strava-android-app-201.10-b1218918.fit"),
        ]
        for (member, origin) in origins {
            #expect(byMember[member]?.bytes.array == (try Self.bytes(origin)), "\(member)")
        }
        let ignored = items.ignored
        #expect(ignored.filter { $0.reason == .catalogue }.map(\.path) == [zip + "!activities.csv"])
        #expect(ignored.filter { $0.reason == .notActivity }.count == 5)
        #expect(items.manualActivities.map(\.path) == [zip])
        // Both XML members read (the TCX keeps its ten leading spaces).
        for member in ["activities/9100000001.tcx.gz", "activities/9100000002.gpx"] {
            let source = try #require(byMember[member])
            let document = try source.bytes.withUnsafeBytes { raw throws(TrackReadError) in
                try TrackReader().read(raw, fileName: source.displayPath)
            }
            #expect(document.tracks.first?.pointCount ?? 0 > 0, "\(member)")
        }
    }

    @Test func realStravaFitGzInflatesToTheSizeItsFITHeaderPromises() throws {
        let items = ContainerReader().items(path: try Self.path("geoactivityplayground__12866632127.fit.gz"))
        let source = try #require(items.sources.first)
        #expect(source.format == .fit)
        let fit = source.bytes.array
        // 14-byte header whose data_size (bytes 4…7, little-endian) is followed by a 2-byte CRC.
        #expect(fit.count >= 14 && fit[0] == 14)
        let dataSize = Int(fit[4]) | Int(fit[5]) << 8 | Int(fit[6]) << 16 | Int(fit[7]) << 24
        #expect(fit.count == 14 + dataSize + 2)
        #expect(fit.count == 9093)  // `zcat … | wc -c`
    }

    @Test func realStravaActivitiesCSVResolvesDuplicateColumnsByPosition() throws {
        let bytes = try Self.bytes(try Self.path("geoactivityplayground__activities.csv"))
        let catalogue = try bytes.withUnsafeBytes { raw throws(CatalogueError) in
            try ExportCatalogue.parse(raw, kind: .strava, folder: "")
        }
        let table = try ContainerExportTests.csv([bytes], keep: [])
        #expect(table.header.count == 94)
        #expect(table.header == ContainerFixtures.stravaHeader)
        #expect(table.rows.count == 1)
        let row = try #require(catalogue.byMember["activities/12866632127.fit.gz"])
        #expect(row.name == "Laufen Landal Park")
        #expect(row.type == "Run")
        #expect(row.activityID == "12070555079")
        #expect(row.startTime == 1_653_839_615)  // 2022-05-29T15:53:35Z, ORACLE.md's first record
        #expect(row.distance == 3322.949951171875)  // the second Distance, metres
        #expect(row.elapsedTime == 1428)
        #expect(catalogue.withoutFile.isEmpty)
    }
}
