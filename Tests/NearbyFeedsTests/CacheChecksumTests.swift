import Foundation
import Testing

@testable import NearbyFeeds

/// SHA-256 digests checked against Python's hashlib.
@Suite struct CacheChecksumTests {
    // python3 -c "import hashlib; print(hashlib.sha256(b'').hexdigest())" (and so on per row)
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownDigests(text: String, digest: String) {
        #expect(SHA256.hex(Data(text.utf8)) == digest)
    }

    // python3 -c "import hashlib; print(hashlib.sha256(bytes(i%251 for i in range(1000))).hexdigest())"
    @Test(arguments: [1, 7, 63, 64, 65, 1000])
    func streamingInChunksMatches(chunk: Int) {
        let bytes = Data((0..<1000).map { UInt8($0 % 251) })
        var hasher = SHA256()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            hasher.update(bytes[start..<end])
            start = end
        }
        #expect(hasher.finalizeHex() == "4e4c294b331f7a2099a379bec34b9f9fc03dc46ab465d998f4d683da53487e6d")
    }
}
