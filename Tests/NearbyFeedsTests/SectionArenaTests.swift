import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// The sections' arena (issue 25, refresh CPU): chunks come from one reservation in order, the
/// pages written out are lent back to the index build (the same pages, not fresh ones), and a
/// full arena never stops a section from growing.
@Suite struct SectionArenaTests {
    private static let chunk = PagedBytes.chunkSize

    @Test func chunksFollowEachOtherAndAreLentBackFromTheFirst() throws {
        let arena = SectionArena(capacity: 4 * Self.chunk)
        let first = try #require(arena.chunk())
        let second = try #require(arena.chunk())
        #expect(second == first + Self.chunk)
        #expect(arena.owns(first) && arena.owns(second + Self.chunk - 1))
        #expect(!arena.owns(second + 3 * Self.chunk))
        #expect(arena.lend(byteCount: 100) == nil, "nothing is lent while chunks are in use")
        first.storeBytes(of: 0xFEED_FACE, as: UInt64.self)
        (second + 64).storeBytes(of: 0xC0FFEE, as: UInt64.self)
        arena.recycle()
        #expect(arena.chunk() == nil, "no chunk is carved once the pages are lent")
        let image = try #require(arena.lend(byteCount: 100))
        #expect(image == first)
        #expect(image.load(as: UInt64.self) == 0xFEED_FACE, "the written page itself is lent")
        let work = try #require(arena.lend(byteCount: Self.chunk))
        #expect(work == first + 128, "the next lend starts at the next 64-byte boundary")
        #expect((work + Self.chunk - 64).load(as: UInt64.self) == 0xC0FFEE)
        // Past the chunks carved the arena is made writable on demand, up to its capacity.
        let past = try #require(arena.lend(byteCount: 2 * Self.chunk))
        (past + 2 * Self.chunk - 8).storeBytes(of: 1, as: UInt64.self)
        #expect(arena.lend(byteCount: Self.chunk) == nil, "beyond the capacity")
        // The pages past the last lend go back to the system: they read as zero again.
        let end = first + 4 * Self.chunk
        (end - 8).storeBytes(of: 0xDEAD, as: UInt64.self)
        (past + 2 * Self.chunk - 16).storeBytes(of: 0xBEEF, as: UInt64.self)
        arena.trim()
        #expect((end - 8).load(as: UInt64.self) == 0)
        #expect((past + 2 * Self.chunk - 16).load(as: UInt64.self) == 0xBEEF, "what was lent stays")
    }

    @Test func aFullArenaLeavesTheSectionsToChunksOfTheirOwn() throws {
        let arena = SectionArena(capacity: Self.chunk)
        let bytes = PagedBytes(arena: arena)
        let piece = [UInt8](repeating: 7, count: 1 << 20)
        var written = 0
        while written < 2 * Self.chunk + 5 {
            piece.withUnsafeBytes { _ = bytes.append($0) }
            written += piece.count
        }
        #expect(!bytes.failed && bytes.count == written)
        var read = 0
        var allSevens = true
        try bytes.drain { (run: UnsafeRawBufferPointer) throws(CancellationError) in
            allSevens = allSevens && run.allSatisfy { $0 == 7 }
            read += run.count
        }
        #expect(read == written && allSevens)
        arena.recycle()
        // Only the arena's own chunk is lent again; the others were unmapped when drained.
        #expect(arena.lend(byteCount: Self.chunk) != nil)
        #expect(arena.lend(byteCount: 1) == nil)
    }

    @Test func anIndexBuiltInLentPagesAnswersAsOneBuiltInItsOwn() throws {
        let arena = SectionArena(capacity: 8 * Self.chunk)
        let stale = try #require(arena.chunk())
        stale.initializeMemory(as: UInt8.self, repeating: 0xA5, count: Self.chunk)
        arena.recycle()
        var points: [Coordinate] = []
        for i in 0..<5_000 {
            let latitude = 25.0 + Double(i % 71) * 0.001
            let longitude = 121.5 + Double(i / 71) * 0.001
            points.append(try #require(Coordinate(latitude: latitude, longitude: longitude)))
        }
        let lent = SpatialIndex(points, memory: arena)
        let own = SpatialIndex(points)
        lent.withSerializedBytes { lentBytes in
            own.withSerializedBytes { ownBytes in
                #expect(lentBytes.elementsEqual(ownBytes))
                #expect(lentBytes.baseAddress == UnsafeRawPointer(stale))
            }
        }
    }
}
