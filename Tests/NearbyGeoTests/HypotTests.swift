import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyGeo

/// GeoMath.hypot2 (fast path and literal port) against CPython 3.11's math.hypot, bit for bit.
/// Oracle values:
/// Fixtures/python_hypot.txt, written by `python3 make_hypot_fixture.py` (in Fixtures/).
@Suite struct HypotTests {
    let lines: [Substring]

    init() throws {
        let url = FixtureFile.directory.appendingPathComponent("python_hypot.txt")
        lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
    }

    @Test func matchesPythonOnEdgeCasesAndListedPairs() throws {
        var checked = 0
        for line in lines where !line.hasPrefix("digest") {
            let v = line.split(separator: " ").map { Double(String($0)) }
            try #require(v.count == 3, "\(line)")
            let x = try #require(v[0]), y = try #require(v[1]), expected = try #require(v[2])
            let got = GeoMath.hypot2(x, y)
            #expect(
                got.bitPattern == expected.bitPattern || (got.isNaN && expected.isNaN),
                "hypot(\(x), \(y)) = \(got), Python \(expected)")
            checked += 1
        }
        #expect(checked > 6000)
    }

    /// 200,000 generated pairs (the same SplitMix64 draw as make_hypot_fixture.py), compared
    /// through per-1,000 digests of the result bits.
    @Test func matchesPythonOnGeneratedPairs() throws {
        let digests = lines.filter { $0.hasPrefix("digest") }.map { $0.split(separator: " ") }
        try #require(digests.count == 200)
        var g = SplitMix64(state: 0x5EED_4A70)
        var differing: [Int] = []
        for (chunk, fields) in digests.enumerated() {
            try #require(fields.count == 3 && Int(fields[1]) == chunk)
            let expected = try #require(UInt64(fields[2], radix: 16))
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for i in chunk * 1000..<(chunk + 1) * 1000 {
                let (x, y) = Self.pair(&g, i)
                withUnsafeBytes(of: GeoMath.hypot2(x, y).bitPattern.littleEndian) { bytes in
                    for byte in bytes { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
                }
            }
            if h != expected { differing.append(chunk) }
        }
        #expect(differing.isEmpty, "chunks of 1,000 pairs that differ from Python: \(differing)")
    }

    /// The fast path (a correctly rounded √ with a proven margin) and the literal port agree
    /// wherever the fast path answers; the Python fixtures above pin the literal port itself.
    @Test func fastPathAgreesWithTheLiteralPort() {
        var g = SplitMix64(state: 0xFA57)
        var differing = 0
        for i in 0..<300_000 {
            var (x, y) = Self.pair(&g, i)
            if i % 5 == 4 {  // integers: exact squares, often exact or near-midpoint roots
                x = Double(g.next() % (1 << 26))
                y = Double(g.next() % (1 << 26))
            }
            if GeoMath.hypot2(x, y).bitPattern != GeoMath.pythonHypot(x, y).bitPattern {
                differing += 1
            }
        }
        #expect(differing == 0)
    }

    /// Pair i of make_hypot_fixture.py's `pair(g, i)`.
    static func pair(_ g: inout SplitMix64, _ i: Int) -> (Double, Double) {
        func unit(_ g: inout SplitMix64) -> Double { Double(g.next() >> 11) * 0x1p-53 }
        switch i % 4 {
        case 0:
            let x = 2 * unit(&g) - 1
            return (x, 2 * unit(&g) - 1)
        case 1:
            let x = 2 * unit(&g) - 1
            let y = 2 * unit(&g) - 1
            return (x, y * scalbn(1.0, -Int32(g.next() % 60)))
        case 2:
            let m1 = 0.5 + unit(&g) / 2
            let x = scalbn(m1, Int32(g.next() % 2098) - 1074)
            let m2 = 0.5 + unit(&g) / 2
            return (x, scalbn(m2, Int32(g.next() % 2098) - 1074))
        default:
            let x = unit(&g)
            return (x, x * (1 + (2 * unit(&g) - 1) * 1e-8))
        }
    }
}
