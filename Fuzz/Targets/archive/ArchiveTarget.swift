import NearbyFeeds
import NearbyFuzzSupport
import NearbyGeo

/// libFuzzer entry: one input is one place archive file (`places.nbyplace`), which another user
/// of a shared cache folder could have written. It is opened and queried twice: as it is (so the
/// header, section table and checksum checks see every damage), then re-sealed, with every
/// checksum recomputed over the damaged bytes (see ``ArchiveSeal``), so that the record, string,
/// shape, value and index readers behind the checksums see hostile values too. The hash is not a
/// signature: anyone who can write the file can also seal it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchive(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let raw = UnsafeRawBufferPointer(start: data, count: size)
    query(raw)
    var sealed = Array(raw)
    ArchiveSeal.reseal(&sealed)
    sealed.withUnsafeBytes { query($0) }
    return 0
}

/// Writes the bytes to this process's scratch file, opens them as an archive with the tag the
/// header names, and asks what the commands ask: places, coordinates, nearest with and without a
/// filter and a radius, and a full verification.
func query(_ bytes: UnsafeRawBufferPointer) {
    guard Fuzzing.write(bytes, to: archivePath) else { Fuzzing.stop("cannot write \(archivePath)") }
    let tag = bytes.count >= 32 ? UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) : 0
    do {
        let archive = try PlaceArchive(path: archivePath, datasetID: "fuzz", expectedTag: tag)
        for record in 0..<min(archive.count, 64) {
            do {
                let place = try archive.place(at: record)
                _ = (place.name, place.id, place.attributes.count, place.fields.count)
                _ = try archive.coordinate(at: record)
            } catch {
                _ = String(describing: error)
            }
        }
        for origin in origins {
            do {
                _ = try archive.nearest(to: origin, limit: 5)
                _ = try archive.nearest(to: origin, limit: 3, within: 2_000)
                _ = try archive.nearest(to: origin, limit: 2) { record in record % 2 == 1 }
            } catch {
                _ = String(describing: error)
            }
        }
        do { try archive.verifyAll() } catch { _ = String(describing: error) }
    } catch {
        _ = String(describing: error)
    }
}

let archivePath = Fuzzing.scratchPath("places.nbyplace")

/// Query points: Taipei, both poles, the antimeridian, the null island.
let origins = [
    (25.0418, 121.5152), (90, 0), (-90, 0), (0, 180), (0, -180), (0, 0),
].compactMap { Coordinate(latitude: $0.0, longitude: $0.1) }
