import Foundation
import NearbyRuns
import NearbyTestSupport

@testable import NearbyStore

/// A fresh directory under the system temporary directory, removed after `body`.
func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = try TestPaths.temporaryDirectory("NearbyStoreTests")
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

/// A fixed clock, so `importedAt` is predictable.
let fixedInstant: Double = 1_700_000_000.5
func fixedNow() -> Double { fixedInstant }

/// A small record with `segmentCount` segments of `pointsPerSegment` distinct points.
func sampleRecord(
    hash: String, source: String = "run.gpx", start: Double? = 1_600_000_000,
    segmentCount: Int = 2, pointsPerSegment: Int = 3, east: Double = 0
) -> RunRecord {
    let base = start ?? 0
    var segments: [TrackSegment] = []
    for s in 0..<segmentCount {
        var points: [TrackPoint] = []
        for p in 0..<pointsPerSegment {
            let latitude: Double = 25.0 + Double(s) * 0.01 + Double(p) * 0.0001
            let longitude: Double = 121.5 + east + Double(p) * 0.0001
            let time: Double = base + Double(s * 100 + p)
            points.append(
                TrackPoint(
                    latitude: latitude, longitude: longitude, elevation: Double(p), time: time,
                    heartRate: UInt16(120 + p), cadence: nil))
        }
        segments.append(TrackSegment(points: points))
    }
    return RunRecord(
        contentHash: hash, sourceName: source, name: "Morning run", activityType: "running",
        startTime: start, distance: 1234.5, elapsedTime: 600, movingTime: 580, segments: segments)
}

/// A 64-digit lowercase hex string made from a short tag (not a real digest; the store only
/// needs distinct hex strings).
func fakeHash(_ prefix: String) -> String {
    prefix + String(repeating: "0", count: max(0, 64 - prefix.count))
}

/// Opens `path` with the raw wrapper and returns one integer from `sql`.
func scalar(_ path: String, _ sql: String) throws -> Int64? {
    let database = try SQLiteDatabase(path: path, mode: .readOnly)
    let statement = try database.prepare(sql)
    return try statement.step() ? statement.int64(at: 0) : nil
}

/// `points` packed in ``PointBlob`` format version 1, as builds before format 2 wrote them (from
/// the documented layout, for files of older schema versions written by hand).
func packedVersion1(_ points: [TrackPoint]) -> [UInt8] {
    var bytes: [UInt8] = [1]
    func put(_ value: Double) { withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes += $0 } }
    func put(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
    for point in points {
        let present = [point.elevation != nil, point.time != nil, point.heartRate != nil, point.cadence != nil]
        bytes.append(present.enumerated().reduce(0) { $0 | ($1.element ? 1 << UInt8($1.offset) : 0) })
        put(point.latitude)
        put(point.longitude)
        if let elevation = point.elevation { put(elevation) }
        if let time = point.time { put(time) }
        if let heartRate = point.heartRate { put(heartRate) }
        if let cadence = point.cadence { put(cadence) }
    }
    return bytes
}
