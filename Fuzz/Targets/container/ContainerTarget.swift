import NearbyFuzzSupport
import NearbyRuns

/// libFuzzer entry: one input is one file handed to `runs import` — a gzip, a zip (an export,
/// possibly nested) or a plain track — read by ``ContainerReader`` with its limits lowered so a
/// bomb shows as a refusal within the fuzzer's memory limit; every source found is parsed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzContainer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    var limits = ContainerLimits()
    limits.memberBytes = 4 << 20
    limits.totalBytes = 16 << 20
    for item in ContainerReader(limits: limits).items(bytes: bytes, name: "fuzz.zip") {
        switch item {
        case .source(let source):
            _ = source.metadata?.name
            if source.format == .fit {
                _ = source.bytes.withUnsafeBytes { raw in try? FITDecoder().decode(raw, fileName: source.displayPath) }
            } else if let stream = source.bytes.stream {
                // Inflated as it is read, through the reader's window, as `runs import` reads it.
                _ = try? TrackReader(sizeLimit: limits.memberBytes).read(stream: stream, fileName: source.displayPath)
                _ = source.bytes.streamFailure?.description
            } else {
                _ = source.bytes.withUnsafeBytes { raw in try? TrackReader().read(raw, fileName: source.displayPath) }
            }
        case .failed(let error): _ = error.description
        case .ignored(let path, _): _ = path
        case .manualActivities(let path, _): _ = path
        }
    }
    return 0
}
