import NearbyRuns

/// The `badges` use case: every badge of a catalogue with who earned it, from the stored runs.
extension RunLibrary {
    /// The badges of `catalogue` as the runs in ``scope`` earn them (``BadgeRules``), with the
    /// runs listed (each with its figures), so a caller can show the number and date of the run
    /// behind a ``BadgeRun`` id and say which runs took no part.
    public func badgeStanding(in catalogue: BadgeCatalogue) throws(RunLibraryError) -> BadgeStanding {
        let listed = try listRuns()
        let history = BadgeRun.history(listed.map(\.run), summaries: listed.map(\.summary))
        var runs: [String: StoredRun] = [:]
        for item in listed where runs[String(item.run.id)] == nil { runs[String(item.run.id)] = item.run }
        return BadgeStanding(awards: BadgeRules.awards(catalogue, runs: history), listed: listed, runs: runs)
    }
}

extension BadgeRun {
    /// The badge history as the rules want it, from stored runs and their figures (in the same
    /// order): each run's distance and its one speed (``RunSummary/rankingSpeed``, none for a run
    /// without trustworthy timing). Rides, swims and other activities not on foot take no part
    /// (``RunSummary/earnsRunningBadges``); a run without a start time counts from its import.
    public static func history(_ runs: [StoredRun], summaries: [RunSummary]) -> [BadgeRun] {
        zip(runs, summaries).filter { $0.1.earnsRunningBadges }.map { run, summary in
            BadgeRun(
                id: String(run.id), startTime: run.startTime ?? run.importedAt, distance: summary.statistics.distance,
                speed: summary.rankingSpeed)
        }
    }
}
