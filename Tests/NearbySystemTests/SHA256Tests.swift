import Foundation
import NearbyTestSupport
import Testing

@testable import NearbySystem
@Suite struct SHA256Tests {
    // Oracle: FIPS 180-2 Appendix B vectors, confirmed with
    // python3 -c "import hashlib; print(hashlib.sha256(MESSAGE).hexdigest())"
    @Test(arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func knownVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
        #expect(SHA256.hexDigest(of: Data(message.utf8)) == digest)
    }

    // Oracle: python3 -c "import hashlib; print(hashlib.sha256(b'a'*1000000).hexdigest())"
    @Test func oneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(
            SHA256.hexDigest(of: message)
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    // Oracle: python3 -c "import hashlib; print(hashlib.sha256(bytes(i%251 for i in range(1000))).hexdigest())"
    // Fed in uneven chunks, so every path through the pending-block buffer is exercised.
    @Test(arguments: [1, 3, 55, 63, 64, 65, 128, 999, 1000])
    func chunkedUpdatesAgree(chunk: Int) {
        let message = (0..<1000).map { UInt8($0 % 251) }
        var hash = SHA256()
        var start = 0
        while start < message.count {
            let end = min(start + chunk, message.count)
            hash.update(Array(message[start..<end]))
            start = end
        }
        #expect(
            hash.hexDigest() == "4e4c294b331f7a2099a379bec34b9f9fc03dc46ab465d998f4d683da53487e6d")
    }

    @Test func finalizeDoesNotConsume() {
        var hash = SHA256()
        hash.update(Array("ab".utf8))
        _ = hash.finalize()
        hash.update(Array("c".utf8))
        #expect(
            hash.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

@Suite struct SHA256EngineTests {
    @Test func libcryptoIsUsedWhereItIsInstalled() {
        // libcurl4 (which Nearby needs) depends on libssl3, so libcrypto.so.3 is on every machine
        // that can fetch feeds.
        #expect(SHA256().usesLibcrypto)
        #expect(!SHA256(preferLibcrypto: false).usesLibcrypto)
    }

    // The two implementations agree on every length around the block and padding boundaries and
    // on uneven chunking; the FIPS vectors above pin both to the standard.
    @Test func bothEnginesAgreeOnEveryChunking() {
        var generator = SplitMix64(state: 20_261_201)
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 1000, 70_000] {
            let message = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            var fast = SHA256()
            var portable = SHA256(preferLibcrypto: false)
            var offset = 0
            while offset < message.count {
                let step = min(Int(generator.next() % 97) + 1, message.count - offset)
                fast.update(Array(message[offset..<offset + step]))
                portable.update(Array(message[offset..<offset + step]))
                offset += step
            }
            #expect(fast.finalize() == portable.finalize(), "length \(length)")
            #expect(fast.finalize().count == 32)
        }
    }

    // Oracle: python3 -c "import hashlib; print(hashlib.sha256(b'abc').hexdigest(),
    //   hashlib.sha256(b'abcdef').hexdigest())"
    @Test func copiesAreIndependent() {
        var first = SHA256()
        first.update(Array("abc".utf8))
        var second = first
        second.update(Array("def".utf8))
        #expect(first.hexDigest() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(second.hexDigest() == "bef57ec7f53a6d40beb640a780a639c83bc29ac8a9816f1fc6c5c6dcd93c4721")
        // finalize leaves the hash usable.
        first.update(Array("def".utf8))
        #expect(first.hexDigest() == second.hexDigest())
    }
}
