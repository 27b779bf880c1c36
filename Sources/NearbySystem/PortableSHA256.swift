import Foundation

/// SHA-256 (FIPS 180-4) in pure Swift: what ``SHA256`` uses where OpenSSL's libcrypto cannot be
/// loaded, and the second implementation the tests hold libcrypto's answers against.
struct PortableSHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
        0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    /// Bytes not yet forming a whole 64-byte block.
    private var pending: [UInt8] = []
    /// Total message length so far, in bytes.
    private var length: UInt64 = 0

    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
        0xab1c_5ed5, 0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe,
        0x9bdc_06a7, 0xc19b_f174, 0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f,
        0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da, 0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7,
        0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967, 0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc,
        0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85, 0xa2bf_e8a1, 0xa81a_664b,
        0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070, 0x19a4_c116,
        0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
        0xc671_78f2,
    ]

    /// A fresh hash of the empty message.
    init() {}

    /// Adds bytes to the message.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        length &+= UInt64(bytes.count)
        var rest = bytes[...]
        if !pending.isEmpty {
            let take = min(64 - pending.count, rest.count)
            pending.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
            guard pending.count == 64 else { return }
            let block = pending
            pending.removeAll(keepingCapacity: true)
            block.withUnsafeBytes { compress(blocks: $0) }
        }
        let whole = rest.count / 64 * 64
        if whole > 0 {
            compress(blocks: UnsafeRawBufferPointer(rebasing: rest.prefix(whole)))
        }
        pending.append(contentsOf: rest.dropFirst(whole))
    }

    /// Adds bytes to the message.
    mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds bytes to the message.
    mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of everything added so far. The hash itself is left unchanged.
    func finalize() -> [UInt8] {
        var copy = self
        let bitLength = length &* 8
        var tail = copy.pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { copy.compress(blocks: $0) }
        let words = [
            copy.state.0, copy.state.1, copy.state.2, copy.state.3,
            copy.state.4, copy.state.5, copy.state.6, copy.state.7,
        ]
        return words.flatMap { word in
            [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: word >> UInt32($0)) }
        }
    }

    /// The lowercase hexadecimal digest of everything added so far.
    func hexDigest() -> String {
        PortableSHA256.hex(finalize())
    }

    /// The lowercase hexadecimal SHA-256 of `bytes`.
    static func hexDigest(of bytes: [UInt8]) -> String {
        var hash = PortableSHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    /// The lowercase hexadecimal SHA-256 of `data`.
    static func hexDigest(of data: Data) -> String {
        var hash = PortableSHA256()
        hash.update(data)
        return hash.hexDigest()
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Runs the compression function over whole 64-byte blocks.
    private mutating func compress(blocks: UnsafeRawBufferPointer) {
        Self.roundConstants.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                var (h0, h1, h2, h3, h4, h5, h6, h7) = state
                var offset = 0
                while offset + 64 <= blocks.count {
                    for i in 0..<16 {
                        w[i] = UInt32(
                            bigEndian: blocks.loadUnaligned(
                                fromByteOffset: offset + 4 * i, as: UInt32.self))
                    }
                    for i in 16..<64 {
                        let a = w[i - 15]
                        let b = w[i - 2]
                        let s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >> 3)
                        let s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    for i in 0..<64 {
                        let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                        let choose = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ choose &+ k[i] &+ w[i]
                        let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                    }
                    h0 &+= a
                    h1 &+= b
                    h2 &+= c
                    h3 &+= d
                    h4 &+= e
                    h5 &+= f
                    h6 &+= g
                    h7 &+= h
                    offset += 64
                }
                state = (h0, h1, h2, h3, h4, h5, h6, h7)
            }
        }
    }
}

@inline(__always)
private func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
    (x >> n) | (x << (32 &- n))
}
