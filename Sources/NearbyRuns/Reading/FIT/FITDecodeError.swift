import NearbySystem
/// Why a FIT file could not be imported. Every case names the file and gives one sentence.
public enum FITDecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes do not start with a FIT file header (size 12 or 14, ".FIT" at offset 8).
    case notFIT(file: String, found: String)
    /// The file is a valid FIT file of another kind (settings, workout, course…), or has no
    /// `file_id` message at all (`fileType` nil).
    case notAnActivity(file: String, fileType: String?)
    /// A message in the middle of the file cannot be decoded (an undefined local message, an
    /// unknown architecture): the bytes after `offset` cannot be trusted. `size` is the length the
    /// file header promises (header, data and CRC).
    case damaged(file: String, offset: Int, size: Int, reason: String)
    /// The file holds more than a real device writes in one file (records, sessions, bytes):
    /// refused before the decoder keeps more (``FITDecoder/recordLimits``).
    case overBudget(file: String, InputBudgetExceeded)

    /// The file name the error is about.
    public var file: String {
        switch self {
        case .notFIT(let file, _), .notAnActivity(let file, _), .damaged(let file, _, _, _), .overBudget(let file, _):
            return file
        }
    }

    /// One sentence naming the file and the reason.
    public var description: String {
        switch self {
        case .notFIT(let file, let found):
            return "\(file) is not a FIT file: \(found)."
        case .notAnActivity(let file, let fileType?):
            return "\(file) is a FIT \(fileType) file, not an activity."
        case .notAnActivity(let file, nil):
            return "\(file) has no file_id message, so it is not a FIT activity file."
        case .damaged(let file, let offset, let size, let reason):
            return "\(file) is damaged: decoding stops at byte \(offset) of \(size) (\(reason))."
        case .overBudget(let file, let exceeded):
            return "\(file) \(exceeded.explained), so it is refused."
        }
    }
}
