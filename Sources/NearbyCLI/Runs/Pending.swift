import NearbyRuns
// Commands of the join issue, landing next.
enum CheckpointsCommand {
    static let options = OptionSpec(valued: ["near", "within"])
    static func run(_ context: CommandContext) throws(CLIError) { throw .failure("checkpoints is not available yet") }
}
enum AlongCommand {
    static let options = OptionSpec(valued: ["near", "within"])
    static func run(_ context: CommandContext) throws(CLIError) { throw .failure("along is not available yet") }
}
