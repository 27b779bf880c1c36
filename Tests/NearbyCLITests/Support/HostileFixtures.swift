import Foundation

/// Feeds, tracks and names written as an attacker would: control sequences that clear the screen,
/// set the window title, plant an OSC 8 hyperlink, reverse text, or start a spreadsheet formula.
/// Generated at run time (the sequences are spelled with Swift escapes here, readable in review).
enum HostileFixtures {
    /// Sets the terminal title, then clears the screen.
    static let titleAndClear = "Evil\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[H"
    /// An OSC 8 hyperlink whose text hides where it goes.
    static let hyperlink = "\u{1B}]8;;https://evil.example/\u{1B}\\click me\u{1B}]8;;\u{1B}\\"
    /// C1 CSI (U+009B), DEL and a right-to-left override.
    static let c1AndBidi = "Park\u{9B}31m\u{7F}\u{202E}gnp.exe\u{2066}x\u{2069}"
    /// A line break and a tab inside one value.
    static let twoLines = "two\nlines\tand a tab"
    /// A spreadsheet formula.
    static let formula = "=HYPERLINK(\"https://evil.example\",\"ok\")"

    /// The toilets fixture's header (Fixtures/mirror/toilets.csv) with hostile rows.
    /// Expected distances from 25.0418,121.5152 (GeographicLib `Geodesic.WGS84.Inverse`):
    /// row 1 at 25.041,121.5163: 142.042 m; row 2 at 25.04334,121.5149: 173.257 m;
    /// row 3 at 25.0478,121.51775: 712.718 m; row 4 (`-0.12` longitude) far away.
    static let toiletsCSV = """
        行政區,公廁類別,公廁名稱,公廁地址,經度,緯度,管理單位,座數,特優級,優等級,普通級,改善級 ,無障礙廁座數,親子廁座數\r
        中正區,交通,\(titleAndClear),\(hyperlink),121.516300,25.041000,\(c1AndBidi),6,6,0,0,0,1,0\r
        中正區,公園,"\(twoLines)",地址,121.514900,25.043340,管理,8,8,0,0,0,1,1\r
        中正區,交通,"\(formula.replacingOccurrences(of: "\"", with: "\"\""))",-1+2,121.517750,25.047800,@SUM(A1),10,10,0,0,0,2,1\r
        倫敦,交通,London,London,-0.120000,51.500000,x,1,1,0,0,0,0,0\r

        """

    /// A mirror folder holding the hostile toilets feed.
    static func mirror() throws -> URL {
        let folder = try TestPaths.temporaryDirectory("nearby-hostile-mirror")
        try Data(toiletsCSV.utf8).write(to: folder.appendingPathComponent("toilets.csv"))
        return folder
    }

    /// A GPX track named with controls, 2,000 m due north from 25.03,121.52 (as meridian-2km.gpx).
    static func track(in folder: URL, fileName: String = "hostile.gpx") throws -> URL {
        let source = try String(contentsOf: TestPaths.fixture("meridian-2km.gpx"), encoding: .utf8)
        guard let range = source.range(of: "Morning &amp; meridian") else { throw FixtureError.noTrack }
        let named = source.replacingCharacters(in: range, with: c1AndBidi)
        let url = folder.appendingPathComponent(fileName)
        try Data(named.utf8).write(to: url)
        return url
    }

    enum FixtureError: Error { case noTrack }
}
