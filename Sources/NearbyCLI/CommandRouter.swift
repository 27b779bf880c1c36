/// Sends the first words to their command, parsed as that command's ``CommandSpec`` declares;
/// any other word names a dataset.
enum CommandRouter {
    typealias MakeContext = (CommandSpec, [String]) throws(CLIError) -> CommandContext

    /// Every command, in the order the overview lists them. ``ListCommand`` (`<dataset>`) is
    /// listed but never found by name: it is the fallback for any other word.
    static let commands: [any Command.Type] = [
        DatasetsCommand.self, DatasetsAddCommand.self, ListCommand.self, StreetsCommand.self, StreetsImportCommand.self,
        RouteCommand.self, NearCommand.self, ShowCommand.self, RefreshCommand.self, MapCommand.self,
        PublishCommand.self, RunsImportCommand.self, RunsListCommand.self, RunShowCommand.self,
        RunsDeleteCommand.self, RunExportCommand.self, RunsNearCommand.self, BadgesCommand.self,
        CheckpointsCommand.self, AlongCommand.self,
    ]

    /// The command named `name` (`checkpoints`, `runs show`); nil for a dataset id.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name && $0 != ListCommand.self }
    }

    static func route(_ first: String, _ words: [String], makeContext: MakeContext) throws(CLIError) {
        if words.contains("--help") || words.contains("-h") {
            let context = try makeContext(CommandSpec(name: first, summary: ""), [])
            context.output.out(Help.text(for: [first] + words.filter { !$0.hasPrefix("-") }) ?? Help.overview)
            return
        }
        if first == "runs" {
            guard let sub = words.first else {
                throw .usage("nearby runs needs import, list, show, delete, export or near")
            }
            guard let command = command(named: "runs \(sub)") else {
                throw .usage(
                    "unknown runs command '\(ArgumentText.shown(sub))'; use import, list, show, delete, export or near")
            }
            try command.run(try makeContext(command.spec, Array(words.dropFirst())))
            return
        }
        if first == "streets", words.first == "import", let command = command(named: "streets import") {
            try command.run(try makeContext(command.spec, Array(words.dropFirst())))
            return
        }
        if first == "datasets", words.first == "add", let command = command(named: "datasets add") {
            try command.run(try makeContext(command.spec, Array(words.dropFirst())))
            return
        }
        if let command = command(named: first) {
            try command.run(try makeContext(command.spec, words))
            return
        }
        guard !first.hasPrefix("-") else { throw .usage("unknown option \(ArgumentText.shown(first))") }
        try ListCommand.run(dataset: first, try makeContext(ListCommand.spec, words))
    }
}
