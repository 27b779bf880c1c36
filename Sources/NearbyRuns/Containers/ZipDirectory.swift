/// One member listed in a zip's central directory, checked against its local header.
struct ZipEntry: Sendable, Hashable {
    /// The name as stored (decoded; see `DisplayName.decode`), not yet judged safe.
    var name: String
    var method: Int
    var crc: UInt32
    var compressedSize: Int
    var uncompressedSize: Int
    /// Where the member's local header starts.
    var localOffset: Int
    /// Where the member's (compressed) data lies in the archive.
    var data: Range<Int>
    /// Flag bit 3: CRC and sizes follow the data in a descriptor.
    var hasDescriptor: Bool
    /// Sizes or offset came from a Zip64 extra field (its descriptor has 8-byte sizes).
    var isZip64: Bool
    var isDirectory: Bool { name.hasSuffix("/") && uncompressedSize == 0 }
}

/// The central directory of a zip (in memory, or a file read with `pread` through ``ZipFile``),
/// read without trusting any of it: every offset and size is checked against the archive's
/// length, members may not share bytes, counts are bounded.
/// Zip64 end records and extra fields are read (Garmin exports can pass 4 GiB or 65,535 members).
///
/// Errors that make the whole archive unusable are thrown; a member that alone is unusable
/// (encrypted, local header disagreeing with the directory, data outside the archive) is
/// returned as a failure in its place, so the other members are still read.
enum ZipDirectory {
    static let endSignature: UInt32 = 0x0605_4B50
    static let zip64EndSignature: UInt32 = 0x0606_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let centralSignature: UInt32 = 0x0201_4B50
    static let localSignature: UInt32 = 0x0403_4B50
    static let descriptorSignature: UInt32 = 0x0807_4B50

    /// Where the central directory is, from the end record (and the Zip64 end record when there is one).
    struct Directory {
        var entries: Int
        var offset: Int
        /// Where the directory must end: the Zip64 end record, or the end record.
        var end: Int
    }

    /// The members of the zip in `bytes`, in central-directory order. `path` names the archive.
    static func read(_ bytes: some ZipBytes, path: String, limits: ContainerLimits) throws(ContainerError)
        -> [Result<ZipEntry, ContainerError>]
    {
        let directory = try locate(bytes, path: path, limits: limits)
        var results: [Result<ZipEntry, ContainerError>] = []
        results.reserveCapacity(directory.entries)
        var spans: [Range<Int>] = []
        var cursor = directory.offset
        let end = directory.end
        for _ in 0..<directory.entries {
            guard end - cursor >= 46, bytes.u32(cursor) == centralSignature else {
                throw .zipMalformed(path: path, reason: "its central directory is truncated")
            }
            let nameLength = bytes.u16(cursor + 28)
            let extraLength = bytes.u16(cursor + 30)
            let recordLength = 46 + nameLength + extraLength + bytes.u16(cursor + 32)
            guard end - cursor >= recordLength else {
                throw .zipMalformed(path: path, reason: "its central directory is truncated")
            }
            let nameBytes = bytes.bytes((cursor + 46)..<(cursor + 46 + nameLength))
            let name = nameBytes.withUnsafeBytes { DisplayName.decode($0) }
            let memberPath = path + "!" + DisplayName.escape(name)
            let entry = member(bytes, at: cursor, nameBytes: nameBytes, path: memberPath, limit: directory.offset)
                .map { found -> ZipEntry in
                    var named = found
                    named.name = name
                    return named
                }
            if case .success(let found) = entry {
                spans.append(
                    found.localOffset..<(found.data.upperBound + descriptorLength(bytes, found, directory.offset)))
            }
            results.append(entry)
            cursor += recordLength
        }
        guard cursor == end else {
            throw .zipMalformed(path: path, reason: "its central directory does not end where its end record says")
        }
        spans.sort { $0.lowerBound < $1.lowerBound }
        for (previous, next) in zip(spans, spans.dropFirst()) where next.lowerBound < previous.upperBound {
            throw .zipOverlappingMembers(path: path)
        }
        return results
    }

