import NearbyGeo

/// One place in an answer, with its distance and bearing from the query point when there is one.
public struct PlaceHit: Sendable, Hashable {
    /// The place.
    public var place: Place
    /// WGS84 geodesic distance from the query point, metres (nil without a query point or a
    /// coordinate).
    public var distance: Double?
    /// Initial bearing of that geodesic at the query point, degrees clockwise from north, [0, 360)
    /// (nil where ``distance`` is nil).
    public var bearing: Double?

    /// A hit with every field given.
    public init(place: Place, distance: Double? = nil, bearing: Double? = nil) {
        self.place = place
        self.distance = distance
        self.bearing = bearing
    }

    /// `place` seen from `origin`: distance and initial bearing come from one inverse geodesic
    /// (Karney's algorithm, the same solve the spatial index ranks by, so the distance is the
    /// index's bit for bit).
    public init(place: Place, from origin: Coordinate?) {
        self.place = place
        if let origin, let coordinate = place.coordinate {
            let inverse = Geodesic.wgs84.inverse(origin, coordinate)
            distance = inverse.distance
            bearing = inverse.initialBearing
        }
    }
}

/// What a ``PlaceLibrary`` call gives back: the answer, the datasets that gave it, and what the
/// user should hear about, as values the caller words.
public struct PlaceResult<Value: Sendable>: Sendable {
    /// The answer.
    public var value: Value
    /// The datasets that answered, in the order asked (those without data are left out).
    public var datasets: [OpenedDataset]
    /// Things to tell the user, in the order they happened.
    public var warnings: [PlaceLibraryWarning]

    /// A result with every field given.
    public init(value: Value, datasets: [OpenedDataset], warnings: [PlaceLibraryWarning]) {
        self.value = value
        self.datasets = datasets
        self.warnings = warnings
    }
}
