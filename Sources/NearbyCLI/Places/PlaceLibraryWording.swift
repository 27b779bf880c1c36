import NearbyFeeds

/// How the command line words the place library's errors and warnings. The library says what
/// happened and names no flag; this adds the command or flag that helps, and picks the exit code.
enum PlaceLibraryWording {
    /// The error as one sentence with its exit code: an unknown dataset is a usage error (2), a
    /// dataset without data (or not published to the places database) exit code 3, anything else
    /// a failure (1), a places database that cannot be used among them.
    static func error(_ error: PlaceLibraryError) -> CLIError {
        switch error {
        case .unknownDataset: return .usage(error.description)
        case .damaged(let id, _): return .failure("\(error.description); run 'nearby refresh --force \(id)'")
        default: return error.isNoData ? .noData(message(error)) : .failure(message(error))
        }
    }

    /// The error's sentence with the flag that helps.
    static func message(_ error: PlaceLibraryError) -> String {
        switch error {
        case .notCached: return "\(error.description) (--offline)"
        case .refreshFailed(let id, let cause): return "could not refresh \(id): \(refresh(cause))"
        case .fetchFailed(let id, let cause): return "\(id) has no data: \(sentenceBody(refresh(cause)))"
        case .noneHaveData(let errors): return errors.map(message).joined(separator: "; ")
        case .notPublished(let id, let database):
            return "\(error.description); run 'nearby publish \(id) --to \(database)'"
        case .noPlacesTable(let database):
            return "\(error.description); run 'nearby publish DATASET --to \(database)'"
        default: return error.description
        }
    }

    /// A refresh failure's sentence; a refused drop says how to take the copy anyway.
    static func refresh(_ error: RefreshError) -> String {
        guard case .tooLargeDrop(let id, _, _, _) = error else { return error.description }
        var text = error.description
        while text.hasSuffix(".") { text.removeLast() }
        return "\(text) ('nearby refresh --accept-drop \(id)' takes it anyway)."
    }

    /// A refused manifest's sentence; one whose source is a `file:` URL learns how a folder of
    /// feed files is given instead.
    static func refusal(_ error: CatalogError) -> String {
        guard case .invalidManifest(_, .invalidURL(_, let url, _)) = error, url.lowercased().hasPrefix("file:") else {
            return error.description
        }
        var text = error.description
        while text.hasSuffix(".") { text.removeLast() }
        return "\(text) (give a folder of feed files with --from or NEARBY_MIRROR)."
    }

    /// A sentence without its closing full stop, to be joined to another with `;` (a refresh
    /// error's sentence ends with one: "….; answering" read as a path ending in `.;`).
    static func sentenceBody(_ text: String) -> String {
        var body = text
        while body.hasSuffix(".") { body.removeLast() }
        return body
    }

    /// `; parks-2016 has data`: the datasets of the same family as `id` (the same name before
    /// the first `-`: parks and parks-2016, toilets and toilets-api) that `hasData` says have a
    /// cached copy, for a dataset without data; empty when there are none.
    static func alternatives(to id: String, among known: [String], hasData: (String) -> Bool) -> String {
        let family = id.split(separator: "-").first.map(String.init) ?? id
        let others = known.filter { other in
            other != id && (other.split(separator: "-").first.map(String.init) ?? other) == family && hasData(other)
        }
        guard !others.isEmpty else { return "" }
        return "; \(others.joined(separator: ", ")) \(others.count == 1 ? "has" : "have") data"
    }

    /// The warning as one sentence; a dataset left out ends with `leftOut`.
    static func warning(_ warning: PlaceLibraryWarning, leftOut: String = "answering from the other datasets")
        -> String
    {
        switch warning {
        case .stale(let id, _):
            return "\(warning.description); run 'nearby refresh \(id)'"
        case .usingStale(let id, let age, let error):
            let reason: String
            switch error {
            case .refreshFailed(_, let cause), .fetchFailed(_, let cause): reason = refresh(cause)
            default: reason = error.reason
            }
            return "could not refresh \(id) (\(reason)); using the copy from \(age == 1 ? "1 day" : "\(age) days") ago"
        case .leftOut(let error):
            return "\(sentenceBody(message(error))); \(leftOut)"
        case .rebuilt, .unranked:
            return warning.description
        }
    }
}
