/// The options one command accepts: which take a value and which are plain flags.
struct OptionSpec: Sendable {
    /// Options that take a value (`--at 25.04,121.51` or `--at=25.04,121.51`).
    var valued: Set<String>
    /// Options that take no value (`--force`).
    var flags: Set<String>
    /// One-letter names (`-n 5`, `-h`).
    var short: [Character: String]

    init(valued: Set<String> = [], flags: Set<String> = [], short: [Character: String] = [:]) {
        self.valued = valued
        self.flags = flags
        self.short = short
    }

    /// Options every command understands.
    static let global = OptionSpec(
        valued: ["cache-dir", "datasets", "from", "db", "format", "units"],
        flags: ["help", "offline", "no-color"],
        short: ["h": "help"]
    )

    func merged(with other: OptionSpec) -> OptionSpec {
        OptionSpec(
            valued: valued.union(other.valued), flags: flags.union(other.flags),
            short: short.merging(other.short) { first, _ in first })
    }
}

/// Command-line words split into positionals, valued options and flags.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// The last value given for `name`, if any.
    func value(_ name: String) -> String? { values[name]?.last }
    /// Every value given for `name`, in order, with comma-separated lists split.
    func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap {
            $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        }
        .filter { !$0.isEmpty }
    }
    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// Parses `words` against `spec`. `--` ends option parsing.
    static func parse(_ words: [String], spec: OptionSpec) throws(CLIError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") || Self.isNumber(word) {
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
                    throw .usage("unknown option \(word)")
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
                    guard index < words.count else { throw .usage("--\(name) needs a value") }
                    result.values[name, default: []].append(words[index])
                    index += 1
                }
            } else {
                throw .usage("unknown option --\(name)")
            }
        }
        return result
    }

    /// `-12.5` is a value (a negative latitude), not an option.
    private static func isNumber(_ word: String) -> Bool {
        Double(word) != nil || word.first == "-" && word.dropFirst().first?.isNumber == true
    }
}
