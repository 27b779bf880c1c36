/// Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
/// past U+10FFFF), so a text can be lent from its page exactly as `String(decoding:as:)` would
/// read it (that repairs ill-formed bytes into U+FFFD).
enum UTF8Check {
    /// True when `bytes` are well-formed UTF-8; ASCII is checked eight bytes at a time.
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        let raw = UnsafeRawPointer(base)
        while index &+ 8 <= count {
            if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 {
                break
            }
            index &+= 8
        }
        while index < count {
            let lead = base[index]
            if lead < 0x80 {
                index &+= 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return false
            }
            guard count - index >= length else { return false }
            let second = base[index &+ 1]
            guard second >= low, second <= high else { return false }
            var next = index &+ 2
            while next < index &+ length {
                guard base[next] & 0xC0 == 0x80 else { return false }
                next &+= 1
            }
            index = next
        }
        return true
    }
}
