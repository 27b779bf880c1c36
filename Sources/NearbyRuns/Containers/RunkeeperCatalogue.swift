/// Runkeeper's `cardioActivities.csv`: `Date` is local wall time, `Distance (mi)` or
/// `Distance (km)`, `Duration` `mm:ss` or `h:mm:ss`, `GPX File` a sibling file name (empty for
/// manual activities).
enum RunkeeperCatalogue {
    static func parse(_ bytes: UnsafeRawBufferPointer, folder: String) throws(CatalogueError) -> ExportCatalogue {
        let table: CSVTable
        do { table = try CSVTable(bytes) } catch { throw CatalogueError(reason: error.reason) }
        guard let fileColumn = table.column("GPX File") else {
            throw CatalogueError(reason: "it has no 'GPX File' column")
        }
        let id = table.column("Activity Id")
        let date = table.column("Date")
        let type = table.column("Type")
        let routeName = table.column("Route Name")
        let duration = table.column("Duration")
        let distanceColumn = table.column(prefix: "Distance (")
        let metresPerUnit: Double? =
            distanceColumn.map { table.header[$0].trimmingSpaces } == "Distance (mi)"
            ? 1609.344 : distanceColumn.map { table.header[$0].trimmingSpaces } == "Distance (km)" ? 1000 : nil
        var byMember: [String: ActivityMetadata] = [:]
        var all: [ActivityMetadata] = []
        var withoutFile: [ActivityMetadata] = []
        for row in table.rows {
            var distance: Double?
            if let perUnit = metresPerUnit, let value = row.cell(distanceColumn).flatMap(StravaCatalogue.finite) {
                distance = value * perUnit
            }
            let metadata = ActivityMetadata(
                name: row.cell(routeName), type: row.cell(type),
                localStartTime: row.cell(date).flatMap(CatalogueDates.runkeeper), activityID: row.cell(id),
                distance: distance, elapsedTime: row.cell(duration).flatMap(CatalogueDates.duration))
            all.append(metadata)
            if let file = row.cell(fileColumn) {
                byMember[folder + file] = byMember[folder + file] ?? metadata
            } else {
                withoutFile.append(metadata)
            }
        }
        return ExportCatalogue(kind: .runkeeper, byMember: byMember, all: all, withoutFile: withoutFile)
    }
}
