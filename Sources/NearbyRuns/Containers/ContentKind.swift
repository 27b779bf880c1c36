/// What a run of bytes is, decided by its first bytes (magic numbers), never by its name.
public enum ContentKind: String, Sendable, Hashable {
    /// gzip: `1F 8B`.
    case gzip
    /// zip: a local file header `PK 03 04`, or the end record of an empty zip `PK 05 06`.
    case zip
    /// FIT: header size 12 or 14 and `.FIT` at offset 8.
    case fit
    /// XML (GPX or TCX), possibly after a UTF-8 byte-order mark and white space.
    case xml
    /// None of the above.
    case unknown

    /// The kind of `bytes`, from at most their first few hundred bytes.
    public static func detect(_ bytes: UnsafeRawBufferPointer) -> ContentKind {
        let count = bytes.count
        if count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B { return .gzip }
        if count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B,
            (bytes[2] == 0x03 && bytes[3] == 0x04) || (bytes[2] == 0x05 && bytes[3] == 0x06)
        {
            return .zip
        }
        if count >= 12, bytes[0] == 12 || bytes[0] == 14,
            bytes[8] == 0x2E, bytes[9] == 0x46, bytes[10] == 0x49, bytes[11] == 0x54
        {
            return .fit
        }
        var index = 0
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        // Strava's TCX members start with spaces; a few hundred bytes of white space is plenty.
        let end = min(count, index + 4096)
        while index < end {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case 0x3C: return .xml
            default: return .unknown
            }
        }
        return .unknown
    }

    /// The kind of `bytes`.
    public static func detect(_ bytes: [UInt8]) -> ContentKind {
        bytes.withUnsafeBytes { detect($0) }
    }
}
