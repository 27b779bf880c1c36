import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyWalk

/// `--walk` and `--walk-speed KMH`: rank by the walk on the streets imported for the area of
/// `--at` (`nearby streets import FILE`), exactly, with walking time at the speed given.
enum WalkOption {
    /// The options every place query takes for walking.
    static let options: [OptionDeclaration] = [
        OptionDeclaration("walk", help: "rank by walking distance on the imported streets (see nearby streets)"),
        OptionDeclaration(
            "walk-speed", value: "KMH", help: "walking speed for the times shown (default 5)", requires: "walk"),
    ]

    /// The folder of the imported networks: the cache's `streets/`.
    static func store(_ context: CommandContext) -> WalkNetworkStore {
        WalkNetworkStore(folder: URL(fileURLWithPath: context.paths.cacheDirectory).appendingPathComponent("streets"))
    }

    /// Walking speed in metres per second.
    static func speed(_ context: CommandContext) throws(CLIError) -> Double {
        guard let text = context.arguments.value("walk-speed") else { return WalkRules.defaultSpeedKmh / 3.6 }
        guard let kmh = DecimalText.parse(text), kmh >= 0.5, kmh <= 30 else {
            throw .usage("--walk-speed takes km/h from 0.5 to 30, not \(ArgumentText.shown(text))")
        }
        return kmh / 3.6
    }

    /// The network covering `point`, or the sentence that says there is none.
    static func network(_ context: CommandContext, at point: Coordinate) throws(CLIError) -> WalkNetwork {
        let store = store(context)
        guard let network = store.network(covering: point.latitude, point.longitude) else {
            // A kept network that no longer opens (damaged, or made by another format) is named,
            // rather than reported as no streets at all.
            let unreadable = store.all().compactMap { entry -> String? in
                guard case .failure(let error) = entry.network else { return nil }
                return "\(entry.name): \(error.description)"
            }
            if let first = unreadable.first {
                throw .failure(
                    "no imported streets cover \(point) that can be read; \(first)"
                        + (unreadable.count > 1 ? " (and \(unreadable.count - 1) more)" : ""))
            }
            throw .failure(
                "no imported streets cover \(point); import an extract of that area first (nearby streets import FILE)")
        }
        return network
    }

    /// Runs a walking query of `ids` and words its warnings (a dataset left out ends with
    /// `leftOut`) and errors for the user.
    static func query(
        _ query: PlaceQuery, in ids: [String], _ context: CommandContext, session: PlacesSession,
        leftOut: String = "answering from the other datasets"
    ) throws(CLIError) -> PlaceResult<[WalkHit]> {
        guard let origin = query.origin else { throw .usage("--walk needs --at LAT,LON") }
        let network = try network(context, at: origin)
        let result: PlaceResult<[WalkHit]>
        do {
            result = try session.library.walkQuery(query, in: ids, network: network)
        } catch {
            session.clearProgress()
            if case .places(let failure) = error { throw PlaceLibraryWording.error(failure) }
            throw .failure(error.description)
        }
        session.clearProgress()
        for warning in result.warnings {
            if case .unranked = warning { continue }
            context.warn(PlaceLibraryWording.warning(warning, leftOut: leftOut))
        }
        return result
    }

    /// Runs a walking query of `ids` and renders it.
    static func answer(
        _ query: PlaceQuery, in ids: [String], _ context: CommandContext, session: PlacesSession, showDataset: Bool,
        format: OutputFormat
    ) throws(CLIError) {
        let speed = try speed(context)
        let result = try Self.query(query, in: ids, context, session: session)
        var output = PlaceOutput(
            units: try UnitsOption.resolve(context), style: context.style, showDataset: showDataset)
        output.walks = result.value.map(\.walk)
        output.walkSpeed = speed
        context.output.out(output.render(result.value.map(\.hit), format: format))
        if format == .table, result.value.isEmpty { context.note("No places matched.") }
    }
}
