import NearbyRuns

/// Why a ``RunLibrary`` call, or one file or member of an import, failed: one sentence each.
public indirect enum RunLibraryError: Error, Sendable, CustomStringConvertible {
    /// A path the user named does not exist (named as given).
    case missing(String)
    /// The paths (as given) hold no file a folder walk picks up.
    case noTrackFiles([String])
    /// A GPX/TCX file could not be read or parsed.
    case track(TrackReadError)
    /// A FIT file could not be decoded.
    case fit(FITDecodeError)
    /// A file or archive member could not be read (gzip, zip, size limits).
    case container(ContainerError)
    /// A FIT, gzip or zip file held no activity.
    case noActivity(path: String)
    /// The run cannot be stored (``RouteStatus/importProblem``): positions but fewer than two
    /// usable points, or neither positions nor records that span any time.
    case unstorable(title: String, RouteError)
    /// The store failed to open or to answer.
    case store(RunStoreError)
    /// The store refused one run of an import; the store is unchanged for it.
    case notStored(title: String, RunStoreError)
    /// A FIT activity file with neither records nor sessions: there is no run in it.
    case emptyActivity(title: String)
    /// Several sessions of one multisport file could not be imported: one sentence for the file,
    /// with the first session's reason.
    case sessionsNotImported(title: String, failed: Int, total: Int, first: RunLibraryError)

    public var description: String {
        switch self {
        case .missing(let given): "\(given) does not exist"
        case .noTrackFiles(let given): "no .gpx, .tcx, .fit, .gz or .zip files in \(given.joined(separator: ", "))"
        case .track(let error): error.description
        case .fit(let error): error.description
        case .container(let error): error.description
        case .noActivity(let path): "\(path) holds no activity"
        case .unstorable(let title, let problem): "\(title) \(problem.description); nothing was imported"
        case .store(let error): error.description
        case .notStored(let title, let error): "\(title): \(error.description); nothing was imported"
        case .emptyActivity(let title):
            "\(title) is a FIT activity file without records or sessions, so there is no run in it to import"
        case .sessionsNotImported(let title, let failed, let total, let first):
            "\(title): \(failed) of its \(total) sessions could not be imported; the first: \(first.description)"
        }
    }
}
