/// Runkeeper's `cardioActivities.csv`: `Date` is local wall time, `Distance (mi)` or
/// `Distance (km)`, `Duration` `mm:ss` or `h:mm:ss`, `GPX File` a sibling file name (empty for
/// manual activities).
///
/// Read a chunk at a time (``CatalogueCSV``); only the seven columns used are kept.
struct RunkeeperCatalogue: CatalogueBuilding {
    let folder: String
    private var slots: [Int?] = []
    private var metresPerUnit: Double?
    private var problem: CatalogueError?
    private var rows = CatalogueRows()

    init(folder: String) { self.folder = folder }

    mutating func header(_ csv: inout CatalogueCSV) {
        let header = csv.header ?? []
        guard let file = header.column("GPX File") else {
            problem = CatalogueError(reason: "it has no 'GPX File' column")
            slots = csv.keep(Array(repeating: nil, count: 7))
            return
        }
        let distance = header.column(prefix: "Distance (")
        switch distance.map({ header[$0].trimmingSpaces }) {
        case "Distance (mi)": metresPerUnit = 1609.344
        case "Distance (km)": metresPerUnit = 1000
        default: metresPerUnit = nil
        }
        slots = csv.keep([
            file, header.column("Activity Id"), header.column("Date"), header.column("Route Name"),
            header.column("Type"), header.column("Duration"), distance,
        ])
    }

    var headerProblem: CatalogueError? { problem }

    mutating func row(_ cells: [String?]) {
        var distance: Double?
        if let perUnit = metresPerUnit, let value = cells.cell(slots[6]).flatMap(StravaCatalogue.finite) {
            distance = value * perUnit
        }
        let metadata = ActivityMetadata(
            name: cells.cell(slots[3]), type: cells.cell(slots[4]),
            localStartTime: cells.cell(slots[2]).flatMap(CatalogueDates.runkeeper), activityID: cells.cell(slots[1]),
            distance: distance, elapsedTime: cells.cell(slots[5]).flatMap(CatalogueDates.duration))
        rows.add(metadata, file: cells.cell(slots[0]).map { folder + $0 })
    }

    func catalogue() -> ExportCatalogue { rows.catalogue(.runkeeper) }
}
