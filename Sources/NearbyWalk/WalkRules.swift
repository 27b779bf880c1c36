import NearbyOSM

/// The one rule set of the walking network, implemented exactly as written in ``text`` (and in
/// `nearby streets --help` and the README), so an independent program can reproduce every
/// distance.
public enum WalkRules {
    /// The `highway` values walked when neither `foot` nor `access` says otherwise.
    public static let highways: Set<String> = [
        "footway", "path", "pedestrian", "steps", "living_street", "residential", "service", "unclassified",
        "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "trunk",
        "trunk_link", "track", "cycleway", "bridleway", "corridor", "road",
    ]
    static let footYes: Set<String> = ["yes", "designated", "permissive"]
    static let footNo: Set<String> = ["no", "private", "use_sidepath"]
    static let accessNo: Set<String> = ["no", "private"]

    /// Components smaller than this are kept but never attached to.
    public static let minimumComponent = 50
    /// An edge longer than this (metres) is walked but never attached to.
    public static let maxAttachableEdge = 10_000.0
    /// A point farther than this from every walkable way gets no answer.
    public static let maxAccessMetres = 1_000.0
    /// Walking speed when none is given: 5 km/h.
    public static let defaultSpeedKmh = 5.0

    /// Whether a way with these tags is walked.
    public static func isWalkable(highway: String?, foot: String?, access: String?) -> Bool {
        guard let highway else { return false }
        if let foot, footYes.contains(foot) { return true }
        if let foot, footNo.contains(foot) { return false }
        if let access, accessNo.contains(access) { return false }
        return highways.contains(highway)
    }

    /// Whether a way with `tags` is walked.
    public static func isWalkable(_ tags: OSMTags) -> Bool {
        var highway: String?
        var foot: String?
        var access: String?
        for tag in tags {
            switch tag.key.bytes.count {
            case 7 where tag.key.equals(Self.highwayKey): highway = tag.value.string
            case 4 where tag.key.equals(Self.footKey): foot = tag.value.string
            case 6 where tag.key.equals(Self.accessKey): access = tag.value.string
            default: continue
            }
        }
        return isWalkable(highway: highway, foot: foot, access: access)
    }

    private static let highwayKey = Array("highway".utf8)
    private static let footKey = Array("foot".utf8)
    private static let accessKey = Array("access".utf8)

    /// The rules in words, for `--help` and the README.
    public static let text = """
        A way is walked when it has a highway tag and: foot is yes, designated or permissive
        (whatever the highway); or else foot is not no, private or use_sidepath, access is
        not no or private, and highway is one of footway, path, pedestrian, steps,
        living_street, residential, service, unclassified, tertiary(_link),
        secondary(_link), primary(_link), trunk(_link), track, cycleway, bridleway, corridor
        or road. Every edge is walked both ways (oneway is for vehicles). An edge joins two
        consecutive nodes of a way; its length is the WGS84 geodesic (Karney) between them;
        a node the extract does not hold cuts the way there. A point attaches to the nearest
        point of the nearest walked edge (of at most 10 km) in a component of at least 50
        nodes (found in a local equirectangular projection around the point; the nearest
        edge is the one whose point is nearest by geodesic); its access leg is the geodesic
        to that point, which splits the edge into two geodesic pieces. A walk is the user's
        access leg, the shortest path between the attached points, and the place's access
        leg.
        """
}
