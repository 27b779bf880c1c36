import Foundation
import NearbyFeeds
import NearbyGeo

@testable import NearbyCLI

/// libFuzzer entry: one input is one command line, its words separated by NUL bytes (as in
/// `/proc/self/cmdline`). It is parsed in process against every command's options, as the router
/// would, and the values are checked and formatted as the commands do (`--at`, `--limit`,
/// `--within`, `--units`, `--format`, the dataset lists), without running a command: nothing
/// touches the network, a cache or a database, and the environment is a made-up one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let words = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
        String(decoding: $0, as: UTF8.self)
    }
    for spec in commandSpecs {
        do {
            let context = try CommandContext(
                words: words, spec: spec, environment: environment, output: output)
            exercise(context)
        } catch {
            _ = String(describing: error)
        }
    }
    return 0
}

/// What commands do with parsed values before they touch any data.
func exercise(_ context: CommandContext) {
    _ = try? context.format(allowed: [.table, .json, .csv, .geojson, .gpx])
    _ = try? UnitsOption.resolve(context)
    _ = (context.arguments.list("in"), context.arguments.list("near"), context.paths)
    do {
        let query = try PlaceQuery(context.arguments, defaultLimit: 20)
        show(query.within)
        if let origin = query.origin { _ = (origin.description, origin.geoURI) }
    } catch {
        _ = String(describing: error)
    }
    do {
        show(try JoinOptions.distance(context, default: 200))
        _ = try JoinOptions.limit(context, default: 5)
    } catch {
        _ = String(describing: error)
    }
}

/// Formats a distance the way tables and headings print it.
func show(_ metres: Double) {
    guard metres.isFinite else { return }
    _ = Formatting.distance(metres)
    _ = Formatting.distance(metres, units: .imperial)
}

/// Every command's declaration (the parser takes its options and the global ones), and one
/// with no options of its own.
let commandSpecs: [CommandSpec] = CommandRouter.commands.map { $0.spec } + [CommandSpec(name: "none", summary: "")]

/// A made-up environment: no real folder is named, the clock is fixed.
let environment = CommandEnvironment(
    arguments: [], variables: ["HOME": "/nonexistent/fuzz-home"], currentDirectory: "/nonexistent/fuzz",
    executablePath: "/nonexistent/fuzz/nearby", clock: .fixed(Date(timeIntervalSince1970: 1_700_000_000)))

/// Output that goes nowhere.
let output = TerminalOutput(CommandOutput(out: { _ in }, err: { _ in }), codes: .random(), stderrIsTerminal: true)
