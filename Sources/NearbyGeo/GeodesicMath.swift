// Angle helpers for the geodesic solver: ported from GeographicLib by Charles Karney, MIT
// (geomath.py / Math.hpp, https://geographiclib.sourceforge.io/). Degrees in, careful rounding.
import Foundation

/// Small numeric helpers that keep angles exact where GeographicLib keeps them exact.
enum GeoMath {
    /// π/180, which is Python's `math.radians` factor (x · (π / 180)).
    static let degree = Double.pi / 180
    /// 180/π, Python's `math.degrees` factor; dividing by ``degree`` can differ in the last bit.
    static let radiansToDegrees = 180 / Double.pi
    /// sqrt(smallest normal double), GeographicLib's `tiny_`.
    static let tiny = Double.leastNormalMagnitude.squareRoot()
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * Double.ulpOfOne
    static let tol2 = Double.ulpOfOne.squareRoot()
    static let xthresh = 1000 * Double.ulpOfOne.squareRoot()

    @inline(__always) static func sq(_ x: Double) -> Double { x * x }

    /// Normalises the two-vector (x, y) (with ``hypot2(_:_:)``, as GeographicLib's Python
    /// `Math.norm` does with `math.hypot`).
    @inline(__always) static func norm(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot2(x, y)
        return (x / r, y / r)
    }

    /// Error-free sum: returns s = round(u + v) and t with u + v = s + t.
    @inline(__always) static func sum(_ u: Double, _ v: Double) -> (Double, Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s == 0 ? s : 0.0 - (up + vpp)
        return (s, t)
    }

    /// Rounds tiny angles so that they underflow to zero instead of being near-singular.
    @inline(__always) static func angRound(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        if y < z { y = z - (z - y) }
        return copysign(y, x)
    }

    /// IEEE remainder of x / y (y > 0), in [−y/2, y/2]; |x| ≤ y/2 is returned as is, which is
    /// exactly what the remainder gives there (a tie rounds the quotient to the even 0).
    @inline(__always) static func ieeeRemainder(_ x: Double, _ y: Double) -> Double {
        if abs(x) <= y * 0.5 { return x }
        return x.isFinite ? x.remainder(dividingBy: y) : .nan
    }

    /// Reduces an angle to [−180, 180].
    @inline(__always) static func angNormalize(_ x: Double) -> Double {
        let y = ieeeRemainder(x, 360)
        return abs(y) == 180 ? copysign(180, x) : y
    }

    /// IEEE remainder(x, 360) (Python's math.remainder), skipping the libm call where it is the
    /// identity: for |x| ≤ 180 the nearest multiple of 360 to x is 0 (±180 ties go to the even
    /// quotient 0), and the remainder is exact, so it is x itself, signed zeros included.
    @inline(__always) static func remainder360(_ x: Double) -> Double {
        abs(x) <= 180 ? x : ieeeRemainder(x, 360)
    }

    /// y − x reduced to [−180, 180] exactly, plus the rounding error.
    @inline(__always) static func angDiff(_ x: Double, _ y: Double) -> (Double, Double) {
        var (d, t) = sum(remainder360(-x), remainder360(y))
        (d, t) = sum(remainder360(d), t)
        if d == 0 || abs(d) == 180 {
            d = copysign(d, t == 0 ? y - x : -t)
        }
        return (d, t)
    }

    @inline(__always) private static func quadrant(
        _ s: Double, _ c: Double, _ q: Int, _ x: Double
    ) -> (Double, Double) {
        var (s, c) = (s, c)
        switch q & 3 {
        case 1: (s, c) = (c, -s)
        case 2: (s, c) = (-s, -c)
        case 3: (s, c) = (-c, s)
        default: break
        }
        c += 0.0
        if s == 0 { s = copysign(s, x) }
        return (s, c)
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90°.
    @inline(__always) static func sincosd(_ x: Double) -> (Double, Double) {
        var r = abs(x) < 360 ? x : (x.isFinite ? fmod(x, 360) : .nan)
        let q = r.isNaN ? 0 : Int((r / 90).rounded(.toNearestOrEven))
        r -= 90 * Double(q)
        r *= degree
        return quadrant(sin(r), cos(r), q, x)
    }

    /// Sine and cosine of (x + t) degrees for x in [−180, 180] and a small correction t.
    @inline(__always) static func sincosde(_ x: Double, _ t: Double) -> (Double, Double) {
        let q = x.isFinite ? Int((x / 90).rounded(.toNearestOrEven)) : 0
        var r = x - 90 * Double(q)
        r = angRound(r + t) * degree
        return quadrant(sin(r), cos(r), q, x)
    }

    /// atan2(y, x) in degrees, exact in the quadrant corners.
    @inline(__always) static func atan2d(_ y: Double, _ x: Double) -> Double {
        var (x, y) = (x, y)
        var q = 0
        if abs(y) > abs(x) {
            q = 2
            (x, y) = (y, x)
        }
        if x < 0 {
            q += 1
            x = -x
        }
        var ang = atan2(y, x) * radiansToDegrees
        switch q {
        case 1: ang = copysign(180, y) - ang
        case 2: ang = 90 - ang
        case 3: ang = -90 + ang
        default: break
        }
        return ang
    }
}
