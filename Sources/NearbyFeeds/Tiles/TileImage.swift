import Foundation

/// The bytes of one tile, known to be a PNG or a JPEG by their magic numbers, so that nothing
/// else (an HTML error page, a script) is ever cached or embedded in a page.
public struct TileImage: Sendable, Hashable {
    /// The image formats a tile may have.
    public enum Format: String, Sendable, Hashable {
        case png, jpeg

        /// The media type for a `data:` URI.
        public var mediaType: String { self == .png ? "image/png" : "image/jpeg" }
    }

    public let format: Format
    public let bytes: Data

    /// The largest tile accepted, bytes (OpenStreetMap's tiles are mostly 5–60 KB).
    public static let maximumBytes = 1 << 20

    /// `bytes` as a tile, or nil when they do not start with the PNG signature
    /// (89 50 4E 47 0D 0A 1A 0A) or a JPEG start-of-image marker (FF D8 FF), or are too large.
    public init?(_ bytes: Data) {
        guard bytes.count <= Self.maximumBytes else { return nil }
        let head = [UInt8](bytes.prefix(8))
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            format = .png
        } else if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF {
            format = .jpeg
        } else {
            return nil
        }
        self.bytes = bytes
    }

    /// A `data:` URI of the image (base64), for embedding in a page.
    public var dataURI: String { "data:\(format.mediaType);base64,\(bytes.base64EncodedString())" }
}
