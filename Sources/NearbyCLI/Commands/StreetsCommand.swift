import Foundation
import NearbyWalk

/// `nearby streets`: the walking networks imported; `nearby streets import FILE`: build one.
enum StreetsCommand {
    static func list(_ context: CommandContext) throws(CLIError) {
        let format = try context.format(allowed: [.table, .json])
        let store = WalkOption.store(context)
        var table = Table(
            headers: ["NAME", "NODES", "EDGES", "COMPONENTS", "BOUNDS (S,W,N,E)", "DATA", "SOURCE"],
            rightAligned: [1, 2, 3])
        var items: [JSONOutput] = []
        var damaged = 0
        for (name, opened) in store.all() {
            switch opened {
            case .failure(let error):
                damaged += 1
                context.warn(error.description)
            case .success(let network):
                let b = network.info.bounds
                let bounds = b.map { Formatting.number($0, digits: 4) }.joined(separator: ",")
                let data = network.info.dataTimestamp.map { String(Formatting.isoDate(Double($0)).prefix(10)) } ?? "–"
                table.add([
                    name, String(network.nodeCount), String(network.edgeCount / 2), String(network.componentCount),
                    bounds, data, URL(fileURLWithPath: network.info.source).lastPathComponent,
                ])
                items.append(
                    .object([
                        ("name", .string(name)), ("nodes", .integer(network.nodeCount)),
                        ("edges", .integer(network.edgeCount / 2)), ("components", .integer(network.componentCount)),
                        ("bounds", .array(b.map(JSONOutput.number))),
                        (
                            "data_timestamp",
                            .optional(network.info.dataTimestamp.map { Formatting.isoDate(Double($0)) })
                        ),
                        ("source", .string(network.info.source)), ("licence", .string(network.info.licence)),
                        ("attribution", .string(network.info.attribution)), ("file", .string(network.path)),
                    ]))
            }
        }
        if format == .json {
            context.output.out(JSONOutput.array(items).rendered())
        } else if items.isEmpty, damaged == 0 {
            context.note("No streets imported yet: nearby streets import FILE (an OpenStreetMap extract).")
        } else if !items.isEmpty {
            context.output.out(table.render(style: context.style))
        }
        if damaged > 0 {
            throw .failure(
                "\(damaged) network file\(damaged == 1 ? "" : "s") cannot be used (see above); import again")
        }
    }

    static func importExtract(_ context: CommandContext) throws(CLIError) {
        let words = try context.positionals(1, usage: "nearby streets import FILE")
        let path = context.environment.absolutePath(words[0])
        let network: WalkNetwork
        do {
            network = try WalkOption.store(context).importExtract(at: path)
        } catch {
            throw .failure(error.description)
        }
        context.output.out(
            "Imported \(URL(fileURLWithPath: path).lastPathComponent): \(network.nodeCount) nodes, \(network.edgeCount / 2) edges, \(network.componentCount) components (\(network.path)).\n"
        )
        if network.missingNodes > 0 {
            context.warn(
                "\(network.missingNodes) node reference\(network.missingNodes == 1 ? "" : "s") of walkable ways name nodes the extract does not hold; those ways are cut there."
            )
        }
    }
}

extension StreetsCommand {
    static let listSpec = CommandSpec(
        name: "streets", summary: "the walking networks imported (nodes, edges, components, bounds, age)",
        details: "Each network was built by `nearby streets import` and is kept in the cache's streets/ folder.",
        options: [.format([.table, .json])])

    static let importSpec = CommandSpec(
        name: "streets import", summary: "build the walking network of an OpenStreetMap extract", arguments: "FILE",
        details: """
            Reads a .osm.pbf, .osm, .osm.gz or .osm.bz2 extract and keeps its walking network in the
            cache (replacing one of the same name), for --walk and nearby route. The rules:

            """ + WalkRules.text)
}
