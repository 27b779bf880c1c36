import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// Format 4's shapes (``ArchiveShapes``): each record's names once per shape, an attribute that
/// is one of its raw fields stored as that field, and a hostile archive's shape words refused
/// record by record.
@Suite struct ArchiveShapeTests {
    typealias A = ArchiveFixtures

    /// Places of three shapes: attributes that are a raw field's value, one that is none, an
    /// empty value, the same names in another order, and no fields at all.
    static let places: [Place] = (0..<30).map { number in
        let district = ["中正區", "大安區", "士林區"][number % 3]
        let seats = String(number % 4)
        switch number % 3 {
        case 0:
            return Place(
                datasetID: A.dataset, id: String(number), name: "地點 \(number)",
                coordinate: A.point(25 + Double(number) / 1000, 121.5), address: nil, category: nil,
                attributes: [
                    PlaceAttribute(key: "district", label: "行政區", value: district),
                    PlaceAttribute(key: "seats", label: "座數", value: seats),
                    PlaceAttribute(key: "note", label: "備註", value: "not a field \(number)"),
                ],
                fields: [
                    PlaceField(name: "seats", value: seats), PlaceField(name: "district", value: district),
                    PlaceField(name: "empty", value: ""),
                ])
        case 1:
            return Place(
                datasetID: A.dataset, id: String(number), name: "地點 \(number)", coordinate: nil,
                address: "臺北市", category: "公園",
                attributes: [PlaceAttribute(key: "blank", label: "", value: "")],
                fields: [
                    PlaceField(name: "district", value: district), PlaceField(name: "empty", value: ""),
                    PlaceField(name: "seats", value: seats),
                ])
        default:
            return Place(
                datasetID: A.dataset, id: String(number), name: "地點 \(number)",
                coordinate: A.point(24.9, 121.4 + Double(number) / 1000), address: nil, category: nil,
                attributes: [PlaceAttribute(key: "district", label: "行政區", value: district)])
        }
    }

