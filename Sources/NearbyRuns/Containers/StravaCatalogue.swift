/// Strava's `activities.csv`: columns found by name (English header), duplicates by position —
/// the first `Distance` is in the athlete's display unit, the second in metres; the first
/// `Elapsed Time` is whole seconds. `Activity Date` is UTC in English text; `Filename` is a
/// member path relative to the archive's root and empty for manual activities.
///
/// Read a chunk at a time (``CatalogueCSV``); only the seven columns used are kept.
struct StravaCatalogue: CatalogueBuilding {
    let folder: String
    private var slots: [Int?] = []
    private var problem: CatalogueError?
    private var rows = CatalogueRows()

    init(folder: String) { self.folder = folder }

    mutating func header(_ csv: inout CatalogueCSV) {
        let header = csv.header ?? []
        guard let file = header.column("Filename") else {
            problem = CatalogueError(reason: "it has no 'Filename' column (only English headers are understood)")
            slots = csv.keep(Array(repeating: nil, count: 7))
            return
        }
        // The second "Distance" is metres; the first is in display units (km or miles), unusable alone.
        slots = csv.keep([
            file, header.column("Activity ID"), header.column("Activity Date"), header.column("Activity Name"),
            header.column("Activity Type"), header.column("Elapsed Time"), header.column("Distance", occurrence: 1),
        ])
    }

    var headerProblem: CatalogueError? { problem }

    mutating func row(_ cells: [String?]) {
        let metadata = ActivityMetadata(
            name: cells.cell(slots[3]), type: cells.cell(slots[4]),
            startTime: cells.cell(slots[2]).flatMap(CatalogueDates.strava), activityID: cells.cell(slots[1]),
            distance: cells.cell(slots[6]).flatMap(Self.finite), elapsedTime: cells.cell(slots[5]).flatMap(Self.finite))
        rows.add(metadata, file: cells.cell(slots[0]).map { folder + $0 })
    }

    func catalogue() -> ExportCatalogue { rows.catalogue(.strava) }

    /// A finite, non-negative decimal.
    static func finite(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, value >= 0 else { return nil }
        return value
    }
}
