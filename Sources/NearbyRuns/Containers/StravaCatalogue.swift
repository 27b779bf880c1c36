/// Strava's `activities.csv`: columns found by name (English header), duplicates by position —
/// the first `Distance` is in the athlete's display unit, the second in metres; the first
/// `Elapsed Time` is whole seconds. `Activity Date` is UTC in English text; `Filename` is a
/// member path relative to the archive's root and empty for manual activities.
enum StravaCatalogue {
    static func parse(_ bytes: UnsafeRawBufferPointer, folder: String) throws(CatalogueError) -> ExportCatalogue {
        let table: CSVTable
        do { table = try CSVTable(bytes) } catch { throw CatalogueError(reason: error.reason) }
        guard let fileColumn = table.column("Filename") else {
            throw CatalogueError(reason: "it has no 'Filename' column (only English headers are understood)")
        }
        let id = table.column("Activity ID")
        let date = table.column("Activity Date")
        let name = table.column("Activity Name")
        let type = table.column("Activity Type")
        let elapsed = table.column("Elapsed Time")
        // The second "Distance" is metres; the first is in display units (km or miles), unusable alone.
        let metres = table.column("Distance", occurrence: 1)
        var byMember: [String: ActivityMetadata] = [:]
        var all: [ActivityMetadata] = []
        var withoutFile: [ActivityMetadata] = []
        for row in table.rows {
            let metadata = ActivityMetadata(
                name: row.cell(name), type: row.cell(type), startTime: row.cell(date).flatMap(CatalogueDates.strava),
                activityID: row.cell(id), distance: row.cell(metres).flatMap(finite),
                elapsedTime: row.cell(elapsed).flatMap(finite))
            all.append(metadata)
            if let file = row.cell(fileColumn) {
                byMember[folder + file] = byMember[folder + file] ?? metadata
            } else {
                withoutFile.append(metadata)
            }
        }
        return ExportCatalogue(kind: .strava, byMember: byMember, all: all, withoutFile: withoutFile)
    }

    /// A finite, non-negative decimal.
    static func finite(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }
}
