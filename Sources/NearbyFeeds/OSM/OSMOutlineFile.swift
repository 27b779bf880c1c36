import Foundation
import NearbySystem
import NearbyGeo

/// The outlines of a dataset's area places (`outlines.nbyoutline` beside the place archive),
/// kept for what needs more than a point: walking to an area's nearest edge, drawing it.
///
/// Layout, little-endian: the magic `NBYOUTL1`, the outline count (UInt32); per outline the
/// place index and ring count (UInt32 each), per ring its point count (UInt32) and the points
/// as latitude and longitude (Float64 bit patterns); last, the SHA-256 of everything before it.
public enum OSMOutlineFile {
    public static let fileName = "outlines.nbyoutline"
    static let magic = Array("NBYOUTL1".utf8)

    /// Writes `outlines` to `output`.
    static func write<Output: ArchiveOutput>(_ outlines: [OSMOutline], into output: inout Output) throws {
        var bytes = magic
        func put(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
        func put(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        put(UInt32(clamping: outlines.count))
        for outline in outlines {
            put(UInt32(clamping: outline.placeIndex))
            put(UInt32(clamping: outline.rings.count))
            for ring in outline.rings {
                put(UInt32(clamping: ring.count))
                for point in ring {
                    put(point.latitude)
                    put(point.longitude)
                }
            }
        }
        var hash = SHA256()
        hash.update(bytes)
        bytes += hash.finalize()
        try bytes.withUnsafeBytes { raw in try output.append(raw) }
    }

    /// The outlines in `data`, or a sentence saying why the file is refused.
    public static func read(_ data: Data) throws(OSMOutlineError) -> [OSMOutline] {
        let bytes = [UInt8](data)
        guard bytes.count >= magic.count + 4 + 32, Array(bytes.prefix(magic.count)) == magic else {
            throw .damaged("it is not an outline file")
        }
        let body = bytes.count - 32
        var hash = SHA256()
        hash.update(Array(bytes[..<body]))
        guard hash.finalize() == Array(bytes[body...]) else {
            throw .damaged("its checksum does not match")
        }
        var offset = magic.count
        func take32() throws(OSMOutlineError) -> Int {
            guard body - offset >= 4 else { throw .damaged("it ends early") }
            var value: UInt32 = 0
            for k in 0..<4 { value |= UInt32(bytes[offset + k]) << (8 * k) }
            offset += 4
            return Int(value)
        }
        func takeDouble() throws(OSMOutlineError) -> Double {
            guard body - offset >= 8 else { throw .damaged("it ends early") }
            var value: UInt64 = 0
            for k in 0..<8 { value |= UInt64(bytes[offset + k]) << (8 * k) }
            offset += 8
            return Double(bitPattern: value)
        }
        var outlines: [OSMOutline] = []
        let count = try take32()
        for _ in 0..<count {
            let index = try take32()
            let ringCount = try take32()
            var rings: [[Coordinate]] = []
            for _ in 0..<ringCount {
                let points = try take32()
                // Each point takes 16 bytes: a count past what is left is damage, not an allocation.
                guard points <= (body - offset) / 16 else { throw .damaged("a ring claims more points than it holds") }
                var ring: [Coordinate] = []
                ring.reserveCapacity(points)
                for _ in 0..<points {
                    guard let point = Coordinate(latitude: try takeDouble(), longitude: try takeDouble()) else {
                        throw .damaged("a point is out of range")
                    }
                    ring.append(point)
                }
                rings.append(ring)
            }
            outlines.append(OSMOutline(placeIndex: index, rings: rings))
        }
        guard offset == body else { throw .damaged("it has bytes past its last outline") }
        return outlines
    }
}

/// Why an outline file was refused.
public enum OSMOutlineError: Error, Sendable, Hashable, CustomStringConvertible {
    case damaged(String)

    public var description: String {
        switch self {
        case .damaged(let why): "The outline file is damaged: \(why)."
        }
    }
}