    @Test func placesOfSeveralShapesRoundTrip() throws {
        let path = try A.write(Self.places)
        defer { A.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        for (record, place) in Self.places.enumerated() {
            #expect(try archive.place(at: record) == place, "record \(record)")
        }
    }

    /// The sizes the layout's rules give, counted by hand from the places: a value per raw
    /// field, plus one per attribute whose value no field of its place has; the names section
    /// holds 8 bytes of counts, 16 per distinct (key, label), and per shape 4 bytes of offset
    /// and 2 + 2·attributes + fields words of 4 bytes.
    @Test func valuesAndNamesTakeWhatTheLayoutSays() throws {
        let path = try A.write(Self.places)
        defer { A.remove(path) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // Shape 0 (number % 3 == 0): 3 fields, attributes district and seats are fields, note
        // is not: 4 values. Shape 1: 3 fields, the blank attribute is the empty field: 3.
        // Shape 2: no fields, district stored: 1. Ten places of each.
        #expect(A.section(2, of: bytes).count == 8 * (10 * 4 + 10 * 3 + 10 * 1))
        // Names: district·行政區, seats·座數, note·備註, blank·"", and the fields seats, district,
        // empty (a field's label is empty, so "district" the field is not "district" the
        // attribute): 7. Shape words: 2 + 6 + 3, 2 + 2 + 3, 2 + 2 + 0.
        let words = (2 + 6 + 3) + (2 + 2 + 3) + (2 + 2 + 0)
        #expect(A.section(0, of: bytes).count == 8 + 16 * 7 + 4 * 3 + 4 * words)
    }

    /// Shapes are remembered up to the limit; past it a shape met again is written again
    /// (the last one is still known), so the table stays bounded.
    @Test func shapesPastTheLimitAreWrittenAgain() throws {
        var shapes = ArchiveShapes(internLimit: 2)
        let a: [UInt32] = [0, 1, 5]
        let b: [UInt32] = [0, 2, 5, 6]
        let c: [UInt32] = [1, 0, 7, ArchiveShapes.ownValue]
        var numbers: [UInt32] = []
        for shape in [a, b, c, a, c, c, b] {
            let number = try shape.withUnsafeBufferPointer { (words) throws(PlaceSinkFull) in
                try shapes.number(of: words)
            }
            numbers.append(number)
        }
        #expect(numbers == [0, 1, 2, 0, 3, 3, 1])
        #expect(shapes.shapeCount == 4)
    }

    /// Names too are remembered up to the limit; past it a name met again (not at the position
    /// where the last place had it) is written again, so a feed naming every field anew cannot
    /// grow the table without bound.
    @Test func namesPastTheLimitAreWrittenAgain() throws {
        var shapes = ArchiveShapes(internLimit: 2)
        var strings = ArchiveStrings()
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var indices: [UInt32] = []
        for name in ["a", "b", "c", "a", "c", "c", "b"] {
            var key = name
            indices.append(
                try key.withUTF8 { key in
                    try shapes.nameIndex(key: key, label: empty, position: 0, strings: &strings)
                })
        }
        // c is past the limit: met again after a, it is a new name; right after itself it is
        // the last name at that position, so the same one.
        #expect(indices == [0, 1, 2, 0, 3, 3, 1])
        #expect(shapes.nameCount == 4)
    }

    @Test func aShapeNumberOutOfRangeIsADamagedRecord() throws {
        try damaged(records: [3]) { bytes, records, _ in
            // Record 3's shape (its last 4 bytes) set to 3, one past the three shapes.
            store(UInt32(3), at: records.lowerBound + 56 * 3 + 52, in: &bytes)
        }
    }

    @Test func anAttributeSourcePastTheFieldsIsADamagedRecord() throws {
        // Every place of shape 0 (every third) is refused, and only they.
        try damaged(records: Set(stride(from: 0, to: 30, by: 3))) { bytes, _, names in
            // Shape 0's words start after the counts, 7 names and 3 offsets: attribute count,
            // field count, then (name, source) of district; its source set to 3 of 3 fields.
            store(UInt32(3), at: names.lowerBound + 8 + 16 * 7 + 4 * 3 + 4 * 3, in: &bytes)
        }
    }

    @Test func aFirstValuePastTheValuesIsADamagedRecord() throws {
        try damaged(records: [29]) { bytes, records, _ in
            store(UInt32.max - 1, at: records.lowerBound + 56 * 29 + 48, in: &bytes)
        }
    }

    /// Writes the places' archive, damages it with `damage` (given the records' and names'
    /// sections), seals it again as anyone who can write the file could, and checks that only
    /// `records` are refused.
    private func damaged(
        records: Set<Int>, _ damage: (inout [UInt8], Range<Int>, Range<Int>) -> Void
    ) throws {
        let path = try A.write(Self.places)
        defer { A.remove(path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        damage(&bytes, A.section(1, of: bytes), A.section(0, of: bytes))
        reseal(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        for record in Self.places.indices {
            if records.contains(record) {
                #expect(throws: PlaceArchiveError.damagedRecord(record)) { try archive.place(at: record) }
            } else {
                #expect(try archive.place(at: record) == Self.places[record], "record \(record)")
            }
        }
    }

    /// Recomputes the archive's block table and its hash (``PlaceArchiveLayout``).
    private func reseal(_ bytes: inout [UInt8]) {
        let index = A.section(5, of: bytes)
        let blocks = A.section(6, of: bytes)
        var start = PlaceArchiveLayout.headerSize
        var slot = blocks.lowerBound
        while start < index.lowerBound {
            let end = min(start + PlaceArchiveLayout.blockSize, index.lowerBound)
            store(hash(bytes, start..<end), at: slot, in: &bytes)
            start = end
            slot += 8
        }
        store(hash(bytes, blocks), at: 32, in: &bytes)
    }

    private func hash(_ bytes: [UInt8], _ range: Range<Int>) -> UInt64 {
        bytes.withUnsafeBytes { raw in
            raw.baseAddress.map { BlockChecksum.hash($0 + range.lowerBound, byteCount: range.count) } ?? 0
        }
    }

    private func store<T: FixedWidthInteger>(_ value: T, at offset: Int, in bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self) }
    }
}
