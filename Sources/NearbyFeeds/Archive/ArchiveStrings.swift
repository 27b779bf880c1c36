// The archive's text section while it is built, and when its values are shared.

import Foundation

/// The archive's text: UTF-8 back to back; a ref is offset (low 32 bits) and length (high 32
/// bits). Repeated text is shared through a small direct-mapped cache of recent values
/// (``cacheSize`` slots, 128 KiB, small enough to stay in a core's cache): values that recur across a feed (categories, districts,
/// counts) and a record's mapped values that reappear among its raw fields are stored once,
/// while unique text (ids, names, coordinates) is appended without a growing table or a
/// random memory access per value.
struct ArchiveStrings {
    static let cacheSize = 1 << 14
    let bytes: PagedBytes
    var failed: Bool { bytes.failed }
    /// By hash slot: offset (low 32 bits), length (16 bits) and 16 more bits of the hash (never
    /// zero, so 0 is an empty slot). Only a slot whose hash bits match is compared byte by byte,
    /// so unique text costs no read of the text stored long ago; text of 64 KiB or more is
    /// never shared.
    /// A raw table in a class of its own, so a lookup is a load and a store: no copy-on-write
    /// uniqueness check, no bounds check (the slot is masked into range).
    private var slots = SlotTable(count: ArchiveStrings.cacheSize)

    /// Text stored in chunks from `arena` (see ``PagedBytes``).
    init(arena: SectionArena? = nil) {
        bytes = PagedBytes(arena: arena)
    }

    /// The ref of an absent text.
    static let absent = UInt64(PlaceArchiveLayout.absent) << 32

    /// Bytes stored so far.
    var count: Int { bytes.count }

    /// The ref of `utf8`, stored now without looking for it or remembering it for sharing.
    mutating func store(_ utf8: UnsafeBufferPointer<UInt8>) throws(PlaceSinkFull) -> UInt64 {
        guard let offset = UInt32(exactly: bytes.count), let length = UInt32(exactly: utf8.count),
            length < PlaceArchiveLayout.absent, bytes.count + utf8.count <= Int(UInt32.max)
        else { throw PlaceSinkFull("a place archive holds at most 4 GiB of text") }
        bytes.append(UnsafeRawBufferPointer(utf8))
        return UInt64(offset) | UInt64(length) << 32
    }

    /// The ref of `utf8` (stored now, or shared with the same text stored a moment ago).
    mutating func ref(_ utf8: UnsafeBufferPointer<UInt8>) throws(PlaceSinkFull) -> UInt64 {
        let hash = Self.hash(utf8)
        let slot = Int(truncatingIfNeeded: hash) & slots.mask
        let tag = (hash >> 48 | 1) << 48
        let shareable = utf8.count < 1 << 16
        let known = slots.base[slot]
        if shareable, known & 0xFFFF_0000_0000_0000 == tag,
            Int(known >> 32 & 0xFFFF) == utf8.count,
            bytes.equals(at: Int(known & 0xFFFF_FFFF), UnsafeRawBufferPointer(utf8))
        {
            return known & 0xFFFF_FFFF | UInt64(utf8.count) << 32
        }
        guard let offset = UInt32(exactly: bytes.count), let length = UInt32(exactly: utf8.count),
            length < PlaceArchiveLayout.absent, bytes.count + utf8.count <= Int(UInt32.max)
        else { throw PlaceSinkFull("a place archive holds at most 4 GiB of text") }
        let ref = UInt64(offset) | UInt64(length) << 32
        bytes.append(UnsafeRawBufferPointer(utf8))
        if shareable { slots.base[slot] = tag | ref }
        return ref
    }

    /// A multiply-and-mix hash over 8 bytes at a time (not for security: a collision only
    /// costs sharing, never time or answers).
    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var hash = 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: utf8.count &+ 1)
        var offset = 0
        while offset + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < utf8.count {
            tail |= UInt64(base[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return hash ^ (hash >> 29)
    }

    /// Lets the sharing table go (before the sections are moved out).
    mutating func dropTable() {
        slots = SlotTable(count: 0)
    }
}

/// A zeroed table of `count` words (a power of two; 0 gives one word), freed with its owner.
private final class SlotTable {
    let base: UnsafeMutablePointer<UInt64>
    /// Any hash masked with this is a slot of the table.
    let mask: Int

    init(count: Int) {
        let words = max(count, 1)
        base = .allocate(capacity: words)
        base.initialize(repeating: 0, count: words)
        mask = words - 1
    }

    deinit { base.deallocate() }
}

/// Whether one column's values are worth looking up in the sharing table: after its first
/// ``trial`` look-ups, a column that found fewer than one value in ``rareHits`` already stored
/// is only sampled (every ``sample``-th value is still looked up and remembered, so a column
/// that starts repeating later is noticed). Deterministic: the same feed gives the same archive.
struct ColumnSharing {
    static let trial = 4096
    static let rareHits = 256
    static let sample = 64
    private var lookups = 0
    private var hits = 0
    private var seen = 0

    /// True when the next value should be looked up (then ``record(hit:)`` must follow).
    mutating func shouldLookUp() -> Bool {
        seen &+= 1
        if lookups < Self.trial || hits * Self.rareHits >= lookups { return true }
        return seen % Self.sample == 0
    }

    mutating func record(hit: Bool) {
        lookups += 1
        if hit { hits += 1 }
    }
}
