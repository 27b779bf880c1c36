import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Damaged archives (bytes flipped, truncated, spliced) never trap or hang, and every sentence
/// they produce is free of control characters. Deterministic: seeds are fixed.
struct ContainerRobustnessTests {
    static let seeds: [[UInt8]] = [
        ContainerExportTests.stravaZip,
        ContainerFixtures.gzip(ContainerFixtures.gpx()),
        TestZip([
            TestZip.Member("inner.zip", TestZip([TestZip.Member("a.fit", ContainerFixtures.fitStub())]).bytes)
        ]).bytes,
    ]

    @Test(arguments: 0..<3)
    func mutatedArchivesYieldSentencesNotTraps(seedIndex: Int) {
        var random = SplitMix64(state: UInt64(seedIndex) &+ 0x5EED)
        let seed = Self.seeds[seedIndex]
        let reader = ContainerReader(limits: ContainerLimits(memberBytes: 1 << 20, totalBytes: 4 << 20))
        for round in 0..<300 {
            var bytes = seed
            switch round % 3 {
            case 0:
                for _ in 0..<(1 + random.int(8)) {
                    bytes[random.int(bytes.count)] = UInt8(truncatingIfNeeded: random.next())
                }
            case 1:
                bytes = Array(bytes.prefix(random.int(bytes.count)))
            default:
                let at = random.int(bytes.count)
                bytes.insert(contentsOf: bytes.prefix(random.int(64)), at: at)
            }
            for item in reader.items(bytes: bytes, name: "fuzz.zip") {
                if case .failed(let error) = item {
                    #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 }, "round \(round)")
                }
            }
        }
    }

    @Test func topLevelNamesAreEscapedToo() {
        let items = ContainerReader().items(bytes: Array("x".utf8), name: "evil\u{1B}]0;title\u{07}.gpx")
        #expect(items.failures == [.unknownContent(path: "evil\\u{1B}]0;title\\u{7}.gpx")])
    }
}
