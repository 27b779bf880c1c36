/// Sends the first word to its command; any other word names a dataset.
enum CommandRouter {
    typealias MakeContext = (OptionSpec, [String]) throws(CLIError) -> CommandContext

    static func route(_ command: String, _ words: [String], makeContext: MakeContext) throws(CLIError) {
        if words.contains("--help") || words.contains("-h") {
            let context = try makeContext(OptionSpec(), [])
            context.output.out(Help.text(for: command) ?? Help.overview)
            return
        }
        switch command {
        case "datasets":
            try DatasetsCommand.run(try makeContext(DatasetsCommand.options, words))
        case "near":
            try NearCommand.run(try makeContext(NearCommand.options, words))
        case "show":
            try ShowCommand.run(try makeContext(ShowCommand.options, words))
        case "map":
            try MapCommand.run(try makeContext(MapCommand.options, words))
        case "refresh":
            try RefreshCommand.run(try makeContext(RefreshCommand.options, words))
        case "runs":
            try RunsCommand.run(words, makeContext: makeContext)
        case "badges":
            try BadgesCommand.run(try makeContext(BadgesCommand.options, words))
        case "checkpoints":
            try CheckpointsCommand.run(try makeContext(CheckpointsCommand.options, words))
        case "along":
            try AlongCommand.run(try makeContext(AlongCommand.options, words))
        default:
            guard !command.hasPrefix("-") else { throw .usage("unknown option \(command)") }
            try ListCommand.run(dataset: command, try makeContext(ListCommand.options, words))
        }
    }
}
