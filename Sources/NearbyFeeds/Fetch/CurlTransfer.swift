import CCurl
import Foundation

/// Per-transfer state shared with libcurl's C callbacks through an `Unmanaged` context pointer.
///
/// Lives for one `curl_easy_perform` on one thread, so it needs no locking and is not `Sendable`.
final class CurlTransfer {
    let maxBodyBytes: Int64
    let progress: (@Sendable (Int64, Int64) -> Void)?
    var body = Data()
    var exceededLimit = false
    /// Headers of the latest response (reset at each status line, so redirects do not leak).
    var headers: [String: String] = [:]

    init(maxBodyBytes: Int64, progress: (@Sendable (Int64, Int64) -> Void)?) {
        self.maxBodyBytes = maxBodyBytes
        self.progress = progress
    }

    /// Appends a chunk unless it would pass the limit; returns false to make libcurl abort.
    func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if Int64(body.count) + Int64(chunk.count) > maxBodyBytes {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: chunk)
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
    let length = size * count
    let chunk = UnsafeRawBufferPointer(start: pointer, count: length)
    return transfer.append(chunk) ? length : 0
}

/// libcurl header callback: one header line per call.
let curlWriteHeader: nearby_curl_write_callback = { pointer, size, count, context in
    guard let pointer, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
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
