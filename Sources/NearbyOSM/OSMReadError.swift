/// Why an OpenStreetMap extract could not be read: one sentence for the user, naming what is
/// wrong. Every hostile or damaged file ends in one of these, never a trap.
public enum OSMReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// Neither PBF nor OSM XML (nor a gzip or bzip2 of XML).
    case unknownFormat
    /// A structure inside the file is damaged (the phrase says which).
    case malformed(String)
    /// A PBF frame or blob larger than the format allows.
    case tooLarge(what: String, size: Int, limit: Int)
    /// A blob compressed with a method Nearby does not read.
    case unsupportedCompression(String)
    /// The header requires a feature Nearby does not implement.
    case unsupportedFeature(String)
    /// Inflating a blob or the XML stream failed.
    case decompression(String)
    /// An XML element, text or list past a bound (the phrase says which).
    case overLimit(String)
    /// The handler stopped the read with a reason of its own.
    case stopped(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "The extract \(path) cannot be read: \(reason)."
        case .unknownFormat:
            "The file is neither an OSM PBF extract nor OSM XML (.osm, .osm.gz, .osm.bz2)."
        case .malformed(let what): "The extract is damaged: \(what)."
        case .tooLarge(let what, let size, let limit):
            "The extract is damaged: \(what) claims \(size) bytes, more than the \(limit) the PBF format allows."
        case .unsupportedCompression(let method):
            "The extract uses \(method) compression, which Nearby does not read (it reads raw and zlib blobs)."
        case .unsupportedFeature(let feature):
            "The extract requires the feature \(feature), which Nearby does not read."
        case .decompression(let reason): "The extract does not decompress: \(reason)."
        case .overLimit(let what): "The extract is refused: \(what)."
        case .stopped(let reason): reason
        }
    }
}

extension OSMReadError {
    /// Runs `body` (a closure passed to a standard library method that rethrows untyped, such as
    /// `withUnsafeBytes`), giving back the ``OSMReadError`` it threw.
    static func typed<R>(_ body: () throws -> R) throws(OSMReadError) -> R {
        do {
            return try body()
        } catch let error as OSMReadError {
            throw error
        } catch {
            throw .stopped(String(describing: error))
        }
    }
}
