/// How often each id of a feed has been seen, for the `-2` suffix of repeated ids: a flat
/// open-addressing table of (hash, offset, length, uses) whose ids live back to back in mapped
/// chunks (``PagedBytes``), instead of a `Dictionary` of a `String` per id.
///
/// Hashing is Swift's `Hasher`, seeded per process, so a hostile feed cannot aim its ids at
/// one slot; the table stays at most half full.
///
/// While every id so far is a plain decimal integer (no sign, no leading zero, at most 18
/// digits) larger than the one before, as in feeds numbered 1, 2, 3 …, no id can be a repeat:
/// the ids are only listed, in order, with no random access into a large table. The first id
/// that breaks the run moves the list into the table.
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
    /// The ids so far while they are increasing integers; nil once the run is broken.
    private var increasing: [UInt64]? = []

    /// Counts one more use of `id` and returns its uses so far (1 the first time).
    mutating func use(_ id: UnsafeBufferPointer<UInt8>) -> Int {
        if increasing != nil {
            if let value = Self.integer(id), increasing?.last.map({ value > $0 }) ?? true {
                increasing?.append(value)
                return 1
            }
            let listed = increasing ?? []
            increasing = nil
            for value in listed {
                var text = String(value)
                _ = text.withUTF8 { lookUp($0) }
            }
        }
        return lookUp(id)
    }

    /// The value of a plain decimal integer of 1 to 18 digits without a leading zero, else nil.
    private static func integer(_ id: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard (1...18).contains(id.count), let first = id.first,
            first != UInt8(ascii: "0") || id.count == 1
        else { return nil }
        var value: UInt64 = 0
        for byte in id {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ UInt64(digit)
        }
        return value
    }

    /// Counts one more use of `id` in the table.
    private mutating func lookUp(_ id: UnsafeBufferPointer<UInt8>) -> Int {
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
        increasing = []
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
