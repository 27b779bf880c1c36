import Foundation
import NearbySystem
/// Turns a dataset manifest into the cache's ``RefreshPlan``: which URL each page comes from, when
/// paging stops, and which check a fetched feed must pass (``FeedArchiver`` builds its archive).
public struct RefreshPlanner: Sendable {
    /// Sent as the User-Agent version and used for time-outs.
    public var connectTimeout: Double = 15
    public var totalTimeout: Double = 120
    public var maxBodyBytes: Int64 = 512 << 20
    /// The budget of one refresh when the manifest sets no `source.limits`.
    public var budget = RefreshBudget()
    /// Called with bytes received and expected while a page downloads.
    public var progress: (@Sendable (_ datasetID: String, _ page: Int, _ received: Int64, _ expected: Int64) -> Void)?

    public init() {}

    /// The plan for `manifest`, optionally reading from `mirror` instead of the origin.
    public func plan(for manifest: DatasetManifest, mirror: FeedMirror?) throws(PlaceLibraryError) -> RefreshPlan {
        guard let zone = TimeZone(identifier: manifest.refresh.timeZone) else {
            throw .invalidManifest(manifest.id, "its time zone \(manifest.refresh.timeZone) is unknown")
        }
        let source = manifest.source
        if source.format == .osm { return osmPlan(for: manifest, zone: zone, mirror: mirror) }
        let decoder = FeedDecoder()
        let progress = self.progress
        let (connect, total, maxBytes) = (connectTimeout, totalTimeout, maxBodyBytes)
        var budget = self.budget
        if let limits = source.limits {
            if let bytes = limits.maxBytes { budget.maxBytes = bytes }
            if let seconds = limits.maxSeconds { budget.maxSeconds = Double(seconds) }
            if let rate = limits.lowSpeedBytesPerSecond { budget.lowSpeedBytesPerSecond = rate }
            if let seconds = limits.lowSpeedSeconds { budget.lowSpeedSeconds = seconds }
        }
        let request: @Sendable (Int, PageBodies) -> FetchRequest? = { index, previous in
            let url: String
            var speculative = false
            if let paging = source.paging, let template = source.urls.first {
                if index > 0, let last = previous.last {
                    let count = (try? decoder.recordCount(inPage: last, manifest: manifest)) ?? 0
                    if count < paging.pageSize { return nil }
                    if let first = previous.first,
                        let reported = try? decoder.reportedTotal(inPage: first, manifest: manifest) ?? nil
                    {
                        let (seen, overflow) = index.multipliedReportingOverflow(by: paging.pageSize)
                        if overflow || seen >= reported { return nil }
                    }
                    // Only the previous page's being full says there may be more.
                    speculative =
                        previous.first.flatMap { try? decoder.reportedTotal(inPage: $0, manifest: manifest) ?? nil }
                        == nil
                }
                guard let built = paging.url(from: template, pageIndex: index) else { return nil }
                url = built
            } else {
                guard index < source.urls.count else { return nil }
                url = source.urls[index]
            }
            var fetch = FetchRequest(url: url)
            fetch.headers = source.headers.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
            fetch.connectTimeout = connect
            fetch.totalTimeout = total
            fetch.maxBodyBytes = maxBytes
            fetch.mayNotExist = speculative
            if let progress {
                let id = manifest.id
                fetch.progress = { received, expected in progress(id, index, received, expected) }
            }
            return fetch
        }
        return RefreshPlan(
            datasetID: manifest.id,
            rule: RefreshRule(days: manifest.refresh.days, timeZone: zone),
            fileExtension: source.format.rawValue,
            mirror: mirror,
            budget: budget,
            maxDropPercent: manifest.refresh.maxDropPercent ?? RefreshPlan.defaultMaxDropPercent,
            request: request,
            validate: { pages, folder in try FeedArchiver.build(pages, manifest: manifest, into: folder) }
        )
    }

    /// The plan for an OpenStreetMap extract: one page, the extract; validating it builds the
    /// places of the features the manifest selects (``OSMRefresh``).
    private func osmPlan(for manifest: DatasetManifest, zone: TimeZone, mirror: FeedMirror?) -> RefreshPlan {
        var budget = OSMRefresh.budget
        if let limits = manifest.source.limits {
            if let bytes = limits.maxBytes { budget.maxBytes = bytes }
            if let seconds = limits.maxSeconds { budget.maxSeconds = Double(seconds) }
            if let rate = limits.lowSpeedBytesPerSecond { budget.lowSpeedBytesPerSecond = rate }
            if let seconds = limits.lowSpeedSeconds { budget.lowSpeedSeconds = seconds }
        }
        let (connect, maxBytes, progress) = (connectTimeout, budget.maxBytes, self.progress)
        return RefreshPlan(
            datasetID: manifest.id,
            rule: RefreshRule(days: manifest.refresh.days, timeZone: zone),
            fileExtension: OSMRefresh.fileExtension,
            // A mirror stands in for origins on the network; a local extract is read where it is.
            mirror: manifest.localExtractPath == nil ? mirror : nil,
            budget: budget,
            maxDropPercent: manifest.refresh.maxDropPercent ?? RefreshPlan.defaultMaxDropPercent,
            request: { index, _ in
                guard index == 0,
                    var request = OSMRefresh.request(manifest, connectTimeout: connect, maxBytes: maxBytes)
                else { return nil }
                if let progress {
                    let id = manifest.id
                    request.progress = { received, expected in progress(id, 0, received, expected) }
                }
                return request
            },
            validate: { pages, folder in try FeedArchiver.build(pages, manifest: manifest, into: folder) }
        )
    }
}

extension DatasetManifest {
    /// The manifest as canonical JSON (sorted keys): an archive built under another mapping is stale.
    var fingerprint: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return id }
        return String(decoding: data, as: UTF8.self)
    }
}
