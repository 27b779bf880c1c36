/// One member listed in a zip's central directory, checked against its local header.
struct ZipEntry: Sendable, Hashable {
    /// The name as stored (decoded; see `DisplayName.decode`), not yet judged safe.
    var name: String
    var method: Int
    var crc: UInt32
    var compressedSize: Int
    var uncompressedSize: Int
    /// Where the member's (compressed) data lies in the archive.
    var data: Range<Int>
    var isDirectory: Bool { name.hasSuffix("/") && uncompressedSize == 0 }
}

/// The central directory of a zip held in memory, read without trusting any of it: every offset
/// and size is checked against the buffer, members may not share bytes, counts are bounded.
///
/// Errors that make the whole archive unusable are thrown; a member that alone is unusable
/// (encrypted, unknown method, Zip64 sizes, local header disagreeing with the directory) is
/// returned as a failure in its place, so the other members are still read.
enum ZipDirectory {
    static let endSignature: UInt32 = 0x0605_4B50
    static let centralSignature: UInt32 = 0x0201_4B50
    static let localSignature: UInt32 = 0x0403_4B50
    static let descriptorSignature: UInt32 = 0x0807_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50

    /// The members of the zip in `bytes`, in central-directory order. `path` names the archive.
    static func read(_ bytes: UnsafeRawBufferPointer, path: String, limits: ContainerLimits) throws(ContainerError)
        -> [Result<ZipEntry, ContainerError>]
    {
        let end = try findEnd(bytes, path: path)
        let disk = bytes.u16(end + 4)
        let directoryDisk = bytes.u16(end + 6)
        let entriesOnDisk = bytes.u16(end + 8)
        let entries = bytes.u16(end + 10)
        let directorySize = Int(bytes.u32(end + 12))
        let directoryOffset = Int(bytes.u32(end + 16))
        if entries == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF
            || (end >= 20 && bytes.u32(end - 20) == zip64LocatorSignature)
        {
            throw .zip64(path: path)
        }
        guard disk == 0, directoryDisk == 0, entriesOnDisk == entries else { throw .zipMultiDisk(path: path) }
        guard entries <= limits.members else {
            throw .zipTooManyMembers(path: path, count: entries, limit: limits.members)
        }
        guard directoryOffset <= end, directorySize == end - directoryOffset else {
            throw .zipMalformed(path: path, reason: "its central directory is not where its end record says")
        }
        var results: [Result<ZipEntry, ContainerError>] = []
        results.reserveCapacity(entries)
        var spans: [Range<Int>] = []
        var cursor = directoryOffset
        for _ in 0..<entries {
            guard end - cursor >= 46, bytes.u32(cursor) == centralSignature else {
                throw .zipMalformed(path: path, reason: "its central directory is truncated")
            }
            let nameLength = bytes.u16(cursor + 28)
            let extraLength = bytes.u16(cursor + 30)
            let commentLength = bytes.u16(cursor + 32)
            let recordLength = 46 + nameLength + extraLength + commentLength
            guard end - cursor >= recordLength else {
                throw .zipMalformed(path: path, reason: "its central directory is truncated")
            }
            let nameBytes = UnsafeRawBufferPointer(rebasing: bytes[(cursor + 46)..<(cursor + 46 + nameLength)])
            let name = DisplayName.decode(nameBytes)
            let memberPath = path + "!" + DisplayName.escape(name)
            let entry = member(
                bytes, at: cursor, name: name, nameBytes: nameBytes, path: memberPath, limit: directoryOffset)
            if case .success(let found) = entry {
                let localOffset = Int(bytes.u32(cursor + 42))
                spans.append(
                    localOffset..<(found.data.upperBound + descriptorLength(bytes, found, cursor, directoryOffset)))
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

    /// The offset of the end-of-central-directory record: the last one whose comment ends the file.
    private static func findEnd(_ bytes: UnsafeRawBufferPointer, path: String) throws(ContainerError) -> Int {
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

    /// One central-directory record checked against its local header.
    private static func member(
        _ bytes: UnsafeRawBufferPointer, at cursor: Int, name: String, nameBytes: UnsafeRawBufferPointer, path: String,
        limit: Int
    ) -> Result<ZipEntry, ContainerError> {
        let flags = bytes.u16(cursor + 8)
        let method = bytes.u16(cursor + 10)
        let crc = bytes.u32(cursor + 16)
        let compressed = Int(bytes.u32(cursor + 20))
        let uncompressed = Int(bytes.u32(cursor + 24))
        let localOffset = Int(bytes.u32(cursor + 42))
        // Bit 0: traditional encryption; bit 6: strong encryption; method 99: AES.
        if flags & 0x0001 != 0 || flags & 0x0040 != 0 || method == 99 { return .failure(.memberEncrypted(path: path)) }
        if compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF {
            return .failure(.zip64(path: path))
        }
        guard localOffset <= limit - 30, bytes.u32(localOffset) == localSignature else {
            return .failure(.memberCorrupt(path: path, reason: "its local header is missing"))
        }
        let localNameLength = bytes.u16(localOffset + 26)
        let localExtraLength = bytes.u16(localOffset + 28)
        let dataStart = localOffset + 30 + localNameLength + localExtraLength
        guard localNameLength == nameBytes.count, dataStart <= limit,
            UnsafeRawBufferPointer(rebasing: bytes[(localOffset + 30)..<(localOffset + 30 + localNameLength)])
                .elementsEqual(nameBytes)
        else {
            return .failure(.memberCorrupt(path: path, reason: "its local header does not match the central directory"))
        }
        guard compressed <= limit - dataStart else {
            return .failure(.memberCorrupt(path: path, reason: "its data runs past the central directory"))
        }
        if method == 0, compressed != uncompressed {
            return .failure(.memberCorrupt(path: path, reason: "it is stored but its two sizes differ"))
        }
        return .success(
            ZipEntry(
                name: name, method: method, crc: crc, compressedSize: compressed, uncompressedSize: uncompressed,
                data: dataStart..<(dataStart + compressed)))
    }

    /// The length of the data descriptor after a member written with flag bit 3 (0 without one).
    private static func descriptorLength(
        _ bytes: UnsafeRawBufferPointer, _ entry: ZipEntry, _ cursor: Int, _ limit: Int
    ) -> Int {
        guard bytes.u16(cursor + 8) & 0x0008 != 0 else { return 0 }
        let at = entry.data.upperBound
        let length = limit - at >= 4 && bytes.u32(at) == descriptorSignature ? 16 : 12
        return min(length, limit - at)
    }
}

extension UnsafeRawBufferPointer {
    /// Little-endian 16-bit value at `offset` (the caller has checked the bounds), as an Int.
    fileprivate func u16(_ offset: Int) -> Int { Int(self[offset]) | Int(self[offset + 1]) << 8 }

    /// Little-endian 32-bit value at `offset` (the caller has checked the bounds).
    fileprivate func u32(_ offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
            | UInt32(self[offset + 3]) << 24
    }
}
