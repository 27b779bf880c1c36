/// Why tiles could not be used. `description` is one sentence.
public enum TileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL template is refused; `reason` is a clause.
    case badTemplate(String, reason: String)
    /// More tiles were asked for than one picture may use.
    case tooManyTiles(requested: Int, limit: Int)
    /// The tile cache folder cannot be used; `reason` is a clause.
    case cache(path: String, reason: String)

    public var description: String {
        switch self {
        case .badTemplate(let text, let reason):
            return "The tile URL template \(text) cannot be used: \(reason)."
        case .tooManyTiles(let requested, let limit):
            return "A picture may use at most \(limit) map tiles, not \(requested)."
        case .cache(let path, let reason):
            return "The tile cache \(path) cannot be used: \(reason)."
        }
    }
}
