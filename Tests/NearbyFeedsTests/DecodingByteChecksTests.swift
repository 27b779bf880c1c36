import Foundation
import Testing

@testable import NearbyFeeds

/// The byte-level checks behind CSV texts lent from the page (issue 25), each against the
/// standard library's own answer: `String(decoding:as:)` for well-formed UTF-8, `Double(_:)`
/// (through ``DecimalDegrees/read(_:)``) for numbers, the two general checks for the ASCII
/// shortcut.
@Suite struct DecodingByteChecksTests {
    /// Well-formed exactly when `String(decoding:as:)` keeps the bytes as they are.
    static func standardIsValid(_ bytes: [UInt8]) -> Bool {
        Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
    }

    @Test func utf8CheckAgreesWithTheStandardLibraryOnEdgeCases() {
        let cases: [[UInt8]] = [
            [], Array("plain ASCII text, longer than eight bytes".utf8), Array("臺北市中正區".utf8),
            Array("emoji 🚻 and é".utf8), [0xC2, 0x80], [0xDF, 0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0xA0, 0x80],
            [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xFF], [0x80], [0xE4, 0xB8], [0xE4, 0xB8, 0x41], [0xF0, 0x90, 0x80], [0xA5, 0x78, 0xA5, 0x5F],
            Array("12345678".utf8) + [0xE4], Array("1234567".utf8) + [0xE4, 0xB8, 0xAD], [0xE4, 0xB8, 0xAD, 0x80],
        ]
        for bytes in cases {
            let answer = bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
            #expect(answer == Self.standardIsValid(bytes), "\(bytes)")
        }
    }

    @Test func utf8CheckAgreesWithTheStandardLibraryOnRandomBytes() {
        var random = SplitMix(seed: 8)
        // Bytes drawn mostly from lead and continuation ranges, so most inputs are near misses.
        let pool: [UInt8] = [
            0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xE4, 0xED, 0xEF, 0xF0, 0xF4, 0xF5,
            0xFF,
        ]
        var valid = 0
        for _ in 0..<20_000 {
            let count = Int(random.next() % 12)
            let bytes = (0..<count).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
            let answer = bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) }
            #expect(answer == Self.standardIsValid(bytes), "\(bytes)")
            if answer { valid += 1 }
        }
        #expect(valid > 500)
    }

    @Test func plainDecimalsReadAsDoubleReadsThem() {
        var texts = [
            "0", "-0", "25", "25.0418", "-121.5152", "007.50", "0.1", "0.3", "1.7976931348623157", "9007199254740991",
            "9007199254740992", "9007199254740993", "123456789012345678", "1234567890123456789", "12345678901234567890",
            "0.0000000000000000000001", "0.00000000000000000000001", "4.35", "25.", ".5", "-", "-.5", "1e3", "+5",
            "1.2.3", "1-2", "", " 1", "25,04",
        ]
        var random = SplitMix(seed: 4)
        for _ in 0..<20_000 {
            let integer = random.next() % 1000
            let decimals = Int(random.next() % 17)
            var fraction = ""
            for _ in 0..<decimals { fraction += String(random.next() % 10) }
            let sign = random.next() % 3 == 0 ? "-" : ""
            texts.append(decimals == 0 ? "\(sign)\(integer)" : "\(sign)\(integer).\(fraction)")
        }
        for text in texts {
            var copy = text
            let fast = copy.withUTF8 { DecimalDegrees.plainValue($0) }
            if let fast {
                #expect(fast.bitPattern == Double(text)?.bitPattern, "\(text)")
            }
            if !text.isEmpty, text.trimmingFeedSpaces() == text {
                let reading = copy.withUTF8 { DecimalDegrees.read(normalBytes: $0) }
                #expect(reading == DecimalDegrees.read(text), "\(text)")
            }
        }
        #expect(DecimalDegrees.plainValue(UnsafeBufferPointer(start: nil, count: 0)) == nil)
        // An empty slice of a page still has an address: nothing past it is read.
        let page: [UInt8] = Array("7".utf8)
        page.withUnsafeBufferPointer { buffer in
            #expect(DecimalDegrees.plainValue(UnsafeBufferPointer(rebasing: buffer[0..<0])) == nil)
        }
    }

    @Test func theASCIIShortcutAnswersAsTheGeneralChecks() {
        var random = SplitMix(seed: 9)
        let pool: [UInt8] = [
            0x00, 0x09, 0x0A, 0x20, 0x21, 0x3F, 0x41, 0x7E, 0x7F, 0x85, 0xA0, 0xC2, 0xE3, 0xE4, 0xB8, 0xAD, 0x80, 0xFF,
        ]
        for _ in 0..<20_000 {
            let count = Int(random.next() % 8)
            let bytes = (0..<count).map { _ in pool[Int(random.next() % UInt64(pool.count))] }
            bytes.withUnsafeBufferPointer { buffer in
                let general = String.isAlreadyNormal(buffer) && UTF8Check.isValid(buffer)
                #expect(PlaceBuilder.isLendable(buffer) == general, "\(bytes)")
            }
        }
    }

    /// The word-at-a-time check against its definition written out byte by byte: random runs of
    /// up to 40 bytes (so `?`, NUL and U+00A0 fall in whole words, across two words and in the
    /// tail), CJK text whose continuation bytes include 0xA0 without a 0xC2 before it included.
    @Test func theNormalCheckAnswersAsItsDefinition() {
        func definition(_ bytes: [UInt8]) -> Bool {
            guard let first = bytes.first else { return false }
            let lead = bytes.last { $0 & 0xC0 != 0x80 } ?? bytes[0]
            for edge in [first, lead] where edge <= 0x20 || edge == 0x7F || edge == 0x85 || (0xC2...0xE3).contains(edge)
            {
                return false
            }
            for (index, byte) in bytes.enumerated() {
                if byte == 0x3F || byte == 0 || (byte == 0xA0 && index > 0 && bytes[index - 1] == 0xC2) { return false }
            }
            return true
        }
        var random = SplitMix(seed: 12)
        let pool: [UInt8] = [0x00, 0x20, 0x3F, 0x41, 0x7A, 0xA0, 0xC2, 0xE4, 0xE5, 0xB8, 0xAD, 0x80, 0xBF]
        var rejected = 0
        for _ in 0..<20_000 {
            let count = Int(random.next() % 41)
            // Mostly harmless letters, so that many runs pass and a single bad byte decides.
            let bytes = (0..<count).map { _ -> UInt8 in
                random.next() % 6 == 0 ? pool[Int(random.next() % UInt64(pool.count))] : 0x61
            }
            let answer = bytes.withUnsafeBufferPointer { String.isAlreadyNormal($0) }
            #expect(answer == definition(bytes), "\(bytes)")
            if !answer { rejected += 1 }
        }
        #expect(rejected > 1000 && rejected < 19_000)
        // 報 is E5 A0 B1: its 0xA0 is no U+00A0, inside the first word and the second.
        for text in ["報亭", "臺北市萬華區第1號公報亭", "萬華區報亭"] {
            let cjk = Array(text.utf8)
            #expect(cjk.contains(0xA0))
            #expect(cjk.withUnsafeBufferPointer { String.isAlreadyNormal($0) }, "\(text)")
        }
        let space = Array("臺北市\u{00A0}萬華區".utf8)
        #expect(!space.withUnsafeBufferPointer { String.isAlreadyNormal($0) })
    }
}
