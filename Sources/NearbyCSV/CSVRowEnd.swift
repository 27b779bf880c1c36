/// Where a row ends in bytes that come a piece at a time, by the rules of ``CSVRowReader``: the
/// stream reader's way of finding the end of the row it carries from one chunk into the next
/// without reading the next chunk's rows. Between pieces it keeps where in a field the last
/// byte left it.
struct CSVRowEnd: Sendable {
    /// Where in a field the bytes so far stop.
    enum State: Sendable {
        /// At the start of a field: a `"` opens a quoted field.
        case fieldStart
        /// In an unquoted field, or in the text after a closing quote: a `"` is data.
        case unquoted
        /// Inside quotes: commas and line breaks are data.
        case quoted
        /// Inside quotes just after a `"`: a second one is a doubled quote, anything else closes.
        case quoteInQuoted
    }

    private(set) var state = State.fieldStart

    /// Steps over `bytes` from `start`: the index just past the row's line break and the
    /// break's length (1 or 2), or nil when the bytes end first. A CR that is the last byte ends
    /// the row with a break of 1 (an LF at the start of the next piece is its partner).
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, breakLength: Int)? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch state {
            case .quoted:
                if byte == UInt8(ascii: "\"") { state = .quoteInQuoted }
                continue
            case .quoteInQuoted:
                if byte == UInt8(ascii: "\"") {
                    state = .quoted
                    continue
                }
            case .fieldStart:
                if byte == UInt8(ascii: "\"") {
                    state = .quoted
                    continue
                }
            case .unquoted: break
            }
            switch byte {
            case UInt8(ascii: ","): state = .fieldStart
            case 0x0A:
                state = .fieldStart
                return (index, 1)
            case 0x0D:
                state = .fieldStart
                if index < bytes.count, bytes[index] == 0x0A { return (index + 1, 2) }
                return (index, 1)
            default: state = .unquoted
            }
        }
        return nil
    }
}
