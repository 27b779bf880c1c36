import Foundation
import NearbySystem
#if canImport(Glibc)
    import Glibc
#endif

/// Pages fetched for one refresh: bodies in order (files in the new generation, mapped only while
/// read; stored ones copied in for 304 pages) and their records.
struct FetchedPages {
    var bodies = PageBodies()
    /// Pages' records; a page's `sha256` is empty until ``PageSealing`` has hashed it.
    var pages: [CacheMetadata.Page] = []
    /// The SHA-256 of each page where it is known already (stored, or hashed by the fetcher).
    var knownDigests: [String?] = []
    var allNotModified = true
}

extension DatasetCache {
    /// Fetches every page the plan asks for into `generation`, within the plan's budget.
    func fetchPages(
        _ plan: RefreshPlan, previous: CachedEntry?, force: Bool, into generation: URL
    ) throws(RefreshError) -> FetchedPages {
        let id = plan.datasetID
        let budget = plan.budget
        let clock = ContinuousClock()
        let started = clock.now
        var received: Int64 = 0
        var result = FetchedPages()
        var index = 0
        while let origin = plan.request(index, result.bodies) {
            guard index < plan.maxPages else { throw .tooManyPages(datasetID: id, limit: plan.maxPages) }
            var request = origin
            if let mirror = plan.mirror {
                request.url = mirror.url(datasetID: id, pageIndex: index, fileExtension: plan.fileExtension)
                // The mirror is the user's own (--from / NEARBY_MIRROR), never a manifest's: the
                // one place a file URL is allowed.
                request.allowsFile = true
            }
            let stored =
                previous?.metadata.pages.indices.contains(index) == true
                ? previous?.metadata.pages[index] : nil
            let usable = stored.flatMap { $0.url == request.url ? $0 : nil }
            if !force, let usable {
                // A copy stored before validators were checked may hold one that cannot be sent:
                // it is left out (an unconditional request) rather than refused for ever.
                request.ifNoneMatch = RequestSafety.validator(usable.etag)
                request.ifModifiedSince = RequestSafety.validator(usable.lastModified)
            } else {
                request.ifNoneMatch = nil
                request.ifModifiedSince = nil
            }
            // The budget lowers the page's own limits to what is left of the refresh's.
            let spent = clock.now - started
            let elapsed = Double(spent.components.seconds) + Double(spent.components.attoseconds) / 1e18
            let timeLeft = budget.maxSeconds - elapsed
            guard timeLeft > 0 else { throw .pastDeadline(datasetID: id, seconds: budget.maxSeconds) }
            let bytesLeft = max(0, budget.maxBytes - received)
            let budgetBindsBytes = bytesLeft < request.maxBodyBytes
            let budgetBindsTime = timeLeft < request.totalTimeout
            request.maxBodyBytes = min(request.maxBodyBytes, bytesLeft)
            request.totalTimeout = min(request.totalTimeout, timeLeft)
            if request.lowSpeedSeconds <= 0 || request.lowSpeedBytesPerSecond <= 0 {
                request.lowSpeedBytesPerSecond = budget.lowSpeedBytesPerSecond
                request.lowSpeedSeconds = budget.lowSpeedSeconds
            }
            let file = Self.pageFileName(index, fileExtension: plan.fileExtension)
            let destination = generation.appendingPathComponent(file, isDirectory: false)
            request.destination = destination

            let response: FetchResponse
            do {
                response = try fetcher.fetch(request)
            } catch {
                CacheFiles.removeQuietly(destination)
                if index > 0, request.mayNotExist {
                    switch error {
                    case .http(_, 404), .fileNotFound:
                        // No more pages. Fewer pages than the stored copy had is a change.
                        if previous?.metadata.pages.count != index { result.allNotModified = false }
                        return result
                    default: break
                    }
                }
                switch error {
                case .tooLarge where budgetBindsBytes:
                    throw .overBudget(datasetID: id, limit: budget.maxBytes)
                case .timeout where budgetBindsTime:
                    throw .pastDeadline(datasetID: id, seconds: budget.maxSeconds)
                default:
                    throw .fetch(datasetID: id, page: index, error)
                }
            }
            if response.isNotModified {
                CacheFiles.removeQuietly(destination)
                guard let usable, let previous,
                    let body = try? CacheFiles.mapped(previous.directory.appendingPathComponent(usable.file)),
                    SHA256.hexDigest(of: body) == usable.sha256
                else {
                    throw .unexpectedNotModified(datasetID: id, page: index, url: request.url)
                }
                do {
                    try CacheFiles.writeNewFile(body, to: destination)
                } catch {
                    throw .storage(datasetID: id, path: error.path, reason: error.reason)
                }
                var page = usable
                page.file = file
                page.etag = RequestSafety.validator(response.etag) ?? RequestSafety.validator(usable.etag)
                page.lastModified =
                    RequestSafety.validator(response.lastModified) ?? RequestSafety.validator(usable.lastModified)
                result.bodies.append(.file(destination, count: body.count))
                result.pages.append(page)
                result.knownDigests.append(usable.sha256)
            } else {
                result.allNotModified = false
                let size: Int
                do {
                    // A fetcher that kept the body in memory (a test double) leaves the file to us.
                    if CacheFiles.kind(destination) == nil {
                        try CacheFiles.writeNewFile(response.body, to: destination)
                    }
                    size = try CacheFiles.regularFileSize(destination)
                } catch {
                    throw .storage(datasetID: id, path: error.path, reason: error.reason)
                }
                let bytes = Int64(size)
                let (total, overflow) = received.addingReportingOverflow(bytes)
                guard !overflow, total <= budget.maxBytes else {
                    throw .overBudget(datasetID: id, limit: budget.maxBytes)
                }
                received = total
                let sha = response.sha256.flatMap { response.bodyBytes == bytes ? $0 : nil }
                result.bodies.append(.file(destination, count: size))
                result.pages.append(
                    CacheMetadata.Page(
                        url: request.url, effectiveURL: response.effectiveURL, file: file,
                        etag: RequestSafety.validator(response.etag),
                        lastModified: RequestSafety.validator(response.lastModified),
                        bytes: bytes, sha256: sha ?? ""))
                result.knownDigests.append(sha)
            }
            index += 1
        }
        if index == 0 { throw .noRequest(datasetID: id) }
        return result
    }

