import Foundation

@testable import NearbyRuns

/// Writes zip archives byte by byte (PKWARE APPNOTE 6.3.x layout) for the container tests, with
/// switches for the hostile shapes: lying sizes, encryption flags, data descriptors, overlaps.
struct TestZip {
    struct Member {
        var name: String
        var data: [UInt8]
        /// 0 stored, 8 deflate, anything else written as is (its data stored).
        var method: UInt16 = 8
        var flags: UInt16 = 0
        /// Sizes and CRC go in a data descriptor after the data (flag bit 3), zero in the local header.
        var dataDescriptor = false
        /// Overrides the uncompressed size written in the central directory.
        var declaredSize: UInt32? = nil
        /// Overrides the CRC written in the central directory.
        var declaredCRC: UInt32? = nil

        init(_ name: String, _ data: [UInt8], method: UInt16 = 8) {
            self.name = name
            self.data = data
            self.method = method
        }

        init(_ name: String, text: String, method: UInt16 = 8) {
            self.init(name, Array(text.utf8), method: method)
        }
    }

    var members: [Member]
    /// Overrides the entry counts in the end record.
    var declaredEntries: UInt16? = nil
    /// Central-directory compressed size of this member index is stretched to the directory start.
    var stretchMember: Int? = nil
    /// Write Zip64 records: every size and offset as 0xFFFFFFFF with the real values in Zip64
    /// extra fields, and a Zip64 end record and locator before the end record.
    var zip64 = false

    init(_ members: [Member]) { self.members = members }

    var bytes: [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        var offsets: [Int] = []
        var stretchAt: Int?
        for (index, member) in members.enumerated() {
            let compressed = member.method == 8 ? Deflate.compress(member.data, gzip: false) : member.data
            let crc = Inflate.crc32(member.data)
            let nameBytes = Array(member.name.utf8)
            let flags = member.flags | (member.dataDescriptor ? 0x0008 : 0) | 0x0800
            offsets.append(out.count)
            out += le32(0x0403_4B50) + le16(20) + le16(flags) + le16(member.method) + le16(0) + le16(0x21)
            let sizes64 = le64(UInt64(member.data.count)) + le64(UInt64(compressed.count))
            if member.dataDescriptor {
                out += le32(0) + le32(0) + le32(0)
            } else if zip64 {
                out += le32(crc) + le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
            } else {
                out += le32(crc) + le32(UInt32(compressed.count)) + le32(UInt32(member.data.count))
            }
            let localExtra = zip64 ? le16(1) + le16(16) + sizes64 : []
            out += le16(UInt16(nameBytes.count)) + le16(UInt16(localExtra.count)) + nameBytes + localExtra + compressed
            if member.dataDescriptor {
                out += le32(0x0807_4B50) + le32(crc) + le32(UInt32(compressed.count)) + le32(UInt32(member.data.count))
            }
            central +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(flags) + le16(member.method) + le16(0) + le16(0x21)
            central += le32(member.declaredCRC ?? crc)
            if index == stretchMember { stretchAt = central.count }
            if zip64 {
                let extra = le16(1) + le16(24) + sizes64 + le64(UInt64(offsets[index]))
                central += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
                central += le16(UInt16(nameBytes.count)) + le16(UInt16(extra.count)) + le16(0) + le16(0) + le16(0)
                central += le32(0) + le32(0xFFFF_FFFF) + nameBytes + extra
                continue
            }
            central += le32(UInt32(compressed.count)) + le32(member.declaredSize ?? UInt32(member.data.count))
            central += le16(UInt16(nameBytes.count)) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0)
            central += le32(UInt32(offsets[index])) + nameBytes
        }
        let directoryOffset = out.count
        if let at = stretchAt, let index = stretchMember {
            let dataStart = offsets[index] + 30 + members[index].name.utf8.count
            central.replaceSubrange(at..<(at + 4), with: le32(UInt32(directoryOffset - dataStart)))
        }
        let count = declaredEntries ?? UInt16(members.count)
        out += central
        if zip64 {
            let record = out.count
            out += le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            out += le64(UInt64(members.count)) + le64(UInt64(members.count)) + le64(UInt64(central.count))
            out += le64(UInt64(directoryOffset))
            out += le32(0x0706_4B50) + le32(0) + le64(UInt64(record)) + le32(1)
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF)
            out += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) + le16(0)
            return out
        }
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(count) + le16(count)
        out += le32(UInt32(central.count)) + le32(UInt32(directoryOffset)) + le16(0)
        return out
    }
}

func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * UInt32($0))) & 0xFF) } }
func le64(_ value: UInt64) -> [UInt8] { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }

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
}

/// ../shared/fit beside ../shared/tracks, when present.
enum ContainerTestPaths {
    static let sharedFit: String? = {
        guard let tracks = ReaderTestPaths.sharedTracks else { return nil }
        let fit = URL(fileURLWithPath: tracks).deletingLastPathComponent().appendingPathComponent("fit").path
        return FileManager.default.fileExists(atPath: fit) ? fit : nil
    }()
}
