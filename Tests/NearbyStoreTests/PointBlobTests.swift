import Foundation
import NearbyRuns
import Testing

@testable import NearbyStore

@Suite struct PointBlobTests {
    // Oracle: the documented format, packed by Python independently of our encoder:
    // python3 -c "import struct; print((bytes([1])
    //   + struct.pack('<BdddH', 0b0101, 25.04, 121.51, 12.5, 150)
    //   + struct.pack('<BdddH', 0b1010, -33.5, -70.25, 1700000000.25, 90)).hex())"
    static let pythonHex =
        "01050ad7a3703d0a3940713d0ad7a3605e40000000000000294096000a0000000000c040c00000000000"
        + "9051c000001040fc54d9415a00"
    static let expected = [
        TrackPoint(latitude: 25.04, longitude: 121.51, elevation: 12.5, heartRate: 150),
        TrackPoint(latitude: -33.5, longitude: -70.25, time: 1_700_000_000.25, cadence: 90),
    ]

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).compactMap {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)
        }
    }

    @Test func decodesHandPackedBytes() throws {
        let bytes = Self.bytes(hex: Self.pythonHex)
        #expect(bytes.count == 55)
        let points = try bytes.withUnsafeBytes { try PointBlob.decode($0, count: 2) }
        #expect(points == Self.expected)
    }

    @Test func encodesToTheDocumentedBytes() {
        #expect(PointBlob.encode(Self.expected) == Self.bytes(hex: Self.pythonHex))
        #expect(PointBlob.encodedSize(of: Self.expected) == 55)
        #expect(PointBlob.encode([]) == [1])
    }

    @Test func refusesDamagedBlobs() {
        let good = Self.bytes(hex: Self.pythonHex)
        func decode(_ bytes: [UInt8], count: Int) -> PointBlob.DecodeError? {
            do {
                _ = try bytes.withUnsafeBytes { raw throws(PointBlob.DecodeError) in
                    try PointBlob.decode(raw, count: count)
                }
                return nil
            } catch {
                return error as? PointBlob.DecodeError
            }
        }
        #expect(decode([], count: 0) == .empty)
        #expect(decode([2] + good.dropFirst(), count: 2) == .unknownVersion(2))
        #expect(decode(Array(good.dropLast()), count: 2) == .truncated(point: 1))
        #expect(decode(good, count: 3) == .truncated(point: 2))
        #expect(decode(good, count: 1) == .trailingBytes(27))
        var badFlags = good
        badFlags[1] = 0x15
        #expect(decode(badFlags, count: 2) == .unknownFlags(point: 0, flags: 0x15))
        // A damaged point count (it sits beside the blob in the file) is not an allocation.
        #expect(decode(good, count: Int.max) == .truncated(point: 2))
    }
}
