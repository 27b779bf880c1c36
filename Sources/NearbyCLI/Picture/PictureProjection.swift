import Foundation
import NearbyGeo

/// A local equirectangular projection of WGS84 coordinates onto a pixel box, north up.
///
/// Rules: around the mid-latitude φ₀ of the bounds, one degree of latitude is M(φ₀)·π/180
/// metres and one degree of longitude N(φ₀)·cos φ₀·π/180 metres, with M and N the WGS84
/// meridional and prime-vertical radii of curvature, so x and y share one metres-to-pixels
/// factor and shapes keep their aspect. The bounds (at least `minimumSpan` metres each way, so
/// a single point still gets a finite scale) are fitted inside the box less `margin` and
/// centred. Longitudes are taken relative to the centre, wrapped into −180…180.
struct PictureProjection: Sendable, Hashable {
    /// The box in pixels.
    let width: Double
    let height: Double
    /// Pixels per metre on the ground, the same along x and y.
    let pixelsPerMetre: Double
    let originLatitude: Double
    let originLongitude: Double
    /// Metres per degree of latitude and of longitude at the mid-latitude.
    let metresPerDegreeLatitude: Double
    let metresPerDegreeLongitude: Double

    static let semiMajorAxis = 6_378_137.0
    static let flattening = 1 / 298.257_223_563

    /// Fits `coordinates` into a `width` × `height` box, `margin` pixels from each side.
    init(
        fitting coordinates: [Coordinate], width: Double, height: Double, margin: Double,
        minimumSpan: Double = 200
    ) {
        self.width = width
        self.height = height
        var south = 90.0
        var north = -90.0
        for c in coordinates {
            south = Swift.min(south, c.latitude)
            north = Swift.max(north, c.latitude)
        }
        if coordinates.isEmpty { (south, north) = (0, 0) }
        let midLatitude = (south + north) / 2
        let reference = coordinates.first?.longitude ?? 0
        var west = 0.0
        var east = 0.0
        for c in coordinates {
            let d = Self.wrap(c.longitude - reference)
            west = Swift.min(west, d)
            east = Swift.max(east, d)
        }
        originLatitude = midLatitude
        originLongitude = Self.wrap(reference + (west + east) / 2)
        let phi = midLatitude * .pi / 180
        let e2 = Self.flattening * (2 - Self.flattening)
        let w = 1 - e2 * sin(phi) * sin(phi)
        let meridional = Self.semiMajorAxis * (1 - e2) / (w * w.squareRoot())
        let primeVertical = Self.semiMajorAxis / w.squareRoot()
        metresPerDegreeLatitude = meridional * .pi / 180
        metresPerDegreeLongitude = Swift.max(primeVertical * cos(phi) * .pi / 180, 1e-6)
        let spanX = Swift.max((east - west) * metresPerDegreeLongitude, minimumSpan)
        let spanY = Swift.max((north - south) * metresPerDegreeLatitude, minimumSpan)
        let usableX = Swift.max(width - 2 * margin, 1)
        let usableY = Swift.max(height - 2 * margin, 1)
        pixelsPerMetre = Swift.min(usableX / spanX, usableY / spanY)
    }

    /// The pixel position of `c` (y grows downwards).
    func point(_ c: Coordinate) -> (x: Double, y: Double) {
        let east = Self.wrap(c.longitude - originLongitude) * metresPerDegreeLongitude
        let north = (c.latitude - originLatitude) * metresPerDegreeLatitude
        return (width / 2 + east * pixelsPerMetre, height / 2 - north * pixelsPerMetre)
    }

    /// `degrees` wrapped into −180…180.
    static func wrap(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d < -180 { d += 360 }
        return d
    }
}
