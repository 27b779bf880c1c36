extension ListCommand {
    /// What `nearby <dataset>` takes, and its help.
    static let spec = CommandSpec(
        name: "<dataset>", summary: "list a dataset, nearest first when --at is given",
        details: """
            With --at, nearest first with distance and compass bearing; without it, in source order.
            """,
        options: [
            .at(), .limit(PlaceQuery.limits, "how many places (default 20 with --at, else all)"),
            .within("only places within DIST of --at", requires: "at"), .filter,
            .format([.table, .json, .csv, .geojson]),
        ])
}
