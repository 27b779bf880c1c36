import Foundation
import NearbyBasics
import NearbyRuns
import NearbyStore

/// Reads GPX/TCX files and imports them, one transaction per file.
struct RunImporter {
    let session: RunsSession
    let store: RunStore

    /// What happened to one file.
    enum Outcome {
        case imported(Int64, RunAnalysis)
        case duplicate(Int64)
    }

    /// Reads and parses one file the way an import does (``TrackReader/load(_:)``: regular files
    /// only, within the size limit, read once), or throws one sentence naming the file (and the line).
    static func read(_ path: String, reader: TrackReader) throws(CLIError) -> TrackDocument {
        do {
            return try reader.read(contentsOf: path)
        } catch {
            throw .failure(error.description)
        }
    }

    /// The GPX and TCX files under `paths` (folders are searched recursively), sorted.
    static func expand(_ paths: [String], environment: CommandEnvironment) throws(CLIError) -> [String] {
        var files: [String] = []
        for given in paths {
            let path = environment.absolutePath(given)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw .failure("\(given) does not exist")
            }
            if isDirectory.boolValue {
                let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                    .filter { ["gpx", "tcx"].contains(($0 as NSString).pathExtension.lowercased()) }
                    .sorted()
                files += found.map { path + "/" + $0 }
            } else {
                files.append(path)
            }
        }
        return files
    }

    /// Imports one file: parse, clean, analyse, then store in one transaction.
    func importFile(_ path: String) throws(CLIError) -> Outcome {
        let name = (path as NSString).lastPathComponent
        let bytes: [UInt8]
        let document: TrackDocument
        do {
            bytes = try session.reader.load(path)
            document = try session.reader.read(bytes, fileName: name)
        } catch {
            throw .failure(error.description)
        }
        session.warnOutOfRange(document.outOfRange, file: name)
        let analysis = session.analyse(document.tracks, fileTime: document.time)
        guard analysis.cleaned.points.count >= 2 else {
            throw .failure("\(name) has no track with at least two usable points; nothing was imported")
        }
        let activity = document.tracks.lazy.compactMap(\.activityType).first
        let record = RunRecord(
            contentHash: SHA256.hexDigest(of: bytes), sourceName: name,
            name: document.name ?? document.tracks.lazy.compactMap(\.name).first, activityType: activity,
            startTime: analysis.statistics.startTime, distance: analysis.statistics.distance,
            elapsedTime: analysis.statistics.elapsedTime ?? 0, movingTime: analysis.statistics.movingTime,
            fileTime: document.time, segments: document.tracks.flatMap(\.segments))
        do {
            switch try store.importRun(record) {
            case .inserted(let id): return .imported(id, analysis)
            case .duplicate(let id): return .duplicate(id)
            }
        } catch {
            throw .failure("\(name): \(error.description); nothing was imported")
        }
    }
}
