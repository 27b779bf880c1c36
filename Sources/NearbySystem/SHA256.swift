internal import CCrypto
import Foundation

/// SHA-256 (FIPS 180-4), for content-addressing imported files and cached feeds.
///
/// Computed by OpenSSL's libcrypto, which uses the CPU's SHA instructions (about six times the
/// portable code on this machine class), loaded on the first digest; where libcrypto cannot be
/// loaded, by ``PortableSHA256``. Both give the same digest (the tests hold one against the other
/// and against FIPS 180-2 vectors).
///
/// Feed bytes with ``update(_:)-(UnsafeRawBufferPointer)`` any number of times, then call
/// ``finalize()``; or use ``hexDigest(of:)-([UInt8])`` for a whole buffer at once. Copies are
/// independent (copy on write).
public struct SHA256: Sendable {
    private enum Engine: Sendable {
        case libcrypto(LibcryptoContext)
        case portable(PortableSHA256)
    }

    private var engine: Engine

    /// A fresh hash of the empty message.
    public init() {
        self.init(preferLibcrypto: true)
    }

    /// A fresh hash; `preferLibcrypto: false` forces the portable code (for tests and benchmarks).
    init(preferLibcrypto: Bool) {
        if preferLibcrypto, let context = LibcryptoContext() {
            engine = .libcrypto(context)
        } else {
            engine = .portable(PortableSHA256())
        }
    }

    /// Whether this hash runs on libcrypto (false: the portable code).
    public var usesLibcrypto: Bool {
        if case .libcrypto = engine { return true }
        return false
    }

    /// Adds bytes to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        switch engine {
        case .portable(var portable):
            engine = .portable(PortableSHA256())  // keep the payload uniquely referenced
            portable.update(bytes)
            engine = .portable(portable)
        case .libcrypto(var context):
            engine = .portable(PortableSHA256())  // drop this value's own reference: unique = unshared
            if !isKnownUniquelyReferenced(&context) {
                guard let copy = context.copy() else {
                    // libcrypto could not allocate a context: carry on where it left off is not
                    // possible, so this hash cannot continue on it. It never happens in practice
                    // (OpenSSL fails only on allocation failure), and then memory is gone anyway.
                    engine = .libcrypto(context)
                    return
                }
                context = copy
            }
            context.update(bytes)
            engine = .libcrypto(context)
        }
    }

    /// Adds bytes to the message.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds bytes to the message.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of everything added so far. The hash itself is left unchanged.
    public func finalize() -> [UInt8] {
        switch engine {
        case .portable(let portable): return portable.finalize()
        case .libcrypto(let context): return context.digest()
        }
    }

    /// The lowercase hexadecimal digest of everything added so far.
    public func hexDigest() -> String {
        PortableSHA256.hex(finalize())
    }

    /// The lowercase hexadecimal SHA-256 of `bytes`.
    public static func hexDigest(of bytes: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(bytes)
        return hash.hexDigest()
    }

    /// The lowercase hexadecimal SHA-256 of `data`.
    public static func hexDigest(of data: Data) -> String {
        var hash = SHA256()
        hash.update(data)
        return hash.hexDigest()
    }
}

/// An owned libcrypto `EVP_MD_CTX` for SHA-256.
///
/// `@unchecked Sendable`: the context is only mutated through a uniquely referenced box (``SHA256``
/// copies it before writing when it is shared), and reading it (`digest()` copies it first) is safe
/// from several threads.
private final class LibcryptoContext: @unchecked Sendable {
    private let context: OpaquePointer

    /// Nil when libcrypto cannot be loaded.
    init?() {
        guard let context = nearby_sha256_new() else { return nil }
        self.context = context
    }

    private init(context: OpaquePointer) { self.context = context }

    deinit { nearby_sha256_free(context) }

    func copy() -> LibcryptoContext? {
        guard let copy = nearby_sha256_copy(context) else { return nil }
        return LibcryptoContext(context: copy)
    }

    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        // EVP_DigestUpdate fails only for a context that was never initialised; ours always is.
        _ = nearby_sha256_update(context, start, bytes.count)
    }

    func digest() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        let ok = out.withUnsafeMutableBufferPointer { nearby_sha256_digest(context, $0.baseAddress) }
        return ok == 1 ? out : []
    }
}