    /// The dataset's last failed refresh, kept until one succeeds; nil when there is none.
    public func lastRefusal(of id: String) -> RefreshRefusal? {
        guard DatasetID.isValid(id) else { return nil }
        let path = datasetFolder(id).appendingPathComponent(Self.refusalFile).path
        guard let data = try? RegularFile(path: path, followSymlinks: false).readData(limit: 1 << 16) else {
            return nil
        }
        return try? Self.decoder.decode(RefreshRefusal.self, from: data)
    }

    /// Keeps why a refresh failed (write-then-rename; a failure to record it is ignored).
    func recordRefusal(_ error: RefreshError, in folder: URL) {
        let refusal = RefreshRefusal(at: clock.now(), reason: error.description)
        guard let data = try? Self.encoder.encode(refusal) else { return }
        let temporary = folder.appendingPathComponent(CacheFiles.temporaryName(for: Self.refusalFile))
        do {
            try CacheFiles.writeNewFile(data, to: temporary)
            try CacheFiles.rename(temporary, over: folder.appendingPathComponent(Self.refusalFile))
        } catch {
            CacheFiles.removeQuietly(temporary)
        }
    }
}

/// Why the last refresh of a dataset failed, and when; `nearby datasets` shows it.
public struct RefreshRefusal: Codable, Sendable, Equatable {
    /// When the refresh failed.
    public var at: Date
    /// The failure, one sentence.
    public var reason: String

    public init(at: Date, reason: String) {
        self.at = at
        self.reason = reason
    }
}
