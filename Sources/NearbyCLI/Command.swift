/// A command of `nearby`: what it takes and its help (``spec``), where the overview lists it
/// (``group``), and what it does with a context parsed by that spec (``run(_:)``). The router
/// keeps the list (``CommandRouter/commands``); a new command is one conforming type and one
/// line there.
protocol Command: SendableMetatype {
    /// The command's name, options and help.
    static var spec: CommandSpec { get }
    /// Where `nearby --help` lists it.
    static var group: CommandGroup { get }
    /// Runs the command; every failure is one ``CLIError``.
    static func run(_ context: CommandContext) throws(CLIError)
}

/// The two parts of the overview.
enum CommandGroup: Sendable {
    case places, runs
}

extension DatasetsCommand: Command { static var group: CommandGroup { .places } }
extension DatasetsAddCommand: Command { static var group: CommandGroup { .places } }
extension ListCommand: Command { static var group: CommandGroup { .places } }
extension StreetsCommand: Command { static var group: CommandGroup { .places } }
extension StreetsImportCommand: Command { static var group: CommandGroup { .places } }
extension RouteCommand: Command { static var group: CommandGroup { .places } }
extension NearCommand: Command { static var group: CommandGroup { .places } }
extension ShowCommand: Command { static var group: CommandGroup { .places } }
extension RefreshCommand: Command { static var group: CommandGroup { .places } }
extension MapCommand: Command { static var group: CommandGroup { .places } }
extension PublishCommand: Command { static var group: CommandGroup { .places } }
extension RunsImportCommand: Command { static var group: CommandGroup { .runs } }
extension RunsListCommand: Command { static var group: CommandGroup { .runs } }
extension RunShowCommand: Command { static var group: CommandGroup { .runs } }
extension RunsDeleteCommand: Command { static var group: CommandGroup { .runs } }
extension RunExportCommand: Command { static var group: CommandGroup { .runs } }
extension RunsNearCommand: Command { static var group: CommandGroup { .runs } }
extension BadgesCommand: Command { static var group: CommandGroup { .runs } }
extension CheckpointsCommand: Command { static var group: CommandGroup { .runs } }
extension AlongCommand: Command { static var group: CommandGroup { .runs } }
