/// MoonRunner's badge rules over a history of runs, with medals for timed runs only.
///
/// Runs are put in chronological order by ``BadgeRun/startTime`` (a stable sort: runs with
/// equal start times keep the order given). For each badge:
/// - it is *earned* by the first run whose distance is strictly greater than the badge
///   distance (a run of exactly the badge distance does not earn it; Earth, at 0 m, is earned by
///   any run that moved), whether or not the run has a speed;
/// - medals compare speeds, so only runs with a ``BadgeRun/speed`` take part. The *reference*
///   is the first qualifying run with a speed (the earning run when it has one); *silver* goes
///   to the first later qualifying run whose speed is strictly greater than 1.05 × the
///   reference's, *gold* the same with 1.10 (exactly 5 % faster is not enough);
/// - the *best run* is the fastest qualifying run with a speed; among equal speeds the earliest
///   wins; none when no qualifying run has a speed;
/// - an unearned badge reports how far the longest run fell short.
public enum BadgeRules {
    /// The award state of every badge of `catalogue` after `runs` (in any order).
    public static func awards(_ catalogue: BadgeCatalogue, runs: [BadgeRun]) -> [BadgeAward] {
        let ordered = runs.enumerated().sorted {
            ($0.element.startTime, $0.offset) < ($1.element.startTime, $1.offset)
        }.map(\.element)
        let longest = ordered.map(\.distance).max()
        return catalogue.badges.map { badge in
            var award = BadgeAward(badge: badge)
            for run in ordered where run.distance > badge.distance {
                if award.earnedBy == nil { award.earnedBy = run }
                guard let speed = run.speed else { continue }
                guard let reference = award.reference?.speed else {
                    award.reference = run
                    award.bestRun = run
                    continue
                }
                if award.silverBy == nil && speed > reference * BadgeAward.silverFactor {
                    award.silverBy = run
                }
                if award.goldBy == nil && speed > reference * BadgeAward.goldFactor {
                    award.goldBy = run
                }
                if let best = award.bestRun?.speed, speed > best { award.bestRun = run }
            }
            if award.earnedBy == nil { award.distanceLeft = Swift.max(0, badge.distance - (longest ?? 0)) }
            return award
        }
    }

    /// The best badge earned by any of `runs` (``BadgeCatalogue/best(for:)`` of the longest run),
    /// nil with no runs.
    public static func bestBadge(_ catalogue: BadgeCatalogue, runs: [BadgeRun]) -> Badge? {
        runs.map(\.distance).max().map { catalogue.best(for: $0) }
    }
}
