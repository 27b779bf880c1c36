/// MoonRunner's badge rules over a history of runs.
///
/// Runs are put in chronological order by ``BadgeRun/startTime`` (a stable sort: runs with
/// equal start times keep the order given). For each badge:
/// - it is *earned* by the first run whose distance is strictly greater than the badge
///   distance (a run of exactly the badge distance does not earn it; Earth, at 0 m, is earned by
///   any run that moved);
/// - *silver* goes to the first qualifying run, from the earning run on, whose speed
///   (distance / duration) is strictly greater than 1.05 × the earning run's speed; *gold* the
///   same with 1.10 (exactly 5 % faster is not enough);
/// - the *best run* is the fastest qualifying run; among equal speeds the earliest wins;
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
                guard let earned = award.earnedBy else {
                    award.earnedBy = run
                    award.bestRun = run
                    continue
                }
                if award.silverBy == nil && run.speed > earned.speed * BadgeAward.silverFactor {
                    award.silverBy = run
                }
                if award.goldBy == nil && run.speed > earned.speed * BadgeAward.goldFactor {
                    award.goldBy = run
                }
                if let best = award.bestRun, run.speed > best.speed { award.bestRun = run }
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
