/// The SHA-256 of a streamed track file, which may still be being computed on the hashing thread
/// when the document is returned: the caller analyses the run meanwhile and asks for the digest
/// when it stores the run.
///
/// `@unchecked Sendable`: a pending digest holds the reader's window (the hashing thread may
/// still read chunks in its buffer) and is meant to be resolved by the thread that read the
/// document; ``hexDigest()`` only waits for the hashing thread and reads its result.
public final class ContentDigest: @unchecked Sendable {
    private let ready: String?
    private let window: XMLWindow?

    /// A digest already known: 64 lowercase hex digits.
    public init(_ hex: String) {
        ready = hex
        window = nil
    }

    /// The digest of everything `window` has handed to its hasher.
    init(pending window: XMLWindow) {
        ready = nil
        self.window = window
    }

    /// The digest, waiting for the hashing thread if need be; nil when a part of the file that
    /// thread read again could not be read (the file changed or failed while it was imported).
    public func hexDigest() -> String? {
        if let ready { return ready }
        return window?.hasher.hexDigest()
    }
}
