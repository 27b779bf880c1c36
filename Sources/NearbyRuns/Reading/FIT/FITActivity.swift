/// One session of a FIT activity: the device's own totals beside what the records say.
///
/// Device figures (`total*`, `averageSpeed`) are nil when the file has no session message
/// (``isSynthesized``) or when they describe records that could not be read. Times are seconds
/// since 1970-01-01T00:00:00Z.
public struct FITSession: Sendable, Hashable {
    /// The FIT sport name (`running`, `walking`, `cycling`, `transition`, `generic`…), nil if unknown.
    public var sport: String?
    /// The FIT sub-sport name (`generic`, `treadmill`, `trail`…), nil if unknown.
    public var subSport: String?
    /// The device's `start_time`.
    public var startTime: Double?
    /// The session message's timestamp (its end).
    public var endTime: Double?
    /// The device's `total_elapsed_time`, seconds.
    public var totalElapsedTime: Double?
    /// The device's `total_timer_time` (pauses removed), seconds.
    public var totalTimerTime: Double?
    /// The device's `total_distance` (wheel, foot pod or its own GPS filter), metres.
    public var totalDistance: Double?
    /// The device's `avg_speed` (or `enhanced_avg_speed`), m/s.
    public var averageSpeed: Double?
    /// Records kept for this session (with and without a position).
    public var recordCount: Int
    /// Records with a valid position.
    public var positionedRecordCount: Int
    /// Records with a valid position written while the timer was stopped: left out of the track
    /// unless ``FITDecoder/Options/keepPausedRecords``.
    public var pausedPointCount: Int = 0
    /// Time of the first kept record with a time, in file order.
    public var firstRecordTime: Double?
    /// Time of the last kept record with a time, in file order.
    public var lastRecordTime: Double?
    /// The last record's `distance` (the device's running total within this session), metres.
    public var lastRecordDistance: Double?
    /// True when the file had no session message and this one was made from the records.
    public var isSynthesized: Bool

    /// The totals the device wrote (none for a synthesized session), as a run keeps them.
    public var deviceTotals: DeviceTotals? {
        guard !isSynthesized else { return nil }
        let totals = DeviceTotals(distance: totalDistance, timerTime: totalTimerTime, elapsedTime: totalElapsedTime)
        return totals.isEmpty ? nil : totals
    }

    /// Last record time minus first record time, seconds.
    public var recordElapsedTime: Double? {
        guard let first = firstRecordTime, let last = lastRecordTime else { return nil }
        return last - first
    }
}

/// Everything the FIT decoder took from one file.
///
/// Multisport: `document` has one ``Track`` per session, in file order (`document.tracks[i]`
/// belongs to `sessions[i]`), and ``runDocuments`` gives one ``TrackDocument`` per session. A
/// triathlon's swim, bike and run are different activities with different speeds, splits and
/// badges; treating each session as its own run keeps cleaning limits, statistics and badges
/// right for its sport, and nothing is lost (transitions become short runs of sport
/// `transition`). Pauses (timer stop → start events) start a new ``TrackSegment``; records the
/// device wrote while its timer was stopped (auto-pause at a traffic light) are outside the
/// activity as the device counts it (timer time, distance) and are left out of the track unless
/// ``FITDecoder/Options/keepPausedRecords`` (then they form segments of their own). Only
/// records with a valid position become ``TrackPoint``s (as in TCX); every record counts in the
/// session summaries and in its track's ``Track/records`` (so a session without positions, an
/// indoor ride, still has its time span and the device's distance).
public struct FITActivity: Sendable, Hashable {
    /// The tracks: one per session, pauses as segment breaks.
    public var document: TrackDocument
    /// The sessions, in file order (one synthesized session when the file has records but none).
    public var sessions: [FITSession]
    /// What the file got wrong without stopping the import.
    public var warnings: [FITWarning]
    /// `file_id.time_created`, seconds since 1970 (nil when absent or relative).
    public var timeCreated: Double?
    /// `file_id.manufacturer` as a FIT name (`garmin`, `stryd`…), nil when absent.
    public var manufacturer: String?
    /// Protocol version from the header (1.0, 2.0…).
    public var protocolVersion: Double
    /// Profile version from the header: raw / 1000 when raw > 2199, else raw / 100.
    public var profileVersion: Double
    /// Record messages decoded, including those left out for impossible timestamps.
    public var recordCount: Int
    /// Records left out because their timestamp was impossible.
    public var droppedRecordCount: Int
    /// Lap messages.
    public var lapCount: Int
    /// Event messages of the timer (start, stop, stop_all…).
    public var timerEventCount: Int
    /// Sum of timer stop → next start, seconds (the pauses).
    public var pausedSeconds: Double
    /// Record messages that used a compressed timestamp header.
    public var compressedTimestampRecordCount: Int
    /// Record messages that carried developer fields (skipped).
    public var developerFieldRecordCount: Int

    /// One document per session (see the type's note on multisport), each with that session's
    /// track; what `runs import` stores as separate runs.
    public var runDocuments: [TrackDocument] {
        document.tracks.map { track in
            TrackDocument(format: .fit, creator: document.creator, name: track.name, tracks: [track])
        }
    }
}
