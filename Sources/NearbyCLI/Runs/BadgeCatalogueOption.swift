import Foundation
import NearbySystem
import NearbyRuns
import NearbyStore

/// `--badges ID` (else `NEARBY_BADGES`, else ``BadgeDatasets/defaultID``): which badge catalogue of
/// the dataset folders the runs commands use. An option for one command, a variable for a
/// standing choice (a club's catalogue), as `--datasets` and `NEARBY_DATASETS` are.
enum BadgeCatalogueOption {
    /// The option's name (also taken by every command that uses ``RunsSession``).
    static let name = "badges"

    /// The chosen catalogue; refused catalogue files other than the chosen one are named as
    /// warnings, a refused or missing chosen one stops the command (exit 1).
    static func catalogue(_ context: CommandContext) throws(CLIError) -> BadgeCatalogue {
        let variable = context.environment.variables["NEARBY_BADGES"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            let found = try BadgeDatasets.selected(
                context.arguments.value(name) ?? variable, from: context.datasetFolders)
            for refusal in found.refused { context.warn(refusal.description) }
            return found.entry.catalogue
        } catch {
            throw .failure(error.description)
        }
    }
}

extension CommandContext {
    /// The dataset folders in order; folders the user named with `--datasets` must exist.
    var datasetFolders: [DatasetFolder] {
        let named = (arguments.values["datasets"] ?? []).map(environment.absolutePath)
        return paths.datasetDirectories.map { DatasetFolder(URL(fileURLWithPath: $0), isRequired: named.contains($0)) }
    }
}
