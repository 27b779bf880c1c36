import Foundation
import NearbyFeeds
import NearbyFuzzSupport

/// libFuzzer entry: one input is one manifest file dropped into a datasets folder (plugins come
/// from other people). It is loaded exactly as the catalog loads it (``DatasetCatalog/loadManifest(at:)``:
/// read, JSON, kind, decode, validate); a manifest that passes then gets its refresh plan, whose
/// requests (URL, headers) are built for the first and the last allowed pages and whose refresh
/// rule is asked about an old copy, its archive tag and its encoding, as `refresh` and `datasets` do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    guard Fuzzing.write(bytes, to: manifestPath) else { Fuzzing.stop("cannot write \(manifestPath)") }
    do {
        guard let manifest = try DatasetCatalog.loadManifest(at: URL(fileURLWithPath: manifestPath)) else {
            return 0
        }
        let plan = try RefreshPlanner().plan(for: manifest, mirror: nil)
        for page in [0, 1, 2, 999] {
            if let request = plan.request(page, []) { _ = (request.url, request.headers.count) }
        }
        _ = plan.rule.isStale(confirmedAt: Date(timeIntervalSince1970: 0), now: Date(timeIntervalSince1970: 1.7e9))
        _ = PlaceArchive.sourceTag(checksum: "0", manifest: manifest)
        _ = try? JSONEncoder().encode(manifest)
    } catch {
        _ = String(describing: error)
    }
    return 0
}

let manifestPath = Fuzzing.scratchPath("manifest.json")
