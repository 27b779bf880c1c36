import NearbyFeeds
import NearbyGeo

/// The query options of a listing: where from (`--at`), how many (`--limit`), how far
/// (`--within`), which places (`--where ATTR` or `--where ATTR=VALUE`), parsed into the library's
/// ``PlaceQuery``.
extension PlaceQuery {

    /// The range of `--limit` on place listings.
    static let limits = 1...1_000_000

    init(_ arguments: ParsedArguments, defaultLimit: Int?) throws(CLIError) {
        let origin = try NumericOptions.point(arguments, "at")
        let limit = try NumericOptions.count(
            arguments, "limit", range: Self.limits, default: origin == nil ? nil : defaultLimit)
        var within = Double.infinity
        if arguments.value("within") != nil {
            within = try NumericOptions.distance(arguments, "within", default: .infinity)
            guard origin != nil else { throw .usage("--within needs --at") }
        }
        let filters = (arguments.values["where"] ?? []).map { text in
            if let equals = text.firstIndex(of: "=") {
                return PlaceFilter.equals(String(text[..<equals]), String(text[text.index(after: equals)...]))
            }
            return PlaceFilter.present(text)
        }
        self.init(origin: origin, limit: limit, within: within, filters: filters)
    }
}
