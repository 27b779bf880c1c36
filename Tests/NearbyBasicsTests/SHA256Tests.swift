import Foundation
import Testing

@testable import NearbyBasics

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
