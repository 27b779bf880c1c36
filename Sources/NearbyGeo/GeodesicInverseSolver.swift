// The inverse geodesic problem (distance and azimuths between two points): ported from
// GeographicLib by Charles Karney, MIT (geodesic.py / Geodesic.cpp, Geodesic::GenInverse,
// InverseStart, Lambda12, Lengths, Astroid; https://geographiclib.sourceforge.io/).
// Only the quantities the public API needs (distance, azimuths) are computed.
import Foundation

extension Geodesic {
    /// Distance and the sines/cosines of the azimuths at both ends (not normalised).
    struct InverseSolution {
        var s12: Double
        var salp1: Double
        var calp1: Double
        var salp2: Double
        var calp2: Double
    }

    /// The per-latitude part of the inverse problem: the rounded latitude, the reduced
    /// latitude's sine and cosine (for the latitude as given; the solver flips signs exactly) and
    /// dn = √(1 + e′² sin²β). A SpatialIndex stores these per point (see ``LibmFingerprint``),
    /// a ``GeodesicPoint`` holds them for repeated solves.
    struct LatitudeTerms {
        var latitude: Double
        var sbet: Double
        var cbet: Double
        var dn: Double
    }

    /// Terms of `latitude` degrees; computing them once per point gives the same bits as
    /// computing them inside every solve.
    @inline(__always)
    func latitudeTerms(_ latitude: Double) -> LatitudeTerms {
        let lat = GeoMath.angRound(abs(latitude) > 90 ? .nan : latitude)
        var (sbet, cbet) = GeoMath.sincosd(lat)
        sbet *= f1
        (sbet, cbet) = GeoMath.norm(sbet, cbet)
        return latitudeTerms(latitude: lat, sbet: sbet, cbet: max(GeoMath.tiny, cbet))
    }

    /// Terms from stored rounded latitude, sin β and cos β (dn is a function of sin β alone).
    @inline(__always)
    func latitudeTerms(latitude: Double, sbet: Double, cbet: Double) -> LatitudeTerms {
        LatitudeTerms(latitude: latitude, sbet: sbet, cbet: cbet, dn: (1 + ep2 * GeoMath.sq(sbet)).squareRoot())
    }

    /// Solves the inverse problem between (lat1, lon1) and (lat2, lon2), degrees.
    ///
    /// With `distanceOnly` the azimuths may be left NaN: for really short lines GeographicLib
    /// normalises both azimuth vectors (two `hypot`s) after the distance is already fixed, and
    /// skipping that work leaves s12 bit for bit the same.
    @inline(__always)
    func solveInverse(
        _ latitude1: Double, _ lon1: Double, _ latitude2: Double, _ lon2: Double,
        distanceOnly: Bool = false
    ) -> InverseSolution {
        solveInverse(
            latitudeTerms(latitude1), lon1, latitudeTerms(latitude2), lon2,
            distanceOnly: distanceOnly)
    }

    /// Solves the inverse problem from precomputed latitude terms.
    func solveInverse(
        _ terms1: LatitudeTerms, _ lon1: Double, _ terms2: LatitudeTerms, _ lon2: Double,
        distanceOnly: Bool = false
    ) -> InverseSolution {
        var (lon12, lon12s) = GeoMath.angDiff(lon1, lon2)
        // Make the longitude difference positive.
        var lonsign = copysign(1.0, lon12)
        lon12 *= lonsign
        lon12s *= lonsign
        let lam12 = lon12 * GeoMath.degree
        let (slam12, clam12) = GeoMath.sincosde(lon12, lon12s)
        lon12s = (180 - lon12) - lon12s  // the supplementary longitude difference

        var t1 = terms1, t2 = terms2
        // Swap points so that the point with the higher (absolute) latitude is point 1.
        let swapp: Double = abs(t1.latitude) < abs(t2.latitude) || t2.latitude.isNaN ? -1 : 1
        if swapp < 0 {
            lonsign *= -1
            swap(&t1, &t2)
        }
        // Make lat1 <= 0 (sincosd is odd in the sine, so flipping the terms is exact).
        let latsign = copysign(1.0, -t1.latitude)
        let lat1 = t1.latitude * latsign
        let sbet1 = t1.sbet * latsign, cbet1 = t1.cbet
        var sbet2 = t2.sbet * latsign, cbet2 = t2.cbet

        // dn depends on sin²β only, so the sign flips above leave it exact.
        let dn1 = t1.dn
        var dn2 = t2.dn
        // Force bet2 = ±bet1 exactly when the difference vanishes (see GeographicLib).
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 {
                sbet2 = copysign(sbet1, sbet2)
                dn2 = dn1
            }
        } else if abs(sbet2) == -sbet1 {
            cbet2 = cbet1
        }

