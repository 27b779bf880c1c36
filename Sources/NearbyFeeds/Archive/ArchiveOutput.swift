import Foundation
import NearbySystem
import NearbyGeo

#if canImport(Glibc)
    import Glibc
#endif

/// Where ``PlaceArchiveBuilder/finish(sourceTag:into:)`` puts a finished archive: its bytes in
/// order from offset 0 (the header is first written as zeros), then the header again at 0.
///
/// An archive goes straight to its file section by section (``ArchiveFileOutput``), so the
/// finished archive is never held in memory; ``ArchiveDataOutput`` keeps it as bytes.
public protocol ArchiveOutput {
    /// What a failed write throws.
    associatedtype Failure: Error
    /// Appends `bytes` after what was written so far.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(Failure)
    /// Overwrites the first `bytes.count` bytes (already written) with `bytes`.
    mutating func overwriteHeader(_ bytes: UnsafeRawBufferPointer) throws(Failure)
    /// A pause in writing (the spatial index is being built): a file may start flushing what
    /// it holds. By default nothing happens.
    mutating func pausing()
}

extension ArchiveOutput {
    public mutating func pausing() {}
}

/// An archive kept in memory.
public struct ArchiveDataOutput: ArchiveOutput {
    /// The bytes written so far.
    public private(set) var data = Data()

    public init() {}

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        data.append(contentsOf: bytes)
    }

    public mutating func overwriteHeader(_ bytes: UnsafeRawBufferPointer) {
        data.replaceSubrange(0..<bytes.count, with: bytes)
    }
}

/// A write to an archive file failed; `reason` is the system's (`write: No space left on device`).
public struct ArchiveWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failed call and the system's reason.
    public var reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "the place archive cannot be written (\(reason))" }
}

/// An archive written to an open file descriptor (a new, empty file the caller created and
/// will close). Nothing is kept in memory but the caller's buffers.
///
/// While the spatial index is built (``pausing()``), what was written is flushed to disk on
/// another thread, so the caller's final `fsync` waits only for the rest; the header, written
/// last, waits for that flush and throws its failure.
public struct ArchiveFileOutput: ArchiveOutput {
    private let descriptor: Int32
    private var flush: BackgroundFlush?

    /// Writes to `descriptor`, which must be open for writing at offset 0 of an empty file.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) throws(ArchiveWriteError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw ArchiveWriteError(reason: "write: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    public mutating func pausing() {
        if flush == nil { flush = BackgroundFlush(descriptor: descriptor) }
    }

    public mutating func overwriteHeader(_ bytes: UnsafeRawBufferPointer) throws(ArchiveWriteError) {
        if let flush {
            self.flush = nil
            if let failure = flush.wait() { throw ArchiveWriteError(reason: failure) }
        }
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = pwrite(descriptor, base + offset, bytes.count - offset, off_t(offset))
            if written < 0 {
                if errno == EINTR { continue }
                throw ArchiveWriteError(reason: "pwrite: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }
}

/// `fdatasync` of a file on another thread (a ``SideTask``); its failure is kept for ``wait()``
/// (the caller's descriptor shares the open file, whose error the kernel reports only once).
struct BackgroundFlush: Sendable {
    private let task: SideTask<String?>

    /// Starts flushing the file open as `descriptor` (through a duplicate the task closes, so
    /// the caller may close its own at any time).
    init(descriptor: Int32) {
        let own = dup(descriptor)
        let dupFailure = own < 0 ? "dup: \(String(cString: strerror(errno)))" : nil
        task = SideTask { () -> String? in
            if let dupFailure { return dupFailure }
            let failure = fdatasync(own) == 0 ? nil : "fdatasync: \(String(cString: strerror(errno)))"
            close(own)
            return failure
        }
    }

    /// Waits for the flush; its failure, if any.
    func wait() -> String? { task.value() }
}

/// Writes an archive's body through an ``ArchiveOutput`` in order, hashing each checksummed
/// block (``PlaceArchiveLayout/blockSize`` bytes from the end of the header up to
/// `checkedEnd`) as it passes: the bytes are never read back.
struct ArchiveStream<Output: ArchiveOutput> {
    private(set) var output: Output
    /// Bytes written so far, the header's zeros included.
    private(set) var position = 0
    private let checkedEnd: Int
    /// The block being filled while below `checkedEnd`.
    private var block: UnsafeMutableRawBufferPointer
    private var blockFill = 0
    /// The hash of each finished block, in order.
    private(set) var blockHashes: [UInt64] = []

    init(output: Output, checkedEnd: Int) {
        self.output = output
        self.checkedEnd = checkedEnd
        self.block = .allocate(byteCount: PlaceArchiveLayout.blockSize, alignment: 16)
    }

    /// Frees the block buffer; the stream is not used after.
    mutating func close() -> Output {
        block.deallocate()
        block = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        return output
    }

    /// Writes `bytes` at the current position.
    mutating func append(_ bytes: UnsafeRawBufferPointer) throws(Output.Failure) {
        guard var source = bytes.baseAddress else { return }
        var left = bytes.count
        // The header is not checksummed; neither is anything from `checkedEnd` on.
        while left > 0, position < PlaceArchiveLayout.headerSize || position >= checkedEnd {
            let limit = position < PlaceArchiveLayout.headerSize ? PlaceArchiveLayout.headerSize : Int.max
            let take = min(left, limit - position)
            try output.append(UnsafeRawBufferPointer(start: source, count: take))
            position += take
            left -= take
            source += take
        }
        while left > 0 {
            guard let target = block.baseAddress else { return }
            let take = min(left, PlaceArchiveLayout.blockSize - blockFill, checkedEnd - position)
            (target + blockFill).copyMemory(from: source, byteCount: take)
            blockFill += take
            position += take
            left -= take
            source += take
            if blockFill == PlaceArchiveLayout.blockSize || position == checkedEnd {
                let full = UnsafeRawBufferPointer(start: target, count: blockFill)
                blockHashes.append(BlockChecksum.hash(target, byteCount: blockFill))
                blockFill = 0
                try output.append(full)
            }
            if position == checkedEnd, left > 0 {
                try append(UnsafeRawBufferPointer(start: source, count: left))
                return
            }
        }
    }

    /// Writes zeros up to `offset`.
    mutating func zero(upTo offset: Int) throws(Output.Failure) {
        try withBytes([UInt8](repeating: 0, count: 4096)) { (raw) throws(Output.Failure) in
            while position < offset {
                try append(UnsafeRawBufferPointer(rebasing: raw[0..<min(raw.count, offset - position)]))
            }
        }
    }

    /// Overwrites the header.
    mutating func overwriteHeader(_ bytes: UnsafeRawBufferPointer) throws(Output.Failure) {
        try output.overwriteHeader(bytes)
    }

    /// Tells the output that writing pauses.
    mutating func pausing() {
        output.pausing()
    }
}

/// `array.withUnsafeBytes` with a typed error (the standard library's only rethrows).
func withBytes<E: Error>(_ array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
    let result: Result<Void, E> = array.withUnsafeBytes { raw in
        Result { () throws(E) in try body(raw) }
    }
    try result.get()
}
