import Testing

@testable import NearbyFeeds

/// ``ShortBytes`` against the standard library's element-wise equality: every length from 0
/// past the inline limit, equal runs, and runs differing in exactly one byte at each position
/// (the overlapping last word and the 4-byte halves must miss none), at unaligned offsets.
@Suite struct ShortBytesTests {
    @Test func agreesWithElementwiseEqualityAtEveryLengthAndPosition() {
        let pattern = (0..<80).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for offset in 0..<3 {
            for count in 0...(ShortBytes.inlineLimit + 9) {
                let left = Array(repeating: 0xAA, count: offset) + pattern.prefix(count)
                var right = Array(repeating: 0x55, count: offset + 1) + pattern.prefix(count)
                left.withUnsafeBufferPointer { a in
                    right.withUnsafeBufferPointer { b in
                        let x = UnsafeBufferPointer(rebasing: a[offset...])
                        let y = UnsafeBufferPointer(rebasing: b[(offset + 1)...])
                        #expect(ShortBytes.equal(x, y), "length \(count) at offset \(offset)")
                    }
                }
                for position in 0..<count {
                    right[offset + 1 + position] ^= 0x40
                    let expected = Array(left[offset...]) == Array(right[(offset + 1)...])
                    left.withUnsafeBufferPointer { a in
                        right.withUnsafeBufferPointer { b in
                            let x = UnsafeBufferPointer(rebasing: a[offset...])
                            let y = UnsafeBufferPointer(rebasing: b[(offset + 1)...])
                            #expect(ShortBytes.equal(x, y) == expected, "length \(count), byte \(position)")
                        }
                    }
                    right[offset + 1 + position] ^= 0x40
                }
            }
        }
        let one: [UInt8] = [1, 2, 3]
        one.withUnsafeBufferPointer { a in
            #expect(!ShortBytes.equal(a, UnsafeBufferPointer(rebasing: a[0..<2])))
        }
    }
}
