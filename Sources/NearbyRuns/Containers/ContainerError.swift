import NearbySystem
/// Why a compressed file, an archive or one of its members could not be read.
///
/// Every case names the display path of what it is about (`export.zip!activities/1.fit.gz`), with
/// any control character in a member name already escaped, and words itself as one sentence.
public enum ContainerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The bytes are none of gzip, zip, FIT or XML.
    case unknownContent(path: String)
    /// A gzip file holds something that is none of zip, FIT or XML.
    case gzipUnknownContent(path: String)
    /// A gzip file holds another gzip file (Nearby unpacks one layer).
    case gzipInsideGzip(path: String)
    /// A gzip stream is damaged (bad header, bad deflate data, CRC or length mismatch).
    case gzipCorrupt(path: String, reason: String)
    /// A gzip stream ends before its last member is complete.
    case gzipTruncated(path: String)
    /// Bytes that are not a gzip member follow the last member.
    case gzipTrailingData(path: String)
    /// A compressed stream inflates to more than the limit: refused as a bomb.
    case inflatesTooLarge(path: String, limit: Int)
    /// No end-of-central-directory record: the zip is truncated or not a zip.
    case zipNoDirectory(path: String)
    /// The zip's structure is inconsistent (offsets outside the file, bad signatures…).
    case zipMalformed(path: String, reason: String)
    /// The zip spans several disks.
    case zipMultiDisk(path: String)
    /// The zip lists more members than the limit.
    case zipTooManyMembers(path: String, count: Int, limit: Int)
    /// Two members share bytes (the trick of overlapping zip bombs).
    case zipOverlappingMembers(path: String)
    /// Archives nested deeper than the limit.
    case nestedTooDeep(path: String, limit: Int)
    /// All members together inflate to more than the limit; the rest of the archive is not read.
    case archiveTooLarge(path: String, limit: Int)
    /// A member is encrypted.
    case memberEncrypted(path: String)
    /// A member uses a compression method other than stored (0) or deflate (8).
    case memberMethod(path: String, method: Int)
    /// A member's deflate data is damaged or does not match its declared size or CRC.
    case memberCorrupt(path: String, reason: String)
    /// A member name is absolute, climbs with `..`, uses backslashes or control characters.
    case memberUnsafeName(path: String)
    /// A second member with the same name as an earlier one.
    case memberDuplicate(path: String)
    /// A file named like an activity (`.fit`, `.gpx`, `.tcx`) whose bytes are not one.
    case notActivity(path: String)
    /// An export catalogue names a member the archive does not hold.
    case catalogueMissingMember(path: String, catalogue: String, member: String)
    /// An export catalogue could not be read; members still import under their file names.
    case catalogueUnreadable(path: String, reason: String)

    /// The display path the error is about.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .unknownContent(let path), .gzipUnknownContent(let path),
            .gzipInsideGzip(let path), .gzipCorrupt(let path, _),
            .gzipTruncated(let path), .gzipTrailingData(let path), .inflatesTooLarge(let path, _),
            .zipNoDirectory(let path), .zipMalformed(let path, _), .zipMultiDisk(let path),
            .zipTooManyMembers(let path, _, _), .zipOverlappingMembers(let path), .nestedTooDeep(let path, _),
            .archiveTooLarge(let path, _), .memberEncrypted(let path), .memberMethod(let path, _),
            .memberCorrupt(let path, _), .memberUnsafeName(let path), .memberDuplicate(let path),
            .notActivity(let path), .catalogueMissingMember(let path, _, _), .catalogueUnreadable(let path, _):
            return path
        }
    }

    public var description: String { "\(path) \(clause)." }

    /// The sentence without its subject (the path) and full stop: "inflates to more than 1 GiB, …".
    public var clause: String {
        switch self {
        case .unreadable(_, let reason):
            return "could not be read: \(reason)"
        case .unknownContent:
            return "is neither a track (GPX, TCX, FIT) nor a gzip or zip file"
        case .gzipUnknownContent:
            return "is a gzip file, but what it holds is neither a track (GPX, TCX, FIT) nor a zip file"
        case .gzipInsideGzip:
            return
                "is a gzip file inside a gzip file; Nearby unpacks one layer, so unpack it once (gunzip) and import the result"
        case .gzipCorrupt(_, let reason):
            return "is a damaged gzip file: \(reason)"
        case .gzipTruncated:
            return "is a gzip file that ends before its data is complete"
        case .gzipTrailingData:
            return "has bytes after its gzip data that are not another gzip member"
        case .inflatesTooLarge(_, let limit):
            return "inflates to more than \(ByteCountText.describe(limit)), so it is refused as a decompression bomb"
        case .zipNoDirectory:
            return "has no zip central directory: it is truncated or not a zip file"
        case .zipMalformed(_, let reason):
            return "is a damaged zip file: \(reason)"
        case .zipMultiDisk:
            return "is one part of a multi-disk zip, which Nearby does not read"
        case .zipTooManyMembers(_, let count, let limit):
            return "lists \(count) members, more than the limit of \(limit)"
        case .zipOverlappingMembers:
            return "has members that share bytes, as in a zip bomb, so it is refused"
        case .nestedTooDeep(_, let limit):
            return "is a zip nested more than \(limit) levels deep, so it is not opened"
        case .archiveTooLarge(_, let limit):
            return
                "inflates to more than \(ByteCountText.describe(limit)) in all, so its remaining members are not read"
        case .memberEncrypted:
            return "is encrypted, which Nearby does not read"
        case .memberMethod(_, let method):
            return "uses zip compression method \(method); only stored (0) and deflate (8) are read"
        case .memberCorrupt(_, let reason):
            return "is damaged: \(reason)"
        case .memberUnsafeName:
            return "has an unsafe name (absolute, '..', backslash or control character), so it is refused"
        case .memberDuplicate:
            return "appears twice in the archive; only the first copy is read"
        case .notActivity:
            return "is named like a track file but is not GPX, TCX or FIT"
        case .catalogueMissingMember(_, let catalogue, let member):
            return "lists \(member) in \(catalogue), but the archive does not hold that file"
        case .catalogueUnreadable(_, let reason):
            return "could not be used as an activity catalogue: \(reason); files import under their own names"
        }
    }
}
