/// Sends the first words to their command, parsed as that command's ``CommandSpec`` declares;
/// any other word names a dataset.
enum CommandRouter {
    typealias MakeContext = (CommandSpec, [String]) throws(CLIError) -> CommandContext

    /// A command: its declaration, where the overview lists it, and how to run it.
    struct Command: Sendable {
        enum Group: Sendable { case places, runs }

        var spec: CommandSpec
        var group: Group
        var run: @Sendable (CommandContext) throws(CLIError) -> Void
    }

    /// Every named command, in the order the overview lists them (listing a dataset, the
    /// `<dataset>` entry, is the fallback).
    static let commands: [Command] = [
        Command(spec: DatasetsCommand.spec, group: .places) { context throws(CLIError) in
            try DatasetsCommand.run(context)
        },
        Command(spec: DatasetsAddCommand.spec, group: .places) { context throws(CLIError) in
            try DatasetsAddCommand.run(context)
        },
        Command(spec: ListCommand.spec, group: .places) { _ throws(CLIError) in },
        Command(spec: StreetsCommand.listSpec, group: .places) { context throws(CLIError) in
            try StreetsCommand.list(context)
        },
        Command(spec: StreetsCommand.importSpec, group: .places) { context throws(CLIError) in
            try StreetsCommand.importExtract(context)
        },
        Command(spec: RouteCommand.spec, group: .places) { context throws(CLIError) in try RouteCommand.run(context) },
        Command(spec: NearCommand.spec, group: .places) { context throws(CLIError) in try NearCommand.run(context) },
        Command(spec: ShowCommand.spec, group: .places) { context throws(CLIError) in try ShowCommand.run(context) },
        Command(spec: RefreshCommand.spec, group: .places) { context throws(CLIError) in
            try RefreshCommand.run(context)
        },
        Command(spec: MapCommand.spec, group: .places) { context throws(CLIError) in try MapCommand.run(context) },
        Command(spec: PublishCommand.spec, group: .places) { context throws(CLIError) in
            try PublishCommand.run(context)
        },
        Command(spec: RunsImportCommand.spec, group: .runs) { context throws(CLIError) in
            try RunsImportCommand.run(context)
        },
        Command(spec: RunsListCommand.spec, group: .runs) { context throws(CLIError) in try RunsListCommand.run(context)
        },
        Command(spec: RunShowCommand.spec, group: .runs) { context throws(CLIError) in
            try RunShowCommand.run(context)
        },
        Command(spec: RunsDeleteCommand.spec, group: .runs) { context throws(CLIError) in
            try RunsDeleteCommand.run(context)
        },
        Command(spec: RunExportCommand.spec, group: .runs) { context throws(CLIError) in
            try RunExportCommand.run(context)
        },
        Command(spec: RunsNearCommand.spec, group: .runs) { context throws(CLIError) in try RunsNearCommand.run(context)
        },
        Command(spec: BadgesCommand.spec, group: .runs) { context throws(CLIError) in try BadgesCommand.run(context) },
        Command(spec: CheckpointsCommand.spec, group: .runs) { context throws(CLIError) in
            try CheckpointsCommand.run(context)
        },
        Command(spec: AlongCommand.spec, group: .runs) { context throws(CLIError) in try AlongCommand.run(context) },
    ]

    /// The command named `name` (`checkpoints`, `runs show`); nil for a dataset id.
    static func command(named name: String) -> Command? {
        commands.first { $0.spec.name == name && $0.spec.name != ListCommand.spec.name }
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
