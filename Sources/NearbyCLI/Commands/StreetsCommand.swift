import NearbyOutput
import Foundation
import NearbyWalk

/// `nearby streets`: the walking networks imported (``StreetsImportCommand`` builds one).
enum StreetsCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
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
}

extension StreetsCommand {
    static let spec = CommandSpec(
        name: "streets", summary: "the walking networks imported (nodes, edges, components, bounds, age)",
        details: "Each network was built by `nearby streets import` and is kept in the cache's streets/ folder.",
        options: [.format([.table, .json])])
}
