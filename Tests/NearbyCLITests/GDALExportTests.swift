import Foundation
import NearbyTestSupport
import Testing

/// GDAL's GPX driver as an independent reader of `runs export --format gpx` (issue 23): with
/// `GPX_USE_EXTENSIONS=YES` it read Nearby's one-line `<extensions>` as an integer field and
/// warned for every point ("parsed incompletely to integer 0", losing the cadence); Garmin's
/// layout, one element a line, reads without a warning and keeps heart rate and cadence. Runs
/// where `ogrinfo` is installed (Debian's gdal-bin) and says it was skipped otherwise.
@Suite(.enabled(if: GDAL.ogrinfo != nil)) struct GDALExportTests {

    @Test func gdalReadsHeartRateAndCadenceWithoutAWarning() throws {
        let home = try TestPaths.temporaryDirectory("nearby-gdal")
        let nearby = InProcessRunner(home: home, extra: ["TZ": "UTC"])
        let fit = home.appendingPathComponent("run.fit")
        try Data(DeviceFixtures.oddFieldRun()).write(to: fit)
        #expect(nearby.run(["runs", "import", fit.path]).status == 0)
        let gpx = home.appendingPathComponent("run.gpx").path
        #expect(nearby.run(["runs", "export", "1", "--format", "gpx", "--output", gpx]).status == 0)
        let log = home.appendingPathComponent("ogrinfo.txt")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(GDAL.ogrinfo))
        process.arguments = ["-ro", "-al", gpx, "track_points"]
        process.environment = ["GPX_USE_EXTENSIONS": "YES", "PATH": "/usr/bin:/bin"]
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("Warning"), "\(text)")
        // 11 points, each with its heart rate 150 (the fixture has no cadence field).
        #expect(text.components(separatedBy: "<gpxtpx:hr>150</gpxtpx:hr>").count - 1 == 11, "\(text)")
    }
}

/// Where GDAL's `ogrinfo` is, if installed.
enum GDAL {
    static let ogrinfo = ["/usr/bin/ogrinfo", "/usr/local/bin/ogrinfo"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}
