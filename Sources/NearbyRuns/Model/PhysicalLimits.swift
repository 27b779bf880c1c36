/// The physically possible range of each measured field of a fix. A value outside its range is a
/// device or file fault: the field is dropped (the fix and its other fields are kept) and counted.
///
/// Ranges (inclusive): elevation −500…9,000 m (the Dead Sea shore is −430 m, Everest 8,849 m),
/// heart rate 20…250 bpm, cadence 0…300 per minute, power 0…3,000 W. They are one rule for every
/// reader: ``TrackReader`` applies it to each document it returns, and ``TrackCleaner`` applies it
/// again to whatever it is given (runs stored before the rule existed).
public enum PhysicalLimits {
    /// Elevation, metres.
    public static let elevation: ClosedRange<Double> = -500...9_000
    /// Heart rate, beats per minute.
    public static let heartRate: ClosedRange<UInt16> = 20...250
    /// Cadence, steps or revolutions per minute.
    public static let cadence: ClosedRange<UInt16> = 0...300
    /// Power, watts.
    public static let power: ClosedRange<UInt16> = 0...3_000

    /// Drops the fields of `point` outside their range, counting each in `counts`.
    @inline(__always)
    public static func check(_ point: inout TrackPoint, counts: inout OutOfRangeCounts) {
        if let value = point.elevation, !elevation.contains(value) {
            point.elevation = nil
            counts.elevation += 1
        }
        if let value = point.heartRate, !heartRate.contains(value) {
            point.heartRate = nil
            counts.heartRate += 1
        }
        if let value = point.cadence, !cadence.contains(value) {
            point.cadence = nil
            counts.cadence += 1
        }
        if let value = point.power, !power.contains(value) {
            point.power = nil
            counts.power += 1
        }
    }

    /// Checks every track point and waypoint of `document`, adding what was dropped to
    /// ``TrackDocument/outOfRange``.
    public static func check(_ document: inout TrackDocument) {
        var counts = document.outOfRange
        for t in document.tracks.indices {
            for s in document.tracks[t].segments.indices {
                for p in document.tracks[t].segments[s].points.indices {
                    check(&document.tracks[t].segments[s].points[p], counts: &counts)
                }
            }
        }
        for w in document.waypoints.indices { check(&document.waypoints[w], counts: &counts) }
        document.outOfRange = counts
    }
}

/// How many values of each field were dropped for lying outside ``PhysicalLimits``.
public struct OutOfRangeCounts: Sendable, Hashable, Codable {
    public var elevation = 0
    public var heartRate = 0
    public var cadence = 0
    public var power = 0

    /// No values dropped.
    public init() {}

    /// Values dropped over all fields.
    public var total: Int { elevation + heartRate + cadence + power }

    /// One sentence counting the dropped values, such as
    /// `1 heart rate outside 20–250 bpm and 2 elevations outside −500–9,000 m were dropped.`;
    /// nil when nothing was dropped.
    public var sentence: String? {
        var parts: [String] = []
        func add(_ count: Int, _ one: String, _ many: String, _ range: String) {
            guard count > 0 else { return }
            parts.append("\(count) \(count == 1 ? one : many) outside \(range)")
        }
        add(elevation, "elevation", "elevations", "−500…9,000 m")
        add(heartRate, "heart rate", "heart rates", "20…250 bpm")
        add(cadence, "cadence", "cadences", "0…300 per minute")
        add(power, "power value", "power values", "0…3,000 W")
        guard let last = parts.popLast() else { return nil }
        let list = parts.isEmpty ? last : parts.joined(separator: ", ") + " and " + last
        return list + (total == 1 ? " was dropped." : " were dropped.")
    }
}