        var s12x = Double.nan
        var salp1 = Double.nan, calp1 = Double.nan, salp2 = Double.nan, calp2 = Double.nan
        var meridian = lat1 == -90 || slam12 == 0

        if meridian {
            // Both ends on one full meridian: the geodesic may run along it.
            calp1 = clam12
            salp1 = slam12
            calp2 = 1
            salp2 = 0
            let ssig1 = sbet1, csig1 = calp1 * cbet1
            let ssig2 = sbet2, csig2 = calp2 * cbet2
            var sig12 = atan2(
                max(0.0, csig1 * ssig2 - ssig1 * csig2) + 0.0, csig1 * csig2 + ssig1 * ssig2)
            let l = lengths(
                n, sig12, ssig1, csig1, dn1, ssig2, csig2, dn2, distance: true, reduced: true)
            var m12x = l.m12b
            s12x = l.s12b
            if sig12 < GeoMath.tol2 || m12x >= 0 {
                if sig12 < 3 * GeoMath.tiny
                    || (sig12 < GeoMath.tol0 && (s12x < 0 || m12x < 0))
                {
                    sig12 = 0
                    m12x = 0
                    s12x = 0
                }
                s12x *= b
            } else {
                meridian = false  // too close to antipodal on a prolate ellipsoid
            }
        }

