import Foundation
import NearbyRuns
import NearbyTestSupport
import Testing

@testable import NearbyStore

@Suite struct PointBlobTests {
    // Version 1 oracle: the documented format, packed by Python independently of our code:
    // python3 -c "import struct; print((bytes([1])
    //   + struct.pack('<BdddH', 0b0101, 25.04, 121.51, 12.5, 150)
    //   + struct.pack('<BdddH', 0b1010, -33.5, -70.25, 1700000000.25, 90)).hex())"
    static let version1Hex =
        "01050ad7a3703d0a3940713d0ad7a3605e40000000000000294096000a0000000000c040c00000000000"
        + "9051c000001040fc54d9415a00"
    static let version1Points = [
        TrackPoint(latitude: 25.04, longitude: 121.51, elevation: 12.5, heartRate: 150),
        TrackPoint(latitude: -33.5, longitude: -70.25, time: 1_700_000_000.25, cadence: 90),
    ]

    // Version 2 oracle: Fixtures/pack_points_v2.py, a packer written in Python from the format's
    // documentation, run on the same points as `decimalPoints`.
    static let version2Hex =
        "02177710b0c9e8ee01d681ee8609ec01c0b5f1de0cf00107a504e2010202011e77128103b60280b4dcb1ed09"
        + "04b0011bf712343333333333d33fd201169601041d7712d103bfb4d08b09ab028cfe07b301"
    static let decimalPoints = [
        TrackPoint(
            latitude: 25.0417752, longitude: 121.5152235, elevation: 11.8, time: 1_710_108_000, heartRate: 120),
        TrackPoint(
            latitude: 25.0417477, longitude: 121.5152348, elevation: 11.9, time: 1_710_108_001, heartRate: 119),
        TrackPoint(latitude: 25.0417284, longitude: 121.5152503, time: 1_710_108_002.25, heartRate: 121, cadence: 88),
        TrackPoint(latitude: 0.1 + 0.2, longitude: 121.5152608, elevation: 13.0, time: 1_710_108_003, cadence: 90),
        TrackPoint(latitude: 25.0417051, longitude: -0.5, elevation: -2.0, heartRate: 65535, cadence: 0),
    ]

