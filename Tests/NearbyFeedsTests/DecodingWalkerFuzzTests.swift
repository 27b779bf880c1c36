import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyFeeds

/// Differential check of the streaming walker against the whole-tree parser on thousands of
/// damaged copies of real-shaped pages (seeded, so every run sees the same inputs): both accept
/// the same documents, find the same records, and refuse the rest with the same error.
@Suite struct DecodingWalkerFuzzTests {
    /// The shared SplitMix64, with the draw these tests were written with.
    private typealias Generator = SplitMix64

    private static let alphabet = Array("{}[]\",:\\ 0123456789.-eEtrufalsn\n\u{00}".utf8)

    private static func mutate(_ bytes: [UInt8], _ random: inout Generator) -> [UInt8] {
        var copy = bytes
        for _ in 0...random.below(3) {
            guard !copy.isEmpty else { break }
            let at = random.below(copy.count)
            switch random.below(4) {
            case 0: copy[at] = alphabet[random.below(alphabet.count)]
            case 1: copy.remove(at: at)
            case 2: copy.insert(alphabet[random.below(alphabet.count)], at: at)
            default: copy = Array(copy[..<at])
            }
        }
        return copy
    }

    @Test(
        arguments: [
            ("toilets-api-page1.json", ["result", "results"], ["result", "count"]),
            ("landmarks-page1.json", ["data"], ["total"]),
            ("parks.json", [], nil),
            ("hotels.geojson", ["features"], nil),
        ] as [(String, [String], [String]?)])
    func walkerAgreesWithTheParserOnDamagedPages(_ file: String, _ records: [String], _ total: [String]?)
        throws
    {
        let original = Array(try FeedTestPaths.fixture(file))
        var random = Generator(state: UInt64(original.count))
        let walker = JSONRecordWalker(records: records, total: total)
        var accepted = 0
        for round in 0..<1500 {
            let input = round == 0 ? original : Self.mutate(original, &random)
            var tree: JSONValue?
            var parseError: JSONParseError?
            do { tree = try JSONParser.parse(input) } catch { parseError = error }
            var seen: [JSONValue] = []
            let walked: Result<JSONRecordWalker.Outcome, JSONParseError> = input.withUnsafeBytes { raw in
                Result { () throws(JSONParseError) -> JSONRecordWalker.Outcome in
                    try walker.walk(raw) { seen.append($0) }
                }
            }
            switch (tree, walked) {
            case (nil, .failure(let error)):
                #expect(error == parseError, "round \(round)")
            case (let tree?, .success(let outcome)):
                accepted += 1
                guard !outcome.needsTree else { continue }
                let path = FieldPath(segments: records)
                if case .array(let elements)? = tree.value(at: path) {
                    #expect(outcome.foundRecords && seen == elements, "round \(round)")
                } else {
                    #expect(!outcome.foundRecords, "round \(round)")
                }
                #expect(outcome.total == total.flatMap { tree.value(at: FieldPath(segments: $0)) })
            default:
                Issue.record("round \(round): parser \(String(describing: parseError)), walker \(walked)")
            }
        }
        #expect(accepted > 1)
    }
}

extension SplitMix64 {
    /// Uniform in 0..<limit (0 when `limit` ≤ 1).
    fileprivate mutating func below(_ limit: Int) -> Int { Int(next() % UInt64(max(limit, 1))) }
}
