extension ZipDirectory {
    /// One central-directory record, its Zip64 extra field applied, checked against its local header.
    static func member(
        _ bytes: some ZipBytes, at cursor: Int, nameBytes: [UInt8], path: String, limit: Int
    ) -> Result<ZipEntry, ContainerError> {
        let flags = bytes.u16(cursor + 8)
        let method = bytes.u16(cursor + 10)
        // Bit 0: traditional encryption; bit 6: strong encryption; method 99: AES.
        if flags & 0x0001 != 0 || flags & 0x0040 != 0 || method == 99 { return .failure(.memberEncrypted(path: path)) }
        var compressed = Int(bytes.u32(cursor + 20))
        var uncompressed = Int(bytes.u32(cursor + 24))
        var localOffset = Int(bytes.u32(cursor + 42))
        let isZip64 = compressed == 0xFFFF_FFFF || uncompressed == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF
        if isZip64 {
            let extraStart = cursor + 46 + nameBytes.count
            let extra = bytes.bytes(extraStart..<(extraStart + bytes.u16(cursor + 30)))
            guard let field = extra.withUnsafeBytes({ zip64Field($0) }) else {
                return .failure(.memberCorrupt(path: path, reason: "its Zip64 sizes are missing"))
            }
            // The field holds, in this order, only the values whose 32-bit slot is 0xFFFFFFFF.
            var at = 0
            var values: [Int] = []
            for marked in [uncompressed, compressed, localOffset] where marked == 0xFFFF_FFFF {
                guard field.count - at >= 8, let value = Int(exactly: field.withUnsafeBytes { $0.u64(at) }) else {
                    return .failure(.memberCorrupt(path: path, reason: "its Zip64 sizes are missing"))
                }
                values.append(value)
                at += 8
            }
            var next = values.makeIterator()
            if uncompressed == 0xFFFF_FFFF, let value = next.next() { uncompressed = value }
            if compressed == 0xFFFF_FFFF, let value = next.next() { compressed = value }
            if localOffset == 0xFFFF_FFFF, let value = next.next() { localOffset = value }
        }
        guard localOffset <= limit - 30, bytes.u32(localOffset) == localSignature else {
            return .failure(.memberCorrupt(path: path, reason: "its local header is missing"))
        }
        let localNameLength = bytes.u16(localOffset + 26)
        let dataStart = localOffset + 30 + localNameLength + bytes.u16(localOffset + 28)
        guard localNameLength == nameBytes.count, dataStart <= limit,
            bytes.bytes((localOffset + 30)..<(localOffset + 30 + localNameLength)) == nameBytes
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
                name: "", method: method, crc: bytes.u32(cursor + 16), compressedSize: compressed,
                uncompressedSize: uncompressed, localOffset: localOffset, data: dataStart..<(dataStart + compressed),
                hasDescriptor: flags & 0x0008 != 0, isZip64: isZip64))
    }

    /// The data of the Zip64 extended-information extra field (id 0x0001), if `extra` holds one.
    private static func zip64Field(_ extra: UnsafeRawBufferPointer) -> [UInt8]? {
        var at = 0
        while extra.count - at >= 4 {
            let id = extra.u16(at)
            let size = extra.u16(at + 2)
            guard extra.count - at - 4 >= size else { return nil }
            if id == 0x0001 { return Array(extra[(at + 4)..<(at + 4 + size)]) }
            at += 4 + size
        }
        return nil
    }
}
