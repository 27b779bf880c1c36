import NearbyRuns
import NearbyTestSupport

/// libFuzzer entry: one input is an export's activity catalogue — its first byte chooses which
/// (Strava's `activities.csv`, Runkeeper's `cardioActivities.csv`, Garmin's
/// `summarizedActivities.json`), the rest is the catalogue — stored uncompressed in a zip beside
/// two small tracks it may name, and read by ``ContainerReader`` as `runs import` reads an export,
/// within a 64 KiB catalogue budget so the row, byte and memory caps are reached too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogue(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let names = [
        "activities.csv", "runkeeper-data-export-1/cardioActivities.csv",
        "DI_CONNECT/DI-Connect-Fitness/me_0_summarizedActivities.json",
    ]
    let name = names[Int(first) % names.count]
    let track = Array(
        "<gpx version=\"1.1\"><trk><trkseg><trkpt lat=\"25\" lon=\"121\"><time>2024-01-02T09:41:00Z</time></trkpt></trkseg></trk></gpx>"
            .utf8)
    // Stored, not deflated: the fuzzer's mutations reach the catalogue reader as they are.
    let zip = TestZip([
        TestZip.Member(name, Array(bytes.dropFirst()), method: 0), TestZip.Member("activities/1.gpx", track, method: 0),
        TestZip.Member("runkeeper-data-export-1/a.gpx", track, method: 0),
    ]).bytes
    var limits = ContainerLimits()
    limits.catalogueBytes = 64 << 10
    limits.memberBytes = 1 << 20
    for item in ContainerReader(limits: limits).items(bytes: zip, name: "export.zip") {
        switch item {
        case .source(let source):
            _ = source.metadata?.name
            _ = source.metadata?.startTime
            _ = source.catalogue?.metadata(near: 1_704_188_460)
        case .failed(let error): _ = error.description
        case .ignored(let path, _): _ = path
        case .manualActivities(let path, let count): _ = (path, count)
        }
    }
    return 0
}
