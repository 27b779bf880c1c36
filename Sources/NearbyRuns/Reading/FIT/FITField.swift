/// One native field of a definition message: where its bytes are in a data message and how to
/// read them. Values are read per the FIT base type, and the base type's invalid sentinel reads
/// as nil.
struct FITField: Sendable, Hashable {
    /// Field definition number within its message.
    var number: UInt8
    /// Bytes in the data message (1…255; may be several elements of the base type).
    var size: Int
    /// The FIT base type byte (endian flag in bit 7, type number in bits 0–4).
    var baseType: UInt8
    /// Offset of the field's bytes from the start of the data message's content.
    var offset: Int

    /// Size in bytes of one element of the base type, or nil for an unknown base type.
    static func elementSize(_ baseType: UInt8) -> Int? {
        switch baseType & 0x1F {
        case 0, 1, 2, 7, 10, 13: return 1
        case 3, 4, 11: return 2
        case 5, 6, 8, 12: return 4
        case 9, 14, 15, 16: return 8
        default: return nil
        }
    }

    /// Whether the field's bytes are whole elements of its base type. Some devices (a COROS watch
    /// among them) declare, say, a uint32 of 1 byte; Garmin's FIT SDK then reads the field as
    /// bytes, which are no value of that type, and goes on with the next field. So does Nearby:
    /// such a field reads as invalid (nil), and every later field and message is read as declared.
    var isWholeElements: Bool {
        guard let width = Self.elementSize(baseType) else { return false }
        return size >= width && size % width == 0
    }

    /// The first element as an integer, or nil when invalid (sentinel), not whole elements of its
    /// base type (``isWholeElements``), a string or float, an unknown base type, or a uint64
    /// beyond Int64.
    func integer(in content: UnsafePointer<UInt8>, bigEndian: Bool) -> Int64? {
        let type = baseType & 0x1F
        guard isWholeElements, let width = Self.elementSize(baseType), type != 7, type != 8, type != 9 else {
            return nil
        }
        let raw = Self.raw(content + offset, width: width, bigEndian: bigEndian)
        let bits = UInt64(width * 8)
        let allOnes: UInt64 = bits == 64 ? .max : (1 << bits) - 1
        switch type {
        case 1, 3, 5, 14:  // signed: the sentinel is the largest positive value
            guard raw != allOnes >> 1 else { return nil }
            let shift = 64 - bits
            return Int64(bitPattern: raw << shift) >> shift
        case 10, 11, 12, 16:  // "z" types: zero is invalid
            guard raw != 0, raw <= UInt64(Int64.max) else { return nil }
            return Int64(raw)
        default:  // enum, unsigned, byte: all ones is invalid
            guard raw != allOnes, raw <= UInt64(Int64.max) else { return nil }
            return Int64(raw)
        }
    }

    /// The first element as a number (integers and finite floats), nil when invalid.
    func value(in content: UnsafePointer<UInt8>, bigEndian: Bool) -> Double? {
        guard isWholeElements else { return nil }
        switch baseType & 0x1F {
        case 8:
            guard size >= 4 else { return nil }
            let raw = UInt32(truncatingIfNeeded: Self.raw(content + offset, width: 4, bigEndian: bigEndian))
            let value = Double(Float(bitPattern: raw))
            return raw == .max || !value.isFinite ? nil : value
        case 9:
            guard size >= 8 else { return nil }
            let raw = Self.raw(content + offset, width: 8, bigEndian: bigEndian)
            let value = Double(bitPattern: raw)
            return raw == .max || !value.isFinite ? nil : value
        default:
            return integer(in: content, bigEndian: bigEndian).map(Double.init)
        }
    }

    /// `width` (1…8) bytes as an unsigned integer.
    static func raw(_ start: UnsafePointer<UInt8>, width: Int, bigEndian: Bool) -> UInt64 {
        var value: UInt64 = 0
        if bigEndian {
            for index in 0..<width { value = value << 8 | UInt64(start[index]) }
        } else {
            for index in 0..<width { value |= UInt64(start[index]) << UInt64(8 * index) }
        }
        return value
    }
}

/// A definition message: the layout of the data messages of one local message type.
struct FITDefinition: Sendable, Hashable {
    /// Global message number (0 file_id, 20 record…).
    var global: UInt16
    var bigEndian: Bool
    /// Native fields, in the order of their bytes.
    var fields: [FITField]
    /// Bytes of a data message after its header: native plus developer fields.
    var size: Int
    /// Whether the data messages carry developer fields (skipped by size).
    var hasDeveloperFields: Bool
    /// The timestamp field (number 253), if defined.
    var timestamp: FITField?
}
