/// Interprets the data messages a run needs (file_id, record, event, lap, session, activity,
/// sport) as the ``FITMessageReader`` hands them over; every other message is ignored.
struct FITActivityBuilder {
    /// A record message as read, before times are converted and checked.
    ///
    /// Kept in 40 bytes (the plain optionals took 64): values in plain fields, their presence
    /// in one bit set, so a file at the record cap holds 40 MB of them. The optional properties
    /// read and write exactly as stored optionals would.
    struct Record {
        private var altitudeValue: Double = 0
        private var distanceValue: Double = 0
        private var timeValue: UInt32 = 0
        private var latitudeValue: Int32 = 0
        private var longitudeValue: Int32 = 0
        private var heartRateValue: UInt16 = 0
        private var cadenceValue: UInt16 = 0
        private var powerValue: UInt16 = 0
        private var flags: UInt16 = 0

        private enum Bit {
            static let time: UInt16 = 1
            static let latitude: UInt16 = 2
            static let longitude: UInt16 = 4
            static let altitude: UInt16 = 8
            static let heartRate: UInt16 = 16
            static let cadence: UInt16 = 32
            static let power: UInt16 = 64
            static let distance: UInt16 = 128
            static let breakBefore: UInt16 = 256
            static let duringPause: UInt16 = 512
        }

        init(time: UInt32?) { self.time = time }

        private func has(_ bit: UInt16) -> Bool { flags & bit != 0 }
        private mutating func mark(_ bit: UInt16, _ on: Bool) { flags = on ? flags | bit : flags & ~bit }

        var time: UInt32? {
            get { has(Bit.time) ? timeValue : nil }
            set {
                timeValue = newValue ?? 0
                mark(Bit.time, newValue != nil)
            }
        }
        var latitude: Int32? {
            get { has(Bit.latitude) ? latitudeValue : nil }
            set {
                latitudeValue = newValue ?? 0
                mark(Bit.latitude, newValue != nil)
            }
        }
        var longitude: Int32? {
            get { has(Bit.longitude) ? longitudeValue : nil }
            set {
                longitudeValue = newValue ?? 0
                mark(Bit.longitude, newValue != nil)
            }
        }
        var altitude: Double? {
            get { has(Bit.altitude) ? altitudeValue : nil }
            set {
                altitudeValue = newValue ?? 0
                mark(Bit.altitude, newValue != nil)
            }
        }
        var heartRate: UInt16? {
            get { has(Bit.heartRate) ? heartRateValue : nil }
            set {
                heartRateValue = newValue ?? 0
                mark(Bit.heartRate, newValue != nil)
            }
        }
        var cadence: UInt16? {
            get { has(Bit.cadence) ? cadenceValue : nil }
            set {
                cadenceValue = newValue ?? 0
                mark(Bit.cadence, newValue != nil)
            }
        }
        var power: UInt16? {
            get { has(Bit.power) ? powerValue : nil }
            set {
                powerValue = newValue ?? 0
                mark(Bit.power, newValue != nil)
            }
        }
        var distance: Double? {
            get { has(Bit.distance) ? distanceValue : nil }
            set {
                distanceValue = newValue ?? 0
                mark(Bit.distance, newValue != nil)
            }
        }
        /// A timer start after a stop came just before this record: a new segment begins.
        var breakBefore: Bool {
            get { has(Bit.breakBefore) }
            set { mark(Bit.breakBefore, newValue) }
        }
        /// Written while the timer was stopped (between a timer stop and the next start).
        var duringPause: Bool {
            get { has(Bit.duringPause) }
            set { mark(Bit.duringPause, newValue) }
        }
    }

    /// A session message as read; `recordEnd` is the number of records read before it.
    struct Session {
        var recordEnd: Int
        var time: UInt32?
        var startTime: UInt32?
        var elapsed: Double?
        var timer: Double?
        var distance: Double?
        var averageSpeed: Double?
        var sport: Int64?
        var subSport: Int64?
    }

    var fileTypes: [Int64?] = []
    var manufacturer: Int64?
    var timeCreated: UInt32?
    var records: [Record] = []
    var sessions: [Session] = []
    var laps = 0
    var timerEvents = 0
    var pausedSeconds: Double = 0
    var compressedRecords = 0
    var developerRecords = 0
    var sport: Int64?
    var subSport: Int64?
    var activityTime: UInt32?
    var activityLocalTime: UInt32?
    private var paused = false
    private var pauseStart: UInt32?
    private var breakPending = false
    private var packedDistance: Int64 = 0
    private var lastPackedDistance: Int64 = 0

    mutating func message(_ definition: FITDefinition, content: UnsafePointer<UInt8>, time: UInt32?, compressed: Bool) {
        switch definition.global {
        case 20: record(definition, content, time, compressed)
        case 21: event(definition, content, time)
        case 19: laps += 1
        case 18: session(definition, content, time)
        case 0: fileID(definition, content)
        case 34:
            activityTime = time
            let big = definition.bigEndian
            for field in definition.fields where field.number == 5 {
                activityLocalTime = field.integer(in: content, bigEndian: big).flatMap { UInt32(exactly: $0) }
            }
        case 12:
            for field in definition.fields {
                if field.number == 0 { sport = field.integer(in: content, bigEndian: definition.bigEndian) }
                if field.number == 1 { subSport = field.integer(in: content, bigEndian: definition.bigEndian) }
            }
        default: break
        }
    }

