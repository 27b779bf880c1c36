import NearbyTestSupport
import Foundation
import NearbySystem
import Testing

@testable import NearbyRuns

/// Export archives of our own making in the shapes EXPORTS.md documents (Strava, Garmin Connect,
/// Runkeeper), and the catalogue parsers. Expected epoch seconds were computed with
/// `date -u -d <ISO time> +%s`.
struct ContainerExportTests {
    static let stravaCSV: String = {
        let header = ContainerFixtures.stravaHeader.joined(separator: ",")
        // Columns: 0 ID, 1 Date, 2 Name, 3 Type, 4 Description, 5 Elapsed Time, 6 Distance (display),
        // 9 Commute, 12 Filename, 15 Elapsed Time (2nd), 17 Distance (2nd, metres), 50 Commute (2nd).
        let rows = [
            ContainerFixtures.stravaRow([
                0: "9000000001", 1: "\"Sep 12, 2016, 11:19:55 AM\"", 2: "Course à pied l'après-midi", 3: "Run",
                4: "\"Hills, then\nflat\"", 5: "2163", 6: "4.16", 9: "false", 12: "activities/9100000001.tcx.gz",
                15: "2163.0", 17: "4156.7", 50: "0.0",
            ]),
            ContainerFixtures.stravaRow([
                0: "9000000003", 1: "\"Jun 11, 2017, 2:32:51 PM\"", 2: "\"Lunch Walk, \"\"short\"\"\"", 3: "Walk",
                5: "45", 6: "0.07", 12: "activities/9100000003.fit", 17: "67.85",
            ]),
            ContainerFixtures.stravaRow([
                0: "12070555079", 1: "\"May 29, 2022, 3:53:35 PM\"", 2: "Laufen Landal Park", 3: "Run", 4: "\"\"",
                5: "1428", 6: "3.32", 12: "activities/12866632127.fit.gz", 15: "1428.0", 17: "3322.949951171875",
            ]),
            ContainerFixtures.stravaRow([
                0: "12900000007", 1: "\"Jan 15, 2023, 7:00:00 AM\"", 2: "Treadmill 5k", 3: "Run", 5: "1800",
                17: "5000.0",
            ]),
        ]
        return ([header] + rows).joined(separator: "\n") + "\n"
    }()

    static var stravaZip: [UInt8] {
        TestZip([
            TestZip.Member("activities.csv", text: stravaCSV),
            TestZip.Member("bikes.csv", text: "Bike Name,Bike Brand\n"),
            TestZip.Member("activities/9100000001.tcx.gz", ContainerFixtures.gzip(ContainerFixtures.tcx), method: 0),
            TestZip.Member("activities/9100000002.gpx", text: ContainerFixtures.gpx()),
            TestZip.Member("activities/9100000003.fit", ContainerFixtures.fitStub(tag: 3)),
            TestZip.Member("activities/12866632127.fit.gz", ContainerFixtures.gzip(ContainerFixtures.fitStub(tag: 4))),
            TestZip.Member("media/", []),
        ]).bytes
    }

