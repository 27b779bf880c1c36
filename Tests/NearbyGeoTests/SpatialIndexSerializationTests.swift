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
        let lazy = try MappedSpatialIndex(mapping: view, owner: box)
        #expect(mapped.count == points.count)
        #expect(lazy.count == points.count)
        #expect(mapped.serialized() == bytes)
        for q in try SpatialIndexTests.queries(seed: 12, count: 30) {
            let expected = bruteForce(points, q, k: 7, within: .infinity)
            #expect(agrees(mapped.nearest(to: q, k: 7), expected))
            #expect(agrees(try lazy.nearest(to: q, k: 7), expected))
            let within = bruteForce(points, q, k: 900, within: 3_000)
            #expect(agrees(mapped.within(3_000, of: q), within))
            #expect(agrees(try lazy.within(3_000, of: q), within))
        }
    }

    @Test func emptyIndexRoundTrips() throws {
        let bytes = SpatialIndex([]).serialized()
        #expect(bytes.count == SpatialIndexLayout.headerSize)
        let mapped = try bytes.withUnsafeBytes { raw throws(SpatialIndexError) in
            try SpatialIndex(mapping: raw, owner: nil)
        }
        #expect(mapped.count == 0)
        let box = Box(bytes)
        let lazy = try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
        let here = try #require(Coordinate(latitude: 25, longitude: 121.5))
        #expect(try lazy.nearest(to: here, k: 3).isEmpty)
    }

    /// Loads with both the eager and the lazy initializer; returns the eager one's error and
    /// checks the lazy one agrees on header damage.
    private func load(_ bytes: [UInt8]) -> SpatialIndexError? {
        let box = Box(bytes)
        do {
            _ = try SpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box)
            return nil
        } catch {
            return error
        }
    }

    private func loadLazily(_ bytes: [UInt8]) -> Result<MappedSpatialIndex, SpatialIndexError> {
        let box = Box(bytes)
        do throws(SpatialIndexError) {
            return .success(try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(box.pointer), owner: box))
        } catch {
            return .failure(error)
        }
    }

    @Test func damagedHeaderIsRejected() throws {
        let points = try SpatialIndexTests.mixedPoints(seed: 5, count: 300)
        let good = SpatialIndex(points).serialized()
        #expect(load(good) == nil)

        #expect(load(Array(good.dropLast(8))) == .sizeMismatch(expected: good.count, actual: good.count - 8))
        #expect(load(Array(good.prefix(10))) == .tooShort(10))

        var magic = good
        magic[0] = UInt8(ascii: "X")
        #expect(load(magic) == .badMagic)

        var version = good
        version[16] = 9
        #expect(load(version) == .unsupportedVersion(9))

        var shape = good
        shape[24] ^= 0x01  // count 300 -> 301: node count no longer matches or size is wrong
        let shapeError = load(shape)
        #expect(shapeError != nil && shapeError != .checksumMismatch)

        var checksum = good
        checksum[9] ^= 0x80
        #expect(load(checksum) == .checksumMismatch)
        #expect(SpatialIndexError.checksumMismatch.description.hasSuffix("damaged"))

        // Data damage: the eager initializer reads every block and refuses it.
        var data = good
        data[good.count / 2] ^= 0x10
        #expect(load(data) == .damagedBlock(0))
        var lastByte = good
        lastByte[good.count - 1] ^= 0x01
        #expect(load(lastByte) == .damagedBlock(0))
    }

    /// An image whose stored sines came from another libm is refused, by both initializers,
    /// even though its checksums are intact.
    @Test func otherLibmFingerprintIsRefused() throws {
        let points = try SpatialIndexTests.mixedPoints(seed: 8, count: 200)
        var bytes = SpatialIndex(points).serialized()
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            let other = LibmFingerprint.current ^ 0x0000_0100_0000_0001
            base.storeBytes(of: other.littleEndian, toByteOffset: 56, as: UInt64.self)
            // Re-seal the header so only the fingerprint differs.
            let layout = SpatialIndexLayout(count: 200, leafSize: SpatialIndexLayout.defaultLeafSize)
            let sum = BlockChecksum.hash(UnsafeRawPointer(base) + 16, byteCount: layout.dataOffset - 16)
            base.storeBytes(of: sum.littleEndian, toByteOffset: 8, as: UInt64.self)
        }
        #expect(load(bytes) == .builtElsewhere)
        guard case .failure(let error) = loadLazily(bytes) else {
            Issue.record("a foreign fingerprint was accepted")
            return
        }
        #expect(error == .builtElsewhere)
        #expect(error.description.contains("rebuilt"))
    }

    /// The fingerprint is a pure function of this process's libm: recomputing gives the same.
    @Test func fingerprintIsStable() {
        #expect(LibmFingerprint.compute() == LibmFingerprint.current)
        #expect(LibmFingerprint.current != 0)
    }
}
