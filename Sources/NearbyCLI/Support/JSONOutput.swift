import NearbyOutput
/// The commands' JSON value: ``NearbyBasics/JSONValue`` (keys keep the order they are given in,
/// so field order is stable), under the name the command files use.
typealias JSONOutput = JSONValue

extension JSONValue {
    /// The text `--format json` prints: ``JSONWriter/pretty`` (two spaces a level, at most 7
    /// decimals, `null` for a number that is not finite) with a final newline.
    func rendered() -> String { JSONWriter.pretty.write(self) }
}
