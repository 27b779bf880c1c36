import Foundation
import NearbyBasics
import NearbyRuns

/// Reading a FIT, gzip or zip without importing it, the way an import would.
extension RunImporter {
    /// For `runs show FILE` and the other commands that read a file without importing it: nil when
    /// the file is not a FIT, gzip or zip (GPX/TCX are read as before), else the first run of the
    /// first activity in it, or its one sentence.
    static func firstRun(_ path: String, session: RunsSession) throws(CLIError) -> (
        title: String, document: TrackDocument
    )? {
        guard let kind = sniff(path), kind != .xml, kind != .unknown else { return nil }
        struct Found: Error { var result: Result<Candidate, CLIError> }
        do throws(Found) {
            try ContainerReader().read(path: path) { (item) throws(Found) in
                switch item {
                case .source(var source):
                    if !source.displayPath.contains("!") { source.fileName = (path as NSString).lastPathComponent }
                    let decoded = Result { () throws(DecodeFailure) -> [Candidate] in
                        try decode(source, session: session, decoder: FITDecoder())
                    }
                    switch decoded {
                    case .success(let candidates):
                        if let first = candidates.first { throw Found(result: .success(first)) }
                    case .failure(let failure):
                        throw Found(result: .failure(.failure(failure.message)))
                    }
                case .failed(let error): throw Found(result: .failure(.failure(error.description)))
                case .ignored: break
                }
            }
        } catch {
            let candidate = try error.result.get()
            return (candidate.origin.title, candidate.document)
        }
        throw .failure("\(path) holds no activity")
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
