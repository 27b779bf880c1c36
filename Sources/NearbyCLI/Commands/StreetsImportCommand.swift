import Foundation
import NearbyWalk

/// `nearby streets import FILE`: builds the walking network of an OpenStreetMap extract and keeps
/// it in the cache.
enum StreetsImportCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
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

extension StreetsImportCommand {
    static let spec = CommandSpec(
        name: "streets import", summary: "build the walking network of an OpenStreetMap extract", arguments: "FILE",
        details: """
            Reads a .osm.pbf, .osm, .osm.gz or .osm.bz2 extract and keeps its walking network in the
            cache (replacing one of the same name), for --walk and nearby route. The rules:

            """ + WalkRules.text)
}
