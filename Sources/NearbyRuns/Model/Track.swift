import NearbyGeo

/// One fix of a GPS track as read from a file, before any cleaning.
///
/// Latitude and longitude are kept as read (a pause marker may carry latitude 100); cleaning
/// decides what counts. Time is seconds since 1970-01-01T00:00:00Z.
public struct TrackPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    /// Elevation above the ellipsoid or geoid as the device wrote it, metres.
    public var elevation: Double?
    /// Seconds since 1970-01-01T00:00:00Z (fractional).
    public var time: Double?
    /// Heart rate, beats per minute.
    public var heartRate: UInt16?
    /// Cadence, steps or revolutions per minute as the device wrote it.
    public var cadence: UInt16?
    /// Power, watts.
    public var power: UInt16?

    public init(
        latitude: Double, longitude: Double, elevation: Double? = nil, time: Double? = nil,
        heartRate: UInt16? = nil, cadence: UInt16? = nil, power: UInt16? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
        self.time = time
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
    }

    /// The position as a validated coordinate, or nil for pause markers and garbage.
    public var coordinate: Coordinate? { Coordinate(latitude: latitude, longitude: longitude) }
}

/// An unbroken run of fixes. Distance is summed within a segment; the gap between segments is a pause.
public struct TrackSegment: Sendable, Hashable {
    public var points: [TrackPoint]
    public init(points: [TrackPoint] = []) { self.points = points }
}

/// One track (GPX `trk`, TCX `Activity`) with its segments (GPX `trkseg`, TCX `Track`).
public struct Track: Sendable, Hashable {
    public var name: String?
    /// The activity type as written (`running`, TCX `Sport="Running"`, Strava's `9`…), if any.
    public var activityType: String?
    public var segments: [TrackSegment]
    /// Every record of the track, with or without a position (FIT, TCX); nil when the reader has
    /// no records besides the points (GPX). A run without a route is measured from it.
    public var records: RecordSummary?

    public init(
        name: String? = nil, activityType: String? = nil, segments: [TrackSegment] = [],
        records: RecordSummary? = nil
    ) {
        self.name = name
        self.activityType = activityType
        self.segments = segments
        self.records = records
    }

    /// Number of points over all segments.
    public var pointCount: Int { segments.reduce(0) { $0 + $1.points.count } }
}

/// The file formats the readers understand.
public enum TrackFormat: String, Sendable, Hashable, Codable {
    case gpx10 = "gpx-1.0"
    case gpx11 = "gpx-1.1"
    case tcx
    /// Garmin's Flexible and Interoperable Data Transfer protocol (binary).
    case fit
}

/// Everything a reader took from one file.
public struct TrackDocument: Sendable, Hashable {
    public var format: TrackFormat
    public var creator: String?
    public var name: String?
    public var tracks: [Track]
    /// Waypoints (GPX `wpt`), kept apart from tracks.
    public var waypoints: [TrackPoint]
    /// The file's own time (GPX 1.1 `metadata/time`, GPX 1.0 `time`), seconds since 1970, if any;
    /// ``RunTiming`` compares the fixes' times with it.
    public var time: Double?
    /// Values the reader dropped for lying outside ``PhysicalLimits``.
    public var outOfRange: OutOfRangeCounts

    public init(
        format: TrackFormat, creator: String? = nil, name: String? = nil, tracks: [Track] = [],
        waypoints: [TrackPoint] = [], time: Double? = nil, outOfRange: OutOfRangeCounts = OutOfRangeCounts()
    ) {
        self.format = format
        self.creator = creator
        self.name = name
        self.tracks = tracks
        self.waypoints = waypoints
        self.time = time
        self.outOfRange = outOfRange
    }
}
