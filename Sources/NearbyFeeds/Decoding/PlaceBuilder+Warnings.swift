/// What a decoding decided about its records, worded for the user once the feed is read.
extension PlaceBuilder {
    /// One sentence per thing worth telling the user.
    func warnings() -> [String] {
        var warnings: [String] = []
        if unplacedCount > 0 {
            var parts: [String] = []
            if missingCoordinates > 0 { parts.append("\(missingCoordinates) missing") }
            if notDecimal > 0 { parts.append("\(notDecimal) not in decimal degrees") }
            if zeroCoordinates > 0 { parts.append("\(zeroCoordinates) at 0,0") }
            if outOfRange > 0 { parts.append("\(outOfRange) out of range") }
            let swapNote =
                swapped > 0
                ? ", of which \(swapped) \(swapped == 1 ? "looks" : "look") like latitude and longitude swapped"
                : ""
            warnings.append(
                "\(Self.count(unplacedCount, "record has", "records have")) no usable coordinates "
                    + "and \(unplacedCount == 1 ? "is" : "are") listed but never ranked by distance "
                    + "(\(parts.joined(separator: ", "))\(swapNote)).")
        }
        if filteredOut > 0, let filter = manifest.filter {
            let rule =
                filter.equals.map { "\(filter.field.text) equals \($0)" }
                ?? "\(filter.field.text) starts with \(filter.prefix ?? "")"
            warnings.append(
                "\(Self.count(filteredOut, "record was", "records were")) filtered out (kept only \(rule))."
            )
        }
        if repeatedIDs > 0 {
            warnings.append(
                "\(Self.count(repeatedIDs, "record repeats", "records repeat")) an earlier id and "
                    + "\(repeatedIDs == 1 ? "was" : "were") given a suffix such as \"-2\".")
        }
        if nulRecords > 0, let first = firstNul {
            let record = first.id.map { "record \"\($0)\"" } ?? "record \(first.row)"
            warnings.append(
                "\(Self.count(nulRecords, "record holds", "records hold")) \(Self.nulWording), so it became U+FFFD "
                    + "(the first: \(record), field \"\(first.field)\").")
        }
        if unnamed > 0 {
            warnings.append(
                "\(Self.count(unnamed, "record has", "records have")) no name; the id is shown instead."
            )
        }
        return warnings
    }

    private static func count(_ n: Int, _ singular: String, _ plural: String) -> String {
        "\(n) \(n == 1 ? singular : plural)"
    }
}
