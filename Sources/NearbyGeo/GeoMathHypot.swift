// √(x² + y²) exactly as CPython 3.11's math.hypot computes it (Modules/mathmodule.c,
// vector_norm for two arguments), which GeographicLib's Python package uses in Math.norm,
// Lambda12 and InverseStart. Returning the same double as that function makes our geodesic
// results bit-identical to the package's, not just equally close to the exact value.
import Foundation

extension GeoMath {
    /// 2²⁷ + 1: Veltkamp's constant that splits a double into two 26-bit halves.
    private static let split = 134_217_729.0

    /// √(x² + y²), the same double as CPython 3.11's `math.hypot(x, y)`.
    ///
    /// CPython scales by a power of two, squares without error, sums with compensation and
    /// corrects the square root once (``pythonHypot(_:_:)``, ported literally). Its result
    /// h + x/(2h) is within 2⁻⁹⁸ of √S (S the scaled x² + y², in [¼, 2); every step's error is
    /// bounded in the note at the end of this file), so it rounds to the correctly rounded √S
    /// whenever √S lies further than that from a rounding midpoint. The fast path computes
    /// s = fl(√fl(S)) and the residual S − s² exactly enough (to 2⁻¹⁰⁰) to prove |√S − s| is
    /// under 0.495 ulp, i.e. s is that correctly rounded value with room to spare; otherwise
    /// (about one call in a hundred, and every non-finite, huge or subnormal argument) it runs
    /// CPython's algorithm itself.
    @inline(__always) static func hypot2(_ x: Double, _ y: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let big = ax < ay ? ay : ax, small = ax < ay ? ax : ay
        // CPython scales by a power of two first; floating-point arithmetic commutes with that
        // scaling unless something overflows or underflows, so in 2⁻⁴⁸⁰ ≤ big < 2⁵⁰⁰ the fast path
        // works unscaled (a tiny `small` can underflow, but S ≥ 2⁻⁹⁶⁰ keeps that below 2⁻¹¹⁰ of
        // S). NaN and ∞ fail the range test; a NaN `small` fails the residual test.
        if big >= 0x1p-480 && big < 0x1p500 {
            let (pa, ea) = twoSquare(big)
            let (pb, eb) = twoSquare(small)
            let sum = pa + pb
            let es = pb - (sum - pa)  // Fast2Sum: S = sum + es + ea + eb exactly
            let s = sum.squareRoot()
            let (q, eq) = twoSquare(s)  // s² = q + eq exactly
            let r = (sum - q) + (((es + ea) + eb) - eq)  // S − s², to 2⁻¹⁰⁰ S
            // √S rounds to s + k·u where (s + (k − ½)u)² < S < (s + (k + ½)u)², i.e. k = 1 when
            // r > su + u²/4, k = −1 when r < u²/4 − su (s not a power of two, whose lower
            // neighbour is nearer). Accept only r at least su/50 away from those bounds.
            let u = s.ulp
            let su = s * u, quarter = 0.25 * u * u
            let upper = su + quarter, lower = quarter - su
            let margin = 0.02 * su
            if abs(r - upper) > margin && abs(r - lower) > margin && abs(r) < 2.9 * su
                && s.significandBitPattern != 0
            {
                let k = (r > upper ? 1.0 : 0.0) - (r < lower ? 1.0 : 0.0)
                return s + k * u
            }
        }
        return pythonHypot(x, y)
    }

    /// x² = p + e exactly (Dekker's product with Veltkamp's split; |x| < 2⁹⁹⁵, and exact up to
    /// an underflow of a few 2⁻¹⁰⁷⁴).
    @inline(__always) private static func twoSquare(_ x: Double) -> (Double, Double) {
        let p = x * x
        let t = x * split
        let hi = t - (t - x)
        let lo = x - hi
        return (p, lo * lo - (((p - hi * hi) - hi * lo) - hi * lo))
    }

    /// CPython 3.11's math.hypot(x, y), step by step: vector_norm with n = 2.
    @inline(never) static func pythonHypot(_ x: Double, _ y: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        // CPython takes the maximum with `if (x > max)`, so a NaN never becomes it; an infinity
        // wins over a NaN.
        var m = 0.0
        if ax > m { m = ax }
        if ay > m { m = ay }
        if m.isInfinite { return m }
        if ax.isNaN || ay.isNaN { return .nan }
        if m == 0 { return m }
        let e = Int(m.exponent) + 1  // frexp: m = f · 2^e, f in [0.5, 1)
        if e < -1023 {
            // ldexp(1, -e) would overflow: divide by the maximum instead.
            var csum = 1.0, frac = 0.0
            var t = ax / m
            compensatedAdd(t * t, &csum, &frac)
            t = ay / m
            compensatedAdd(t * t, &csum, &frac)
            return m * (csum - 1.0 + frac).squareRoot()
        }
        let scale = Double(sign: .plus, exponent: -e, significand: 1)  // ldexp(1.0, -e)
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
        let correction = csum - 1.0 + (frac1 + frac2 + frac3)
        return (h + correction / (2.0 * h)) / scale
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

    /// csum += x, with the rounding error added to frac (|csum| ≥ |x|, so it is exact).
    @inline(__always) private static func compensatedAdd(
        _ x: Double, _ csum: inout Double, _ frac: inout Double
    ) {
        let old = csum
        csum += x
        frac += (old - csum) + x
    }
}

// Why CPython's result is the correctly rounded √S away from midpoints (scaled a ≥ b, a in
// [0.5, 1), S = a² + b² in [¼, 2), h ≥ ½): the splits and products are exact, every Fast2Sum
// into csum (≥ 1 ≥ each addend) is exact, and only the frac additions round, each by at most
// 2⁻¹⁰⁴ (|frac| < 2⁻⁵⁰), about ten of them: the computed correction x is S − h² within 2⁻¹⁰⁰.
// h is √fl(S) within 1.5 ulp, so |S − h²| < 2⁻⁵⁰·⁵ and the Taylor remainder (S − h²)²/(8h³) is
// below 2⁻¹⁰¹; x/(2h) rounds by under 2⁻¹⁰⁴. So h + x/(2h) is √S within 2⁻⁹⁸, while the fast
// path only accepts √S at least 0.005 ulp ≥ 2⁻⁶¹ from a midpoint. HypotTests checks both paths
// against Python itself.
