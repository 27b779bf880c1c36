import NearbySystem
/// The help texts: the overview, and each command's help rendered from its ``CommandSpec`` (so
/// a command's help names exactly the options its parser accepts).
enum Help {
    /// The widest line help aims for, columns.
    static let width = 100
    /// The column where a summary starts in the overview.
    static let summaryColumn = 45

    static var overview: String {
        var text = "nearby — what is near me, and near my runs, from open data.\n\n"
        text += "Places (nearest first, by distance on the WGS84 ellipsoid):\n"
        text += commandLines(CommandRouter.commands.filter { $0.group == .places }.map { $0.spec })
        text += "\nRuns:\n"
        text += commandLines(CommandRouter.commands.filter { $0.group == .runs }.map { $0.spec })
        text += "\n'nearby COMMAND --help' shows a command's options.\n\nOptions for every command:\n"
        text += optionLines(CommandSpec.globalOptions) + "  --version\n"
        text += """

            Values: numbers are decimals (25.0418, -0.12, 1.5e3; never 0x19, inf or nan). DIST is a
            number with m, km, mi or ft (default m), greater than 0 and at most 20,037.5 km (half the
            equator). N is a whole number (each command's help gives its range).
            A valued option needs its value: write --where=-x for a value that starts with '-'
            (a negative number is a value where a number is wanted: --at -33.9,151.2).

            Output: --format table is also spelled text, by every command that prints a table.
            Tables and messages show control characters from feeds, files and arguments as
            escapes (\\e, \\t, \\n, \\r, \\xHH, \\u{HHHH} for bidi controls); JSON and GeoJSON are exact;
            CSV cells that begin with = + - @ TAB or CR (other than numbers) start with '.

            Exit codes: 0 success (also an empty result, and a partial answer of near), 1 failure,
            2 usage error, 3 no data for a dataset and it cannot be fetched (near: for every one).

            """
        return text
    }

    /// The help of the command named by `words` (`checkpoints`, `runs show`, `runs`, or a
    /// dataset id), or nil for an option-like word.
    static func text(for words: [String]) -> String? {
        guard let first = words.first, !first.hasPrefix("-") else { return nil }
        if first == "runs" {
            if let sub = words.dropFirst().first, let command = CommandRouter.command(named: "runs \(sub)") {
                return render(command.spec)
            }
            let runs = CommandRouter.commands.filter { $0.spec.name.hasPrefix("runs ") }.map { $0.spec }
            return "usage:\n" + commandLines(runs) + "\n'nearby runs COMMAND --help' shows a command's options.\n"
        }
        // Two-word commands outside `runs`: `datasets add`, `streets import`.
        if let sub = words.dropFirst().first, let command = CommandRouter.command(named: "\(first) \(sub)") {
            return render(command.spec)
        }
        if let command = CommandRouter.command(named: first) { return render(command.spec) }
        var listing = ListCommand.spec
        listing.name = first
        return render(listing)
    }

    /// Where a usage error sends the user: the help of the command the words name (`nearby runs
    /// show --help`, `nearby near --help`, `nearby toilets --help` for a dataset), else the
    /// overview's `nearby --help`.
    static func hint(for words: [String]) -> String {
        guard let first = words.first, !first.hasPrefix("-") else { return "nearby --help" }
        if first == "runs" {
            guard let sub = words.dropFirst().first, CommandRouter.command(named: "runs \(sub)") != nil else {
                return "nearby runs --help"
            }
            return "nearby runs \(sub) --help"
        }
        guard CommandRouter.command(named: first) != nil || DatasetID.isValid(first) else { return "nearby --help" }
        return "nearby \(first) --help"
    }

    /// One command's help: the usage line, what it does, its options.
    static func render(_ spec: CommandSpec) -> String {
        let lead = "usage: nearby \(spec.name) "
        var text = wrap(usage(spec, optional: true).dropFirst(2), prefix: lead, indent: TextWidth.columns(lead))
        text += "\n\n" + spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + ".\n"
        if !spec.details.isEmpty { text += "\n" + spec.details + (spec.details.hasSuffix("\n") ? "" : "\n") }
        let listed = spec.options.filter { !$0.isHidden }
        if !listed.isEmpty { text += "\nOptions:\n" + optionLines(listed) }
        return text + "\nThe options of every command: nearby --help.\n"
    }

    /// The words of a usage line: `nearby`, `NAME`, `ARGUMENTS`, `--required VALUE`,
    /// `[--optional VALUE]`… (an option and its value stay together when the line wraps).
    static func usage(_ spec: CommandSpec, optional: Bool) -> [String] {
        var parts = ["nearby", spec.name]
        if !spec.arguments.isEmpty { parts.append(spec.arguments) }
        for option in spec.options where option.isRequired && !option.isHidden {
            parts.append("--\(option.name)" + (option.value.map { " \($0)" } ?? ""))
        }
        if optional {
            for option in spec.options where !option.isRequired && !option.isHidden {
                parts.append("[--\(option.name)" + (option.value.map { " \($0)" } ?? "") + "]")
            }
        }
        return parts
    }

    /// `  nearby …   summary` for each command, the summary in its column or on the next line.
    static func commandLines(_ specs: [CommandSpec]) -> String {
        specs.map { spec in
            let line = "  " + usage(spec, optional: false).joined(separator: " ")
            if TextWidth.columns(line) < summaryColumn - 1 {
                return TextWidth.pad(line, to: summaryColumn) + spec.summary + "\n"
            }
            return line + "\n" + String(repeating: " ", count: summaryColumn) + spec.summary + "\n"
        }.joined()
    }

    /// `  --name VALUE   help` for each option, the help aligned and wrapped.
    static func optionLines(_ options: [OptionDeclaration]) -> String {
        let column = min(34, (options.map { TextWidth.columns($0.synopsis) }.max() ?? 0) + 4)
        return options.map { option in
            let head = "  " + option.synopsis
            let help = option.help.split(separator: " ").map(String.init)
            if TextWidth.columns(head) < column - 1 {
                return wrap(help, prefix: TextWidth.pad(head, to: column), indent: column) + "\n"
            }
            return head + "\n" + wrap(help, prefix: String(repeating: " ", count: column), indent: column) + "\n"
        }.joined()
    }

    /// `prefix` and the `pieces` separated by spaces, in lines of at most ``width`` columns
    /// (a piece is never split), continuing at column `indent`.
    static func wrap<Pieces: Sequence<String>>(_ pieces: Pieces, prefix: String, indent: Int) -> String {
        var lines: [String] = []
        var line = prefix
        var hasPiece = false
        for piece in pieces {
            let candidate = hasPiece ? line + " " + piece : line + piece
            if hasPiece, TextWidth.columns(candidate) > width {
                lines.append(line)
                line = String(repeating: " ", count: indent) + piece
            } else {
                line = candidate
            }
            hasPiece = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
