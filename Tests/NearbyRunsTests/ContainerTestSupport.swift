import Foundation
import NearbyTestSupport

@testable import NearbyRuns

/// Fixtures written for these tests.
enum ContainerFixtures {
    static func gzip(_ bytes: [UInt8]) -> [UInt8] { Deflate.compress(bytes, gzip: true) }
    static func gzip(_ text: String) -> [UInt8] { gzip(Array(text.utf8)) }

    /// A two-point GPX 1.1 track, starting at `start` (ISO 8601).
    static func gpx(start: String = "2020-05-02T13:16:17Z") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="tests" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><name>GPX run</name><trkseg>
        <trkpt lat="25.0418" lon="121.5152"><time>\(start)</time></trkpt>
        <trkpt lat="25.0428" lon="121.5152"><time>2020-05-02T13:17:17Z</time></trkpt>
        </trkseg></trk></gpx>
        """
    }

    /// A TCX with ten spaces before the declaration, as Strava writes its TCX members.
    static let tcx = """
                  <?xml version="1.0" encoding="UTF-8"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
        <Activities><Activity Sport="Running"><Id>2016-09-12T11:19:55Z</Id>
        <Lap StartTime="2016-09-12T11:19:55Z"><Track>
        <Trackpoint><Time>2016-09-12T11:19:55Z</Time><Position><LatitudeDegrees>45.0</LatitudeDegrees><LongitudeDegrees>5.0</LongitudeDegrees></Position></Trackpoint>
        <Trackpoint><Time>2016-09-12T11:20:55Z</Time><Position><LatitudeDegrees>45.001</LatitudeDegrees><LongitudeDegrees>5.0</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap></Activity></Activities></TrainingCenterDatabase>
        """

    /// A FIT file's 14-byte header (data size 0) and a zero CRC: enough for detection, which is
    /// all the container layer does with FIT (the decoder is another module's).
    static func fitStub(tag: UInt8 = 0) -> [UInt8] {
        [14, 0x20, 0x8D, 0x52, 0, 0, 0, 0, 0x2E, 0x46, 0x49, 0x54, 0, 0, tag, 0]
    }

    /// Strava's 94-column English header (EXPORTS.md §1), with its duplicate names.
    static let stravaHeader = [
        "Activity ID", "Activity Date", "Activity Name", "Activity Type", "Activity Description", "Elapsed Time",
        "Distance", "Max Heart Rate", "Relative Effort", "Commute", "Activity Private Note", "Activity Gear",
        "Filename",
        "Athlete Weight", "Bike Weight", "Elapsed Time", "Moving Time", "Distance", "Max Speed", "Average Speed",
        "Elevation Gain", "Elevation Loss", "Elevation Low", "Elevation High", "Max Grade", "Average Grade",
        "Average Positive Grade", "Average Negative Grade", "Max Cadence", "Average Cadence", "Max Heart Rate",
        "Average Heart Rate", "Max Watts", "Average Watts", "Calories", "Max Temperature", "Average Temperature",
        "Relative Effort", "Total Work", "Number of Runs", "Uphill Time", "Downhill Time", "Other Time",
        "Perceived Exertion", "Type", "Start Time", "Weighted Average Power", "Power Count",
        "Prefer Perceived Exertion",
        "Perceived Relative Effort", "Commute", "Total Weight Lifted", "From Upload", "Grade Adjusted Distance",
        "Weather Observation Time", "Weather Condition", "Weather Temperature", "Apparent Temperature", "Dewpoint",
        "Humidity", "Weather Pressure", "Wind Speed", "Wind Gust", "Wind Bearing", "Precipitation Intensity",
        "Sunrise Time", "Sunset Time", "Moon Phase", "Bike", "Gear", "Precipitation Probability", "Precipitation Type",
        "Cloud Cover", "Weather Visibility", "UV Index", "Weather Ozone", "Jump Count", "Total Grit", "Average Flow",
        "Flagged", "Average Elapsed Speed", "Dirt Distance", "Newly Explored Distance", "Newly Explored Dirt Distance",
        "Activity Count", "Total Steps", "Carbon Saved", "Pool Length", "Training Load", "Intensity",
        "Average Grade Adjusted Pace", "Timer Time", "Total Cycles", "Media",
    ]

    /// One Strava CSV row: the named cells filled, every other cell empty. `cells` maps a column
    /// index (not a name, because names repeat) to its raw CSV text (already quoted if needed).
    static func stravaRow(_ cells: [Int: String]) -> String {
        (0..<stravaHeader.count).map { cells[$0] ?? "" }.joined(separator: ",")
    }
}

extension ContainerReader {
    /// Every item of `bytes`, each streamed source read to its end through the track reader's
    /// window while the walk is at it, as `runs import` reads it: a stream that fails shows as
    /// its container failure in place of the source.
    func itemsRead(bytes: [UInt8], name: String) -> [ContainerItem] {
        var items: [ContainerItem] = []
        read(bytes: bytes, name: name) { item in
            if case .source(let source) = item, let stream = source.bytes.stream {
                _ = try? TrackReader().read(stream: stream, fileName: source.displayPath)
                if let failure = source.bytes.streamFailure {
                    items.append(.failed(failure))
                    return
                }
            }
            items.append(item)
        }
        return items
    }
}

extension [ContainerItem] {
    var sources: [ActivitySource] {
        compactMap { if case .source(let source) = $0 { source } else { nil } }
    }
    var failures: [ContainerError] {
        compactMap { if case .failed(let error) = $0 { error } else { nil } }
    }
    var ignored: [(path: String, reason: IgnoredReason)] {
        compactMap { if case .ignored(let path, let reason) = $0 { (path, reason) } else { nil } }
    }
    var manualActivities: [(path: String, count: Int)] {
        compactMap { if case .manualActivities(let path, let count) = $0 { (path, count) } else { nil } }
    }
}

/// ../shared/fit beside ../shared/tracks, when present.
enum ContainerTestPaths {
    static let sharedFit: String? = {
        guard let tracks = ReaderTestPaths.sharedTracks else { return nil }
        let fit = URL(fileURLWithPath: tracks).deletingLastPathComponent().appendingPathComponent("fit").path
        return FileManager.default.fileExists(atPath: fit) ? fit : nil
    }()
}
