/// One badge of the catalogue: a planet, moon or region of space reached at a run distance.
public struct Badge: Sendable, Hashable, Codable {
    /// Stable identifier, e.g. "moon".
    public var id: String
    /// Display name, e.g. "The Moon".
    public var name: String
    /// Metres a single run must exceed (strictly) to earn the badge.
    public var distance: Double
    /// One or two sentences about the place.
    public var description: String
    /// Image file name, e.g. "moon.jpg".
    public var image: String

    /// A badge with every field given.
    public init(id: String, name: String, distance: Double, description: String, image: String) {
        self.id = id
        self.name = name
        self.distance = distance
        self.description = description
        self.image = image
    }
}
