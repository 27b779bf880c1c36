import Foundation
import NearbySystem
import NearbyGeo

#if canImport(Glibc)
    import Glibc
#endif

/// The tile cache: `<cache>/tiles/<template key>/<z>/<x>/<y>` holds the image bytes and
/// `<y>.meta` when they were last confirmed and the server's validators.
///
/// It follows the feed cache's rules, since the folder may be shared: no folder or file inside
/// `tiles/` is ever used through a symbolic link, files are written under an unpredictable
/// temporary name created exclusively and renamed into place, only regular files are read, and
/// a file that is not a PNG or JPEG, or is larger than ``TileImage/maximumBytes``, counts as absent.
public struct TileCache: Sendable {
    /// One cached tile.
    public struct Entry: Sendable, Hashable {
        public var image: TileImage
        /// When the bytes were last fetched or confirmed by a 304.
        public var checkedAt: Date
        public var etag: String?
        public var lastModified: String?
    }

    /// Days a cached tile is used without asking the server again (7, the least the OpenStreetMap
    /// tile usage policy asks clients to keep tiles); after that it is revalidated with a
    /// conditional GET, and still used if the server cannot be reached.
    public static let freshDays = 7

    /// The `tiles` folder.
    public let directory: URL

    /// The tile cache inside the cache folder `cacheDirectory`.
    public init(cacheDirectory: URL) {
        directory = cacheDirectory.appendingPathComponent("tiles", isDirectory: true)
    }

    /// Whether an entry confirmed at `checkedAt` may be used without asking at `now` (a clock
    /// that went backwards makes nothing older).
    public static func isFresh(checkedAt: Date, now: Date) -> Bool {
        now.timeIntervalSince(checkedAt) < Double(freshDays) * 86_400
    }

    /// The cached tile, or nil when it is absent, unreadable or not an image.
    public func entry(_ tile: TileID, of template: TileTemplate) -> Entry? {
        let file = self.file(tile, of: template)
        // Every folder from tiles/ down must be a real folder, not a link to somewhere else.
        var folder = file.deletingLastPathComponent()
        for _ in 0..<4 {
            guard CacheFiles.kind(folder) == S_IFDIR else { return nil }
            folder.deleteLastPathComponent()
        }
        guard let bytes = Self.read(file, limit: TileImage.maximumBytes), let image = TileImage(Data(bytes)) else {
            return nil
        }
        var entry = Entry(image: image, checkedAt: Date(timeIntervalSince1970: 0))
        let metaFile = file.deletingLastPathComponent().appendingPathComponent("\(tile.y).meta")
        if let meta = Self.read(metaFile, limit: 4096) {
            for line in String(decoding: meta, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
                guard parts.count == 2 else { continue }
                switch parts[0] {
                case "checked":
                    let seconds = Double(parts[1]) ?? 0
                    entry.checkedAt = Date(timeIntervalSince1970: seconds.isFinite ? seconds : 0)
                case "etag": entry.etag = RequestSafety.validator(String(parts[1]))
                case "last-modified": entry.lastModified = RequestSafety.validator(String(parts[1]))
                default: break
                }
            }
        }
        return entry
    }

    /// Stores `entry` for `tile`, replacing what was there.
    public func store(_ entry: Entry, for tile: TileID, of template: TileTemplate) throws(TileError) {
        let folder = try makeFolders(tile, of: template)
        try replace(folder.appendingPathComponent("\(tile.y)"), with: entry.image.bytes)
        try writeMeta(entry, tile: tile, folder: folder)
    }

    /// Records that the server confirmed the cached bytes at `checkedAt` (a 304).
    public func confirm(_ entry: Entry, for tile: TileID, of template: TileTemplate) throws(TileError) {
        let folder = try makeFolders(tile, of: template)
        try writeMeta(entry, tile: tile, folder: folder)
    }

    /// `<tiles>/<key>/<z>/<x>/<y>`.
    func file(_ tile: TileID, of template: TileTemplate) -> URL {
        directory.appendingPathComponent(template.cacheKey).appendingPathComponent("\(tile.z)")
            .appendingPathComponent("\(tile.x)").appendingPathComponent("\(tile.y)")
    }

    private func writeMeta(_ entry: Entry, tile: TileID, folder: URL) throws(TileError) {
        let seconds = entry.checkedAt.timeIntervalSince1970
        let whole = seconds.isFinite ? Int(exactly: seconds.rounded()) ?? 0 : 0
        var text = "checked \(whole)\n"
        if let etag = RequestSafety.validator(entry.etag) { text += "etag \(etag)\n" }
        if let modified = RequestSafety.validator(entry.lastModified) { text += "last-modified \(modified)\n" }
        try replace(folder.appendingPathComponent("\(tile.y).meta"), with: Data(text.utf8))
    }

    /// Creates `tiles/<key>/<z>/<x>` one level at a time, refusing anything but real folders.
    private func makeFolders(_ tile: TileID, of template: TileTemplate) throws(TileError) -> URL {
        var folder = directory
        let parent = directory.deletingLastPathComponent()
        if CacheFiles.kind(parent) == nil {
            do { try CacheFiles.makeDirectory(parent) } catch { throw .cache(path: parent.path, reason: error.reason) }
        }
        for name in ["", template.cacheKey, "\(tile.z)", "\(tile.x)"] {
            if !name.isEmpty { folder.appendPathComponent(name, isDirectory: true) }
            switch CacheFiles.kind(folder) {
            case nil:
                if mkdir(folder.path, 0o755) != 0 && errno != EEXIST {
                    throw .cache(path: folder.path, reason: "mkdir: \(String(cString: strerror(errno)))")
                }
                guard CacheFiles.kind(folder) == S_IFDIR else {
                    throw .cache(path: folder.path, reason: "it is not a folder")
                }
            case S_IFDIR: break
            default: throw .cache(path: folder.path, reason: "it is not a folder (a link or a file)")
            }
        }
        return folder
    }

    /// Writes `data` under a new temporary name and renames it over `file`.
    private func replace(_ file: URL, with data: Data) throws(TileError) {
        let temporary = file.deletingLastPathComponent()
            .appendingPathComponent(CacheFiles.temporaryName(for: file.lastPathComponent))
        do {
            try CacheFiles.writeNewFile(data, to: temporary)
            try CacheFiles.rename(temporary, over: file)
        } catch {
            CacheFiles.removeQuietly(temporary)
            throw .cache(path: error.path, reason: error.reason)
        }
    }

    /// The bytes of a regular file (never through a link), or nil.
    private static func read(_ file: URL, limit: Int) -> [UInt8]? {
        do {
            let opened = try RegularFile(path: file.path, followSymlinks: false)
            return try opened.readAll(limit: limit)
        } catch {
            return nil
        }
    }
}
