import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyTestSupport
import Testing

/// The files an OpenStreetMap dataset writes besides its archive: the user manifest and the
/// areas' outlines.
@Suite struct OSMArtefactTests {
    @Test func manifestIsWrittenOnceUnlessReplaced() throws {
        let folder = try TestPaths.temporaryDirectory("osm-manifest").appendingPathComponent("datasets")
        let manifest = try DatasetManifest.openStreetMap(
            id: "osm-toilets", extract: "/data/taiwan-latest.osm.pbf", select: ["amenity=toilets", "shop=*"],
            language: "zh")
        let file = try manifest.write(into: folder)
        #expect(file.lastPathComponent == "osm-toilets.json")
        let back = try JSONDecoder().decode(DatasetManifest.self, from: Data(contentsOf: file))
        #expect(back == manifest)
        #expect(back.source.osm?.select == ["amenity=toilets", "shop=*"])
        #expect(back.licence == "ODbL 1.0")
        #expect(throws: ManifestWriteError.exists(path: file.path)) { try manifest.write(into: folder) }
        #expect(try manifest.write(into: folder, replacing: true) == file)
        // Only the manifest is left in the folder (no temporary file).
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["osm-toilets.json"])
    }

    @Test func badSelectionsAndPathsAreRefused() {
        for (extract, select) in [
            ("/data/a.osm.pbf", ["=x"]), ("/data/a.osm.pbf", [""]), ("relative/a.osm.pbf", ["a=b"]),
            ("/etc/passwd", ["a=b"]), ("ftp://x/a.osm.pbf", ["a=b"]),
        ] {
            #expect(throws: ManifestError.self) {
                try DatasetManifest.openStreetMap(id: "x", extract: extract, select: select)
            }
        }
    }

    /// Outlines read back as written; any changed byte is refused by the checksum.
    @Test func outlinesRoundTripAndRefuseDamage() throws {
        guard let url = OSMFixtures.shared("helsinki.osm.pbf") else { return }
        let folder = try TestPaths.temporaryDirectory("osm-outlines")
        let manifest = try DatasetManifest.openStreetMap(id: "parks", extract: url.path, select: ["leisure=park"])
        let cache = DatasetCache(
            directory: folder, clock: .fixed(Date(timeIntervalSince1970: 1_781_496_000)),
            fetcher: CurlFetcher(version: "test"))
        let library = PlaceLibrary(catalog: DatasetCatalog(entries: []), cache: cache)
        _ = try library.refresh(manifest, force: true)
        let entry = try cache.load("parks")
        let path = try #require(entry.artefactURL(OSMOutlineFile.fileName))
        var bytes = try Data(contentsOf: path)
        let outlines = try OSMOutlineFile.read(bytes)
        // 16 ways and one multipolygon (osmium tags-filter leisure=park); the ways cut at the
        // extract's border are placed on their line, the others are areas with an outline.
        let info = try #require(library.extractInfo(of: manifest))
        #expect(info.waysMissingNodes > 0)
        #expect(outlines.count == 17 - info.waysMissingNodes)
        #expect(outlines.allSatisfy { $0.rings.allSatisfy { $0.count >= 4 && $0.first == $0.last } })
        bytes[bytes.count / 2] ^= 1
        #expect(throws: OSMOutlineError.self) { try OSMOutlineFile.read(bytes) }
        #expect(throws: OSMOutlineError.self) { try OSMOutlineFile.read(bytes.prefix(20)) }
    }
}
