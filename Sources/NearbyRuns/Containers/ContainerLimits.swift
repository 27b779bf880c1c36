/// The bounds that keep a hostile gzip or zip from exhausting memory or time.
///
/// Defaults: one member (or one gzip file) inflates to at most 1 GiB (a 1,000,000-point GPX is
/// about 150 MB), a whole archive with its nested archives to at most 8 GiB, a zip lists at most
/// 100,000 members (Garmin's export parts hold thousands), and zips nest at most 3 deep (Garmin's
/// export is one level: parts inside the export).
public struct ContainerLimits: Sendable, Hashable {
    /// The most bytes one member or one gzip stream may inflate to.
    public var memberBytes: Int
    /// The most bytes all members of one top-level file may inflate to, nested archives included.
    public var totalBytes: Int
    /// The most members one zip may list.
    public var members: Int
    /// How many zips deep nested archives are followed (the outer zip is depth 1).
    public var depth: Int
    /// The largest export catalogue (`activities.csv`…) read, bytes.
    public var catalogueBytes: Int

    public init(
        memberBytes: Int = 1 << 30, totalBytes: Int = 8 << 30, members: Int = 100_000, depth: Int = 3,
        catalogueBytes: Int = 64 << 20
    ) {
        self.memberBytes = max(0, memberBytes)
        self.totalBytes = max(0, totalBytes)
        self.members = max(0, members)
        self.depth = max(1, depth)
        self.catalogueBytes = max(0, catalogueBytes)
    }
}
