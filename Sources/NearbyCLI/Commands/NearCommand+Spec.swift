extension NearCommand {
    /// What `nearby near` takes, and its help.
    static let spec = CommandSpec(
        name: "near", summary: "several datasets at once, merged nearest first", arguments: "[DATASET…]",
        details: """
            The datasets are named with --in or as words; one named twice is asked once. A dataset that
            has no data (not cached and cannot be fetched) is left out with one warning and the others
            answer (exit code 0); when none of them has data, exit code 3.
            """,
        options: [
            .at(required: true),
            OptionDeclaration("in", value: "DATASET[,DATASET…]", help: "the datasets to ask (repeatable)"),
            .limit(PlaceQuery.limits, "how many places in all (default 10)"), .within("only places within DIST"),
            .filter, .format([.table, .json, .csv, .geojson]),
        ])
}
