import Foundation
import NearbyFeeds

#if canImport(Glibc)
    import Glibc
#endif

/// What the fuzz targets share: the repository's manifests, one way to push a page through the
/// decoder as a refresh does, and a scratch folder for targets that must go through a file.
///
/// Harness code, not product code: a setup failure (a built-in manifest that no longer loads)
/// stops the fuzzer at once with a sentence, since every later input would test nothing.
public enum Fuzzing {
    /// The package root: `Fuzz/Targets/NearbyFuzzSupport/` is three folders below it.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The manifests `ids` from `Datasets/`, loaded as the catalog loads them.
    public static func builtInManifests(_ ids: [String]) -> [DatasetManifest] {
        ids.map { id in
            let file = packageRoot.appendingPathComponent("Datasets/\(id).json")
            do {
                if let manifest = try DatasetCatalog.loadManifest(at: file) { return manifest }
                stop("\(file.path) is not a place manifest")
            } catch {
                stop("\(file.path) does not load: \(error)")
            }
        }
    }

    /// Decodes `page` as the only page of a fetch, as the refresh does (decode, then build the
    /// archive bytes), and asks the pager's questions of it; every error is rendered to text,
    /// because describing a hostile input must not trap either.
    public static func exercise(_ page: Data, manifest: DatasetManifest) {
        let decoder = FeedDecoder()
        do {
            let feed = try decoder.decode(pages: [page], manifest: manifest)
            _ = PlaceArchiveWriter().encode(feed.places, sourceTag: 1)
            _ = feed.warnings.joined()
        } catch {
            _ = String(describing: error)
        }
        do { _ = try decoder.recordCount(inPage: page, manifest: manifest) } catch { _ = String(describing: error) }
        do { _ = try decoder.reportedTotal(inPage: page, manifest: manifest) } catch { _ = String(describing: error) }
    }

    /// A path in this process's own scratch folder (under `TMPDIR`), created on first use.
    public static func scratchPath(_ name: String) -> String {
        scratchFolder + "/" + name
    }

    private static let scratchFolder: String = {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let folder = "\(base)/nearby-fuzz-\(getpid())"
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { stop("cannot create \(folder)") }
        return folder
    }()

    /// Writes `bytes` to `path`, replacing it; false when it cannot.
    public static func write(_ bytes: UnsafeRawBufferPointer, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count, let base = bytes.baseAddress {
            let written = Glibc.write(fd, base + offset, bytes.count - offset)
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Ends the fuzzer with a sentence on stderr (harness setup only).
    public static func stop(_ message: String) -> Never {
        FileHandle.standardError.write(Data("fuzz harness: \(message)\n".utf8))
        exit(2)
    }
}
