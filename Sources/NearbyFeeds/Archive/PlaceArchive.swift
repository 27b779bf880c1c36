import NearbySystem
import NearbyGeo

/// A place archive mapped from the cache: places by record number and an exact nearest query,
/// without parsing the feed again.
///
/// Opening checks the magic, version, sizes, the source tag and the block table; every block is
/// checked against it the first time it is read (``BlockVerifier``). Any mismatch throws, and the
/// caller rebuilds the archive from the cached feed rather than trusting it.
///
/// The archive stays mapped (rather than read) only because Nearby alone writes it: a refresh or
/// a rebuild writes a new file under an unpredictable name and renames it into place, so the file
/// a reader has mapped is never truncated or rewritten (another program truncating a mapped file
/// would raise SIGBUS). Files from outside, such as tracks, are read, never mapped.
public final class PlaceArchive: Sendable {
    /// Number of places, located or not.
    public let count: Int
    /// The dataset the places belong to.
    public let datasetID: String
    private let file: MappedFile
    private let sections: [Range<Int>]
    private let index: MappedSpatialIndex
    private let verifier: BlockVerifier

    /// Maps and checks the archive at `path`; `expectedTag` must match the tag it was written with.
    public init(path: String, datasetID: String, expectedTag: UInt64) throws(PlaceArchiveError) {
        do {
            file = try MappedFile(path: path)
        } catch {
            throw .badHeader(error.description)
        }
        self.datasetID = datasetID
        let bytes = file.bytes
        guard bytes.count >= PlaceArchiveLayout.headerSize, let base = bytes.baseAddress,
            Array(bytes[0..<8]) == PlaceArchiveLayout.magic
        else { throw .badHeader("not a place archive") }
        func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let version = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version == PlaceArchiveLayout.version else { throw .otherVersion(version) }
        guard word(24) == expectedTag else { throw .stale }
        guard word(40) == UInt64(bytes.count) else { throw .badHeader("size \(bytes.count), expected \(word(40))") }
        var ranges: [Range<Int>] = []
        for section in 0..<PlaceArchiveLayout.sectionCount {
            let offset = word(PlaceArchiveLayout.sectionTableOffset + 16 * section)
            let length = word(PlaceArchiveLayout.sectionTableOffset + 16 * section + 8)
            guard offset >= UInt64(PlaceArchiveLayout.headerSize), offset % 8 == 0,
                length <= UInt64(bytes.count), offset <= UInt64(bytes.count) - length
            else { throw .badHeader("section \(section) out of bounds") }
            ranges.append(Int(offset)..<Int(offset + length))
        }
        // The section table is not covered by the checksum, so pin it to the layout the writer
        // produces: sections back to back from the header on, each padded to 8 bytes, the last
        // ending the file. A damaged offset or length would otherwise read the wrong bytes.
        var expectedOffset = PlaceArchiveLayout.headerSize
        for (section, range) in ranges.enumerated() {
            expectedOffset = PlaceArchiveLayout.aligned(expectedOffset, section: section)
            guard range.lowerBound == expectedOffset else { throw .badHeader("section \(section) is misplaced") }
            expectedOffset = (range.upperBound + 7) & ~7
        }
        guard expectedOffset == bytes.count else { throw .badHeader("the sections do not fill the file") }
        sections = ranges
        // A damaged count can be anything: compare without multiplying it (no overflow trap).
        let recordCount = Int(clamping: word(16))
        guard ranges[1].count % PlaceArchiveLayout.recordSize == 0,
            ranges[1].count / PlaceArchiveLayout.recordSize == recordCount
        else {
            throw .badHeader("record section size")
        }
        count = recordCount
        let table = UnsafeRawBufferPointer(rebasing: bytes[ranges[6]])
        guard let tableBase = table.baseAddress ?? base as UnsafeRawPointer?,
            BlockChecksum.hash(tableBase, byteCount: table.count) == word(32)
        else {
            throw .checksumMismatch
        }
        do {
            verifier = try BlockVerifier(
                base: base, region: PlaceArchiveLayout.headerSize..<ranges[5].lowerBound, table: ranges[6], owner: file)
        } catch {
            throw .badHeader("block table size")
        }
        do {
            index = try MappedSpatialIndex(mapping: UnsafeRawBufferPointer(rebasing: bytes[ranges[5]]), owner: file)
        } catch {
            throw .index(error)
        }
        guard ranges[4].count == index.count * 4 else { throw .badHeader("map size") }
    }

    /// The tag that ties an archive to the feed bytes and the manifest it was built from.
    public static func sourceTag(checksum: String, manifest: DatasetManifest) -> UInt64 {
        var text = "v\(PlaceArchiveLayout.version)\u{0}\(checksum)\u{0}\(manifest.fingerprint)"
        return text.withUTF8 { raw in
            guard let base = raw.baseAddress else { return 0 }
            return BlockChecksum.hash(UnsafeRawPointer(base), byteCount: raw.count)
        }
    }

