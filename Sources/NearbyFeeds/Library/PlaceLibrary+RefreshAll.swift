/// The `refresh` use case: several datasets refreshed in turn, each reported as it is done.
extension PlaceLibrary {
    /// What became of one dataset in ``refreshAll(_:force:acceptDrop:observe:)``.
    public struct DatasetRefresh: Sendable {
        /// What happened to the dataset.
        public enum Result: Sendable {
            /// Offline: nothing was fetched; the cached copy's status (nil when it cannot be read).
            case offline(CacheStatus?)
            /// The refresh's outcome.
            case refreshed(RefreshOutcome)
            /// The refresh failed; the last good copy was kept.
            case failed(PlaceLibraryError)
        }

        /// The dataset's id.
        public var id: String
        /// What happened.
        public var result: Result
        /// What a refresh that took a new copy decided about its records, and what an extract did
        /// not hold: one sentence each.
        public var warnings: [String] = []
        /// Why the place archive was rebuilt afterwards (missing, damaged, another version), if it was.
        public var rebuiltBecause: String?
    }

    /// Refreshes the datasets `ids` (every dataset of the catalog when nil), in order: each is
    /// fetched when missing or stale (always with `force`), its archive checked (in full unless
    /// this refresh has just written it) and rebuilt when needed, and the result handed to
    /// `observe` before the next starts. A failure
    /// is reported and the others go on; an unknown id throws before anything is fetched.
    /// Returns how many failed.
    public func refreshAll(
        _ ids: [String]?, force: Bool, acceptDrop: Bool, observe: (DatasetRefresh) -> Void
    ) throws(PlaceLibraryError) -> Int {
        var manifests: [DatasetManifest] = []
        for id in ids ?? catalog.manifests.map(\.id) { manifests.append(try manifest(id)) }
        var failures = 0
        for manifest in manifests {
            var report = DatasetRefresh(id: manifest.id, result: .offline(nil))
            if offline {
                report.result = .offline(try? status(of: manifest))
                observe(report)
                continue
            }
            do {
                let outcome = try refresh(manifest, force: force, acceptDrop: acceptDrop)
                report.result = .refreshed(outcome)
                var justWritten = false
                if case .updated = outcome {
                    justWritten = true
                    report.warnings = decodeWarnings(manifest) + (extractInfo(of: manifest)?.warnings ?? [])
                }
                // An archive written by this refresh was checksummed from memory a moment ago:
                // reading all of it back (286 MB for a 1 M-record feed) would only cost time.
                report.rebuiltBecause = try ensureArchive(manifest, verifyAll: !justWritten)
            } catch {
                failures += 1
                report.result = .failed(error)
            }
            observe(report)
        }
        return failures
    }
}