    /// Finds the central directory through the end record and, when present, the Zip64 locator and end record.
    static func locate(_ bytes: some ZipBytes, path: String, limits: ContainerLimits) throws(ContainerError)
        -> Directory
    {
        let end = try findEnd(bytes, path: path)
        var disk = bytes.u16(end + 4)
        var directoryDisk = bytes.u16(end + 6)
        var entriesOnDisk = bytes.u16(end + 8)
        var entries = bytes.u16(end + 10)
        var size = Int(bytes.u32(end + 12))
        var offset = Int(bytes.u32(end + 16))
        var directoryEnd = end
        let marked = entries == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF
        if end >= 20, bytes.u32(end - 20) == zip64LocatorSignature {
            let locator = end - 20
            guard let record = Int(exactly: bytes.u64(locator + 8)), record <= locator - 56,
                bytes.u32(record) == zip64EndSignature
            else {
                throw .zipMalformed(path: path, reason: "its Zip64 locator points outside the file")
            }
            let values = [16, 20, 24, 32, 40, 48].map { field -> Int? in
                field < 24 ? Int(bytes.u32(record + field)) : Int(exactly: bytes.u64(record + field))
            }
            guard let d = values[0], let cd = values[1], let onDisk = values[2], let all = values[3],
                let zipSize = values[4], let zipOffset = values[5]
            else {
                throw .zipMalformed(path: path, reason: "its Zip64 end record holds impossible sizes")
            }
            (disk, directoryDisk, entriesOnDisk, entries, size, offset) = (d, cd, onDisk, all, zipSize, zipOffset)
            directoryEnd = record
        } else if marked {
            throw .zipMalformed(path: path, reason: "its end record refers to Zip64 records that are missing")
        }
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entries else { throw .zipMultiDisk(path: path) }
        guard entries <= limits.members else {
            throw .zipTooManyMembers(path: path, count: entries, limit: limits.members)
        }
        guard offset <= directoryEnd, size == directoryEnd - offset else {
            throw .zipMalformed(path: path, reason: "its central directory is not where its end record says")
        }
        return Directory(entries: entries, offset: offset, end: directoryEnd)
    }

    /// The offset of the end-of-central-directory record: the last one whose comment ends the file.
    private static func findEnd(_ bytes: some ZipBytes, path: String) throws(ContainerError) -> Int {
        guard bytes.count >= 22 else { throw .zipNoDirectory(path: path) }
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var offset = bytes.count - 22
        while offset >= lowest {
            if bytes.u32(offset) == endSignature, offset + 22 + bytes.u16(offset + 20) == bytes.count {
                return offset
            }
            offset -= 1
        }
        throw .zipNoDirectory(path: path)
    }

    /// The length of the data descriptor after a member written with flag bit 3 (0 without one).
    private static func descriptorLength(_ bytes: some ZipBytes, _ entry: ZipEntry, _ limit: Int) -> Int {
        guard entry.hasDescriptor else { return 0 }
        let at = entry.data.upperBound
        let signed = limit - at >= 4 && bytes.u32(at) == descriptorSignature
        let length = (signed ? 4 : 0) + (entry.isZip64 ? 20 : 12)
        return min(length, limit - at)
    }
}

/// Random access to the bytes of a zip: a buffer in memory or a file read with `pread`.
/// Callers check every offset against ``count`` first.
protocol ZipBytes {
    /// The archive's length in bytes.
    var count: Int { get }
    /// Little-endian 16-bit value at `offset`, as an Int.
    func u16(_ offset: Int) -> Int
    /// Little-endian 32-bit value at `offset`.
    func u32(_ offset: Int) -> UInt32
    /// Little-endian 64-bit value at `offset`.
    func u64(_ offset: Int) -> UInt64
    /// A copy of the bytes in `range` (short if a file shrank since it was opened).
    func bytes(_ range: Range<Int>) -> [UInt8]
}

extension UnsafeRawBufferPointer: ZipBytes {
    func bytes(_ range: Range<Int>) -> [UInt8] { Array(self[range]) }

    /// Little-endian 16-bit value at `offset` (the caller has checked the bounds), as an Int.
    func u16(_ offset: Int) -> Int { Int(self[offset]) | Int(self[offset + 1]) << 8 }

    /// Little-endian 32-bit value at `offset` (the caller has checked the bounds).
    func u32(_ offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
            | UInt32(self[offset + 3]) << 24
    }

    /// Little-endian 64-bit value at `offset` (the caller has checked the bounds).
    func u64(_ offset: Int) -> UInt64 { UInt64(u32(offset)) | UInt64(u32(offset + 4)) << 32 }
}
