import NearbySystem
/// Reads the messages of one FIT file (one part of a chain) between two offsets and hands every
/// data message to a ``FITActivityBuilder``.
///
/// Every step advances by at least one byte, and every length is checked against `end` before
/// a byte is read; definitions live in 16 fixed slots, so nothing is allocated from a field.
/// What the builder keeps is charged first (``FITBudget``): a file of one-byte `record` or
/// `session` messages stops at the cap of its kind, not at the end of the file.
struct FITMessageReader {
    /// How reading ended.
    enum Stop: Sendable, Hashable {
        /// Every message up to `end` was read.
        case end
        /// The message at this offset runs past `end`.
        case insideMessage(offset: Int)
        /// The message at this offset cannot be decoded.
        case damaged(offset: Int, reason: String)
        /// The message at this offset would pass a cap of the file's budget.
        case overBudget(offset: Int, InputBudgetExceeded)
    }

    let base: UnsafePointer<UInt8>
    private var definitions: [FITDefinition?] = Array(repeating: nil, count: 16)
    private var lastTimestamp: UInt32?

    init(base: UnsafePointer<UInt8>) { self.base = base }

    mutating func read(from start: Int, to end: Int, into builder: inout FITActivityBuilder, budget: inout FITBudget)
        -> Stop
    {
        var offset = start
        while offset < end {
            let header = base[offset]
            if header & 0x80 != 0 {
                // Compressed timestamp header: local type in bits 5–6, 5-bit time offset.
                let local = Int((header >> 5) & 0x03)
                guard let definition = definitions[local] else {
                    return .damaged(offset: offset, reason: "local message \(local) is not defined")
                }
                guard end - offset - 1 >= definition.size else { return .insideMessage(offset: offset) }
                var time: UInt32?
                if let last = lastTimestamp {
                    let low = UInt32(header & 0x1F)
                    var value = (last & ~0x1F) &+ low
                    if low < last & 0x1F { value = value &+ 0x20 }
                    time = value
                    lastTimestamp = value
                }
                if let exceeded = budget.charge(definition.global) { return .overBudget(offset: offset, exceeded) }
                builder.message(definition, content: base + offset + 1, time: time, compressed: true)
                offset += 1 + definition.size
            } else if header & 0x40 != 0 {
                switch readDefinition(at: offset, end: end, developer: header & 0x20 != 0) {
                case .success(let (definition, next)):
                    definitions[Int(header & 0x0F)] = definition
                    offset = next
                case .failure(let failure):
                    return failure.stop
                }
            } else {
                let local = Int(header & 0x0F)
                guard let definition = definitions[local] else {
                    return .damaged(offset: offset, reason: "local message \(local) is not defined")
                }
                guard end - offset - 1 >= definition.size else { return .insideMessage(offset: offset) }
                let content = base + offset + 1
                var time: UInt32?
                if let field = definition.timestamp,
                    let value = field.integer(in: content, bigEndian: definition.bigEndian)
                {
                    time = UInt32(exactly: value)
                    if time != nil { lastTimestamp = time }
                }
                if let exceeded = budget.charge(definition.global) { return .overBudget(offset: offset, exceeded) }
                builder.message(definition, content: content, time: time, compressed: false)
                offset += 1 + definition.size
            }
        }
        return .end
    }

    struct Failure: Error { var stop: Stop }

    /// Parses the definition message at `offset`; returns it and the offset after it.
    private func readDefinition(at offset: Int, end: Int, developer: Bool) -> Result<(FITDefinition, Int), Failure> {
        guard end - offset >= 6 else { return .failure(Failure(stop: .insideMessage(offset: offset))) }
        let architecture = base[offset + 2]
        guard architecture <= 1 else {
            return .failure(
                Failure(stop: .damaged(offset: offset, reason: "architecture \(architecture) is not 0 or 1")))
        }
        let bigEndian = architecture == 1
        let global = UInt16(truncatingIfNeeded: FITField.raw(base + offset + 3, width: 2, bigEndian: bigEndian))
        let count = Int(base[offset + 5])
        var cursor = offset + 6
        guard end - cursor >= 3 * count else { return .failure(Failure(stop: .insideMessage(offset: offset))) }
        var fields: [FITField] = []
        fields.reserveCapacity(count)
        var size = 0
        var timestamp: FITField?
        for _ in 0..<count {
            let field = FITField(
                number: base[cursor], size: Int(base[cursor + 1]), baseType: base[cursor + 2], offset: size)
            size += field.size
            if field.number == 253 { timestamp = field }
            fields.append(field)
            cursor += 3
        }
        var hasDeveloperFields = false
        if developer {
            guard end - cursor >= 1 else { return .failure(Failure(stop: .insideMessage(offset: offset))) }
            let developerCount = Int(base[cursor])
            cursor += 1
            guard end - cursor >= 3 * developerCount else {
                return .failure(Failure(stop: .insideMessage(offset: offset)))
            }
            hasDeveloperFields = developerCount > 0
            for _ in 0..<developerCount {
                size += Int(base[cursor + 1])
                cursor += 3
            }
        }
        let definition = FITDefinition(
            global: global, bigEndian: bigEndian, fields: fields, size: size, hasDeveloperFields: hasDeveloperFields,
            timestamp: timestamp)
        return .success((definition, cursor))
    }
}

/// What one FIT file may make the decoder keep: records and sessions (each session becomes a
/// run), each charged before the builder keeps it, in proportion to a real device's files
/// (``InputKind/fitRecords``, ``InputKind/fitSessions``).
struct FITBudget {
    var records: InputBudget
    var sessions: InputBudget

    init(records: InputBudget = InputBudget(.fitRecords), sessions: InputBudget = InputBudget(.fitSessions)) {
        self.records = records
        self.sessions = sessions
    }

    /// Charges a data message of `global` type that the builder keeps; the cap it passes, if any.
    mutating func charge(_ global: UInt16) -> InputBudgetExceeded? {
        do throws(InputBudgetExceeded) {
            switch global {
            case 20:
                try records.yield()
                try records.retain(MemoryLayout<FITActivityBuilder.Record>.stride)
            case 18:
                try sessions.yield()
                try sessions.retain(MemoryLayout<FITActivityBuilder.Session>.stride)
            default: break
            }
            return nil
        } catch {
            return error
        }
    }
}
