/// One command's declaration: its name, what it does, its words and its options. The parser's
/// accepted options (``parser``) and the help text (``Help/render(_:)``) are both derived from
/// it, so they cannot drift apart. Each command declares its spec in its own file.
struct CommandSpec: Sendable {
    /// The words after `nearby` (`checkpoints`, `runs show`; `<dataset>` for a listing).
    var name: String
    /// One line for the overview.
    var summary: String
    /// The positional words in the usage line (`<run|FILE>`, `[dataset…]`), empty for none.
    var arguments: String = ""
    /// Paragraphs after the usage line.
    var details: String = ""
    /// The options this command takes besides ``globalOptions``.
    var options: [OptionDeclaration] = []

    /// The options every command takes: where things are and how to show them, each also
    /// settable in the environment (see the overview).
    static let globalOptions: [OptionDeclaration] = [
        OptionDeclaration(
            "cache-dir", value: "DIR",
            help: "feeds cache (else NEARBY_CACHE_DIR, the checkout's cache/, $XDG_CACHE_HOME/nearby)"),
        OptionDeclaration(
            "datasets", value: "DIR",
            help: "another folder of dataset manifests (repeatable; also NEARBY_DATASETS)"),
        OptionDeclaration(
            "from", value: "DIR|URL", help: "a mirror standing in for feed origins (also NEARBY_MIRROR)"),
        OptionDeclaration("offline", help: "never fetch; use the cache as it is"),
        OptionDeclaration(
            "db", value: "FILE", help: "runs database (else NEARBY_DB, $XDG_DATA_HOME/nearby/nearby.sqlite)"),
        OptionDeclaration(
            "places-db", value: "URL", help: "answer place queries from PostGIS (also NEARBY_PLACES_DB; see publish)"),
        OptionDeclaration(
            "units", value: "metric|imperial", help: "(else from LC_ALL, LC_MEASUREMENT, LANG)", kind: .units),
        OptionDeclaration("no-color", help: "no colour (also NO_COLOR)"),
        OptionDeclaration("help", short: "h", help: "this help, or a command's"),
    ]

    /// What the parser accepts for this command: its own options and the global ones.
    var parser: OptionSpec {
        var spec = OptionSpec()
        for option in Self.globalOptions + options {
            if option.value == nil {
                spec.flags.insert(option.name)
            } else {
                spec.valued.insert(option.name)
            }
            if option.kind.isNumeric { spec.numeric.insert(option.name) }
            if let short = option.short { spec.short[short] = option.name }
        }
        return spec
    }

    /// The declaration of `name`, own or global.
    func declaration(_ name: String) -> OptionDeclaration? {
        (options + Self.globalOptions).first { $0.name == name }
    }

    /// Checks the parsed words against the declarations, with the one parser of each kind of
    /// value (``NumericOptions``, ``UnitsOption``): a malformed value, a missing required option
    /// or an option given without the one it needs is a usage error before the command runs.
    /// Each checked point, distance and count is kept in ``ParsedArguments/parsed``, so the
    /// command reads the value instead of parsing the text again.
    func check(_ arguments: inout ParsedArguments) throws(CLIError) {
        for option in Self.globalOptions + options {
            for text in arguments.values[option.name] ?? [] {
                if let value = try option.kind.check(text, option: option.name) {
                    arguments.parsed[option.name] = value
                }
            }
            let given = arguments.values[option.name] != nil || arguments.has(option.name)
            if option.isRequired, !given {
                throw .usage("nearby \(name) needs --\(option.name) \(option.value ?? "")")
            }
            if given, let needed = option.requires, arguments.values[needed] == nil, !arguments.has(needed) {
                throw .usage("--\(option.name) needs --\(needed)")
            }
        }
    }
}

/// One option of a command: its name, its value (nil for a flag), one line of help, and the
/// kind of value the one parser of that kind checks.
struct OptionDeclaration: Sendable {
    /// The long name without dashes (`within`).
    var name: String
    /// The one-letter name (`n` for `-n`), if any.
    var short: Character?
    /// The value's name in help (`DIST`, `table|json`); nil for a flag.
    var value: String?
    /// One line of help.
    var help: String
    var kind: ValueKind
    /// The command fails without it.
    var isRequired: Bool
    /// Another option this one only makes sense with (`--within` needs `--at`).
    var requires: String?
    /// An older spelling the parser still accepts but help does not list (near's `--in`, now
    /// `--near` as in every other command).
    var isHidden = false

