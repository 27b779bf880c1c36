import Foundation
import NearbyFeeds
import NearbyFuzzSupport
import NearbyGeo

/// `Fuzz/run` sets `NEARBY_FUZZ_SEEDS` to a folder: before fuzzing, the archive target writes
/// there the archives a refresh would build from the repository's own feed fixtures, plus an empty
/// one and one whose only place has no coordinate, so mutations start from well-formed files.
@_cdecl("LLVMFuzzerInitialize")
public func initializeArchiveFuzzing(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    if let folder = ProcessInfo.processInfo.environment["NEARBY_FUZZ_SEEDS"], !folder.isEmpty {
        ArchiveSeeds.write(to: folder)
    }
    return 0
}

enum ArchiveSeeds {
    /// Fixture file (under `Tests/NearbyFeedsTests/Fixtures/Decoding`) and the manifest it is in.
    static let feeds = [
        ("toilets-2025.csv", "toilets"), ("parks.json", "parks"), ("landmarks-page1.json", "landmarks"),
        ("hotels.json", "hotels"), ("toilets-api-page1.json", "toilets-api"),
    ]

    static func write(to folder: String) {
        let fixtures = Fuzzing.packageRoot.appendingPathComponent("Tests/NearbyFeedsTests/Fixtures/Decoding")
        var archives: [(String, [UInt8])] = []
        for (file, id) in feeds {
            guard let manifest = Fuzzing.builtInManifests([id]).first,
                let page = try? Data(contentsOf: fixtures.appendingPathComponent(file)),
                let feed = try? FeedDecoder().decode(pages: [page], manifest: manifest)
            else { Fuzzing.stop("the fixture \(file) no longer decodes with the manifest \(id)") }
            let tag = PlaceArchive.sourceTag(checksum: file, manifest: manifest)
            archives.append((file, PlaceArchiveWriter().encode(feed.places, sourceTag: tag)))
        }
        archives.append(("empty", PlaceArchiveWriter().encode([], sourceTag: 7)))
        let unplaced = Place(
            datasetID: "fuzz", id: "1", name: "no coordinate", coordinate: nil,
            attributes: [PlaceAttribute(key: "k", label: "l", value: "v")], fields: [PlaceField(name: "f", value: "v")])
        archives.append(("unplaced", PlaceArchiveWriter().encode([unplaced], sourceTag: 8)))
        for (name, bytes) in archives {
            let path = "\(folder)/seed-\(name).nbyplace"
            guard bytes.withUnsafeBytes({ Fuzzing.write($0, to: path) }) else { Fuzzing.stop("cannot write \(path)") }
        }
    }
}