    static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).compactMap {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)
        }
    }

    static func decode(_ bytes: [UInt8], count: Int) -> Result<[TrackPoint], PointBlob.DecodeError> {
        bytes.withUnsafeBytes { raw in
            Result { () throws(PointBlob.DecodeError) in try PointBlob.decode(raw, count: count) }
        }
    }

    /// Every field's bit pattern, so -0.0, NaN payloads and the like are compared exactly.
    static func bits(_ points: [TrackPoint]) -> [[UInt64?]] {
        points.map { point in
            [
                point.latitude.bitPattern, point.longitude.bitPattern, point.elevation?.bitPattern,
                point.time?.bitPattern, point.heartRate.map(UInt64.init), point.cadence.map(UInt64.init),
            ]
        }
    }

    @Test func encodesToTheIndependentPackersBytes() throws {
        let expected = Self.bytes(hex: Self.version2Hex)
        #expect(PointBlob.encode(Self.decimalPoints) == expected)
        let decoded = try Self.decode(expected, count: Self.decimalPoints.count).get()
        #expect(Self.bits(decoded) == Self.bits(Self.decimalPoints))
        #expect(PointBlob.encode([]) == [2])
        #expect(try Self.decode([2], count: 0).get().isEmpty)
    }

    @Test func stillReadsVersion1() throws {
        let points = try Self.decode(Self.bytes(hex: Self.version1Hex), count: 2).get()
        #expect(points == Self.version1Points)
    }

    /// Random decimals of 0 to 12 places and random bit patterns (NaN, infinities, -0.0,
    /// subnormals, huge values) in random mixes of fields: every bit comes back.
    @Test func everyValueRoundTripsBitForBit() throws {
        var random = SplitMix64(state: 0x5eed)
        let specials: [Double] = [
            0, -0.0, .infinity, -.infinity, .nan, Double(bitPattern: 0x7ff8_dead_beef_0001), .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, 0x1p53, -0x1p53 + 1, 9_007_199.254_740_993, 1e-9, 123_456_789.123_456_789,
            // Powers of two (the spacing below is half the one above) and the doubles just beside
            // short decimals, which no scale of 9 or fewer places gives back.
            1, 0.5, -1024, 2.0.nextDown, 1024.0.nextUp, 25.041_775_2.nextUp, 25.041_775_2.nextDown, 0.1.nextDown,
        ]
        func value() -> Double {
            switch random.next() % 4 {
            case 0: return specials[Int(random.next() % UInt64(specials.count))]
            case 1: return Double(bitPattern: random.next())
            default:
                let places = Int(random.next() % 13)
                let digits = Double(Int64(bitPattern: random.next()) % 1_000_000_000_000)
                return digits / pow(10, Double(places))
            }
        }
        for _ in 0..<200 {
            var points: [TrackPoint] = []
            for _ in 0..<Int(random.next() % 40) {
                let mask = random.next()
                points.append(
                    TrackPoint(
                        latitude: value(), longitude: value(), elevation: mask & 1 == 0 ? value() : nil,
                        time: mask & 2 == 0 ? value() : nil,
                        heartRate: mask & 4 == 0 ? UInt16(truncatingIfNeeded: mask >> 8) : nil,
                        cadence: mask & 8 == 0 ? UInt16(truncatingIfNeeded: mask >> 24) : nil))
            }
            let decoded = try Self.decode(PointBlob.encode(points), count: points.count).get()
            #expect(Self.bits(decoded) == Self.bits(points))
        }
    }

    /// What a GPX file gives (7-place fixes a few metres apart, 1 s apart, one-place elevations,
    /// a heart rate): about 9 bytes a point where version 1 took 35.
    @Test func aRecordedTrackPacksSmall() throws {
        var points: [TrackPoint] = []
        for i in 0..<10_000 {
            let step = Double(i)
            points.append(
                TrackPoint(
                    latitude: (250_417_752 - 27 * step).rounded() / 1e7,
                    longitude: (1_215_152_235 + 13 * step).rounded() / 1e7,
                    elevation: (118 + (step * 0.37).rounded(.down).truncatingRemainder(dividingBy: 40)) / 10,
                    time: 1_710_108_000 + step, heartRate: UInt16(120 + i % 30)))
        }
        let blob = PointBlob.encode(points)
        #expect(blob.count < 10 * points.count)
        #expect(try Self.decode(blob, count: points.count).get() == points)
    }

    @Test func refusesDamagedBlobs() {
        let good = Self.bytes(hex: Self.version2Hex)
        func failure(_ bytes: [UInt8], count: Int) -> PointBlob.DecodeError? {
            if case .failure(let error) = Self.decode(bytes, count: count) { return error }
            return nil
        }
        #expect(failure([], count: 0) == .empty)
        #expect(failure([3] + good.dropFirst(), count: 5) == .unknownVersion(3))
        #expect(failure(Array(good.dropLast()), count: 5) == .truncated(point: 4))
        #expect(failure(good, count: 6) == .truncated(point: 5))
        #expect(failure(good, count: 4) == .trailingBytes(17))
        var flags = good
        flags[1] = 0x37
        #expect(failure(flags, count: 5) == .unknownFlags(point: 0, flags: 0x37))
        var scale = good
        scale[2] = 0x7a  // longitude scale 10
        #expect(failure(scale, count: 5) == .unknownScale(point: 0, scale: 10))
        // A varint running past 64 bits, and a heart rate pushed below zero.
        #expect(failure([2, 0] + Array(repeating: 0xff, count: 9) + [0x02, 0], count: 1) == .badNumber(point: 0))
        #expect(failure([2, 0x04, 0, 0, 0x01], count: 1) == .badNumber(point: 0))
        // A damaged point count (it sits beside the blob in the file) is not an allocation.
        #expect(failure(good, count: Int.max) == .truncated(point: 5))
        // Version 1 keeps its own checks.
        let old = Self.bytes(hex: Self.version1Hex)
        #expect(failure(Array(old.dropLast()), count: 2) == .truncated(point: 1))
        #expect(failure(old, count: 1) == .trailingBytes(27))
        var oldFlags = old
        oldFlags[1] = 0x15
        #expect(failure(oldFlags, count: 2) == .unknownFlags(point: 0, flags: 0x15))
    }
}
