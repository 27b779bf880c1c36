import Foundation
import NearbyBasics

/// Reads a `file://` URL as a regular file, without libcurl: opening never blocks (a FIFO would
/// hold libcurl's `open` forever), anything but a regular file is refused, and the body limit is
/// checked before and while reading.
enum LocalFileFetch {
    static func fetch(_ request: FetchRequest) throws(FetchError) -> FetchResponse {
        let url = request.url
        guard let path = URL(string: url)?.path, !path.isEmpty else { throw .badURL(url: url) }
        let limit = Int(clamping: max(0, request.maxBodyBytes))
        let data: Data
        do {
            data = try RegularFile(path: path).readData(limit: limit)
        } catch {
            switch error {
            case .missing: throw .fileNotFound(url: url)
            case .tooLarge: throw .tooLarge(url: url, limit: request.maxBodyBytes)
            case .notRegular, .symbolicLink: throw .notRegularFile(url: url, reason: error.description)
            case .unreadable: throw .fileNotFound(url: url)
            }
        }
        let hash = SHA256.hexDigest(of: data)
        if let destination = request.destination {
            do {
                try CacheFiles.writeNewFile(data, to: destination)
            } catch {
                throw .cannotStore(url: url, reason: error.reason)
            }
            return FetchResponse(
                status: 0, body: Data(), effectiveURL: url, bodyBytes: Int64(data.count), sha256: hash)
        }
        return FetchResponse(status: 0, body: data, effectiveURL: url, sha256: hash)
    }
}
