import Testing

@testable import NearbyGeo

/// A serialized index mapped back answers exactly like the original; damage is refused.
@Suite struct SpatialIndexSerializationTests {
    final class Box: @unchecked Sendable {
        let pointer: UnsafeMutableRawBufferPointer
        init(_ bytes: [UInt8], shift: Int = 0) {
            pointer = .allocate(byteCount: bytes.count + shift, alignment: 16)
            pointer.copyBytes(from: [UInt8](repeating: 0, count: shift) + bytes)
        }
        deinit { pointer.deallocate() }
    }

    @Test(arguments: [0, 3])
    func mappedIndexAnswersIdentically(shift: Int) throws {
        let points = try SpatialIndexTests.mixedPoints(seed: 11, count: 900)
        let index = SpatialIndex(points)
        let bytes = index.serialized()
        let box = Box(bytes, shift: shift)
        let view = UnsafeRawBufferPointer(rebasing: box.pointer[shift...])
        let mapped = try SpatialIndex(mapping: view, owner: box)
        #expect(mapped.count == points.count)
        #expect(mapped.serialized() == bytes)
        for q in try SpatialIndexTests.queries(seed: 12, count: 30) {
            #expect(mapped.nearest(to: q, k: 7) == index.nearest(to: q, k: 7))
            #expect(mapped.within(3_000, of: q) == bruteForce(points, q, k: 900, within: 3_000))
        }
    }

    @Test func emptyIndexRoundTrips() throws {
        let bytes = SpatialIndex([]).serialized()
        #expect(bytes.count == 64)
        let mapped = try bytes.withUnsafeBytes { raw throws(SpatialIndexError) in
            try SpatialIndex(mapping: raw, owner: nil)
        }
        #expect(mapped.count == 0)
    }

    private func load(_ bytes: [UInt8]) -> SpatialIndexError? {
        let box = Box(bytes)
        do {
            _ = try SpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
            return nil
        } catch {
            return error
        }
    }

    @Test func damagedBytesAreRejected() throws {
        let points = try SpatialIndexTests.mixedPoints(seed: 5, count: 300)
        let good = SpatialIndex(points).serialized()
        #expect(load(good) == nil)

        var flipped = good
        flipped[good.count / 2] ^= 0x10
        #expect(load(flipped) == .checksumMismatch)

        var lastByte = good
        lastByte[good.count - 1] ^= 0x01
        #expect(load(lastByte) == .checksumMismatch)

        #expect(load(Array(good.dropLast(8))) == .sizeMismatch(expected: good.count, actual: good.count - 8))
        #expect(load(Array(good.prefix(10))) == .tooShort(10))

        var magic = good
        magic[0] = UInt8(ascii: "X")
        #expect(load(magic) == .badMagic)

        var version = good
        version[8] = 9
        #expect(load(version) == .unsupportedVersion(9))

        var shape = good
        shape[16] ^= 0x01  // count 300 -> 301: node count no longer matches or size is wrong
        let shapeError = load(shape)
        #expect(shapeError != nil && shapeError != .checksumMismatch)

        var checksum = good
        checksum[33] ^= 0x80
        #expect(load(checksum) == .checksumMismatch)
        #expect(SpatialIndexError.checksumMismatch.description.hasSuffix("damaged"))
    }
}
