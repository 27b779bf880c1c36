import Foundation
import NearbySystem
#if canImport(Glibc)
    import Glibc
#endif

/// Reads a `file://` URL as a regular file, without libcurl: opening never blocks (a FIFO would
/// hold libcurl's `open` forever), anything but a regular file is refused, and the body limit is
/// checked before and while reading. With a destination the bytes are copied there in chunks,
/// never held whole in memory (the cache hashes and syncs that file).
enum LocalFileFetch {
    static func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse {
        let url = request.url
        guard let path = URL(string: url)?.path, !path.isEmpty else { throw .badURL(url: url) }
        let limit = Int(clamping: max(0, request.maxBodyBytes))
        do {
            let file = try RegularFile(path: path)
            guard let destination = request.destination else {
                let data = try file.readData(limit: limit)
                return FetchResponse(status: 0, body: data, effectiveURL: url, sha256: SHA256.hexDigest(of: data))
            }
            guard file.size <= limit else { throw FileReadError.tooLarge(path: path, limit: limit) }
            let count = try copy(file, to: destination, limit: limit, url: url)
            return FetchResponse(status: 0, body: Data(), effectiveURL: url, bodyBytes: Int64(count))
        } catch let error as FileReadError {
            switch error {
            case .missing, .unreadable: throw .fileNotFound(url: url)
            case .tooLarge: throw .tooLarge(url: url, limit: request.maxBodyBytes)
            case .notRegular, .symbolicLink: throw .notRegularFile(url: url, reason: error.description)
            }
        } catch let error as FetchError {
            throw error
        } catch {
            throw .other(url: url, code: -1, message: "\(error)")
        }
    }

    /// Copies `file` into the new file `destination`, inside the kernel where it can
    /// (``RegularFile/send(to:count:)``), else in 4 MiB chunks; returns the bytes copied. The
    /// copy is neither hashed nor synced here: the cache does both on another thread while the
    /// page is decoded (``PageSealing``).
    private static func copy(
        _ file: borrowing RegularFile, to destination: URL, limit: Int, url: String
    ) throws -> Int {
        let fd = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FetchError.cannotStore(url: url, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var sent = 0
        sending: while true {
            // One byte past the limit is asked for, so a file that grew past it is seen.
            let ask = min(64 << 20, limit - sent + 1)
            switch file.send(to: fd, count: ask) {
            case .bytes(0): return sent
            case .bytes(let n):
                sent += n
                guard sent <= limit else { throw FileReadError.tooLarge(path: file.path, limit: limit) }
            case .unsupported where sent == 0: break sending
            case .unsupported:
                throw FetchError.cannotStore(url: url, reason: "the copy stopped part way")
            case .failed(let code):
                throw FetchError.cannotStore(url: url, reason: String(cString: strerror(code)))
            }
        }
        return try copyThroughBuffer(file, to: fd, limit: limit, url: url)
    }

    /// The copy through a buffer, where the kernel cannot copy between the two files.
    private static func copyThroughBuffer(
        _ file: borrowing RegularFile, to fd: Int32, limit: Int, url: String
    ) throws -> Int {
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 << 20, alignment: 16)
        defer { chunk.deallocate() }
        var total = 0
        while true {
            let n = try file.read(into: chunk)
            if n == 0 { break }
            guard total <= limit - n else { throw FileReadError.tooLarge(path: file.path, limit: limit) }
            let bytes = UnsafeRawBufferPointer(rebasing: chunk[0..<n])
            var offset = 0
            while offset < n, let base = bytes.baseAddress {
                let written = write(fd, base + offset, n - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FetchError.cannotStore(url: url, reason: String(cString: strerror(errno)))
                }
                offset += written
            }
            total += n
        }
        return total
    }
}
