import NearbyRuns
import NearbyStore

#if canImport(Glibc)
    import Glibc
#endif

/// libFuzzer entry: the first two bytes are a point count (little-endian), the rest a stored
/// segment's point blob, as a damaged or hostile run database would hand it over. Decoding must
/// refuse or succeed without trapping; what decodes must pack and decode again to the same bits.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointBlob(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size >= 2 else { return 0 }
    let count = Int(data[0]) | Int(data[1]) << 8
    let blob = UnsafeRawBufferPointer(start: data + 2, count: size - 2)
    let points: [TrackPoint]
    do {
        points = try PointBlob.decode(blob, count: count)
    } catch {
        _ = error.description
        return 0
    }
    let again = PointBlob.encode(points).withUnsafeBytes { raw in
        Result { () throws(PointBlob.DecodeError) in try PointBlob.decode(raw, count: points.count) }
    }
    guard case .success(let repacked) = again, bits(repacked) == bits(points) else {
        let message = "pointblob: a decoded blob did not survive packing again\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        abort()
    }
    return 0
}

/// Every field's bits, so NaN payloads and -0.0 compare exactly.
func bits(_ points: [TrackPoint]) -> [UInt64?] {
    points.flatMap { point in
        [
            point.latitude.bitPattern, point.longitude.bitPattern, point.elevation?.bitPattern, point.time?.bitPattern,
            point.heartRate.map(UInt64.init), point.cadence.map(UInt64.init),
        ]
    }
}
