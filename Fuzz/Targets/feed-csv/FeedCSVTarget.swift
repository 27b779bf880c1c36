import Foundation
import NearbyFeeds
import NearbyFuzzSupport

/// libFuzzer entry: one input is one CSV body, decoded through ``FeedDecoder`` under the built-in
/// CSV manifest and a hand-written one with a prefix filter and a split attribute, as a refresh would.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let page = Data(UnsafeRawBufferPointer(start: data, count: size))
    for manifest in csvManifests {
        Fuzzing.exercise(page, manifest: manifest)
    }
    return 0
}

/// `toilets` from `Datasets/`, and a second shape written here.
let csvManifests =
    Fuzzing.builtInManifests(["toilets"])
    + [
        DatasetManifest(
            id: "fuzz-csv", title: "t",
            source: .init(urls: ["https://example.invalid/x.csv"], format: .csv),
            fields: .init(
                id: "id", name: "name", latitude: "lat", longitude: "lon", address: "address",
                category: "kind",
                attributes: [
                    .init(key: "seats", field: "座數"), .init(key: "tags", field: "tags", splitBefore: ";"),
                ]),
            filter: .init(field: "行政區", prefix: "中"),
            licence: "l", attribution: "a")
    ]
