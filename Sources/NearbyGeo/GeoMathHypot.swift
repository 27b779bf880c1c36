// √(x² + y²) exactly as CPython 3.11's math.hypot computes it (Modules/mathmodule.c,
// vector_norm for two arguments), which GeographicLib's Python package uses in Math.norm,
// Lambda12 and InverseStart. Doing the same operations in the same order makes our geodesic
// results bit-identical to that package's, not just equally close to the exact value.
import Foundation

extension GeoMath {
    /// 2²⁷ + 1: Veltkamp's constant that splits a double into two 26-bit halves.
    private static let split = 134_217_729.0

    /// √(x² + y²) as CPython 3.11's `math.hypot(x, y)`: the arguments are scaled by a power of
    /// two, squared without error (Veltkamp–Dekker), summed with compensation and the square
    /// root gets one differential correction, so the result is correctly rounded in nearly all
    /// cases. It is a little slower than `(x * x + y * y).squareRoot()`, which differs in the
    /// last bit for about one pair in 200.
    @inline(__always) static func hypot2(_ x: Double, _ y: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        // CPython takes the maximum with `if (x > max)`, so a NaN never becomes it; an infinity
        // wins over a NaN.
        var m = 0.0
        if ax > m { m = ax }
        if ay > m { m = ay }
        if m.isInfinite { return m }
        if ax.isNaN || ay.isNaN { return .nan }
        if m == 0 { return m }
        // frexp's exponent: m = f · 2^e with f in [0.5, 1).
        let e = Int(m.exponent) + 1
        guard e >= -1023 else { return tinyHypot(ax, ay, m) }
        let scale = Double(sign: .plus, exponent: -e, significand: 1)
        var csum = 1.0, frac1 = 0.0, frac2 = 0.0, frac3 = 0.0
        accumulate(ax * scale, &csum, &frac1, &frac2, &frac3)
        accumulate(ay * scale, &csum, &frac1, &frac2, &frac3)
        let h = (csum - 1.0 + (frac1 + frac2 + frac3)).squareRoot()
        // Differential correction: subtract h² (split, so exactly) and refine h.
        let t = h * split
        let hi = t - (t - h)
        let lo = h - hi
        compensatedAdd(-hi * hi, &csum, &frac1)
        compensatedAdd(-2.0 * hi * lo, &csum, &frac2)
        compensatedAdd(-lo * lo, &csum, &frac3)
        let x = csum - 1.0 + (frac1 + frac2 + frac3)
        return (h + x / (2.0 * h)) / scale
    }

    /// Adds x² (|x| < 1) to csum + frac1 + frac2 + frac3 as CPython's loop body does.
    @inline(__always) private static func accumulate(
        _ x: Double, _ csum: inout Double,
        _ frac1: inout Double, _ frac2: inout Double, _ frac3: inout Double
    ) {
        let t = x * split
        let hi = t - (t - x)
        let lo = x - hi
        compensatedAdd(hi * hi, &csum, &frac1)
        compensatedAdd(2.0 * hi * lo, &csum, &frac2)
        frac3 += lo * lo
    }

    /// csum += x, with the rounding error added to frac (|csum| ≥ |x|).
    @inline(__always) private static func compensatedAdd(
        _ x: Double, _ csum: inout Double, _ frac: inout Double
    ) {
        let old = csum
        csum += x
        frac += (old - csum) + x
    }

    /// CPython's branch for a maximum below 2⁻¹⁰²⁴, where the power-of-two scale would
    /// overflow: divide by the maximum instead.
    private static func tinyHypot(_ ax: Double, _ ay: Double, _ m: Double) -> Double {
        var csum = 1.0, frac = 0.0
        var x = ax / m
        compensatedAdd(x * x, &csum, &frac)
        x = ay / m
        compensatedAdd(x * x, &csum, &frac)
        return m * (csum - 1.0 + frac).squareRoot()
    }
}
