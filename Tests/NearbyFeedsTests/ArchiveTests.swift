import Foundation
import NearbyGeo
import Testing

@testable import NearbyFeeds

/// The place archive: what goes in comes out, nearest answers equal a brute-force geodesic scan,
/// and damage of any kind is refused with a typed error instead of answering wrongly.
@Suite struct ArchiveTests {
    typealias A = ArchiveFixtures

    @Test func placesRoundTrip() throws {
        let places = A.special + A.scattered(40)
        let path = try A.write(places)
        defer { A.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        #expect(archive.count == places.count)
        #expect(archive.datasetID == A.dataset)
        #expect(archive.locatedCount == places.filter { $0.coordinate != nil }.count)
        for (record, place) in places.enumerated() {
            #expect(try archive.place(at: record) == place, "record \(record)")
        }
        #expect(throws: PlaceArchiveError.damagedRecord(places.count)) {
            try archive.place(at: places.count)
        }
        #expect(throws: PlaceArchiveError.damagedRecord(-1)) { try archive.place(at: -1) }
    }

    @Test func theSpecialPlacesKeepTheirDetails() throws {
        let path = try A.write(A.special)
        defer { A.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        let station = try archive.place(at: 0)
        #expect(station.attribute("accessible-seats") == "2")
        #expect(station.field("PostalAddress.City") == "臺北市")
        #expect(try archive.place(at: 1).coordinate == nil)
        #expect(try archive.place(at: 2).address == "")
        #expect(try archive.place(at: 3).name == "🚻 emoji and \u{3000}ideographic space")
        #expect(try archive.place(at: 4).address == nil)
        // The two places on one spot are both at distance 0, in source order.
        let nearest = try archive.nearest(to: #require(A.point(25.0478, 121.5170)), limit: 2)
        #expect(A.answers(nearest) == [.init(record: 0, distance: 0), .init(record: 2, distance: 0)])
    }

    static let queries: [(Double, Double)] = [
        (25.0478, 121.5170),  // on a place of the special set
        (25.0330, 121.5654),  // Taipei 101, inside the scatter
        (24.80, 121.30),  // outside the scatter
        (-33.9, 151.2),  // the far side of the world
    ]

    @Test(arguments: 0..<4)
    func nearestEqualsBruteForce(queryNumber: Int) throws {
        let places = A.special + A.scattered(300)
        let path = try A.write(places)
        defer { A.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        let (lat, lon) = Self.queries[queryNumber]
        let query = try #require(A.point(lat, lon))
        let filters: [(String, (Int) -> Bool)] = [
            ("none", { _ in true }),
            ("park", { places[$0].category == "公園" }),
            ("accessible", { places[$0].attribute("accessible-seats") != nil }),
            ("rare", { $0 % 29 == 5 }),  // too few matches in the first k: the search must widen
            ("nothing", { _ in false }),
        ]
        // Radii: unlimited, small, and exactly the distance of the 7th nearest (inclusive).
        let seventh = A.bruteForce(places, from: query, limit: 7).last?.distance ?? 0
        for limit in [1, 3, 10, 50, places.count + 5] {
            for within in [Double.infinity, 1500, seventh] {
                for (label, include) in filters {
                    let expected = A.bruteForce(
                        places, from: query, limit: limit, within: within, where: include)
                    let filter: ((Int) throws(PlaceArchiveError) -> Bool)? =
                        label == "none" ? nil : { include($0) }
                    let got = try archive.nearest(to: query, limit: limit, within: within, where: filter)
                    #expect(
                        A.answers(got) == expected,
                        "query \(queryNumber) limit \(limit) within \(within) filter \(label)")
                }
            }
        }
        #expect(try archive.nearest(to: query, limit: 0).isEmpty)
    }

    /// The batch the join asks: every query's answer is the brute-force one (records without a
    /// coordinate and places on one spot included), for small, large and huge limits and radii.
    @Test func batchEqualsBruteForce() throws {
        let places = A.special + A.scattered(300)
        let path = try A.write(places)
        defer { A.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        let queries =
            try Self.queries.map { try #require(A.point($0.0, $0.1)) }
            + (0..<40).map { i in try #require(A.point(25.0 + Double(i) * 0.004, 121.50 + Double(i % 7) * 0.01)) }
        for limit in [1, 10, places.count + 5, Int.max] {
            for within in [Double.infinity, 1500, 0] {
                let got = try archive.nearest(to: queries, limit: limit, within: within)
                #expect(got.count == queries.count)
                for (query, answer) in zip(queries, got) {
                    let want = A.bruteForce(places, from: query, limit: limit, within: within)
                    #expect(A.answers(answer) == want, "\(query) limit \(limit) within \(within)")
                }
            }
        }
        #expect(try archive.nearest(to: queries, limit: 0).allSatisfy(\.isEmpty))
        #expect(try archive.nearest(to: [], limit: 3).isEmpty)
    }

    /// A limit as large as a command line can ask for (`--limit 9223372036854775807`).
    @Test func hugeLimitsAnswerEverything() throws {
        let places = A.scattered(60)
        let path = try A.write(places)
        defer { A.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        let query = try #require(A.point(25.05, 121.55))
        let even: (Int) -> Bool = { $0 % 2 == 0 }
        for limit in [Int.max, Int.max / 4 + 1, 1 << 40] {
            #expect(
                A.answers(try archive.nearest(to: query, limit: limit))
                    == A.bruteForce(places, from: query, limit: limit))
            let filtered = try archive.nearest(to: query, limit: limit, where: { even($0) })
            #expect(A.answers(filtered) == A.bruteForce(places, from: query, limit: limit, where: even))
        }
    }

    @Test func filterErrorsPropagate() throws {
        let path = try A.write(A.scattered(20))
        defer { A.remove(path) }
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        let query = try #require(A.point(25.05, 121.55))
        #expect(throws: PlaceArchiveError.damagedRecord(99)) {
            try archive.nearest(to: query, limit: 3) { _ throws(PlaceArchiveError) in
                throw PlaceArchiveError.damagedRecord(99)
            }
        }
    }

    @Test func emptyArchiveWorks() throws {
        for places in [[], [A.special[1]]] {
            let path = try A.write(places)
            defer { A.remove(path) }
            let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
            #expect(archive.count == places.count)
            #expect(archive.locatedCount == 0)
            let query = try #require(A.point(25, 121.5))
            #expect(try archive.nearest(to: query, limit: 10).isEmpty)
            #expect(try archive.nearest(to: query, limit: 10, where: { _ in true }).isEmpty)
            if let only = places.first { #expect(try archive.place(at: 0) == only) }
            #expect(throws: PlaceArchiveError.damagedRecord(places.count)) {
                try archive.place(at: places.count)
            }
        }
    }

    @Test func anotherTagIsStale() throws {
        let path = try A.write(A.special, tag: 7)
        defer { A.remove(path) }
        #expect(throws: PlaceArchiveError.stale) {
            try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 8)
        }
        #expect(try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 7).count == 5)
    }

    @Test func sourceTagFollowsChecksumAndManifest() throws {
        let manifest = LibraryFixtures.jsonManifest(url: "http://127.0.0.1:1/a.json")
        var renamed = manifest
        renamed.fields.name = "其他名稱"
        let tag = PlaceArchive.sourceTag(checksum: "abc", manifest: manifest)
        #expect(tag == PlaceArchive.sourceTag(checksum: "abc", manifest: manifest))
        #expect(tag != PlaceArchive.sourceTag(checksum: "abd", manifest: manifest))
        #expect(tag != PlaceArchive.sourceTag(checksum: "abc", manifest: renamed))
    }

    /// Sections names, records, pairs, strings and map are covered by the block hashes: a flipped
    /// byte is found when its block is first read, and by `verifyAll`.
    @Test(arguments: 0..<5)
    func flippedByteInCheckedSectionIsAChecksumMismatch(section: Int) throws {
        let path = try A.write(A.special + A.scattered(30))
        defer { A.remove(path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let range = A.section(section, of: bytes)
        try #require(range.count > 8)
        for position in [range.lowerBound, range.lowerBound + range.count / 2, range.upperBound - 1] {
            bytes[position] ^= 0x10
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
            #expect(throws: PlaceArchiveError.checksumMismatch, "section \(section) byte \(position)") {
                try archive.verifyAll()
            }
            // The archive is small (one block), so reading any place meets the damage too.
            #expect(throws: PlaceArchiveError.checksumMismatch, "section \(section) byte \(position)") {
                _ = try archive.place(at: 0)
            }
            bytes[position] ^= 0x10
        }
    }

    /// The block table itself is vouched for by the header: damage there fails the open.
    @Test func flippedByteInBlockTableFailsTheOpen() throws {
        let path = try A.write(A.special + A.scattered(30))
        defer { A.remove(path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[A.section(6, of: bytes).lowerBound + 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: PlaceArchiveError.checksumMismatch) {
            try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        }
    }

    /// With many blocks, a query reads only the blocks it needs: damage in a block no query reads
    /// goes unnoticed (and unused) until `verifyAll`, while the answers stay right.
    @Test func damageIsFoundOnlyWhereItIsRead() throws {
        let places = A.scattered(4000)
        let path = try A.write(places)
        defer { A.remove(path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let strings = A.section(3, of: bytes)
        try #require(strings.count > (1 << 16) + 16)  // the first and last strings are in different blocks
        bytes[strings.upperBound - 10] ^= 0x20
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        #expect(try archive.place(at: 0) == places[0])
        #expect(throws: PlaceArchiveError.checksumMismatch) { try archive.verifyAll() }
        #expect(throws: PlaceArchiveError.checksumMismatch) { _ = try archive.place(at: places.count - 1) }
    }

    /// The index is checked block by block as well: a flip in its header or block table fails the
    /// open; a flip in its data is found by the first query (or `verifyAll`) that reads it.
    @Test func flippedByteInIndexIsAnIndexError() throws {
        let path = try A.write(A.special + A.scattered(30))
        defer { A.remove(path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let range = A.section(5, of: bytes)
        try #require(range.count > 64)
        for position in [
            range.lowerBound, range.lowerBound + 40, range.lowerBound + range.count / 2, range.upperBound - 1,
        ] {
            bytes[position] ^= 0x01
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                let archive = try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
                // Opened: the damage is in the data, so reading the whole index must find it, and
                // this small index is one block, so any query reads it.
                #expect(throws: (any Error).self, "byte \(position)") { try archive.verifyAll() }
                let query = try #require(A.special.first?.coordinate)
                do {
                    _ = try archive.nearest(to: query, limit: 3)
                    Issue.record("byte \(position) of the index flipped, yet a query answered")
                } catch {
                    guard case .index = error else {
                        Issue.record("byte \(position): expected an index error, got \(error)")
                        continue
                    }
                }
            } catch let error as PlaceArchiveError {
                guard case .index = error else {
                    Issue.record("byte \(position): expected an index error, got \(error)")
                    continue
                }
            } catch {
                Issue.record("byte \(position): \(error)")
            }
            bytes[position] ^= 0x01
        }
    }

    @Test func truncatedFilesAreRefused() throws {
        let path = try A.write(A.special + A.scattered(30))
        defer { A.remove(path) }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let cuts = [0, 7, 8, 100, 159, 160, 161, bytes.count / 2, bytes.count - 8, bytes.count - 1]
        for cut in cuts {
            try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: path))
            #expect(throws: PlaceArchiveError.self, "cut at \(cut) of \(bytes.count)") {
                try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
            }
        }
        // One byte too many is damage too.
        try Data(bytes + [0]).write(to: URL(fileURLWithPath: path))
        #expect(throws: PlaceArchiveError.self) {
            try PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
        }
    }

    @Test func missingFileIsABadHeader() throws {
        do {
            _ = try PlaceArchive(path: "/nonexistent/\(UUID().uuidString)", datasetID: "x", expectedTag: 0)
            Issue.record("a missing file opened")
        } catch {
            guard case .badHeader = error else {
                Issue.record("expected badHeader, got \(error)")
                return
            }
        }
    }

    /// Any single flipped bit of the header is refused or changes nothing the reader returns:
    /// no header damage may silently change places or answers.
    @Test func headerDamageNeverChangesAnswers() throws {
        let places = A.special + A.scattered(30)
        let path = try A.write(places)
        defer { A.remove(path) }
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let query = try #require(A.point(25.05, 121.52))
        let expected = A.bruteForce(places, from: query, limit: 10)
        var silentlyWrong: [String] = []
        for position in 0..<160 {
            for bit in [0, 3, 7] {
                var bytes = original
                bytes[position] ^= UInt8(1 << bit)
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                guard let archive = try? PlaceArchive(path: path, datasetID: A.dataset, expectedTag: 42)
                else { continue }
                var same = archive.count == places.count
                for record in places.indices where same {
                    do {
                        same = try archive.place(at: record) == places[record]
                    } catch {
                        same = true  // a refusal is fine
                        break
                    }
                }
                if let got = try? archive.nearest(to: query, limit: 10), A.answers(got) != expected {
                    same = false
                }
                if !same { silentlyWrong.append("byte \(position) bit \(bit)") }
            }
        }
        #expect(silentlyWrong.isEmpty, "header damage that opened and answered wrongly: \(silentlyWrong)")
    }
}

extension ArchiveTests {
    /// An archive of another format version is refused as such (the cache then rebuilds it).
    @Test func anotherFormatVersionIsNamed() throws {
        let path = try ArchiveFixtures.write(ArchiveFixtures.special)
        defer { ArchiveFixtures.remove(path) }
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[8] = 1
        bytes[9] = 0
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(throws: PlaceArchiveError.otherVersion(1)) {
            try PlaceArchive(path: path, datasetID: ArchiveFixtures.dataset, expectedTag: 42)
        }
    }
}
