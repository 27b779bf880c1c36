import Foundation
import NearbySystem
import NearbyGeo

/// A walking network mapped from its file: opened in microseconds, read where a query goes,
/// each 64 KiB block checked against its checksum the first time it is read. Every index read
/// from the file is checked before it is used, so a damaged or hostile file throws, never traps.
public final class WalkNetwork: @unchecked Sendable {
    // @unchecked: the mapping is read-only; the verifier is thread-safe (see BlockVerifier).
    private let file: MappedFile
    private let verifier: BlockVerifier
    private let sections: [Range<Int>]
    public let nodeCount: Int
    public let edgeCount: Int
    public let nameCount: Int
    public let componentCount: Int
    let cellCount: Int
    let cellEntryCount: Int
    public let wayCount: Int
    public let missingNodes: Int
    /// The provenance recorded at import.
    public let info: WalkNetworkInfo
    /// The file's path.
    public let path: String

    /// Opens the network file at `path`.
    public init(path: String) throws(WalkNetworkError) {
        self.path = path
        do {
            file = try MappedFile(path: path)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        let bytes = file.bytes
        guard bytes.count >= WalkNetworkFile.headerSize, let base = bytes.baseAddress,
            Array(bytes.prefix(8)) == WalkNetworkFile.magic
        else { throw .damaged(path: path, reason: "it is not a walking network file") }
        func u64(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let version = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        guard version == WalkNetworkFile.version else { throw .otherFormat(path: path, found: version) }
        guard BlockChecksum.hash(base, byteCount: WalkNetworkFile.checksumOffset) == u64(WalkNetworkFile.checksumOffset)
        else { throw .damaged(path: path, reason: "its header checksum does not match") }
        var counts: [Int] = []
        for k in 0..<8 {
            let value = u64(16 + 8 * k)
            guard value <= UInt64(UInt32.max) else { throw .damaged(path: path, reason: "a count is out of range") }
            counts.append(Int(value))
        }
        (nodeCount, edgeCount, nameCount, componentCount) = (counts[0], counts[1], counts[2], counts[3])
        (cellCount, cellEntryCount, wayCount, missingNodes) = (counts[4], counts[5], counts[6], counts[7])
        var ranges: [Range<Int>] = []
        var previousEnd = WalkNetworkFile.headerSize
        for k in 0..<WalkNetworkFile.Section.allCases.count {
            let offset = u64(80 + 16 * k)
            let length = u64(88 + 16 * k)
            guard offset % 8 == 0, offset >= UInt64(previousEnd), length <= UInt64(bytes.count),
                offset <= UInt64(bytes.count) - length
            else { throw .damaged(path: path, reason: "section \(k) lies outside the file") }
            ranges.append(Int(offset)..<Int(offset + length))
            previousEnd = Int(offset + length)
        }
        sections = ranges
        typealias S = WalkNetworkFile.Section
        let expected: [(S, Int)] = [
            (.latitudes, nodeCount * 8), (.longitudes, nodeCount * 8), (.components, nodeCount * 4),
            (.componentSizes, componentCount * 4), (.offsets, (nodeCount + 1) * 4), (.targets, edgeCount * 4),
            (.lengths, edgeCount * 8), (.edgeNames, edgeCount * 4), (.nameOffsets, (nameCount + 1) * 4),
            (.cellKeys, cellCount * 8), (.cellOffsets, (cellCount + 1) * 4), (.cellEdges, cellEntryCount * 4),
        ]
        for (section, size) in expected where ranges[section.rawValue].count != size {
            throw .damaged(
                path: path, reason: "section \(section) has \(ranges[section.rawValue].count) bytes, not \(size)")
        }
        let checked = WalkNetworkFile.headerSize..<ranges[S.checksums.rawValue].lowerBound
        do {
            verifier = try BlockVerifier(
                base: base, region: checked, table: ranges[S.checksums.rawValue], owner: file)
            let infoRange = ranges[S.info.rawValue]
            try verifier.check(infoRange.lowerBound, infoRange.count)
            info = try JSONDecoder().decode(WalkNetworkInfo.self, from: Data(bytes[infoRange]))
        } catch let failure as BlockVerifier.Failure {
            throw .damaged(path: path, reason: "\(failure)")
        } catch {
            throw .damaged(path: path, reason: "its provenance does not read")
        }
    }

    /// Checks every block now (`nearby streets --verify`, tests).
    public func verifyAll() throws(WalkNetworkError) {
        do { try verifier.verifyAll() } catch { throw .damaged(path: path, reason: "block \(error) does not match") }
    }

    // MARK: Checked reads

    @inline(__always)
    func load<T>(_ section: WalkNetworkFile.Section, _ index: Int, as type: T.Type) throws(WalkNetworkError) -> T {
        let size = MemoryLayout<T>.size
        let range = sections[section.rawValue]
        let offset = range.lowerBound + index * size
        guard index >= 0, offset + size <= range.upperBound, let base = file.bytes.baseAddress else {
            throw .damaged(path: path, reason: "an index points outside its section")
        }
        do { try verifier.check(offset, size) } catch {
            throw .damaged(path: path, reason: "a block does not match its checksum")
        }
        return base.loadUnaligned(fromByteOffset: offset, as: T.self)
    }

    /// The position of node `u`.
    public func coordinate(_ u: Int) throws(WalkNetworkError) -> Coordinate {
        let lat = try load(.latitudes, u, as: Double.self)
        let lon = try load(.longitudes, u, as: Double.self)
        guard let coordinate = Coordinate(latitude: lat, longitude: lon) else {
            throw .damaged(path: path, reason: "node \(u) has no valid position")
        }
        return coordinate
    }

    /// The edges leaving `u`: their slots.
    public func edges(_ u: Int) throws(WalkNetworkError) -> Range<Int> {
        let first = Int(try load(.offsets, u, as: UInt32.self))
        let last = Int(try load(.offsets, u + 1, as: UInt32.self))
        guard first <= last, last <= edgeCount else {
            throw .damaged(path: path, reason: "node \(u)'s edges are out of range")
        }
        return first..<last
    }

    public func target(_ slot: Int) throws(WalkNetworkError) -> Int {
        let v = Int(try load(.targets, slot, as: UInt32.self))
        guard v < nodeCount else { throw .damaged(path: path, reason: "an edge leads to no node") }
        return v
    }

    public func length(_ slot: Int) throws(WalkNetworkError) -> Double {
        let length = try load(.lengths, slot, as: Double.self)
        guard length.isFinite, length >= 0 else { throw .damaged(path: path, reason: "an edge has no valid length") }
        return length
    }

    /// The name of the way of edge `slot` ("" when it has none).
    public func name(ofEdge slot: Int) throws(WalkNetworkError) -> String {
        let index = Int(try load(.edgeNames, slot, as: UInt32.self))
        guard index < nameCount else { throw .damaged(path: path, reason: "an edge names no way") }
        let start = Int(try load(.nameOffsets, index, as: UInt32.self))
        let end = Int(try load(.nameOffsets, index + 1, as: UInt32.self))
        let range = sections[WalkNetworkFile.Section.nameBytes.rawValue]
        guard start <= end, range.lowerBound + end <= range.upperBound else {
            throw .damaged(path: path, reason: "a way name lies outside its section")
        }
        do { try verifier.check(range.lowerBound + start, end - start) } catch {
            throw .damaged(path: path, reason: "a block does not match its checksum")
        }
        return String(decoding: file.bytes[(range.lowerBound + start)..<(range.lowerBound + end)], as: UTF8.self)
    }

    public func component(_ u: Int) throws(WalkNetworkError) -> Int {
        let c = Int(try load(.components, u, as: UInt32.self))
        guard c < componentCount else { throw .damaged(path: path, reason: "a node has no component") }
        return c
    }

    public func componentSize(_ c: Int) throws(WalkNetworkError) -> Int {
        Int(try load(.componentSizes, c, as: UInt32.self))
    }

    /// The positions of the grid cells of `row` in the sorted cell keys (empty when the row
    /// holds no street): an attachment's ring search asks each row once, then only inside it.
    func cellRow(_ row: Int32) throws(WalkNetworkError) -> Range<Int> {
        let high = UInt64(UInt32(bitPattern: row))
        let first = try firstCell(atLeast: high << 32, in: 0..<cellCount)
        let end = high == 0xFFFF_FFFF ? cellCount : try firstCell(atLeast: (high + 1) << 32, in: first..<cellCount)
        return first..<end
    }

    /// The first position in `range` whose cell key is at least `key` (the range's end if none).
    private func firstCell(atLeast key: UInt64, in range: Range<Int>) throws(WalkNetworkError) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if try load(.cellKeys, middle, as: UInt64.self) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The edges (forward slots) of grid cell `key`, or an empty list; `row` (from ``cellRow(_:)``)
    /// narrows the search to the cell's row.
    func cellEdges(_ key: UInt64, row: Range<Int>? = nil) throws(WalkNetworkError) -> [Int] {
        let range = row ?? 0..<cellCount
        guard !range.isEmpty else { return [] }
        let low = try firstCell(atLeast: key, in: range)
        guard low < range.upperBound, try load(.cellKeys, low, as: UInt64.self) == key else { return [] }
        let first = Int(try load(.cellOffsets, low, as: UInt32.self))
        let last = Int(try load(.cellOffsets, low + 1, as: UInt32.self))
        guard first <= last, last <= cellEntryCount else {
            throw .damaged(path: path, reason: "a grid cell is out of range")
        }
        var slots: [Int] = []
        for k in first..<last {
            let slot = Int(try load(.cellEdges, k, as: UInt32.self))
            guard slot < edgeCount else { throw .damaged(path: path, reason: "a grid cell names no edge") }
            slots.append(slot)
        }
        return slots
    }

    /// The node an edge slot leaves (the row that holds it), by binary search over the rows;
    /// `hint`, a node found for a nearby slot, is tried first (a grid cell's slots are sorted, and
    /// consecutive ones mostly leave the same node or the next).
    func source(ofEdge slot: Int, hint: Int? = nil) throws(WalkNetworkError) -> Int {
        var low = 0
        var high = nodeCount
        if let hint, hint >= 0, hint < nodeCount {
            let first = Int(try load(.offsets, hint, as: UInt32.self))
            if slot >= first {
                // Gallop forward from the hint: rows hint, hint + 1, hint + 3, hint + 7 …
                var step = 1
                var probe = hint
                while probe < nodeCount, Int(try load(.offsets, probe + 1, as: UInt32.self)) <= slot {
                    low = probe + 1
                    probe = hint + step
                    step *= 2
                }
                high = min(probe, nodeCount - 1) + 1
            } else {
                high = hint
            }
        }
        while low < high {
            let middle = (low + high) / 2
            if Int(try load(.offsets, middle + 1, as: UInt32.self)) <= slot { low = middle + 1 } else { high = middle }
        }
        guard low < nodeCount else { throw .damaged(path: path, reason: "an edge leaves no node") }
        return low
    }
}

/// Where a network came from.
public struct WalkNetworkInfo: Codable, Sendable, Hashable {
    /// The extract's file or URL.
    public var source: String
    /// The extract's own time (seconds since 1970), if it says.
    public var dataTimestamp: Int64?
    /// South, west, north, east.
    public var bounds: [Double]
    public var licence = "ODbL 1.0"
    public var attribution = "© OpenStreetMap contributors"

    public init(source: String, dataTimestamp: Int64?, bounds: [Double]) {
        self.source = source
        self.dataTimestamp = dataTimestamp
        self.bounds = bounds
    }
}

/// Why a network file could not be used.
public enum WalkNetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case damaged(path: String, reason: String)
    /// Made by another version of Nearby, in a format this one does not read.
    case otherFormat(path: String, found: UInt32)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "The walking network \(path) cannot be read: \(reason)"
        case .damaged(let path, let reason): "The walking network \(path) is damaged: \(reason); import it again."
        case .otherFormat(let path, let found):
            "The walking network \(path) is of format \(found), made by another version of nearby (this one reads \(WalkNetworkFile.version)); import its extract again (nearby streets import FILE)."
        }
    }
}
