import Foundation
import NearbyTestSupport
import Testing

/// Issue 22: what `runs import` says about files that hold nothing, many failing sessions, and
/// catalogue rows — one sentence per file, rows counted as rows.
@Suite struct ImportReportingTests {
    let home: URL
    let runner: InProcessRunner

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-import-report")
        runner = InProcessRunner(home: home, extra: ["TZ": "Asia/Taipei"])
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = home.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// A FIT activity file with a file_id and nothing else imported nothing, said nothing and
    /// exited 0.
    @Test func aFITFileWithNothingInItIsOneSentenceAndExitOne() throws {
        var w = FITTestWriter()
        w.defineRun()
        let path = try write("empty.fit", w.file())
        let result = runner.run(["runs", "import", path])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "nearby: empty.fit is a FIT activity file without records or sessions, so there is no run in it to import\n"
                + "nearby: 1 file could not be imported; the store is unchanged for them.\n")
        #expect(result.stdout.isEmpty)
    }

    /// Three sessions without records: three runs that cannot be stored, from one file — one
    /// sentence and one file counted (it said "3 files could not be imported").
    @Test func aFileWhoseSessionsFailIsOneSentence() throws {
        var w = FITTestWriter()
        w.defineRun()
        for end in [10, 20, 30] as [UInt64] { w.session(end: end, start: end - 10) }
        let path = try write("three.fit", w.file())
        let result = runner.run(["runs", "import", path])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(
            lines.first?.hasPrefix("nearby: three.fit: 3 of its 3 sessions could not be imported; the first: ") == true)
        #expect(lines.last == "nearby: 1 file could not be imported; the store is unchanged for them.")
    }

    /// Catalogue rows without a file are rows: counted once per archive, in the closing line, not
    /// as "files that are not activities".
    @Test func manualActivitiesAreCountedAsRows() throws {
        var csv = "Activity ID,Activity Date,Activity Name,Activity Type,Filename\n"
        for index in 1...5 { csv += "\(index),\"Jan 2, 2024, 9:41:00 AM\",Treadmill \(index),Run,\n" }
        let path = try write("export_9.zip", TestZip([TestZip.Member("activities.csv", text: csv)]).bytes)
        let result = runner.run(["runs", "import", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "0 imported, 0 already there, 0 skipped; 1 file that is not an activity was ignored; 5 catalogue rows name activities without a file (entered by hand), so there is nothing to import for them.\n"
        )
    }
}
