import NearbyGeo
/// The options one command accepts, as the parser sees them: which take a value, which are plain
/// flags, which want a number. Derived from a ``CommandSpec`` (``CommandSpec/parser``).
struct OptionSpec: Sendable {
    /// Options that take a value (`--at 25.04,121.51` or `--at=25.04,121.51`).
    var valued: Set<String> = []
    /// Options that take no value (`--force`).
    var flags: Set<String> = []
    /// The values of declared points, distances and counts, parsed once when the command's spec
    /// checked them (``CommandSpec/check(_:)``): the last value given for each.
    var parsed: [String: ParsedValue] = [:]

    /// A value parsed by its kind's one parser.
    enum ParsedValue: Sendable {
        case point(Coordinate)
        case distance(Double)
        case count(Int)
    }
    /// Valued options whose value may start with a minus (`--at -33.9,151.2`, `--limit -1`).
    var numeric: Set<String> = []
    /// One-letter names (`-n 5`, `-h`).
    var short: [Character: String] = [:]
}

/// Command-line words split into positionals, valued options and flags.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    /// The values of declared points, distances and counts, parsed once when the command's spec
    /// checked them (``CommandSpec/check(_:)``): the last value given for each.
    var parsed: [String: ParsedValue] = [:]

    /// A value parsed by its kind's one parser.
    enum ParsedValue: Sendable {
        case point(Coordinate)
        case distance(Double)
        case count(Int)
    }

    /// The last value given for `name`, if any.
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value given for `name`, in order, with comma-separated lists split and each item
    /// once (`--in toilets,toilets` names one dataset).
    func list(_ name: String) -> [String] {
        Self.unique(
            (values[name] ?? []).flatMap {
                $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            })
    }

    /// The non-empty `items`, each once, in the order first given.
    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { !$0.isEmpty && seen.insert($0).inserted }
    }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Parses `words` against `spec`. `--` ends option parsing.
    static func parse(_ words: [String], spec: OptionSpec) throws(CLIError) -> ParsedArguments {
        if let long = words.first(where: { $0.utf8.count > ArgumentText.maximumLength }) {
            throw .usage(
                "an argument of \(long.utf8.count) bytes is longer than the \(ArgumentText.maximumLength) a command takes"
            )
        }
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || !Self.isOption(word) {
                result.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var name: String
            var inlineValue: String?
            if word.hasPrefix("--") {
                name = String(word.dropFirst(2))
                if let equals = name.firstIndex(of: "=") {
                    inlineValue = String(name[name.index(after: equals)...])
                    name = String(name[..<equals])
                }
            } else {
                guard word.count == 2, let letter = word.dropFirst().first, let long = spec.short[letter] else {
                    throw .usage("unknown option \(ArgumentText.shown(word))")
                }
                name = long
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw .usage("--\(name) takes no value") }
                result.flags.insert(name)
            } else if spec.valued.contains(name) {
                if let inlineValue {
                    result.values[name, default: []].append(inlineValue)
                } else {
                    // The next word is the value unless it is another option (`--at --limit 3`):
                    // a word starting with '-' is a value only where a number is wanted and it is
                    // one (`--at -33.9,151.2`). `--where=-x` passes any text.
                    guard index < words.count, !Self.isOption(words[index]),
                        spec.numeric.contains(name) || !words[index].hasPrefix("-") || words[index] == "-"
                    else {
                        throw .usage("--\(name) needs a value")
                    }
                    result.values[name, default: []].append(words[index])
                    index += 1
                }
            } else {
                throw .usage("unknown option --\(ArgumentText.shown(name))")
            }
        }
        return result
    }

    /// Whether `word` is an option name (`--at`, `-n`, `--`) rather than a value. `-` and words
    /// starting with a minus and a decimal digit or point (`-12.5`, `-33.9,151.2`, `-.5`) are values.
    static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return false }
        let next = word.utf8.dropFirst().first
        let startsNumber = next.map { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") }
        return startsNumber != true
    }
}
