/// The one rule for dataset ids, shared by place manifests, badge catalogues and the cache (where
/// the id is a folder name), so an id that validates can always be cached.
public enum DatasetID {
    /// The longest id, in characters (ASCII, so also bytes).
    public static let maxLength = 64

    /// True when `text` is 1…64 of `[a-z0-9-]`, not starting with a hyphen.
    public static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, first != UInt8(ascii: "-"), bytes.count <= maxLength else {
            return false
        }
        return bytes.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        }
    }
}
