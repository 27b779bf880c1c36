/// How often each id of a feed has been seen, for the `-2` suffix of repeated ids: a flat
/// open-addressing table of (hash, offset, length, uses) whose ids live back to back in mapped
/// chunks (``PagedBytes``), instead of a `Dictionary` of a `String` per id.
///
/// Hashing is Swift's `Hasher`, seeded per process, so a hostile feed cannot aim its ids at
/// one slot; the table stays at most half full.
struct RepeatedIDTable {
    private struct Slot {
        /// Offset of the id in ``ids``, or -1 for an empty slot.
        var offset = -1
        var hash: UInt64 = 0
        /// The id's length (clamped: an id of 4 GiB or more is never matched again).
        var length: UInt32 = 0
        var uses: UInt32 = 0
    }

    private var slots = [Slot](repeating: Slot(), count: 1 << 10)
    private var ids = PagedBytes()
    private var count = 0

    /// Counts one more use of `id` and returns its uses so far (1 the first time).
    mutating func use(_ id: UnsafeBufferPointer<UInt8>) -> Int {
        if (count + 1) * 2 > slots.count { grow() }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(id))
        let hash = UInt64(UInt(bitPattern: hasher.finalize()))
        let ids = self.ids
        return slots.withUnsafeMutableBufferPointer { slots -> Int in
            let mask = UInt64(slots.count - 1)
            var index = Int(hash & mask)
            while true {
                let slot = slots[index]
                if slot.offset < 0 {
                    let offset = ids.count
                    ids.append(UnsafeRawBufferPointer(id))
                    slots[index] = Slot(
                        offset: offset, hash: hash, length: UInt32(clamping: id.count), uses: 1)
                    count += 1
                    return 1
                }
                if slot.hash == hash, Int(slot.length) == id.count,
                    ids.equals(at: slot.offset, UnsafeRawBufferPointer(id))
                {
                    let uses = slot.uses == .max ? slot.uses : slot.uses + 1
                    slots[index].uses = uses
                    return Int(uses)
                }
                index = Int((UInt64(index) + 1) & mask)
            }
        }
    }

    /// Lets every id go.
    mutating func removeAll() {
        slots = [Slot](repeating: Slot(), count: 1 << 10)
        ids = PagedBytes()
        count = 0
    }

    /// Doubles the slots; the ids stay where they are, only their slots move.
    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = UInt64(slots.count - 1)
            for slot in old where slot.offset >= 0 {
                var index = Int(slot.hash & mask)
                while slots[index].offset >= 0 { index = Int((UInt64(index) + 1) & mask) }
                slots[index] = slot
            }
        }
    }
}
