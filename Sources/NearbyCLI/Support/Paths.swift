import Foundation
import NearbyGeo
import NearbyPostgres

/// Where Nearby keeps things, resolved once per command from options, variables and the checkout.
///
/// - Cache: `--cache-dir`, else `NEARBY_CACHE_DIR`, else `cache/` of the Nearby checkout the
///   program runs from, else `$XDG_CACHE_HOME/nearby` (default `~/.cache/nearby`).
/// - Datasets: the checkout's `Datasets/`, then `$XDG_CONFIG_HOME/nearby/datasets`
///   (default `~/.config/nearby/datasets`), then each folder of `NEARBY_DATASETS` (colon-separated),
///   then each `--datasets DIR`; a later manifest with the same id replaces an earlier one.
/// - Runs database: `--db`, else `NEARBY_DB`, else `$XDG_DATA_HOME/nearby/nearby.sqlite`
///   (default `~/.local/share/nearby/nearby.sqlite`).
/// - Mirror: `--from`, else `NEARBY_MIRROR` (a folder or a base URL standing in for feed origins).
struct Paths: Sendable {
    var checkout: String?
    var cacheDirectory: String
    var datasetDirectories: [String]
    /// The user's own manifests (`$XDG_CONFIG_HOME/nearby/datasets`), where `datasets add` writes.
    var userDatasetDirectory: String
    var databasePath: String
    var mirror: String?

    init(arguments: ParsedArguments, environment: CommandEnvironment) {
        let variables = environment.variables
        let home = variables["HOME"] ?? NSHomeDirectory()
        checkout = Paths.findCheckout(environment)
        func nonEmpty(_ name: String) -> String? {
            guard let value = variables[name], !value.isEmpty else { return nil }
            return value
        }
        if let option = arguments.value("cache-dir") {
            cacheDirectory = environment.absolutePath(option)
        } else if let variable = nonEmpty("NEARBY_CACHE_DIR") {
            cacheDirectory = environment.absolutePath(variable)
        } else if let checkout {
            cacheDirectory = checkout + "/cache"
        } else {
            cacheDirectory = (nonEmpty("XDG_CACHE_HOME") ?? home + "/.cache") + "/nearby"
        }
        var directories: [String] = []
        if let checkout { directories.append(checkout + "/Datasets") }
        userDatasetDirectory = (nonEmpty("XDG_CONFIG_HOME") ?? home + "/.config") + "/nearby/datasets"
        directories.append(userDatasetDirectory)
        if let list = nonEmpty("NEARBY_DATASETS") {
            directories += list.split(separator: ":").map { environment.absolutePath(String($0)) }
        }
        directories += (arguments.values["datasets"] ?? []).map(environment.absolutePath)
        datasetDirectories = directories
        // A PostgreSQL URL is kept as given: it is never a file name (RunsSession opens it).
        if let option = arguments.value("db") {
            databasePath = PostgresURL.isURL(option) ? option : environment.absolutePath(option)
        } else if let variable = nonEmpty("NEARBY_DB") {
            databasePath = PostgresURL.isURL(variable) ? variable : environment.absolutePath(variable)
        } else {
            databasePath = (nonEmpty("XDG_DATA_HOME") ?? home + "/.local/share") + "/nearby/nearby.sqlite"
        }
        // `route --from LAT,LON` names a point, not a mirror.
        if let option = arguments.value("from"), (try? Coordinate(parsing: option)) == nil {
            mirror = option.contains("://") ? option : environment.absolutePath(option)
        } else if let variable = nonEmpty("NEARBY_MIRROR") {
            mirror = variable.contains("://") ? variable : environment.absolutePath(variable)
        }
    }

    /// The Nearby checkout: `NEARBY_HOME`, else the nearest ancestor of the executable's real path,
    /// else of the working directory, that holds `Package.swift` and `Datasets/`.
    static func findCheckout(_ environment: CommandEnvironment) -> String? {
        if let home = environment.variables["NEARBY_HOME"], !home.isEmpty {
            return environment.absolutePath(home)
        }
        let executable = URL(fileURLWithPath: environment.absolutePath(environment.executablePath))
            .resolvingSymlinksInPath().deletingLastPathComponent().path
        for start in [executable, environment.currentDirectory] {
            var directory = start
            while directory != "/" && !directory.isEmpty {
                if isCheckout(directory) { return directory }
                directory = (directory as NSString).deletingLastPathComponent
            }
        }
        return nil
    }

    private static func isCheckout(_ directory: String) -> Bool {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory + "/Datasets", isDirectory: &isDirectory), isDirectory.boolValue,
            let package = manager.contents(atPath: directory + "/Package.swift")
        else { return false }
        return String(decoding: package, as: UTF8.self).contains("name: \"Nearby\"")
    }
}
