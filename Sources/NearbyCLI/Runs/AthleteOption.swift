import NearbyStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--athlete NAME` and `--all`: whose runs a runs command works on. The athlete is `--athlete`,
/// else the login name — `LOGNAME`, then `USER` from the injected environment, then the password
/// database's entry for the user id — resolved here and passed down (libraries never read the
/// environment). Every name is checked by ``AthleteName/checked(_:)``; a bad one is a usage error.
enum AthleteOption {
    /// `--athlete NAME`, for every runs command.
    static let athlete = OptionDeclaration(
        "athlete", value: "NAME",
        help: "whose runs (default: the login name, from LOGNAME or USER); imports record it")

    /// `--all`, for the commands that list runs or resolve a reference.
    static let all = OptionDeclaration("all", help: "every athlete's runs, not only --athlete's")

    /// The athlete the command works for.
    static func athlete(_ context: CommandContext) throws(CLIError) -> String {
        if let given = context.arguments.value("athlete") {
            do {
                return try AthleteName.checked(given)
            } catch {
                throw .usage("--athlete: \(error.description)")
            }
        }
        guard let login = loginName(context.environment.variables) else {
            throw .usage("cannot tell who you are (no LOGNAME, USER or password entry); give --athlete NAME")
        }
        do {
            return try AthleteName.checked(login)
        } catch {
            throw .usage("the login name is not a usable athlete name (\(error.description)); give --athlete NAME")
        }
    }

    /// ``AthleteScope/all`` with `--all`, else ``AthleteScope/own``; both at once is a usage error.
    static func scope(_ context: CommandContext) throws(CLIError) -> AthleteScope {
        guard context.arguments.has("all") else { return .own }
        guard context.arguments.value("athlete") == nil else { throw .usage("--athlete and --all exclude each other") }
        return .all
    }

    /// `LOGNAME`, else `USER` (empty ones skipped), else the name of the current user id.
    static func loginName(_ variables: [String: String]) -> String? {
        for key in ["LOGNAME", "USER"] {
            if let value = variables[key], !value.isEmpty { return value }
        }
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return nil }
        let text = String(cString: name)
        return text.isEmpty ? nil : text
    }
}
