import NearbySystem
import NearbyRuns

extension RunLibrary {
    /// The runs in one source, hashed while its bytes are there: one for GPX/TCX, one per session
    /// for FIT. Warnings (the FIT decoder's, values out of physical range) go to `warn`, one
    /// sentence each naming the source.
    func decode(_ source: ActivitySource, warn: (String) -> Void) throws(RunLibraryError) -> [RunCandidate] {
        let origin = RunOrigin(source)
        if source.format == .xml, let stream = source.bytes.stream {
            // A GPX/TCX file on disk, or inflated as it is read: read a chunk at a time and
            // hashed on a second thread.
            let result = Result { () throws(TrackReadError) -> StreamedTrack in
                try reader.read(stream: stream, fileName: origin.title)
            }
            switch result {
            case .success(let read):
                if let sentence = read.document.outOfRange.sentence { warn("\(origin.title): \(sentence)") }
                return [RunCandidate(document: read.document, hash: read.digest, totals: nil, origin: origin)]
            case .failure(let error):
                // An inflated stream that failed says why in the container's own words.
                if let failure = source.bytes.streamFailure { throw .container(failure) }
                throw .track(error)
            }
        }
        var digest = SHA256()
        source.bytes.withUnsafeBytes { digest.update($0) }
        let hash = digest.hexDigest()
        let title = origin.title
        switch source.format {
        case .xml:
            let result = source.bytes.withUnsafeBytes { raw in
                Result { () throws(TrackReadError) -> TrackDocument in try reader.read(raw, fileName: title) }
            }
            switch result {
            case .success(let document):
                if let sentence = document.outOfRange.sentence { warn("\(title): \(sentence)") }
                return [RunCandidate(document: document, hash: ContentDigest(hash), totals: nil, origin: origin)]
            case .failure(let error):
                throw .track(error)
            }
        case .fit:
            let result = source.bytes.withUnsafeBytes { raw in
                Result { () throws(FITDecodeError) -> FITActivity in try decoder.decode(raw, fileName: title) }
            }
            switch result {
            case .success(let activity):
                guard !activity.sessions.isEmpty else { throw .emptyActivity(title: title) }
                for warning in activity.warnings { warn("\(title): \(warning.description)") }
                if let sentence = activity.document.outOfRange.sentence { warn("\(title): \(sentence)") }
                return zip(activity.runDocuments, activity.sessions).enumerated().map { index, pair in
                    RunCandidate(
                        document: pair.0,
                        hash: ContentDigest(index == 0 ? hash : Self.sessionHash(digest, index: index)),
                        totals: pair.1.deviceTotals, origin: origin)
                }
            case .failure(let error):
                throw .fit(error)
            }
        }
    }

    /// The content hash of session `index` > 0 of a multisport file: SHA-256 of the file's digest
    /// and the session number, so each session is a run of its own and re-importing finds them all.
    static func sessionHash(_ file: SHA256, index: Int) -> String {
        var digest = SHA256()
        digest.update(file.finalize())
        digest.update(Array("session \(index)".utf8))
        return digest.hexDigest()
    }
}
