import Foundation

extension RunStore {
    /// The shortest content-hash prefix ``findRun(reference:)`` accepts.
    public static let minimumHashPrefix = 4

    /// Resolves what a user typed to name a run.
    ///
    /// In order: a decimal number that is a run id wins outright (ids are store-wide); otherwise
    /// the runs in `scope` whose content hash starts with the reference (case-insensitive, at
    /// least ``minimumHashPrefix`` hex digits) together with those whose source file name equals
    /// the reference (or its last path component). Exactly one such run is the answer; none or
    /// several is an error.
    public func findRun(reference: String, scope: AthleteScope) throws(RunStoreError) -> StoredRun {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .referenceNotFound(reference) }

        if trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let id = Int64(trimmed), let found = try run(id: id)
        {
            return found
        }

        var matches = Set<Int64>()
        let lowered = trimmed.lowercased()
        if lowered.count >= Self.minimumHashPrefix,
            lowered.utf8.allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
            })
        {
            // GLOB is case-sensitive and uses the UNIQUE index; the prefix is checked hex, so it
            // holds no GLOB metacharacters.
            matches.formUnion(
                try ids(where: "content_hash GLOB ?1", binding: lowered + "*", scope: scope))
        }
        let lastComponent = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        matches.formUnion(try ids(where: "source_name = ?1", binding: trimmed, scope: scope))
        if lastComponent != trimmed {
            matches.formUnion(try ids(where: "source_name = ?1", binding: lastComponent, scope: scope))
        }

        switch matches.count {
        case 0:
            throw .referenceNotFound(trimmed)
        case 1:
            guard let id = matches.first, let found = try run(id: id) else {
                throw .referenceNotFound(trimmed)
            }
            return found
        default:
            throw .ambiguousReference(trimmed, matches: matches.sorted())
        }
    }

    /// Ids of runs in `scope` matching a fixed `condition` with one bound text parameter `?1`.
    private func ids(where condition: String, binding value: String, scope: AthleteScope) throws(RunStoreError)
        -> [Int64]
    {
        try guarded {
            let filter = scope == .own ? " AND athlete = ?2" : ""
            let statement = try database.prepare("SELECT id FROM runs WHERE \(condition)\(filter)")
            try statement.bind(value, at: 1)
            if scope == .own { try statement.bind(athlete, at: 2) }
            var ids: [Int64] = []
            while try statement.step() {
                if let id = statement.int64(at: 0) { ids.append(id) }
            }
            return ids
        }
    }
}
