import Foundation
import NearbyFeeds
import NearbyFuzzSupport

/// libFuzzer entry: one input is one GeoJSON body, decoded through ``FeedDecoder`` under two
/// GeoJSON manifests (the default `features` path with geometry coordinates, and an explicit
/// records path with coordinates in properties), as a refresh would.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFeedGeoJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let page = Data(UnsafeRawBufferPointer(start: data, count: size))
    for manifest in geoJSONManifests {
        Fuzzing.exercise(page, manifest: manifest)
    }
    return 0
}

/// GeoJSON manifests in the shapes the decoder tests use (none is built in).
let geoJSONManifests = [
    DatasetManifest(
        id: "fuzz-geojson", title: "t",
        source: .init(urls: ["https://example.invalid/x.geojson"], format: .geojson),
        fields: .init(
            name: "name", latitude: "geometry.coordinates.1", longitude: "geometry.coordinates.0",
            address: "address", attributes: [.init(key: "tel", field: "tel")]),
        licence: "l", attribution: "a"),
    DatasetManifest(
        id: "fuzz-geojson-properties", title: "t",
        source: .init(urls: ["https://example.invalid/x.geojson"], format: .geojson, records: "features"),
        fields: .init(
            id: "id", name: "properties.name", latitude: "properties.lat", longitude: "properties.lon",
            category: "properties.kind"),
        filter: .init(field: "properties.city", equals: "臺北市"),
        licence: "l", attribution: "a"),
]
