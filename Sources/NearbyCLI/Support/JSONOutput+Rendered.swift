import NearbyOutput

extension JSONOutput {
    /// The text `--format json` prints: ``JSONWriter/pretty`` (two spaces a level, at most 7
    /// decimals, `null` for a number that is not finite) with a final newline.
    func rendered() -> String { JSONWriter.pretty.write(self) }
}
