import Foundation
import NearbyGeo

@testable import NearbyFeeds

/// Hand-made places and small helpers for the place archive tests.
enum ArchiveFixtures {
    static let dataset = "toilets"

    static func point(_ latitude: Double, _ longitude: Double) -> Coordinate? {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    /// A mix the format must carry: CJK text, a place without coordinates, attributes and raw
    /// fields, two places on exactly the same spot, an empty address next to an absent one.
    static let special: [Place] = [
        Place(
            datasetID: dataset, id: "1", name: "臺北車站 Taipei Main Station",
            coordinate: point(25.0478, 121.5170), address: "臺北市中正區北平西路3號",
            category: "交通",
            attributes: [
                PlaceAttribute(key: "accessible-seats", label: "無障礙廁座數 (accessible seats)", value: "2"),
                PlaceAttribute(key: "district", label: "行政區 (district)", value: "中正區"),
            ],
            fields: [
                PlaceField(name: "公廁名稱", value: "臺北車站 Taipei Main Station"),
                PlaceField(name: "PostalAddress.City", value: "臺北市"),
                PlaceField(name: "category.0.name", value: "交通, 車站"),
            ]),
        Place(
            datasetID: dataset, id: "2", name: "座標なし 無座標", coordinate: nil, address: nil,
            category: nil, attributes: [], fields: [PlaceField(name: "緯度", value: "")]),
        Place(
            datasetID: dataset, id: "1-2", name: "同一地點 (same spot)",
            coordinate: point(25.0478, 121.5170), address: "", category: "交通",
            attributes: [PlaceAttribute(key: "district", label: "行政區 (district)", value: "中正區")]),
        Place(
            datasetID: dataset, id: "x😀", name: "🚻 emoji and \u{3000}ideographic space",
            coordinate: point(-33.8568, 151.2153),
            address: "Sydney NSW 2000", category: "公園"),
        Place(
            datasetID: dataset, id: "5", name: "", coordinate: point(90, 180), address: nil,
            category: nil, attributes: [PlaceAttribute(key: "seats", label: "", value: "0")]),
    ]

    /// `count` places scattered around Taipei by a fixed linear congruential sequence, every
    /// seventh without coordinates, every eleventh on the same spot as the one before it.
    static func scattered(_ count: Int) -> [Place] {
        var state: UInt64 = 0x1234_5678
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        var places: [Place] = []
        for number in 0..<count {
            var coordinate = point(24.95 + 0.2 * next(), 121.45 + 0.2 * next())
            if number % 7 == 3 { coordinate = nil }
            if number % 11 == 10, let previous = places.last?.coordinate { coordinate = previous }
            let kind = ["公園", "交通", "機關", "學校"][number % 4]
            var attributes = [PlaceAttribute(key: "kind", label: "類別", value: kind)]
            if number % 3 == 0 {
                attributes.append(PlaceAttribute(key: "accessible-seats", label: "無障礙", value: "1"))
            }
            places.append(
                Place(
                    datasetID: dataset, id: String(number + 1), name: "地點 \(number + 1)",
                    coordinate: coordinate, address: number % 5 == 0 ? nil : "臺北市 \(number) 號",
                    category: kind, attributes: attributes,
                    fields: [PlaceField(name: "序號", value: String(number + 1))]))
        }
        return places
    }

    /// Writes the archive of `places` to a new temporary file and returns its path.
    static func write(_ places: [Place], tag: UInt64 = 42) throws -> String {
        let folder = try TestFolders.make("archive")
        let path = folder.appendingPathComponent(FeedArchiver.fileName).path
        try Data(PlaceArchiveWriter().encode(places, sourceTag: tag)).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func remove(_ path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }

    /// The (offset, length) of section `number` read from the header of `bytes` as documented in
    /// ``PlaceArchiveLayout`` (names, records, values, strings, map, index).
    static func section(_ number: Int, of bytes: [UInt8]) -> Range<Int> {
        func word(_ at: Int) -> Int {
            var value: UInt64 = 0
            for i in 0..<8 { value |= UInt64(bytes[at + i]) << (8 * UInt64(i)) }
            return Int(value)
        }
        let offset = word(48 + 16 * number)
        return offset..<(offset + word(48 + 16 * number + 8))
    }

    /// Brute force: every located place satisfying `include` within `within` metres, by
    /// (Geodesic.wgs84.distance, record number), first `limit`.
    static func bruteForce(
        _ places: [Place], from query: Coordinate, limit: Int, within: Double = .infinity,
        where include: (Int) -> Bool = { _ in true }
    ) -> [Answer] {
        var all: [Answer] = []
        for (record, place) in places.enumerated() {
            guard let coordinate = place.coordinate, include(record) else { continue }
            let distance = Geodesic.wgs84.distance(query, coordinate)
            if distance <= within { all.append(Answer(record: record, distance: distance)) }
        }
        all.sort { ($0.distance, $0.record) < ($1.distance, $1.record) }
        return Array(all.prefix(limit))
    }

    /// An answer; equal when the record is and the distance is within 2e-8 m (the index
    /// measures short lines by their chord to within that of `Geodesic.distance`: PlaceLocator).
    struct Answer: Equatable, CustomStringConvertible {
        var record: Int
        var distance: Double
        var description: String { "#\(record) @ \(distance)" }

        static func == (a: Answer, b: Answer) -> Bool {
            a.record == b.record && (a.distance == b.distance || abs(a.distance - b.distance) <= 2e-8)
        }
    }

    static func answers(_ pairs: [(record: Int, distance: Double)]) -> [Answer] {
        pairs.map { Answer(record: $0.record, distance: $0.distance) }
    }
}
