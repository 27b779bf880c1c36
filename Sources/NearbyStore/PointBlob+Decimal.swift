import NearbyRuns

/// Format version 2 of ``PointBlob``: each value as a scaled decimal, stored as the varint
/// difference from the same field of the point before (see ``PointBlob`` for the layout).
enum DecimalPacking {
    static let rawScale: UInt8 = 15
    static let largestScale: UInt8 = 9
    static let newScales: UInt8 = 1 << 4
    static let knownFlags: UInt8 = 0x1f
    /// 10^0 … 10^9, each exact in a Double.
    static let powers: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]
    /// The most a point can take: flags, two scale bytes, four 10-byte varints, two 3-byte ones.
    static let largestPoint = 1 + 2 + 4 * 10 + 2 * 3

    /// A decimal field's running state, the same on both sides (the encoder alone uses
    /// `lastDecimalScale`).
    struct Field {
        var scale: UInt8 = 0
        var previous: Int64 = 0
        var lastDecimalScale: UInt8 = 0
    }

    /// Every field's running state: each starts at scale 0 and previous value 0.
    struct State {
        var latitude = Field()
        var longitude = Field()
        var elevation = Field()
        var time = Field()
        var heartRate: UInt16 = 0
        var cadence: UInt16 = 0
    }

    /// The `m` with `Double(m) / 10^scale` bit for bit `value`, if there is one below 2^53: the
    /// decoder's own division, done and compared (a fused multiply-add to avoid it was tried, and
    /// was slower: it is a call into the C library on baseline x86-64).
    @inline(__always)
    static func scaled(_ value: Double, _ scale: UInt8) -> Int64? {
        let power = powers[Int(scale)]
        let exact = value * power
        // Also false for NaN and the infinities, which are then written raw.
        guard exact.magnitude < 0x1p53 else { return nil }
        // Rounded to the nearest integer, ties to even, by adding and taking away 2^52 (one
        // addition each, where `rounded()` is a call into the C library).
        let whole = exact.magnitude < 0x1p52 ? (exact.magnitude + 0x1p52) - 0x1p52 : exact.magnitude
        let product = Double(signOf: exact, magnitudeOf: whole)
        let m = Int64(product)
        // 0 / 10^k is +0.0, so -0.0 and the smallest values are written raw; 10^0 needs no division.
        let back = scale == 0 ? Double(m) : Double(m) / power
        return back.bitPattern == value.bitPattern ? m : nil
    }

    /// How the encoder writes `value` in `field`: the field's scale while it fits, else the
    /// smallest that does, else raw; after a raw value only the last decimal scale is tried.
    @inline(__always)
    static func choose(_ value: Double, _ field: Field) -> (scale: UInt8, m: Int64) {
        if field.scale == rawScale {
            if let m = scaled(value, field.lastDecimalScale) { return (field.lastDecimalScale, m) }
            return (rawScale, 0)
        }
        if let m = scaled(value, field.scale) { return (field.scale, m) }
        for scale in 0...largestScale where scale != field.scale {
            if let m = scaled(value, scale) { return (scale, m) }
        }
        return (rawScale, 0)
    }

    static func encode(_ points: [TrackPoint]) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 1 + points.count * largestPoint) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            var out = Writer(base: base)
            out.byte(PointBlob.formatVersion)
            var state = State()
            for point in points {
                let lat = choose(point.latitude, state.latitude)
                let lon = choose(point.longitude, state.longitude)
                var ele = (scale: state.elevation.scale, m: Int64(0))
                var tim = (scale: state.time.scale, m: Int64(0))
                var flags: UInt8 = 0
                if let value = point.elevation {
                    flags |= PointBlob.hasElevation
                    ele = choose(value, state.elevation)
                }
                if let value = point.time {
                    flags |= PointBlob.hasTime
                    tim = choose(value, state.time)
                }
                if point.heartRate != nil { flags |= PointBlob.hasHeartRate }
                if point.cadence != nil { flags |= PointBlob.hasCadence }
                let rescaled =
                    lat.scale != state.latitude.scale || lon.scale != state.longitude.scale
                    || ele.scale != state.elevation.scale || tim.scale != state.time.scale
                out.byte(rescaled ? flags | newScales : flags)
                if rescaled {
                    out.byte(lat.scale << 4 | lon.scale)
                    out.byte(ele.scale << 4 | tim.scale)
                }
                out.value(point.latitude, lat, &state.latitude)
                out.value(point.longitude, lon, &state.longitude)
                if let value = point.elevation { out.value(value, ele, &state.elevation) }
                if let value = point.time { out.value(value, tim, &state.time) }
                if let value = point.heartRate {
                    out.varint(zigzag(Int64(value) - Int64(state.heartRate)))
                    state.heartRate = value
                }
                if let value = point.cadence {
                    out.varint(zigzag(Int64(value) - Int64(state.cadence)))
                    state.cadence = value
                }
            }
            initialized = out.count
        }
    }

    static func decode(_ bytes: UnsafeRawBufferPointer, count: Int) throws(PointBlob.DecodeError)
        -> [TrackPoint]
    {
        var input = Reader(bytes: bytes)
        var points: [TrackPoint] = []
        // The count comes from the file: reserve no more than the blob can hold (3 bytes a point).
        points.reserveCapacity(min(count, bytes.count / 3))
        var state = State()
        for index in 0..<count {
            let flags = try input.byte(point: index)
            guard flags & ~knownFlags == 0 else { throw .unknownFlags(point: index, flags: flags) }
            if flags & newScales != 0 {
                let first = try input.byte(point: index)
                let second = try input.byte(point: index)
                for scale in [first >> 4, first & 0x0f, second >> 4, second & 0x0f]
                where scale > largestScale && scale != rawScale {
                    throw .unknownScale(point: index, scale: scale)
                }
                state.latitude.scale = first >> 4
                state.longitude.scale = first & 0x0f
                state.elevation.scale = second >> 4
                state.time.scale = second & 0x0f
            }
            let lat = try input.value(&state.latitude, point: index)
            let lon = try input.value(&state.longitude, point: index)
            let ele = flags & PointBlob.hasElevation != 0 ? try input.value(&state.elevation, point: index) : nil
            let tim = flags & PointBlob.hasTime != 0 ? try input.value(&state.time, point: index) : nil
            let heart =
                flags & PointBlob.hasHeartRate != 0 ? try input.uint16(after: &state.heartRate, point: index) : nil
            let steps = flags & PointBlob.hasCadence != 0 ? try input.uint16(after: &state.cadence, point: index) : nil
            points.append(
                TrackPoint(
                    latitude: lat, longitude: lon, elevation: ele, time: tim, heartRate: heart, cadence: steps))
        }
        guard input.at == bytes.count else { throw .trailingBytes(bytes.count - input.at) }
        return points
    }

    @inline(__always)
    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    @inline(__always)
    static func unzigzag(_ value: UInt64) -> Int64 {
        Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    /// Appends to a buffer sized for the worst case (``largestPoint`` a point).
    struct Writer {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        @inline(__always)
        mutating func byte(_ value: UInt8) {
            base[count] = value
            count += 1
        }

        @inline(__always)
        mutating func varint(_ value: UInt64) {
            var rest = value
            while rest >= 0x80 {
                byte(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            byte(UInt8(truncatingIfNeeded: rest))
        }

        /// Writes `value` as `chosen` says and moves `field` on.
        @inline(__always)
        mutating func value(_ value: Double, _ chosen: (scale: UInt8, m: Int64), _ field: inout Field) {
            field.scale = chosen.scale
            guard chosen.scale != rawScale else {
                UnsafeMutableRawPointer(base + count).storeBytes(
                    of: value.bitPattern.littleEndian, as: UInt64.self)
                count += 8
                return
            }
            field.lastDecimalScale = chosen.scale
            varint(zigzag(chosen.m &- field.previous))
            field.previous = chosen.m
        }
    }

    /// Reads a blob from byte 1 on, every step checked against its end.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var at = 1

        @inline(__always)
        mutating func byte(point: Int) throws(PointBlob.DecodeError) -> UInt8 {
            guard at < bytes.count else { throw .truncated(point: point) }
            defer { at += 1 }
            return bytes[at]
        }

        @inline(__always)
        mutating func varint(point: Int) throws(PointBlob.DecodeError) -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                // The tenth byte may only carry bit 63.
                if shift == 63, byte > 1 { throw .badNumber(point: point) }
                result |= UInt64(byte & 0x7f) << shift
                if byte < 0x80 { return result }
                shift += 7
            }
            throw .truncated(point: point)
        }

        /// The next value of `field`, which moves on.
        @inline(__always)
        mutating func value(_ field: inout Field, point: Int) throws(PointBlob.DecodeError) -> Double {
            guard field.scale != rawScale else {
                guard bytes.count - at >= 8 else { throw .truncated(point: point) }
                let bits = bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                at += 8
                return Double(bitPattern: UInt64(littleEndian: bits))
            }
            field.previous = field.previous &+ unzigzag(try varint(point: point))
            return Double(field.previous) / powers[Int(field.scale)]
        }

        /// The next heart rate or cadence, a difference from `previous`, which moves on.
        @inline(__always)
        mutating func uint16(after previous: inout UInt16, point: Int) throws(PointBlob.DecodeError) -> UInt16 {
            let difference = unzigzag(try varint(point: point))
            guard difference.magnitude <= 0xffff, let next = UInt16(exactly: Int64(previous) + difference) else {
                throw .badNumber(point: point)
            }
            previous = next
            return next
        }
    }
}