    @Test func stravaExportGivesEachFileItsRow() throws {
        let items = ContainerReader().items(bytes: Self.stravaZip, name: "export_1.zip")
        #expect(items.failures.isEmpty)
        let sources = items.sources
        #expect(
            sources.map(\.displayPath) == [
                "export_1.zip!activities/9100000001.tcx.gz", "export_1.zip!activities/9100000002.gpx",
                "export_1.zip!activities/9100000003.fit", "export_1.zip!activities/12866632127.fit.gz",
            ])
        #expect(sources.map(\.format) == [.xml, .xml, .fit, .fit])
        #expect(
            sources.map { $0.metadata?.name } == [
                "Course à pied l'après-midi", nil, "Lunch Walk, \"short\"", "Laufen Landal Park",
            ])
        #expect(sources.map { $0.metadata?.type } == ["Run", nil, "Walk", "Run"])
        #expect(sources.map { $0.metadata?.startTime } == [1_473_679_195, nil, 1_497_191_571, 1_653_839_615])
        // The second "Distance" (metres), not the first (display units); the first "Elapsed Time".
        #expect(sources.map { $0.metadata?.distance } == [4156.7, nil, 67.85, 3322.949951171875])
        #expect(sources.map { $0.metadata?.elapsedTime } == [2163, nil, 45, 1428])
        #expect(sources.map { $0.metadata?.activityID } == ["9000000001", nil, "9000000003", "12070555079"])
        #expect(sources.allSatisfy { $0.catalogue?.kind == .strava })
        // The TCX with ten leading spaces comes out of its gzip whole, and reads.
        let tcx = try #require(sources.first)
        #expect(tcx.bytes.array == Array(ContainerFixtures.tcx.utf8))
        let document = try tcx.bytes.withUnsafeBytes { raw throws(TrackReadError) in
            try TrackReader().read(raw, fileName: tcx.displayPath)
        }
        #expect(document.format == .tcx)
        #expect(sources[3].bytes.array == ContainerFixtures.fitStub(tag: 4))
        let ignored = items.ignored
        #expect(
            ignored.map(\.path) == ["export_1.zip!activities.csv", "export_1.zip!bikes.csv", "export_1.zip!media/"])
        #expect(ignored.map(\.reason) == [.catalogue, .notActivity, .directory])
        // The manual activity (Treadmill 5k) is a row, counted once per archive, not a file.
        #expect(items.manualActivities.map(\.path) == ["export_1.zip"])
        #expect(items.manualActivities.map(\.count) == [1])
    }

    @Test func aNestedZipDoesNotTakeRowsMeantForTheOuterPaths() throws {
        let inner = TestZip([TestZip.Member("activities/9100000003.fit", ContainerFixtures.fitStub())]).bytes
        let outer = TestZip([
            TestZip.Member("activities.csv", text: Self.stravaCSV), TestZip.Member("old/backup.zip", inner),
        ]).bytes
        let sources = ContainerReader().items(bytes: outer, name: "o.zip").sources
        let source = try #require(sources.first)
        #expect(source.displayPath == "o.zip!old/backup.zip!activities/9100000003.fit")
        #expect(source.metadata == nil)
        #expect(source.catalogue?.kind == .strava)
    }

    @Test func aRowWhoseFileIsMissingIsOneSentence() {
        let zip = TestZip([TestZip.Member("activities.csv", text: Self.stravaCSV)]).bytes
        let failures = ContainerReader().items(bytes: zip, name: "e.zip").failures
        #expect(failures.count == 3)
        #expect(failures.allSatisfy { if case .catalogueMissingMember = $0 { true } else { false } })
        #expect(
            failures.first?.description
                == "e.zip lists activities/12866632127.fit.gz in activities.csv, but the archive does not hold that file."
        )
    }

    @Test func anUnusableCatalogueIsReportedAndFilesStillImport() {
        let zip = TestZip([
            TestZip.Member("activities.csv", text: "Aktivitäts-ID,Dateiname\n1,activities/1.gpx\n"),
            TestZip.Member("activities/1.gpx", text: ContainerFixtures.gpx()),
        ]).bytes
        let items = ContainerReader().items(bytes: zip, name: "de.zip")
        #expect(
            items.failures == [
                .catalogueUnreadable(
                    path: "de.zip!activities.csv",
                    reason: "it has no 'Filename' column (only English headers are understood)")
            ])
        #expect(items.sources.map(\.displayPath) == ["de.zip!activities/1.gpx"])
        #expect(items.sources.first?.metadata == nil)
    }

    @Test func garminExportFollowsNestedPartsAndMatchesSummariesByStartTime() throws {
        let part = TestZip([
            TestZip.Member("runner@example.com_101.fit", ContainerFixtures.fitStub(tag: 1)),
            TestZip.Member("runner@example.com_102_tap-sync.fit", ContainerFixtures.fitStub(tag: 2)),
            TestZip.Member("runner@example.com_103.txt", text: "not a fit"),
        ]).bytes
        // 1653839615000 ms = 2022-05-29T15:53:35Z; 1653926400000 ms = 2022-05-30T16:00:00Z.
        let summaries = """
            [{"summarizedActivitiesExport": [
              {"activityId": 9001, "name": "Laufen Landal Park", "activityType": "running", "startTimeGmt": 1653839615000},
              {"activityId": 9002, "name": "Evening Ride", "activityType": {"typeKey": "cycling"}, "startTimeGmt": 1653926400000}
            ]}]
            """
        let export = TestZip([
            TestZip.Member(
                "DI_CONNECT/DI-Connect-Fitness/runner@example.com_0_summarizedActivities.json", text: summaries),
            TestZip.Member("DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip", part, method: 0),
            TestZip.Member("DI_CONNECT/DI-Connect-Wellness/runner@example.com_sleepData.json", text: "[]"),
        ]).bytes
        let items = ContainerReader().items(bytes: export, name: "garmin.zip")
        #expect(items.failures.isEmpty)
        let sources = items.sources
        let prefix = "garmin.zip!DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip!"
        #expect(
            sources.map(\.displayPath) == [
                prefix + "runner@example.com_101.fit", prefix + "runner@example.com_102_tap-sync.fit",
            ])
        #expect(sources.allSatisfy { $0.format == .fit && $0.metadata == nil })
        let catalogue = try #require(sources.first?.catalogue)
        #expect(catalogue.kind == .garmin)
        #expect(catalogue.metadata(near: 1_653_839_615 + 299)?.name == "Laufen Landal Park")
        #expect(catalogue.metadata(near: 1_653_839_615 - 301) == nil)
        let ride = try #require(catalogue.metadata(near: 1_653_926_400))
        #expect(ride.type == "cycling")
        #expect(ride.activityID == "9002")
        #expect(items.ignored.map(\.path).contains(prefix + "runner@example.com_103.txt"))
    }

    @Test func runkeeperExportUsesLocalDatesAndUnitsFromTheHeader() throws {
        let csv = """
            Activity Id,Date,Type,Route Name,Distance (mi),Duration,Average Pace,Average Speed (mph),Calories Burned,Climb (ft),Average Heart Rate (bpm),Friend's Tagged,Notes,GPX File
            abababab-abab-abab-abab-abababababab,2020-05-02 15:16:17,Walking,,0.70,12:31,17:17,3.36,62.0,3,,"","",2020-05-02-151617.gpx
            cdcdcdcd-cdcd-cdcd-cdcd-cdcdcdcdcdcd,2020-05-03 08:00:00,Running,River loop,3.10,1:05:12,21:02,2.85,400.0,10,,"","",

            """
        let zip = TestZip([
            TestZip.Member("runkeeper-data-export-1/cardioActivities.csv", text: csv),
            TestZip.Member("runkeeper-data-export-1/2020-05-02-151617.gpx", text: ContainerFixtures.gpx()),
            TestZip.Member("runkeeper-data-export-1/measurements.csv", text: "Date,Weight\n"),
        ]).bytes
        let items = ContainerReader().items(bytes: zip, name: "rk.zip")
        #expect(items.failures.isEmpty)
        let source = try #require(items.sources.first)
        #expect(items.sources.count == 1)
        let metadata = try #require(source.metadata)
        #expect(metadata.type == "Walking")
        #expect(metadata.startTime == nil)
        #expect(metadata.localStartTime == 1_588_432_577)  // 2020-05-02T15:16:17 as if UTC
        #expect(metadata.elapsedTime == 751)  // 12 min 31 s
        #expect(abs((metadata.distance ?? 0) - 0.70 * 1609.344) < 1e-9)
        #expect(source.catalogue?.withoutFile.first?.elapsedTime == 3912)  // 1 h 5 min 12 s
        #expect(items.manualActivities.map(\.count) == [1])
    }

    @Test func runkeeperKilometresAreConvertedAndUnknownUnitsDropped() throws {
        let header = "Activity Id,Date,Type,Route Name,%@,Duration,GPX File\n"
        let row = "a,2020-05-02 15:16:17,Running,Loop,2.50,12:31,a.gpx\n"
        for (unit, expected) in [("Distance (km)", 2500.0), ("Distance (furlongs)", nil)] {
            let csv = header.replacingOccurrences(of: "%@", with: unit) + row
            let catalogue = try Array(csv.utf8).withUnsafeBytes { raw throws(CatalogueError) in
                try ExportCatalogue.parse(raw, kind: .runkeeper, folder: "")
            }
            #expect(catalogue.byMember["a.gpx"]?.distance == expected, "\(unit)")
            #expect(catalogue.byMember["a.gpx"]?.name == "Loop")
        }
    }

    @Test func stravaDatesAreReadAsUTCEnglishText() {
        #expect(CatalogueDates.strava("May 29, 2022, 3:53:35 PM") == 1_653_839_615)
        #expect(CatalogueDates.strava("Jan 2, 2024, 9:41:00 AM") == 1_704_188_460)
        #expect(CatalogueDates.strava("January 15, 2023, 12:05:00 AM") == 1_673_741_100)  // midnight hour
        #expect(CatalogueDates.strava("Jan 15, 2023, 12:30:00 PM") == 1_673_785_800)  // noon hour
        for bad in [
            "", "May 29, 2022", "Foo 29, 2022, 3:53:35 PM", "Feb 30, 2022, 1:00:00 AM", "May 29, 2022, 13:00:00 PM",
            "May 29, 2022, 3:53:35 XM", "29.05.2022, 15:53:35",
        ] {
            #expect(CatalogueDates.strava(bad) == nil, "\(bad)")
        }
        #expect(CatalogueDates.duration("12:31") == 751)
        #expect(CatalogueDates.duration("1:05:12") == 3912)
        #expect(CatalogueDates.duration("12") == nil)
        #expect(CatalogueDates.duration("-1:00") == nil)
    }

    @Test func csvKeepsDuplicateNamesQuotedNewlinesAndDoubledQuotes() throws {
        let text = "\u{FEFF}A,B,A\r\n1,\"x, \"\"y\"\"\nz\",3\r\n\r\n4,5,6"
        // Every split of the text into two pieces reads the same (the catalogue is read a piece
        // at a time): the expected rows are the RFC 4180 reading by hand.
        let bytes = Array(text.utf8)
        for split in 0...bytes.count {
            let (header, rows) = try Self.csv([Array(bytes[..<split]), Array(bytes[split...])], keep: [0, 1, 2])
            #expect(header == ["A", "B", "A"], "split \(split)")
            #expect(rows == [["1", "x, \"y\"\nz", "3"], ["4", "5", "6"]], "split \(split)")
        }
        #expect(["A", "B", "A"].column("A") == 0)
        #expect(["A", "B", "A"].column("A", occurrence: 1) == 2)
        #expect(["A", "B", "A"].column("A", occurrence: 2) == nil)
        #expect(throws: CatalogueCSV.Failure.unterminatedQuote) { try Self.csv([Array("a\n\"open".utf8)], keep: [0]) }
    }

    /// The header and the kept cells of every row of a CSV fed in `pieces`.
    static func csv(_ pieces: [[UInt8]], keep: [Int?], budget: InputBudget = InputBudget(.exportCatalogue))
        throws(CatalogueCSV.Failure) -> (header: [String], rows: [[String?]])
    {
        var reader = CatalogueCSV(budget: budget)
        var rows: [[String?]] = []
        func onHeader(_ csv: inout CatalogueCSV) { _ = csv.keep(keep) }
        for piece in pieces {
            let result = piece.withUnsafeBytes { raw in
                Result { () throws(CatalogueCSV.Failure) in
                    try reader.feed(raw, onHeader: onHeader, onRow: { rows.append($0) })
                }
            }
            try result.get()
        }
        try reader.finish(onHeader: onHeader, onRow: { rows.append($0) })
        return (reader.header ?? [], rows)
    }
}