    init(
        _ name: String, short: Character? = nil, value: String? = nil, help: String, kind: ValueKind = .text,
        required: Bool = false, requires: String? = nil
    ) {
        self.name = name
        self.short = short
        self.value = value
        self.help = help
        self.kind = kind
        self.isRequired = required
        self.requires = requires
    }

    /// `--within DIST` or `-n, --limit N`, as help shows it.
    var synopsis: String {
        let long = "--\(name)" + (value.map { " \($0)" } ?? "")
        return short.map { "-\($0), " + long } ?? long
    }

    /// The kind of value an option takes, and so which parser checks it.
    enum ValueKind: Sendable {
        case text
        /// `LAT,LON` or a `geo:` URI.
        case point
        /// A distance with an optional unit.
        case distance
        /// A whole number in the range.
        case count(ClosedRange<Int>)
        /// A decimal number (its command reads the unit).
        case decimal
        /// `metric` or `imperial`.
        case units

        /// Whether a word that starts with a minus and a digit is this option's value
        /// (`--at -33.9,151.2`) rather than a stray word.
        var isNumeric: Bool {
            switch self {
            case .point, .distance, .count, .decimal: return true
            case .text, .units: return false
            }
        }

        /// Parses `text` with this kind's one parser: the value for a point, distance or count,
        /// nil for a kind whose command reads the text itself.
        func check(_ text: String, option: String) throws(CLIError) -> ParsedArguments.ParsedValue? {
            switch self {
            case .text, .decimal: return nil
            case .point: return .point(try NumericOptions.point(text, option: option))
            case .distance: return .distance(try NumericOptions.distance(text, option: option))
            case .count(let range): return .count(try NumericOptions.count(text, option: option, range: range))
            case .units:
                _ = try UnitsOption.parse(text)
                return nil
            }
        }
    }
}

/// The options several commands declare, worded once.
extension OptionDeclaration {
    static func at(required: Bool = false) -> OptionDeclaration {
        OptionDeclaration(
            "at", value: "LAT,LON", help: "the point to measure from (decimal degrees, or a geo: URI)", kind: .point,
            required: required)
    }

    static func within(_ help: String, requires: String? = nil) -> OptionDeclaration {
        OptionDeclaration("within", value: "DIST", help: help, kind: .distance, requires: requires)
    }

    static func limit(_ range: ClosedRange<Int>, _ help: String) -> OptionDeclaration {
        OptionDeclaration(
            "limit", short: "n", value: "N",
            help: "\(help), \(NumericOptions.grouped(range.lowerBound)) to \(NumericOptions.grouped(range.upperBound))",
            kind: .count(range))
    }

    static let filter = OptionDeclaration(
        "where", value: "ATTR[=VALUE]",
        help: "keep places whose attribute is present and non-zero, or equals VALUE (repeatable)")

    static func near(_ help: String, required: Bool = true, requires: String? = nil) -> OptionDeclaration {
        OptionDeclaration("near", value: "DATASET[,DATASET…]", help: help, required: required, requires: requires)
    }

    /// An older spelling of another option, accepted and not listed in help.
    static func hidden(_ name: String, value: String) -> OptionDeclaration {
        var option = OptionDeclaration(name, value: value, help: "")
        option.isHidden = true
        return option
    }

    static func format(_ formats: [OutputFormat], required: Bool = false) -> OptionDeclaration {
        OptionDeclaration(
            "format", value: formats.map(\.rawValue).joined(separator: "|"),
            help: formats.first == .table ? "output format (default: table)" : "output format", required: required)
    }

    static let maxSpeed = OptionDeclaration(
        "max-speed", value: "M/S",
        help:
            "fixes implying a faster speed are spikes (default by activity: running 12, walking/hiking 7, cycling 30, swimming 5, other 70); a fix over 100 km from the last is one whatever the speed",
        kind: .decimal)

    /// `--badges ID`: which badge catalogue (``BadgeCatalogueOption``).
    static let badges = OptionDeclaration(
        "badges", value: "ID", help: "the badge catalogue to use (else NEARBY_BADGES, else badges; see nearby datasets)"
    )

    static func tiles(requires: String? = nil) -> [OptionDeclaration] {
        [
            OptionDeclaration(
                "tiles", value: "URL-TEMPLATE",
                help: "draw map tiles under it (else NEARBY_TILES; see nearby map --help)",
                requires: requires),
            OptionDeclaration(
                "tiles-attribution", value: "TEXT", help: "the tiles' credit drawn on the map", requires: requires),
        ]
    }
}
