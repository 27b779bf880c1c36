import NearbyRuns
// Commands of the join issue, landing next.
enum RunPictureCommand {
    static func write(title: String, analysis: NearbyRuns.RunAnalysis, to path: String, session: RunsSession) throws(CLIError) {
        throw .failure("--html is not available yet")
    }
}
enum CheckpointsCommand {
    static let options = OptionSpec(valued: ["near", "within"])
    static func run(_ context: CommandContext) throws(CLIError) { throw .failure("checkpoints is not available yet") }
}
enum AlongCommand {
    static let options = OptionSpec(valued: ["near", "within"])
    static func run(_ context: CommandContext) throws(CLIError) { throw .failure("along is not available yet") }
}
