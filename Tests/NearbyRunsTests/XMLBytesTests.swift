import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// The word-at-a-time byte searches against the plain byte loops they replace, on random bytes
/// rich in the bytes they look for, from every start to every end.
@Suite struct XMLBytesTests {
    static let alphabet: [UInt8] = Array("aZ_:9-.<&\"'= />é".utf8) + [0x00, 0x7f, 0x80, 0xff, 0x3f, 0x40]

    static func randomBytes(_ random: inout SplitMix64, count: Int) -> [UInt8] {
        (0..<count).map { _ in alphabet[random.int(alphabet.count)] }
    }

    @Test func findAgreesWithALoop() {
        var random = SplitMix64(state: 0xB17E5)
        for _ in 0..<300 {
            let bytes = Self.randomBytes(&random, count: random.int(80))
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for byte in [UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "&"), 0x00, 0xff] {
                    for from in 0...bytes.count {
                        let end = from + random.int(bytes.count - from + 1)
                        let expected = (from..<end).first { bytes[$0] == byte }
                        #expect(XMLBytes.find(byte, in: base, from: from, to: end) == expected)
                    }
                }
            }
        }
    }

    @Test func nameScansAgreeWithALoop() {
        var random = SplitMix64(state: 0x4A3E)
        for _ in 0..<300 {
            let bytes = Self.randomBytes(&random, count: random.int(80))
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for from in 0...bytes.count {
                    let end = from + random.int(bytes.count - from + 1)
                    let letters = (from..<end).first { bytes[$0] < 0x40 } ?? end
                    #expect(XMLBytes.skipNameLetters(base, from: from, to: end) == letters)
                    let name = (from..<end).first { XMLBytes.endsName(bytes[$0]) } ?? end
                    #expect(XMLBytes.nameEnd(base, from: from, to: end) == name)
                }
            }
        }
    }
}
