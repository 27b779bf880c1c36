import Foundation
import NearbyOSM

#if canImport(Glibc)
    import Glibc
#endif

extension DatasetManifest {
    /// The manifest of a dataset made of the features of an OpenStreetMap extract that `select`
    /// picks (`nearby datasets add ID --osm FILE|URL --select TAG=VALUE`): `extract` is an
    /// `http(s)` URL or an absolute path; the licence and credit are OpenStreetMap's; calendar
    /// days count in UTC. Checked as any manifest is before it is returned.
    public static func openStreetMap(
        id: String, extract: String, select: [String], title: String? = nil, language: String? = nil
    ) throws(ManifestError) -> DatasetManifest {
        let selector: OSMSelector
        do {
            selector = try OSMSelector(parsing: select)
        } catch {
            let reason = error.description
            throw .invalidOSM(dataset: id, reason: reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
        }
        let name = URL(string: extract).map(\.lastPathComponent) ?? extract
        let manifest = DatasetManifest(
            id: id, title: title ?? "OpenStreetMap: \(selector)",
            description: "Features with \(selector) from the OpenStreetMap extract \(name).",
            source: Source(
                urls: [extract], format: .osm,
                osm: OSMOptions(select: selector.terms.map(\.description), language: language)),
            fields: FieldMapping(name: "name", latitude: "lat", longitude: "lon"),
            refresh: RefreshRule(days: 5, timeZone: "UTC"),
            licence: OSMExtractInfo.licence, attribution: OSMExtractInfo.attribution,
            homepage: "https://www.openstreetmap.org/copyright")
        try manifest.validate()
        return manifest
    }

    /// Writes the manifest as `ID.json` into `folder` (made if missing), by write-then-rename;
    /// an existing manifest of that id is replaced only with `replacing`. Returns the file.
    public func write(into folder: URL, replacing: Bool = false) throws(ManifestWriteError) -> URL {
        let target = folder.appendingPathComponent("\(id).json", isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: folder.path, reason: error.localizedDescription)
        }
        if !replacing, FileManager.default.fileExists(atPath: target.path) {
            throw .exists(path: target.path)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let temporary = folder.appendingPathComponent(".\(id).json.\(UInt32.random(in: 0...UInt32.max)).tmp")
        do {
            try encoder.encode(self).write(to: temporary, options: [.withoutOverwriting])
            guard rename(temporary.path, target.path) == 0 else {
                throw ManifestWriteError.cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
            }
        } catch let error as ManifestWriteError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .cannotWrite(path: target.path, reason: error.localizedDescription)
        }
        return target
    }
}

/// Why a manifest could not be written.
public enum ManifestWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    case exists(path: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .exists(let path): "\(path) exists already; pass --replace to write over it."
        case .cannotWrite(let path, let reason): "\(path) cannot be written: \(reason)"
        }
    }
}
