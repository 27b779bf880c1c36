internal import CCurl
import Foundation
import NearbySystem
#if canImport(Glibc)
    import Glibc
#endif

/// Per-transfer state shared with libcurl's C callbacks through an `Unmanaged` context pointer.
///
/// Lives for one `curl_easy_perform` on one thread, so it needs no locking and is not `Sendable`.
/// The body goes either to memory or, when the request names a destination, straight into that
/// file (so a refresh of many large pages never holds them in memory); either way it is counted
/// against the limit and hashed as it arrives.
final class CurlTransfer {
    let maxBodyBytes: Int64
    let progress: (@Sendable (Int64, Int64) -> Void)?
    /// The open destination file, or nil to collect the body in `body`.
    let sink: Int32?
    var body = Data()
    var received: Int64 = 0
    var hash = SHA256()
    var exceededLimit = false
    /// Why writing to the destination failed, if it did.
    var storeFailure: String?
    /// Headers of the latest response (reset at each status line, so redirects do not leak).
    var headers: [String: String] = [:]

    init(maxBodyBytes: Int64, progress: (@Sendable (Int64, Int64) -> Void)?, sink: Int32? = nil) {
        self.maxBodyBytes = maxBodyBytes
        self.progress = progress
        self.sink = sink
    }

    /// Stores a chunk unless it would pass the limit; returns false to make libcurl abort.
    func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        let (total, overflow) = received.addingReportingOverflow(Int64(chunk.count))
        if overflow || total > maxBodyBytes {
            exceededLimit = true
            return false
        }
        if let sink, let base = chunk.baseAddress {
            var offset = 0
            while offset < chunk.count {
                let written = write(sink, base + offset, chunk.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    storeFailure = String(cString: strerror(errno))
                    return false
                }
                offset += written
            }
        } else {
            body.append(contentsOf: chunk)
        }
        hash.update(chunk)
        received = total
        return true
    }

    /// Forgets the body so far (a redirect's body); false if the destination cannot be emptied.
    func restart() -> Bool {
        body = Data()
        received = 0
        hash = SHA256()
        exceededLimit = false
        if let sink {
            guard ftruncate(sink, 0) == 0, lseek(sink, 0, SEEK_SET) == 0 else {
                storeFailure = String(cString: strerror(errno))
                return false
            }
        }
        return true
    }

    /// Records one raw header line ("Name: value\r\n" or a status line).
    func addHeaderLine(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("HTTP/") {
            headers = [:]
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else { return }
        let name = trimmed[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        headers[name] = value
    }
}

/// libcurl write callback: body bytes.
let curlWriteBody: nearby_curl_write_callback = { pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow else { return 0 }
    let chunk = UnsafeRawBufferPointer(start: pointer, count: length)
    return transfer.append(chunk) ? length : 0
}

/// libcurl header callback: one header line per call.
let curlWriteHeader: nearby_curl_write_callback = { pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard !overflow else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
    transfer.addHeaderLine(String(decoding: bytes, as: UTF8.self))
    return length
}

/// libcurl transfer-info callback: forwards download progress; never aborts.
let curlProgress: nearby_curl_xferinfo_callback = { context, downloadTotal, downloadNow, _, _ in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    transfer.progress?(Int64(downloadNow), Int64(downloadTotal))
    return 0
}
