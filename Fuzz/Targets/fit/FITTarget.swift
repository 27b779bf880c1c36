import NearbyFuzzSupport
import NearbyRuns

/// libFuzzer entry: one input is one FIT file, decoded as `runs import` decodes it (strict, then
/// lenient as for a damaged file), split into runs and analysed like any track.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFIT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    _ = FITDecoder.looksLikeFIT(bytes)
    for options in [FITDecoder.Options(), FITDecoder.Options(acceptDamaged: true, keepPausedRecords: true)] {
        do {
            let activity = try FITDecoder(options: options).decode(bytes, fileName: "fuzz.fit")
            for document in activity.runDocuments {
                _ = RunSummary(tracks: document.tracks).statistics.distance
            }
            _ = activity.warnings.map(\.description)
        } catch {
            _ = error.description
        }
    }
    return 0
}