    private mutating func fileID(_ definition: FITDefinition, _ content: UnsafePointer<UInt8>) {
        var type: Int64?
        for field in definition.fields {
            let value = field.integer(in: content, bigEndian: definition.bigEndian)
            switch field.number {
            case 0: type = value
            case 1: manufacturer = manufacturer ?? value
            case 4: timeCreated = timeCreated ?? value.flatMap { UInt32(exactly: $0) }
            default: break
            }
        }
        // Each type once: a flood of file_id messages keeps at most every type there is.
        if !fileTypes.contains(type) { fileTypes.append(type) }
    }

    private mutating func record(
        _ definition: FITDefinition, _ content: UnsafePointer<UInt8>, _ time: UInt32?, _ compressed: Bool
    ) {
        let big = definition.bigEndian
        var record = Record(time: time)
        var enhancedAltitude: Double?
        for field in definition.fields {
            switch field.number {
            case 0: record.latitude = field.integer(in: content, bigEndian: big).flatMap { Int32(exactly: $0) }
            case 1: record.longitude = field.integer(in: content, bigEndian: big).flatMap { Int32(exactly: $0) }
            case 2: record.altitude = field.value(in: content, bigEndian: big).map(Self.metresAboveSea)
            case 3: record.heartRate = field.integer(in: content, bigEndian: big).flatMap { UInt16(exactly: $0) }
            case 4: record.cadence = field.integer(in: content, bigEndian: big).flatMap { UInt16(exactly: $0) }
            case 5: record.distance = field.value(in: content, bigEndian: big).map { $0 / 100 }
            case 7: record.power = field.integer(in: content, bigEndian: big).flatMap { UInt16(exactly: $0) }
            case 8 where field.size >= 3:
                // compressed_speed_distance: 12-bit speed (1/100 m/s), then a 12-bit rolling
                // distance in 1/16 m, accumulated across records.
                let bytes = content + field.offset
                let rolling = Int64(bytes[1] >> 4) | Int64(bytes[2]) << 4
                packedDistance += (rolling - lastPackedDistance) & 0xFFF
                lastPackedDistance = rolling
                record.distance = Double(packedDistance) / 16
            case 78: enhancedAltitude = field.value(in: content, bigEndian: big).map(Self.metresAboveSea)
            default: break
            }
        }
        if let enhancedAltitude { record.altitude = enhancedAltitude }
        record.breakBefore = breakPending
        record.duringPause = paused
        breakPending = false
        if compressed { compressedRecords += 1 }
        if definition.hasDeveloperFields { developerRecords += 1 }
        records.append(record)
    }

    /// A FIT altitude, (raw / 5) − 500 m in steps of 0.2 m, computed as (raw − 2500) / 5: the
    /// subtraction of whole numbers is exact and the one division rounds once, so 4386 gives the
    /// Double nearest 377.2 (written `377.2`), not 877.2 − 500 = 377.20000000000005.
    static func metresAboveSea(_ raw: Double) -> Double { (raw - 2500) / 5 }

    private mutating func event(_ definition: FITDefinition, _ content: UnsafePointer<UInt8>, _ time: UInt32?) {
        var event: Int64?
        var type: Int64?
        for field in definition.fields {
            if field.number == 0 { event = field.integer(in: content, bigEndian: definition.bigEndian) }
            if field.number == 1 { type = field.integer(in: content, bigEndian: definition.bigEndian) }
        }
        guard event == 0, let type else { return }  // 0 = timer
        timerEvents += 1
        switch type {
        case 0:  // start
            guard paused else { return }
            paused = false
            breakPending = true
            if let start = pauseStart, let time, time >= start { pausedSeconds += Double(time - start) }
            pauseStart = nil
        case 1, 4, 8, 9:  // stop, stop_all, stop_disable, stop_disable_all
            guard !paused else { return }
            paused = true
            pauseStart = time
        default: break
        }
    }

    private mutating func session(_ definition: FITDefinition, _ content: UnsafePointer<UInt8>, _ time: UInt32?) {
        let big = definition.bigEndian
        var session = Session(recordEnd: records.count, time: time)
        var enhancedSpeed: Double?
        for field in definition.fields {
            switch field.number {
            case 2: session.startTime = field.integer(in: content, bigEndian: big).flatMap { UInt32(exactly: $0) }
            case 5: session.sport = field.integer(in: content, bigEndian: big)
            case 6: session.subSport = field.integer(in: content, bigEndian: big)
            case 7: session.elapsed = field.value(in: content, bigEndian: big).map { $0 / 1000 }
            case 8: session.timer = field.value(in: content, bigEndian: big).map { $0 / 1000 }
            case 9: session.distance = field.value(in: content, bigEndian: big).map { $0 / 100 }
            case 14: session.averageSpeed = field.value(in: content, bigEndian: big).map { $0 / 1000 }
            case 124: enhancedSpeed = field.value(in: content, bigEndian: big).map { $0 / 1000 }
            default: break
            }
        }
        if let enhancedSpeed { session.averageSpeed = enhancedSpeed }
        sessions.append(session)
    }
}
