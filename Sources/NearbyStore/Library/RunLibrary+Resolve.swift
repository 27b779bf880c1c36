import Foundation
import NearbySystem
import NearbyRuns

/// A run named on the command line, found.
public struct ResolvedRun: Sendable {
    /// Where it came from.
    public enum Source: Sendable {
        /// A track file read without importing; `title` is its file name or member path.
        case file(title: String)
        /// A stored run.
        case stored(StoredRun)
    }

    public var source: Source
    public var analysis: RunAnalysis
    /// What the file got wrong without stopping the reading, one sentence each naming the file.
    public var warnings: [String]

    /// The stored run, when the reference named one.
    public var stored: StoredRun? {
        if case .stored(let run) = source { return run }
        return nil
    }
}

extension RunLibrary {
    /// Resolves a run reference: when `path` (the reference resolved against the working
    /// directory) is a file — GPX, TCX, FIT, a gzip of one, or a zip whose first activity is
    /// taken — it is read and analysed without importing, the way an import reads it; otherwise
    /// `reference` names a stored run by id, content-hash prefix or file name.
    public func resolve(_ reference: String, path: String) throws(RunLibraryError) -> ResolvedRun {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            let (run, analysis) = try storedRun(reference)
            return ResolvedRun(source: .stored(run), analysis: analysis, warnings: [])
        }
        var warnings: [String] = []
        if let candidate = try firstRun(path, warnings: &warnings) {
            let document = candidate.document
            return ResolvedRun(
                source: .file(title: candidate.origin.title),
                analysis: settings.analyse(document.tracks, fileTime: document.time, device: candidate.totals),
                warnings: warnings)
        }
        let document: TrackDocument
        do {
            document = try reader.read(contentsOf: path)
        } catch {
            throw .track(error)
        }
        let name = (path as NSString).lastPathComponent
        if let sentence = document.outOfRange.sentence { warnings.append("\(name): \(sentence)") }
        return ResolvedRun(
            source: .file(title: name), analysis: settings.analyse(document.tracks, fileTime: document.time),
            warnings: warnings)
    }

    /// nil when the file is not a FIT, gzip or zip (GPX/TCX are read whole by ``TrackReader``), else
    /// the first run of the first activity in it.
    func firstRun(_ path: String, warnings: inout [String]) throws(RunLibraryError) -> RunCandidate? {
        guard let kind = Self.sniff(path), kind != .xml, kind != .unknown else { return nil }
        struct Found: Error { var result: Result<RunCandidate, RunLibraryError> }
        var collected: [String] = []
        do throws(Found) {
            try containers.read(path: path) { (item) throws(Found) in
                switch item {
                case .source(var source):
                    if !source.displayPath.contains("!") { source.fileName = (path as NSString).lastPathComponent }
                    let decoded = Result { () throws(RunLibraryError) -> [RunCandidate] in
                        try decode(source) { collected.append($0) }
                    }
                    switch decoded {
                    case .success(let candidates):
                        if let first = candidates.first { throw Found(result: .success(first)) }
                    case .failure(let failure):
                        throw Found(result: .failure(failure))
                    }
                case .failed(let error): throw Found(result: .failure(.container(error)))
                case .ignored, .manualActivities: break
                }
            }
        } catch {
            warnings += collected
            return try error.result.get()
        }
        throw .noActivity(path: path)
    }

    /// The kind of the file at `path` by its first bytes, nil when it cannot be opened.
    static func sniff(_ path: String) -> ContentKind? {
        do {
            let file = try RegularFile(path: path)
            var head = [UInt8](repeating: 0, count: 4100)
            let got = head.withUnsafeMutableBytes { raw in (try? file.read(into: raw, at: 0)) ?? 0 }
            return ContentKind.detect(Array(head.prefix(got)))
        } catch {
            return nil
        }
    }
}
