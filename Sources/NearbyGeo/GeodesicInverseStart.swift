// Starting guess and the longitude function for the inverse geodesic problem: ported from
// GeographicLib by Charles Karney, MIT (geodesic.py / Geodesic.cpp: InverseStart, Lambda12,
// Astroid; https://geographiclib.sourceforge.io/).
import Foundation

extension Geodesic {
    /// The starting azimuth for Newton's method; when `sig12 >= 0` the short line is solved
    /// (its azimuths stay NaN if only the distance was asked for).
    struct InverseStartResult {
        var sig12 = -1.0
        var salp1 = Double.nan
        var calp1 = Double.nan
        var salp2 = Double.nan
        var calp2 = Double.nan
        var dnm = Double.nan
    }

    /// The state of the geodesic for a trial alp1 (GeographicLib's Lambda12 outputs).
    struct Lambda12Result {
        var lam12: Double
        var salp2: Double
        var calp2: Double
        var sig12: Double
        var ssig1: Double
        var csig1: Double
        var ssig2: Double
        var csig2: Double
        var eps: Double
    }

    func inverseStart(
        _ sbet1: Double, _ cbet1: Double, _ dn1: Double,
        _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
        _ lam12: Double, _ slam12: Double, _ clam12: Double, distanceOnly: Bool = false
    ) -> InverseStartResult {
        var r = InverseStartResult()
        // bet12 = bet2 - bet1 in [0, pi); bet12a = bet2 + bet1 in (-pi, 0].
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        var sbet12a = sbet2 * cbet1
        sbet12a += cbet2 * sbet1

        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double, comg12: Double
        if shortline {
            var sbetm2 = GeoMath.sq(sbet1 + sbet2)
            sbetm2 /= sbetm2 + GeoMath.sq(cbet1 + cbet2)
            r.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * r.dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        var salp1 = cbet2 * somg12
        var calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * GeoMath.sq(somg12) / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * GeoMath.sq(somg12) / (1 - comg12)

        let ssig12 = GeoMath.hypot2(salp1, calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            // Really short lines: the distance is sig12 · b · dnm, whatever the azimuths.
            r.sig12 = atan2(ssig12, csig12)
            if distanceOnly { return r }
            let salp2 = cbet1 * somg12
            let calp2 =
                sbet12 - cbet1 * sbet2
                * (comg12 >= 0 ? GeoMath.sq(somg12) / (1 + comg12) : 1 - comg12)
            (r.salp2, r.calp2) = GeoMath.norm(salp2, calp2)
        } else if abs(n) >= 0.1 || csig12 >= 0
            || ssig12 >= 6 * abs(n) * Double.pi * GeoMath.sq(cbet1)
        {
            // The zeroth-order spherical approximation is good enough.
        } else {
            // Nearly antipodal: scale to the astroid's coordinates, antipode at the origin.
            let lam12x = atan2(-slam12, -clam12)
            let x: Double, y: Double, lamscale: Double, betscale: Double
            if flattening >= 0 {
                let k2 = GeoMath.sq(sbet1) * ep2
                let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                lamscale = flattening * cbet1 * longitude.a3(eps) * Double.pi
                betscale = lamscale * cbet1
                x = lam12x / lamscale
                y = sbet12a / betscale
            } else {
                let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
                let bet12a = atan2(sbet12a, cbet12a)
                let l = lengths(
                    n, Double.pi + bet12a, sbet1, -cbet1, dn1, sbet2, cbet2, dn2,
                    distance: false, reduced: true)
                x = -1 + l.m12b / (cbet1 * cbet2 * l.m0 * Double.pi)
                betscale = x < -0.01 ? sbet12a / x : -flattening * GeoMath.sq(cbet1) * Double.pi
                lamscale = betscale / cbet1
                y = lam12x / lamscale
            }
            if y > -GeoMath.tol1 && x > -1 - GeoMath.xthresh {
                // Strip near the cut.
                if flattening >= 0 {
                    salp1 = min(1.0, -x)
                    calp1 = -(1 - GeoMath.sq(salp1)).squareRoot()
                } else {
                    calp1 = max(x > -GeoMath.tol1 ? 0.0 : -1.0, x)
                    salp1 = (1 - GeoMath.sq(calp1)).squareRoot()
                }
            } else {
                // Estimate omg12 from the astroid and use the spherical formula for alp1.
                let k = Self.astroid(x, y)
                let omg12a = lamscale * (flattening >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                salp1 = cbet2 * somg12
                calp1 = sbet12a - cbet2 * sbet1 * GeoMath.sq(somg12) / (1 - comg12)
            }
        }
        // Sanity check on the starting guess; the backwards test lets NaN through.
        if !(salp1 <= 0) {
            (r.salp1, r.calp1) = GeoMath.norm(salp1, calp1)
        } else {
            r.salp1 = 1
            r.calp1 = 0
        }
        return r
    }

    /// Solves k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0 for its positive root.
    static func astroid(_ x: Double, _ y: Double) -> Double {
        let p = GeoMath.sq(x)
        let q = GeoMath.sq(y)
        let r = (p + q - 1) / 6
        guard !(q == 0 && r <= 0) else { return 0 }
        let s = p * q / 4
        let r2 = GeoMath.sq(r)
        let r3 = r * r2
        let disc = s * (s + 2 * r3)
        var u = r
        if disc >= 0 {
            var t3 = s + r3
            t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()
            // GeographicLib's Python Math.cbrt: copysign(pow(|x|, 1/3), x), not libm's cbrt.
            let t = copysign(pow(abs(t3), 1.0 / 3.0), t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            let ang = atan2((-disc).squareRoot(), -(s + r3))
            u += 2 * r * cos(ang / 3)
        }
        let v = (GeoMath.sq(u) + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v
        let w = (uv - q) / (2 * v)
        return uv / ((uv + GeoMath.sq(w)).squareRoot() + w)
    }

    /// The longitude difference reached by the geodesic leaving point 1 at azimuth alp1, minus
    /// the target. Its derivative is ``lambda12Derivative(_:_:_:_:_:)``, computed only when
    /// Newton's method needs another step (GeographicLib computes it eagerly; same values).
    @inline(__always)
    func lambda12(
        _ sbet1: Double, _ cbet1: Double, _ dn1: Double,
        _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
        _ salp1: Double, _ calp1In: Double,
        _ slam120: Double, _ clam120: Double
    ) -> Lambda12Result {
        // Break the degeneracy of the equatorial line.
        let calp1 = sbet1 == 0 && calp1In == 0 ? -GeoMath.tiny : calp1In
        let salp0 = salp1 * cbet1
        let calp0 = GeoMath.hypot2(calp1, salp1 * sbet1)
        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = calp1 * cbet1
        let comg1 = csig1
        (ssig1, csig1) = GeoMath.norm(ssig1, csig1)

        let salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        let calp2 =
            cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? (GeoMath.sq(calp1 * cbet1)
                + (cbet1 < -sbet1
                    ? (cbet2 - cbet1) * (cbet1 + cbet2) : (sbet1 - sbet2) * (sbet1 + sbet2)))
                .squareRoot() / cbet2
            : abs(calp1)
        var ssig2 = sbet2
        let somg2 = salp0 * sbet2
        var csig2 = calp2 * cbet2
        let comg2 = csig2
        (ssig2, csig2) = GeoMath.norm(ssig2, csig2)

        let sig12 = atan2(
            max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
        let somg12 = max(0.0, comg1 * somg2 - somg1 * comg2) + 0.0
        let comg12 = comg1 * comg2 + somg1 * somg2
        let eta = atan2(
            somg12 * clam120 - comg12 * slam120, comg12 * clam120 + somg12 * slam120)

        let k2 = GeoMath.sq(calp0) * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3a = longitude.c3(eps)
        let b312 = c3a.sinSeries(ssig2, csig2) - c3a.sinSeries(ssig1, csig1)
        let domg12 = -flattening * longitude.a3(eps) * salp0 * (sig12 + b312)
        let lam12 = eta + domg12

        return Lambda12Result(
            lam12: lam12, salp2: salp2, calp2: calp2, sig12: sig12, ssig1: ssig1, csig1: csig1,
            ssig2: ssig2, csig2: csig2, eps: eps)
    }

    /// d(lambda12)/d(alp1) for the geodesic in `line` (GeographicLib's `dlam12`).
    @inline(__always)
    func lambda12Derivative(
        _ line: Lambda12Result, _ sbet1: Double, _ dn1: Double,
        _ cbet2: Double, _ dn2: Double
    ) -> Double {
        if line.calp2 == 0 { return -2 * f1 * dn1 / sbet1 }
        return lengths(
            line.eps, line.sig12, line.ssig1, line.csig1, dn1,
            line.ssig2, line.csig2, dn2, distance: false, reduced: true
        ).m12b * (f1 / (line.calp2 * cbet2))
    }
}
