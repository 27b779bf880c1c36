// The direct geodesic problem (where a path of given length and azimuth ends): ported from
// GeographicLib by Charles Karney, MIT (geodesicline.py / GeodesicLine.cpp: the constructor and
// GenPosition for distance input; https://geographiclib.sourceforge.io/).
import Foundation

extension Geodesic {
    /// Latitude and longitude (degrees, longitude in [−180, 180]) reached from (lat1, lon1)
    /// after `s12` metres along azimuth `azi1` degrees.
    func solveDirect(
        _ latitude1: Double, _ lon1: Double, _ azi1: Double, _ s12: Double
    ) -> (latitude: Double, longitude: Double) {
        let lat1 = abs(latitude1) > 90 ? Double.nan : latitude1
        let (salp1, calp1) = GeoMath.sincosd(GeoMath.angRound(azi1))
        var (sbet1, cbet1) = GeoMath.sincosd(GeoMath.angRound(lat1))
        sbet1 *= f1
        (sbet1, cbet1) = GeoMath.norm(sbet1, cbet1)
        cbet1 = max(GeoMath.tiny, cbet1)

        // sin(alp0) = sin(alp1) cos(bet1); alp0 in [0, pi/2 - |bet1|].
        let salp0 = salp1 * cbet1
        let calp0 = GeoMath.hypot2(calp1, salp1 * sbet1)
        // tan(bet1) = tan(sig1) cos(alp1); tan(omg1) = sin(alp0) tan(sig1).
        var ssig1 = sbet1
        let somg1 = salp0 * sbet1
        var csig1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        let comg1 = csig1
        (ssig1, csig1) = GeoMath.norm(ssig1, csig1)

        let k2 = GeoMath.sq(calp0) * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)

        let a1m1 = GeodesicSeries.a1m1(eps)
        let c1a = GeodesicSeries.c1(eps)
        let b11 = c1a.sinSeries(ssig1, csig1)
        let s = sin(b11), c = cos(b11)
        // tau1 = sig1 + B11
        let stau1 = ssig1 * c + csig1 * s
        let ctau1 = csig1 * c - ssig1 * s
        let c1pa = GeodesicSeries.c1p(eps)
        let c3a = longitude.c3(eps)
        let a3c = -flattening * salp0 * longitude.a3(eps)
        let b31 = c3a.sinSeries(ssig1, csig1)

        // Distance to arc length via the reverted series.
        var tau12 = s12 / (b * (1 + a1m1))
        if !tau12.isFinite { tau12 = .nan }
        let st = sin(tau12), ct = cos(tau12)
        var b12 = -c1pa.sinSeries(stau1 * ct + ctau1 * st, ctau1 * ct - stau1 * st)
        var sig12 = tau12 - (b12 - b11)
        var ssig12 = sin(sig12), csig12 = cos(sig12)
        if abs(flattening) > 0.01 {
            // The reverted series is not accurate enough: one Newton step.
            let ssig2 = ssig1 * csig12 + csig1 * ssig12
            let csig2 = csig1 * csig12 - ssig1 * ssig12
            b12 = c1a.sinSeries(ssig2, csig2)
            let serr = (1 + a1m1) * (sig12 + (b12 - b11)) - s12 / b
            sig12 = sig12 - serr / (1 + k2 * GeoMath.sq(ssig2)).squareRoot()
            ssig12 = sin(sig12)
            csig12 = cos(sig12)
        }

        // sig2 = sig1 + sig12
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = GeoMath.hypot2(salp0, calp0 * csig2)
        if cbet2 == 0 {
            // salp0 = 0 and csig2 = 0: break the degeneracy.
            cbet2 = GeoMath.tiny
            csig2 = GeoMath.tiny
        }
        let somg2 = salp0 * ssig2, comg2 = csig2
        let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let lam12 = omg12 + a3c * (sig12 + (c3a.sinSeries(ssig2, csig2) - b31))
        let lon12 = lam12 * GeoMath.radiansToDegrees  // math.degrees, as in the Python port
        let lon2 = GeoMath.angNormalize(
            GeoMath.angNormalize(lon1) + GeoMath.angNormalize(lon12))
        let lat2 = GeoMath.atan2d(sbet2, f1 * cbet2)
        return (lat2, lon2)
    }
}
