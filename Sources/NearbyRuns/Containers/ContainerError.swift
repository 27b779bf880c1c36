import NearbyBasics

/// Why a compressed file, an archive or one of its members could not be read.
///
/// Every case names the display path of what it is about (`export.zip!activities/1.fit.gz`), with
/// any control character in a member name already escaped, and words itself as one sentence.
public enum ContainerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The bytes are none of gzip, zip, FIT or XML.
    case unknownContent(path: String)
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
        case .unreadable(let path, _), .unknownContent(let path), .gzipCorrupt(let path, _),
            .gzipTruncated(let path), .gzipTrailingData(let path), .inflatesTooLarge(let path, _),
            .zipNoDirectory(let path), .zipMalformed(let path, _), .zipMultiDisk(let path),
            .zipTooManyMembers(let path, _, _), .zipOverlappingMembers(let path), .nestedTooDeep(let path, _),
            .archiveTooLarge(let path, _), .memberEncrypted(let path), .memberMethod(let path, _),
            .memberCorrupt(let path, _), .memberUnsafeName(let path), .memberDuplicate(let path),
            .notActivity(let path), .catalogueMissingMember(let path, _, _), .catalogueUnreadable(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path) could not be read: \(reason)."
        case .unknownContent(let path):
            return "\(path) is neither a track (GPX, TCX, FIT) nor a gzip or zip file."
        case .gzipCorrupt(let path, let reason):
            return "\(path) is a damaged gzip file: \(reason)."
        case .gzipTruncated(let path):
            return "\(path) is a gzip file that ends before its data is complete."
        case .gzipTrailingData(let path):
            return "\(path) has bytes after its gzip data that are not another gzip member."
        case .inflatesTooLarge(let path, let limit):
            return
                "\(path) inflates to more than \(ByteCountText.describe(limit)), so it is refused as a decompression bomb."
        case .zipNoDirectory(let path):
            return "\(path) has no zip central directory: it is truncated or not a zip file."
        case .zipMalformed(let path, let reason):
            return "\(path) is a damaged zip file: \(reason)."
        case .zipMultiDisk(let path):
            return "\(path) is one part of a multi-disk zip, which Nearby does not read."
        case .zipTooManyMembers(let path, let count, let limit):
            return "\(path) lists \(count) members, more than the limit of \(limit)."
        case .zipOverlappingMembers(let path):
            return "\(path) has members that share bytes, as in a zip bomb, so it is refused."
        case .nestedTooDeep(let path, let limit):
            return "\(path) is a zip nested more than \(limit) levels deep, so it is not opened."
        case .archiveTooLarge(let path, let limit):
            return
                "\(path) inflates to more than \(ByteCountText.describe(limit)) in all, so its remaining members are not read."
        case .memberEncrypted(let path):
            return "\(path) is encrypted, which Nearby does not read."
        case .memberMethod(let path, let method):
            return "\(path) uses zip compression method \(method); only stored (0) and deflate (8) are read."
        case .memberCorrupt(let path, let reason):
            return "\(path) is damaged: \(reason)."
        case .memberUnsafeName(let path):
            return "\(path) has an unsafe name (absolute, '..', backslash or control character), so it is refused."
        case .memberDuplicate(let path):
            return "\(path) appears twice in the archive; only the first copy is read."
        case .notActivity(let path):
            return "\(path) is named like a track file but is not GPX, TCX or FIT."
        case .catalogueMissingMember(let path, let catalogue, let member):
            return "\(path) lists \(member) in \(catalogue), but the archive does not hold that file."
        case .catalogueUnreadable(let path, let reason):
            return "\(path) could not be used as an activity catalogue: \(reason); files import under their own names."
        }
    }
}