    /// Number of places with a usable coordinate.
    public var locatedCount: Int { index.count }

    /// The place at `record` (0-based, source order).
    public func place(at record: Int) throws(PlaceArchiveError) -> Place {
        try PlaceArchiveReader(archive: self).place(at: record)
    }

    /// The `limit` nearest places within `maxDistance` metres that satisfy `include`, nearest
    /// first, ties in source order.
    public func nearest(
        to query: Coordinate, limit: Int, within maxDistance: Double = .infinity,
        where include: ((Int) throws(PlaceArchiveError) -> Bool)? = nil
    ) throws(PlaceArchiveError) -> [(record: Int, distance: Double)] {
        let located = index.count
        guard limit > 0, located > 0 else { return [] }
        // Never ask the index for more than it holds: a huge limit (`--limit 9223372036854775807`)
        // must neither overflow `limit * 4` nor reach the index as an enormous k.
        var k: Int
        if include == nil {
            k = min(limit, located)
        } else {
            k = limit >= located / 4 ? located : min(located, max(limit * 4, 32))
        }
        while true {
            let neighbours: [Neighbor]
            do {
                neighbours = try index.nearest(to: query, k: k, within: maxDistance)
            } catch {
                throw .index(error)
            }
            var result: [(record: Int, distance: Double)] = []
            for neighbour in neighbours {
                let record = try recordNumber(ofIndexed: neighbour.index)
                if let include, try !include(record) { continue }
                result.append((record, neighbour.distance))
                if result.count == limit { return result }
            }
            if neighbours.count < k || k >= located { return result }
            k = min(located, k * 4)
        }
    }

    /// ``nearest(to:limit:within:where:)`` without a filter for each of `queries`, in one pass
    /// of the index's batch search (the join asks this way): `result[i]` is exactly the answer
    /// for `queries[i]`.
    public func nearest(
        to queries: [Coordinate], limit: Int, within maxDistance: Double = .infinity
    ) throws(PlaceArchiveError) -> [[(record: Int, distance: Double)]] {
        let located = index.count
        guard limit > 0, located > 0 else { return Array(repeating: [], count: queries.count) }
        let answers: [[Neighbor]]
        do {
            answers = try index.nearest(to: queries, k: min(limit, located), within: maxDistance)
        } catch {
            throw .index(error)
        }
        var result: [[(record: Int, distance: Double)]] = []
        result.reserveCapacity(answers.count)
        for neighbours in answers {
            var places: [(record: Int, distance: Double)] = []
            places.reserveCapacity(neighbours.count)
            for neighbour in neighbours {
                places.append((try recordNumber(ofIndexed: neighbour.index), neighbour.distance))
            }
            result.append(places)
        }
        return result
    }

    /// The coordinate of the place at `record` without decoding the rest of it (nil when the place
    /// has none): the join asks for many.
    public func coordinate(at record: Int) throws(PlaceArchiveError) -> Coordinate? {
        guard record >= 0, record < count else { throw .damagedRecord(record) }
        let base = sections[1].lowerBound + record * PlaceArchiveLayout.recordSize
        try check(base..<(base + 16))
        let latitude = Double(
            bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: base, as: UInt64.self)))
        let longitude = Double(
            bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)))
        if latitude.isNaN { return nil }
        guard let coordinate = Coordinate(latitude: latitude, longitude: longitude) else {
            throw .damagedRecord(record)
        }
        return coordinate
    }

    func recordNumber(ofIndexed position: Int) throws(PlaceArchiveError) -> Int {
        let offset = sections[4].lowerBound + position * 4
        guard position >= 0, offset + 4 <= sections[4].upperBound else { throw .damagedRecord(position) }
        try check(offset..<(offset + 4))
        let value = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        guard value < count else { throw .damagedRecord(position) }
        return value
    }

    var bytes: UnsafeRawBufferPointer { file.bytes }

    /// Checks every block of the archive now instead of on first read.
    public func verifyAll() throws(PlaceArchiveError) {
        do { try verifier.verifyAll() } catch { throw .checksumMismatch }
        do { try index.verifyAll() } catch { throw .index(error) }
    }

    /// Checks the blocks under `range` before a read (see ``BlockVerifier``).
    func check(_ range: Range<Int>) throws(PlaceArchiveError) {
        do {
            try verifier.check(range.lowerBound, range.count)
        } catch {
            throw error == .outside ? .badHeader("a read outside the checked region") : .checksumMismatch
        }
    }
    func section(_ number: Int) -> Range<Int> { sections[number] }
}
