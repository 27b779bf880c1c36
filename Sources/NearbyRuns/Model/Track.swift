import NearbyGeo

/// One fix of a GPS track as read from a file, before any cleaning.
///
/// Latitude and longitude are kept as read (a pause marker may carry latitude 100); cleaning
/// decides what counts. Time is seconds since 1970-01-01T00:00:00Z.
///
/// Stored compactly (40 bytes instead of the 56 of seven separate optionals): the optional
/// fields keep their values in plain stored fields and their presence in one bit set, so a
/// million-point file's points take 40 MB while its bytes are still in memory. Every value is
/// kept bit for bit; the optional properties read and write exactly as stored optionals would.
public struct TrackPoint: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    @usableFromInline var elevationValue: Double = 0
    @usableFromInline var timeValue: Double = 0
    @usableFromInline var heartRateValue: UInt16 = 0
    @usableFromInline var cadenceValue: UInt16 = 0
    @usableFromInline var powerValue: UInt16 = 0
    /// Which optional fields are present (``Field`` bits).
    @usableFromInline var present: UInt8 = 0

    @usableFromInline enum Field {
        @usableFromInline static let elevation: UInt8 = 1
        @usableFromInline static let time: UInt8 = 2
        @usableFromInline static let heartRate: UInt8 = 4
        @usableFromInline static let cadence: UInt8 = 8
        @usableFromInline static let power: UInt8 = 16
    }

    /// Sets or clears one presence bit.
    @inlinable mutating func mark(_ field: UInt8, _ isPresent: Bool) {
        present = isPresent ? present | field : present & ~field
    }

    /// Elevation above the ellipsoid or geoid as the device wrote it, metres.
    @inlinable public var elevation: Double? {
        get { present & Field.elevation != 0 ? elevationValue : nil }
        set {
            elevationValue = newValue ?? 0
            mark(Field.elevation, newValue != nil)
        }
    }
    /// Seconds since 1970-01-01T00:00:00Z (fractional).
    @inlinable public var time: Double? {
        get { present & Field.time != 0 ? timeValue : nil }
        set {
            timeValue = newValue ?? 0
            mark(Field.time, newValue != nil)
        }
    }
    /// Heart rate, beats per minute.
    @inlinable public var heartRate: UInt16? {
        get { present & Field.heartRate != 0 ? heartRateValue : nil }
        set {
            heartRateValue = newValue ?? 0
            mark(Field.heartRate, newValue != nil)
        }
    }
    /// Cadence, steps or revolutions per minute as the device wrote it.
    @inlinable public var cadence: UInt16? {
        get { present & Field.cadence != 0 ? cadenceValue : nil }
        set {
            cadenceValue = newValue ?? 0
            mark(Field.cadence, newValue != nil)
        }
    }
    /// Power, watts.
    @inlinable public var power: UInt16? {
        get { present & Field.power != 0 ? powerValue : nil }
        set {
            powerValue = newValue ?? 0
            mark(Field.power, newValue != nil)
        }
    }

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

    /// Equal when every field is equal as the optional it is read as (absent equals absent).
    public static func == (a: TrackPoint, b: TrackPoint) -> Bool {
        a.latitude == b.latitude && a.longitude == b.longitude && a.elevation == b.elevation && a.time == b.time
            && a.heartRate == b.heartRate && a.cadence == b.cadence && a.power == b.power
    }

    /// Hashes the fields as the optionals they are read as, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(latitude)
        hasher.combine(longitude)
        hasher.combine(elevation)
        hasher.combine(time)
        hasher.combine(heartRate)
        hasher.combine(cadence)
        hasher.combine(power)
    }
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
