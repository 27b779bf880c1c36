import Foundation
import NearbyFeeds
import NearbyOSM

/// `nearby datasets add ID --osm FILE|URL --select TAG=VALUE…`: writes a user manifest whose
/// source is an OpenStreetMap extract; `nearby refresh ID` (or the first query) reads it.
enum DatasetsAddCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.positionals(1, usage: "nearby datasets add ID --osm FILE|URL --select TAG=VALUE")
        let id = words[0]
        guard let given = context.arguments.value("osm") else {
            throw .usage("nearby datasets add needs --osm FILE|URL (an OpenStreetMap extract)")
        }
        let select = context.arguments.values["select"] ?? []
        guard !select.isEmpty else { throw .usage("nearby datasets add needs --select TAG=VALUE (or TAG=*)") }
        let extract: String
        let lowered = given.lowercased()
        if lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            extract = given
        } else {
            extract = context.environment.absolutePath(given)
            // A file is checked now, so a typo is told at once rather than at the first query.
            do {
                _ = try OSMExtract(path: extract)
            } catch {
                throw .failure(error.description)
            }
        }
        let language = context.arguments.value("lang") ?? Self.language(context.environment.variables)
        let manifest: DatasetManifest
        do {
            manifest = try DatasetManifest.openStreetMap(
                id: id, extract: extract, select: select, title: context.arguments.value("title"),
                language: language.flatMap { $0.isEmpty ? nil : $0 })
        } catch {
            throw .failure(error.description)
        }
        let folder = URL(
            fileURLWithPath: context.arguments.values["datasets"]?.last.map(context.environment.absolutePath)
                ?? context.paths.userDatasetDirectory)
        let file: URL
        do {
            file = try manifest.write(into: folder, replacing: context.arguments.flags.contains("replace"))
        } catch {
            throw .failure(error.description)
        }
        let selection = manifest.source.osm?.select.joined(separator: ",") ?? ""
        context.output.out(
            "Added \(id): \(selection) from \(URL(fileURLWithPath: extract).lastPathComponent) (\(file.path)).\n")
        context.note("`nearby refresh \(id)` reads the extract now; the first query of \(id) does it too.")
    }

    /// The language of `LC_ALL`, `LC_MESSAGES` or `LANG` (`zh_TW.UTF-8` → `zh`); nil for C/POSIX.
    static func language(_ variables: [String: String]) -> String? {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = variables[name], !value.isEmpty else { continue }
            let code = value.prefix { $0.isLetter }.lowercased()
            return code == "c" || code == "posix" || code.isEmpty ? nil : code
        }
        return nil
    }
}

extension DatasetsAddCommand {
    /// What `nearby datasets add` takes, and its help.
    static let spec = CommandSpec(
        name: "datasets add", summary: "a dataset of the features of an OpenStreetMap extract",
        arguments: "ID",
        details: """
            Writes a manifest (ID.json in the user's datasets folder, or in the last --datasets DIR)
            whose source is an OpenStreetMap extract: a .osm.pbf, .osm, .osm.gz or .osm.bz2 file, or
            its http(s) URL. Every node, way and relation with one of the --select tags becomes a
            place: nodes at their position, areas (closed ways, multipolygons) at a point inside
            them, lines at their middle. The name is name:LANG, else name; the address comes from
            addr:*; every other tag is an attribute (--where wheelchair=yes). The data is under
            ODbL 1.0, © OpenStreetMap contributors. Then `nearby refresh ID` reads the extract, and
            every command (near, show, --where, checkpoints, along, map, publish) works on it.
            """,
        options: [
            OptionDeclaration("osm", value: "FILE|URL", help: "the extract", required: true),
            OptionDeclaration(
                "select", value: "TAG=VALUE",
                help: "features to keep; TAG=* for any value; repeatable, or comma-separated",
                required: true),
            OptionDeclaration("title", value: "TEXT", help: "the dataset's title (else OpenStreetMap: TAG=VALUE)"),
            OptionDeclaration("lang", value: "CODE", help: "prefer name:CODE (else from LC_ALL, LC_MESSAGES, LANG)"),
            OptionDeclaration("replace", help: "write over a manifest of that id"),
        ])
}