        if !meridian && sbet1 == 0 && (flattening <= 0 || lon12s >= flattening * 180) {
            // The geodesic runs along the equator.
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            s12x = equatorialRadius * lam12
        } else if !meridian {
            let start = inverseStart(
                sbet1, cbet1, dn1, sbet2, cbet2, dn2, lam12, slam12, clam12,
                distanceOnly: distanceOnly)
            salp1 = start.salp1
            calp1 = start.calp1
            if start.sig12 >= 0 {
                // Short line: InverseStart solved it.
                salp2 = start.salp2
                calp2 = start.calp2
                s12x = start.sig12 * b * start.dnm
            } else {
                let solved = newton(
                    sbet1, cbet1, dn1, sbet2, cbet2, dn2, slam12, clam12, salp1, calp1)
                salp1 = solved.salp1
                calp1 = solved.calp1
                salp2 = solved.line.salp2
                calp2 = solved.line.calp2
                let line = solved.line
                s12x =
                    lengths(
                        line.eps, line.sig12, line.ssig1, line.csig1, dn1,
                        line.ssig2, line.csig2, dn2, distance: true, reduced: false
                    ).s12b * b
            }
        }

        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapp * lonsign
        calp1 *= swapp * latsign
        salp2 *= swapp * lonsign
        calp2 *= swapp * latsign
        return InverseSolution(
            s12: 0.0 + s12x, salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2)
    }

    /// Newton's method on alp1 with a bracket, as in GeographicLib's GenInverse.
    private func newton(
        _ sbet1: Double, _ cbet1: Double, _ dn1: Double,
        _ sbet2: Double, _ cbet2: Double, _ dn2: Double,
        _ slam12: Double, _ clam12: Double, _ salp1Start: Double, _ calp1Start: Double
    ) -> (salp1: Double, calp1: Double, line: Lambda12Result) {
        let maxit1 = 20
        let maxit2 = maxit1 + Double.significandBitCount + 1 + 10
        var salp1 = salp1Start, calp1 = calp1Start
        var numit = 0
        var tripn = false, tripb = false
        var salp1a = GeoMath.tiny, calp1a = 1.0
        var salp1b = GeoMath.tiny, calp1b = -1.0
        while true {
            let line = lambda12(
                sbet1, cbet1, dn1, sbet2, cbet2, dn2, salp1, calp1, slam12, clam12)
            let v = line.lam12
            // Reversed test to allow escape with NaNs.
            if tripb || !(abs(v) >= (tripn ? 8 : 1) * GeoMath.tol0) || numit == maxit2 {
                return (salp1, calp1, line)
            }
            // Update the bracketing values.
            if v > 0 && (numit > maxit1 || calp1 / salp1 > calp1b / salp1b) {
                salp1b = salp1
                calp1b = calp1
            } else if v < 0 && (numit > maxit1 || calp1 / salp1 < calp1a / salp1a) {
                salp1a = salp1
                calp1a = calp1
            }
            numit += 1
            let dlam12 = numit < maxit1 ? lambda12Derivative(line, sbet1, dn1, cbet2, dn2) : .nan
            if numit < maxit1 && dlam12 > 0 {
                let dalp1 = -v / dlam12
                if abs(dalp1) < Double.pi {
                    let sdalp1 = sin(dalp1), cdalp1 = cos(dalp1)
                    let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                    if nsalp1 > 0 {
                        calp1 = calp1 * cdalp1 - salp1 * sdalp1
                        salp1 = nsalp1
                        (salp1, calp1) = GeoMath.norm(salp1, calp1)
                        tripn = abs(v) <= 16 * GeoMath.tol0
                        continue
                    }
                }
            }
            // Newton stepped outside the bracket or the slope was not positive: bisect.
            salp1 = (salp1a + salp1b) / 2
            calp1 = (calp1a + calp1b) / 2
            (salp1, calp1) = GeoMath.norm(salp1, calp1)
            tripn = false
            tripb =
                abs(salp1a - salp1) + (calp1a - calp1) < GeoMath.tol0
                || abs(salp1 - salp1b) + (calp1 - calp1b) < GeoMath.tol0
        }
    }

    /// Lengths along the geodesic, in units of b: distance s12b, reduced length m12b and m0.
    @inline(__always)
    func lengths(
        _ eps: Double, _ sig12: Double,
        _ ssig1: Double, _ csig1: Double, _ dn1: Double,
        _ ssig2: Double, _ csig2: Double, _ dn2: Double,
        distance: Bool, reduced: Bool
    ) -> (s12b: Double, m12b: Double, m0: Double) {
        var a1 = GeodesicSeries.a1m1(eps)
        let c1a = GeodesicSeries.c1(eps)
        var a2 = 0.0, m0x = 0.0
        var c2a = GeodesicSeries()
        if reduced {
            a2 = GeodesicSeries.a2m1(eps)
            c2a = GeodesicSeries.c2(eps)
            m0x = a1 - a2
            a2 = 1 + a2
        }
        a1 = 1 + a1
        var s12b = Double.nan, m12b = Double.nan, j12 = Double.nan
        if distance {
            let b1 = c1a.sinSeries(ssig2, csig2) - c1a.sinSeries(ssig1, csig1)
            s12b = a1 * (sig12 + b1)
            if reduced {
                let b2 = c2a.sinSeries(ssig2, csig2) - c2a.sinSeries(ssig1, csig1)
                j12 = m0x * sig12 + (a1 * b1 - a2 * b2)
            }
        } else if reduced {
            var cb = GeodesicSeries()
            cb.c1 = a1 * c1a.c1 - a2 * c2a.c1
            cb.c2 = a1 * c1a.c2 - a2 * c2a.c2
            cb.c3 = a1 * c1a.c3 - a2 * c2a.c3
            cb.c4 = a1 * c1a.c4 - a2 * c2a.c4
            cb.c5 = a1 * c1a.c5 - a2 * c2a.c5
            // GeographicLib's Python _Lengths combines C2a[l] for l in range(1, nC2_), i.e.
            // 1…5 only, and leaves C2a[6] as is (the C++ code combines all six); match it.
            cb.c6 = c2a.c6
            j12 = m0x * sig12 + (cb.sinSeries(ssig2, csig2) - cb.sinSeries(ssig1, csig1))
        }
        if reduced {
            // Parentheses keep the cancellation exact for coincident points.
            m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }
        return (s12b, m12b, m0x)
    }
}
