// A fingerprint of the math library, stored in index images that hold precomputed sines.
import Foundation

/// The bit patterns of `sin`, `cos` and `atan2` on fixed arguments, hashed.
///
/// An index image stores each point's ``Geodesic/LatitudeTerms`` so queries need not recompute
/// them; that gives the same bits as ``Geodesic/distance(_:_:)`` only if the image was built with
/// the same `sin` and `cos`. Images record this fingerprint and a different one is refused
/// (``SpatialIndexError/builtElsewhere``). The arguments cover the range `sincosd` reduces to
/// (|r| ≤ π/4) with odd, unround values, where implementations differ first. The stored terms
/// themselves are hashed too, so an image whose terms were computed another way (an older
/// `hypot`, say) is refused just the same.
enum LibmFingerprint {
    static let current: UInt64 = compute()

    static func compute() -> UInt64 {
        var bits: [UInt64] = []
        var x = -0.785_398_163_397_448_3  // −π/4, then 47 steps of an irrational stride
        for _ in 0..<48 {
            bits.append(sin(x).bitPattern)
            bits.append(cos(x).bitPattern)
            bits.append(atan2(x, 0.618_033_988_749_894_9).bitPattern)
            x += 0.033_419_072_952_125_97
        }
        bits.append(sin(1e-9 * 3.141_592_653_589_793).bitPattern)
        bits.append(cos(0.785_398_163_397_448_2).bitPattern)
        var latitude = -89.987_654_321
        for _ in 0..<16 {
            let t = Geodesic.wgs84.latitudeTerms(latitude)
            bits += [t.latitude.bitPattern, t.sbet.bitPattern, t.cbet.bitPattern]
            latitude += 11.234_567_891
        }
        return bits.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 0 }
            return BlockChecksum.hash(base, byteCount: raw.count)
        }
    }
}
