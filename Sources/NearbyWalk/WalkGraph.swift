import NearbyGeo

/// A walking network as plain arrays, as the builder makes it and the network file stores it:
/// nodes with their positions and component, edges in compressed sparse rows (every edge stored
/// in both directions), the name of each edge's way, and a grid of the edges a point may attach
/// to (those of components of at least ``WalkRules/minimumComponent`` nodes).
struct WalkGraph: Sendable {
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    /// `offsets[u] ..< offsets[u + 1]` are the edges leaving node `u`.
    var offsets: [UInt32] = [0]
    var targets: [UInt32] = []
    var lengths: [Double] = []
    /// Each edge's way name (an index into ``names``; 0 is the empty name).
    var edgeNames: [UInt32] = []
    var names: [String] = [""]
    var components: [UInt32] = []
    var componentSizes: [UInt32] = []
    /// The attachment grid: sorted cell keys, and per cell the edges (their forward positions).
    var cellKeys: [UInt64] = []
    var cellOffsets: [UInt32] = [0]
    var cellEdges: [UInt32] = []
    /// Walkable ways read, and references to nodes the extract does not hold.
    var ways = 0
    var missingNodes = 0

    var nodeCount: Int { latitudes.count }
    /// Directed edges (twice the number of edges walked).
    var edgeCount: Int { targets.count }

    /// Grid cells are this many degrees of latitude and longitude (about 55 m of latitude): small
    /// enough that attaching a point on a city street measures a few dozen edges, not thousands.
    /// Format 1 used 1/400°; the size is part of the file format.
    static let cellDegrees = 1.0 / 2000

    /// The key of the cell holding (latitude, longitude).
    @inline(__always)
    static func cell(latitude: Double, longitude: Double) -> (row: Int32, column: Int32) {
        (Int32((latitude + 90) / cellDegrees), Int32((longitude + 180) / cellDegrees))
    }

    @inline(__always)
    static func key(row: Int32, column: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: row)) << 32 | UInt64(UInt32(bitPattern: column))
    }
}
