import Foundation
import NearbyFeeds
import NearbyFuzzSupport

/// libFuzzer entry: one input is one JSON page, decoded through ``FeedDecoder`` under every
/// built-in JSON manifest (bare arrays, `result.results` envelopes with a total, `data`,
/// `XML_Head.Infos.Info` with a filter), as a refresh would.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let page = Data(UnsafeRawBufferPointer(start: data, count: size))
    for manifest in jsonManifests {
        Fuzzing.exercise(page, manifest: manifest)
    }
    return 0
}

/// The repository's own JSON manifests, read once.
let jsonManifests = Fuzzing.builtInManifests(
    ["toilets-api", "parks", "landmarks", "hotels", "landmarks-2016", "parks-2016"])
