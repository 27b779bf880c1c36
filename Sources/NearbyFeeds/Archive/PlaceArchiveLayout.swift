import NearbyGeo

/// The on-disk layout of a place archive, the compact file a query maps instead of parsing a feed.
///
/// All integers little-endian. A 160-byte header:
///
/// | offset | field |
/// |---|---|
/// | 0 | magic `NBYPLACE` |
/// | 8 | format version (u32), 12 reserved (u32) |
/// | 16 | record count (u64) |
/// | 24 | source tag (u64): a hash of the cached bodies' checksum and the manifest, so an archive
///        built from other bytes or another mapping is stale |
/// | 32 | hash (u64) of the block table |
/// | 40 | total size (u64) |
/// | 48… | seven sections as (offset u64, length u64): names, records, values, strings, map,
///        index, blocks |
///
/// Sections, each 8-byte aligned (the index 64-byte aligned), in this order with nothing else
/// between them:
/// - names: name count u32, shape count u32; then per attribute or field name (key ref, label
///   ref), 16 bytes each; then per shape the offset u32 of its words; then the shapes' words,
///   u32 each: attribute count, field count, (name index, source) per attribute, name index
///   per field. An attribute's source is the position of the raw field whose value it shares,
///   or 0xFFFFFFFF when its value is stored after the fields' (``ArchiveShapes``);
/// - records: 56 bytes each: latitude f64, longitude f64 (NaN when the place has no usable
///   coordinate), refs of id, name, address, category (8 bytes each: offset u32, length u32;
///   length 0xFFFFFFFF = absent), first value u32, shape u32;
/// - values: a ref (8 bytes) per value: the record's raw fields in order, then its attributes
///   that are not one of them;
/// - strings: UTF-8 text that every ref points into;
/// - map: u32 record number per indexed point;
/// - index: a ``SpatialIndex`` image over the located records, whose ids are positions in the map;
/// - blocks: one ``BlockChecksum`` hash (u64) per 64 KiB block of everything from byte 160 to the
///   index. Opening checks the table against the header; each block is checked the first time a
///   query reads from it, so a query on a million places reads a few pages, not the whole file,
///   and still never uses a damaged byte.
enum PlaceArchiveLayout {
    static let magic: [UInt8] = Array("NBYPLACE".utf8)
    static let version: UInt32 = 4
    static let headerSize = 160
    static let recordSize = 56
    static let valueSize = 8
    static let nameSize = 16
    static let absent: UInt32 = 0xFFFF_FFFF

    /// Where a section starts, given where the previous one ended (8-aligned already): the
    /// index on a 64-byte boundary so that each of its 64-byte point records is one cache line.
    static func aligned(_ offset: Int, section: Int) -> Int {
        section == 5 ? (offset + 63) & ~63 : offset
    }

    /// Bytes per checksummed block.
    static let blockSize = 1 << 16
    /// Header offset of the section table: names, records, values, strings, map, index, blocks.
    static let sectionTableOffset = 48
    static let sectionCount = 7
}

/// Why a place archive was refused; the cache then rebuilds it from the stored feed.
public enum PlaceArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    case badHeader(String)
    /// Written by another version of Nearby (not damage: the cache rebuilds it).
    case otherVersion(UInt32)
    case checksumMismatch
    case stale
    case damagedRecord(Int)
    case index(SpatialIndexError)

    public var description: String {
        switch self {
        case .badHeader(let detail): return "the place archive is damaged (\(detail))"
        case .otherVersion(let version):
            return "the place archive is format \(version), written by another version of Nearby; "
                + "this one reads format \(PlaceArchiveLayout.version)"
        case .checksumMismatch: return "the place archive's checksum does not match its contents"
        case .stale: return "the place archive was built from other data or another manifest"
        case .damagedRecord(let number): return "record \(number) of the place archive is damaged"
        case .index(let error): return "the place archive's index is damaged: \(error)"
        }
    }
}
