import NearbyRuns

/// `--units metric|imperial`, else the locale: the first set of `LC_ALL`, `LC_MEASUREMENT`,
/// `LANG`; a United States, Liberian or Myanmar locale (`en_US.UTF-8`, `*_LR`, `*_MM`) means
/// imperial, anything else metric.
enum UnitsOption {
    static func resolve(_ context: CommandContext) throws(CLIError) -> Units {
        if let text = context.arguments.value("units") { return try parse(text) }
        return fromLocale(context.environment.variables)
    }

    /// The one parser of `--units`: `metric` or `imperial`, in any case.
    static func parse(_ text: String) throws(CLIError) -> Units {
        guard let units = Units(rawValue: text.lowercased()) else {
            throw .usage("--units must be metric or imperial, not \(ArgumentText.shown(text))")
        }
        return units
    }

    static func fromLocale(_ variables: [String: String]) -> Units {
        let locale = ["LC_ALL", "LC_MEASUREMENT", "LANG"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty } ?? ""
        let name = locale.split(separator: ".").first.map(String.init) ?? ""
        let region = name.split(separator: "_").dropFirst().first.map { String($0.prefix(2)).uppercased() }
        return ["US", "LR", "MM"].contains(region ?? "") ? .imperial : .metric
    }
}
