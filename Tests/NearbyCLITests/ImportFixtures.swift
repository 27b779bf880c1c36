import Foundation
import NearbyRuns
import NearbyTestSupport

/// Activity files of our own making for the import tests, in the shapes real exports hold.
///
/// The route is Fixtures/meridian-2km.gpx's: 21 fixes due north from 25.03,121.52, one every
/// 100 m (GeographicLib `Direct(25.03, 121.52, 0, 100*k)`), one every 30 s: 2,000 m in 600 s.
/// Here it starts at FIT time 1_000_000_000 = 2021-09-08T01:46:40Z (Unix 1_631_065_600).
enum ImportFixtures {
    typealias W = FITTestWriter
    static let startUnix = 1_631_065_600.0

    /// The 21 latitudes of meridian-2km.gpx, read from the fixture.
    static let latitudes: [Double] = {
        let text = (try? String(contentsOf: TestPaths.fixture("meridian-2km.gpx"), encoding: .utf8)) ?? ""
        return text.components(separatedBy: "lat=\"").dropFirst().compactMap { part in
            part.split(separator: "\"").first.flatMap { Double($0) }
        }
    }()

    /// The meridian run as a FIT activity: records every 30 s, timer start and stop, a session
    /// whose device distance and timer time are `deviceMetres` and `timerSeconds`. `east` moves
    /// the route that many degrees east (another route at the same time).
    static func fit(
        deviceMetres: UInt64 = 1980, timerSeconds: UInt64 = 590, east: Double = 0, sport: UInt64 = 1
    ) -> [UInt8] {
        var w = W()
        w.defineRun()
        w.timer(0, type: 0)
        for (k, latitude) in latitudes.enumerated() {
            let step = UInt64(k)
            w.record(30 * step, latitude: latitude, longitude: 121.52 + east, distanceRaw: 10_000 * step)
        }
        w.timer(600, type: 4)
        w.message(local: 4, [W.t0 + 600])
        w.session(
            end: 600, sport: sport, elapsedMs: 600_000, timerMs: timerSeconds * 1000, distanceCm: deviceMetres * 100,
            averageSpeedMm: 3333)
        w.message(local: 5, [W.t0 + 600, W.t0 + 600 + 8 * 3600])
        return w.file()
    }

    /// A FIT settings file (file_id type 2, no records): what Garmin's export is mostly made of.
    static func settingsFIT() -> [UInt8] {
        var w = W()
        w.defineRun(fileType: 2)
        return w.file()
    }

    /// The meridian run as GPX 1.1, every `stride`-th fix (an export that thinned the track).
    static func gpx(stride: Int = 1, name: String? = "Meridian") -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1">
            <trk>\(name.map { "<name>\($0)</name>" } ?? "")<type>running</type><trkseg>

            """
        for (k, latitude) in latitudes.enumerated() where k % stride == 0 || k == latitudes.count - 1 {
            let time = Date(timeIntervalSince1970: startUnix + 30 * Double(k))
            text += "<trkpt lat=\"\(latitude)\" lon=\"121.52\"><time>\(iso(time))</time></trkpt>\n"
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    /// A two-fix GPX elsewhere and at another time (Taipei Main Station, 2020-05-02).
    static let otherGPX = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><trkseg>
        <trkpt lat="25.0418" lon="121.5152"><time>2020-05-02T13:16:17Z</time></trkpt>
        <trkpt lat="25.0428" lon="121.5152"><time>2020-05-02T13:17:17Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    static func gzip(_ bytes: [UInt8]) -> [UInt8] { Deflate.compress(bytes, gzip: true) }

    static func iso(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// A Strava-shaped export: `activities.csv` (columns by name, a manual activity without a
    /// file), `activities/<upload id>.fit.gz|.gpx`, other CSVs and a PDF.
    static func strava(extra: [TestZip.Member] = []) -> [UInt8] {
        let csv = """
            Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Filename,Distance
            7001,"Sep 8, 2021, 1:46:40 AM",Laufen Landal Park,Run,600,1.98,activities/12866632127.fit.gz,1980.0
            7002,"May 2, 2020, 1:16:17 PM",Station stroll,Walk,60,0.11,activities/1681613317.gpx,111.0
            7003,"May 3, 2020, 8:00:00 AM",Treadmill,Run,1800,5.00,,5000.0

            """
        return TestZip(
            [
                TestZip.Member("activities.csv", text: csv),
                TestZip.Member("activities/12866632127.fit.gz", gzip(fit()), method: 0),
                TestZip.Member("activities/1681613317.gpx", text: otherGPX),
                TestZip.Member("bikes.csv", text: "Bike Name\n"),
                TestZip.Member("information_we_disclose.pdf", Array("%PDF-1.4\n".utf8)),
            ] + extra
        ).bytes
    }

    /// A Garmin-shaped export: the summaries JSON and a nested part zip holding the activity FIT
    /// and a settings FIT.
    static func garmin() -> [UInt8] {
        let part = TestZip([
            TestZip.Member("runner@example.com_101.fit", fit()),
            TestZip.Member("runner@example.com_102.fit", settingsFIT()),
        ]).bytes
        let summaries = """
            [{"summarizedActivitiesExport": [
              {"activityId": 9001, "name": "Laufen Landal Park", "activityType": "running", "startTimeGmt": 1631065600000}
            ]}]
            """
        return TestZip([
            TestZip.Member(
                "DI_CONNECT/DI-Connect-Fitness/runner@example.com_0_summarizedActivities.json", text: summaries),
            TestZip.Member("DI_CONNECT/DI-Connect-Uploaded-Files/UploadedFiles_0-_Part1.zip", part, method: 0),
        ]).bytes
    }

    /// A Runkeeper-shaped export: `cardioActivities.csv` (local dates) and a GPX per activity.
    static func runkeeper() -> [UInt8] {
        let csv = """
            Activity Id,Date,Type,Route Name,Distance (km),Duration,Average Pace,GPX File
            abababab-abab-abab-abab-abababababab,2021-09-08 09:46:40,Running,River loop,2.00,10:00,5:00,2021-09-08-094640.gpx

            """
        return TestZip([
            TestZip.Member("runkeeper-data-export-1/cardioActivities.csv", text: csv),
            TestZip.Member("runkeeper-data-export-1/2021-09-08-094640.gpx", text: gpx(name: nil)),
        ]).bytes
    }

    /// `../shared/fit` beside the checkout (or one level further up), when present.
    static let sharedFit: URL? = {
        let parent = TestPaths.packageRoot.deletingLastPathComponent()
        return [parent, parent.deletingLastPathComponent()].map { $0.appendingPathComponent("shared/fit") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
    }()
}
