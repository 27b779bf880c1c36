import Foundation
import NearbySystem
import NearbyOSM

#if canImport(Glibc)
    import Glibc
#endif

/// The walking networks kept in a folder (the cache's `streets/`): one `NAME.nbywalk` per
/// imported area, each written new and renamed into place, so a query never maps half a file.
public struct WalkNetworkStore: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The name a network of `extract` is kept under: its file name without the extract's
    /// endings, lowercased, letters, digits and hyphens (`taiwan-latest`).
    public static func name(forExtract extract: String) -> String {
        var base = URL(fileURLWithPath: extract).lastPathComponent.lowercased()
        for suffix in [".osm.pbf", ".pbf", ".osm.gz", ".osm.bz2", ".osm"] where base.hasSuffix(suffix) {
            base = String(base.dropLast(suffix.count))
            break
        }
        let cleaned = String(base.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }.prefix(64))
        return cleaned.isEmpty ? "streets" : cleaned
    }

    /// Builds the network of the extract at `path` and keeps it; returns the opened network.
    public func importExtract(at path: String, source: String? = nil) throws(WalkImportError) -> WalkNetwork {
        let extract: OSMExtract
        let graph: WalkGraph
        do {
            extract = try OSMExtract(path: path)
            graph = try WalkNetworkBuilder.build(extract)
        } catch {
            throw .read(error)
        }
        guard graph.edgeCount > 0 else { throw .noStreets(path: path) }
        let bounds = [
            graph.latitudes.min() ?? 0, graph.longitudes.min() ?? 0, graph.latitudes.max() ?? 0,
            graph.longitudes.max() ?? 0,
        ]
        let info = WalkNetworkInfo(
            source: source ?? path, dataTimestamp: extract.header?.replicationTimestamp ?? extract.newestTimestamp,
            bounds: bounds)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let target = folder.appendingPathComponent(Self.name(forExtract: path) + ".nbywalk")
        try write(graph, info: (try? encoder.encode(info)) ?? Data("{}".utf8), to: target)
        do {
            return try WalkNetwork(path: target.path)
        } catch {
            throw .store(path: target.path, reason: error.description)
        }
    }

    private struct StoreFailure: Error {
        var reason: String
    }

    /// Streams the file to a new temporary file beside `target`, syncs it and renames it into place.
    private func write(_ graph: WalkGraph, info: Data, to target: URL) throws(WalkImportError) {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .store(path: folder.path, reason: error.localizedDescription)
        }
        let temporary = folder.appendingPathComponent(
            ".\(target.lastPathComponent).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .store(path: temporary.path, reason: String(cString: strerror(errno))) }
        var failure: String?
        do {
            try WalkNetworkFile.write(graph, info: info) { (raw: UnsafeRawBufferPointer) throws(StoreFailure) in
                var offset = 0
                while offset < raw.count, let base = raw.baseAddress {
                    let written = Glibc.write(fd, base + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw StoreFailure(reason: String(cString: strerror(errno)))
                    }
                    offset += written
                }
            }
        } catch {
            failure = error.reason
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary.path, target.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary.path)
            throw .store(path: target.path, reason: failure)
        }
    }

    /// Every network kept, by name; a file that does not open is listed with its error.
    public func all() -> [(name: String, network: Result<WalkNetwork, WalkNetworkError>)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".nbywalk") && !$0.hasPrefix(".") }.sorted().map { name in
            let path = folder.appendingPathComponent(name).path
            let opened = Result { () throws(WalkNetworkError) -> WalkNetwork in try WalkNetwork(path: path) }
            return (String(name.dropLast(".nbywalk".count)), opened)
        }
    }

    /// The network whose bounds hold `point` (the smallest such when several do).
    public func network(covering latitude: Double, _ longitude: Double) -> WalkNetwork? {
        var chosen: (WalkNetwork, Double)?
        for (_, opened) in all() {
            guard case .success(let network) = opened, network.info.bounds.count == 4 else { continue }
            let b = network.info.bounds
            guard (b[0]...b[2]).contains(latitude), (b[1]...b[3]).contains(longitude) else { continue }
            let area = (b[2] - b[0]) * (b[3] - b[1])
            if area < chosen?.1 ?? .infinity { chosen = (network, area) }
        }
        return chosen?.0
    }
}

/// Why an import failed.
public enum WalkImportError: Error, Sendable, CustomStringConvertible {
    case read(OSMReadError)
    case noStreets(path: String)
    case store(path: String, reason: String)

    public var description: String {
        switch self {
        case .read(let error): error.description
        case .noStreets(let path): "The extract \(path) holds no walkable way."
        case .store(let path, let reason): "The walking network cannot be written to \(path): \(reason)."
        }
    }
}
