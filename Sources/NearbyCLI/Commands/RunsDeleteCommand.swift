import NearbyStore

/// `nearby runs delete <run>`: removes one stored run.
enum RunsDeleteCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.positionals(1, usage: "nearby runs delete <run>")
        let session = try RunsSession(context, access: .readWrite)
        let run = try RunsSession.failing { () throws(RunLibraryError) in try session.library.deleteRun(words[0]) }
        context.output.out("deleted \(RunFormatting.title(run))\n")
    }
}

extension RunsDeleteCommand {
    /// What `nearby runs delete` takes, and its help.
    static let spec = CommandSpec(
        name: "runs delete", summary: "delete a run", arguments: "<run>",
        details: """
            <run> is a run id, a unique prefix of its content hash, or its file name; a file name or
            hash prefix is looked up among --athlete's runs (default: the login name), or every
            athlete's with --all.
            """,
        options: [AthleteOption.athlete, AthleteOption.all])
}
