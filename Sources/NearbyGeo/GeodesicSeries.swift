// Series expansions of the geodesic problem to sixth order in the third flattening:
// ported from GeographicLib by Charles Karney, MIT (geodesic.py, https://geographiclib.sourceforge.io/).
// The polynomial coefficients are written out (not looped over arrays) so that evaluating them
// allocates nothing; the Horner order is the same as GeographicLib's `polyval`.

/// Six coefficients c1…c6 of a Fourier series sum(c_l · sin(2 l σ)); unused ones are zero.
struct GeodesicSeries {
    var c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0, c6 = 0.0

    /// sum(c_l · sin(2 l x), l = 1…6) by Clenshaw summation, given sin x and cos x.
    @inline(__always) func sinSeries(_ sinx: Double, _ cosx: Double) -> Double {
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = 0.0, y1 = 0.0
        y1 = ar * y0 - y1 + c6
        y0 = ar * y1 - y0 + c5
        y1 = ar * y0 - y1 + c4
        y0 = ar * y1 - y0 + c3
        y1 = ar * y0 - y1 + c2
        y0 = ar * y1 - y0 + c1
        return 2 * sinx * cosx * y0
    }

    /// A1 − 1, the scale of the distance integral.
    @inline(__always) static func a1m1(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = (((1.0 * eps2 + 4.0) * eps2 + 64.0) * eps2 + 0.0) / 256.0
        return (t + eps) / (1 - eps)
    }

    /// A2 − 1, the scale of the reduced-length integral.
    @inline(__always) static func a2m1(_ eps: Double) -> Double {
        let eps2 = eps * eps
        let t = ((((-11.0) * eps2 + (-28.0)) * eps2 + (-192.0)) * eps2 + 0.0) / 256.0
        return (t - eps) / (1 + eps)
    }

    /// Coefficients C1 of the distance integral.
    @inline(__always) static func c1(_ eps: Double) -> GeodesicSeries {
        let eps2 = eps * eps
        var c = GeodesicSeries()
        var d = eps
        c.c1 = d * (((-1.0) * eps2 + 6.0) * eps2 + (-16.0)) / 32.0
        d *= eps
        c.c2 = d * (((-9.0) * eps2 + 64.0) * eps2 + (-128.0)) / 2048.0
        d *= eps
        c.c3 = d * (9.0 * eps2 + (-16.0)) / 768.0
        d *= eps
        c.c4 = d * (3.0 * eps2 + (-5.0)) / 512.0
        d *= eps
        c.c5 = d * (-7.0) / 1280.0
        d *= eps
        c.c6 = d * (-7.0) / 2048.0
        return c
    }

    /// Coefficients C1′ of the reverted distance series (σ from τ).
    @inline(__always) static func c1p(_ eps: Double) -> GeodesicSeries {
        let eps2 = eps * eps
        var c = GeodesicSeries()
        var d = eps
        c.c1 = d * ((205.0 * eps2 + (-432.0)) * eps2 + 768.0) / 1536.0
        d *= eps
        c.c2 = d * ((4005.0 * eps2 + (-4736.0)) * eps2 + 3840.0) / 12288.0
        d *= eps
        c.c3 = d * ((-225.0) * eps2 + 116.0) / 384.0
        d *= eps
        c.c4 = d * ((-7173.0) * eps2 + 2695.0) / 7680.0
        d *= eps
        c.c5 = d * 3467.0 / 7680.0
        d *= eps
        c.c6 = d * 38081.0 / 61440.0
        return c
    }

    /// Coefficients C2 of the reduced-length integral.
    @inline(__always) static func c2(_ eps: Double) -> GeodesicSeries {
        let eps2 = eps * eps
        var c = GeodesicSeries()
        var d = eps
        c.c1 = d * ((1.0 * eps2 + 2.0) * eps2 + 16.0) / 32.0
        d *= eps
        c.c2 = d * ((35.0 * eps2 + 64.0) * eps2 + 384.0) / 2048.0
        d *= eps
        c.c3 = d * (15.0 * eps2 + 80.0) / 768.0
        d *= eps
        c.c4 = d * (7.0 * eps2 + 35.0) / 512.0
        d *= eps
        c.c5 = d * 63.0 / 1280.0
        d *= eps
        c.c6 = d * 77.0 / 2048.0
        return c
    }
}

/// The ellipsoid-dependent coefficients of A3 and C3 (the longitude integral), precomputed once
/// from the third flattening n.
struct GeodesicLongitudeCoefficients: Sendable {
    let a3x0, a3x1, a3x2, a3x3, a3x4, a3x5: Double
    let c3x0, c3x1, c3x2, c3x3, c3x4, c3x5, c3x6, c3x7: Double
    let c3x8, c3x9, c3x10, c3x11, c3x12, c3x13, c3x14: Double

    init(n: Double) {
        a3x0 = (-3.0) / 128.0
        a3x1 = ((-2.0) * n + (-3.0)) / 64.0
        a3x2 = (((-1.0) * n + (-3.0)) * n + (-1.0)) / 16.0
        a3x3 = ((3.0 * n + (-1.0)) * n + (-2.0)) / 8.0
        a3x4 = (1.0 * n + (-1.0)) / 2.0
        a3x5 = 1.0 / 1.0
        c3x0 = 3.0 / 128.0
        c3x1 = (2.0 * n + 5.0) / 128.0
        c3x2 = (((-1.0) * n + 3.0) * n + 3.0) / 64.0
        c3x3 = (((-1.0) * n + 0.0) * n + 1.0) / 8.0
        c3x4 = ((-1.0) * n + 1.0) / 4.0
        c3x5 = 5.0 / 256.0
        c3x6 = (1.0 * n + 3.0) / 128.0
        c3x7 = (((-3.0) * n + (-2.0)) * n + 3.0) / 64.0
        c3x8 = ((1.0 * n + (-3.0)) * n + 2.0) / 32.0
        c3x9 = 7.0 / 512.0
        c3x10 = ((-10.0) * n + 9.0) / 384.0
        c3x11 = ((5.0 * n + (-9.0)) * n + 5.0) / 192.0
        c3x12 = 7.0 / 512.0
        c3x13 = ((-14.0) * n + 7.0) / 512.0
        c3x14 = 21.0 / 2560.0
    }

    /// A3(ε).
    @inline(__always) func a3(_ eps: Double) -> Double {
        ((((a3x0 * eps + a3x1) * eps + a3x2) * eps + a3x3) * eps + a3x4) * eps + a3x5
    }

    /// C3(ε): coefficients 1…5 (c6 stays zero, which leaves the Clenshaw sum unchanged).
    @inline(__always) func c3(_ eps: Double) -> GeodesicSeries {
        var c = GeodesicSeries()
        var mult = eps
        c.c1 = mult * ((((c3x0 * eps + c3x1) * eps + c3x2) * eps + c3x3) * eps + c3x4)
        mult *= eps
        c.c2 = mult * (((c3x5 * eps + c3x6) * eps + c3x7) * eps + c3x8)
        mult *= eps
        c.c3 = mult * ((c3x9 * eps + c3x10) * eps + c3x11)
        mult *= eps
        c.c4 = mult * (c3x12 * eps + c3x13)
        mult *= eps
        c.c5 = mult * c3x14
        return c
    }
}
