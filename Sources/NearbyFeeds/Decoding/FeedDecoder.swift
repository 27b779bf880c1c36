import Foundation
import NearbyGeo

/// Turns the raw pages of a feed into places, following the dataset's manifest.
///
/// One generic decoder serves every manifest: it finds the records (JSON path, GeoJSON
/// features or CSV rows), applies the filter, maps the fields, normalises text, checks
/// coordinates, and says in plain sentences what it had to drop or could not place.
public struct FeedDecoder: Sendable {
    public init() {}

    /// Decodes the pages of one fetch, in order, into a feed.
    public func decode(pages: [Data], manifest: DatasetManifest) throws(FeedDecodeError)
        -> DecodedFeed
    {
        var records: [FeedRecord] = []
        var reportedTotal: Int?
        for (index, page) in pages.enumerated() {
            let extracted = try extract(page, pageIndex: index, manifest: manifest)
            records.append(contentsOf: extracted.records)
            if index == 0 { reportedTotal = extracted.total }
        }
        guard !records.isEmpty else { throw .noRecords(dataset: manifest.id) }
        try checkMappedFields(records, manifest: manifest)
        var builder = PlaceBuilder(manifest: manifest)
        for record in records { builder.add(record) }
        guard !builder.places.isEmpty else {
            throw .filterMatchedNothing(dataset: manifest.id, records: records.count)
        }
        guard builder.places.contains(where: { $0.coordinate != nil }) else {
            throw .noUsableCoordinates(dataset: manifest.id, records: builder.places.count)
        }
        var warnings = builder.warnings()
        if let reportedTotal, reportedTotal != records.count {
            warnings.append(
                "The feed reports \(reportedTotal) records but \(records.count) were read.")
        }
        return DecodedFeed(
            places: builder.places, warnings: warnings, reportedTotal: reportedTotal,
            recordCount: records.count, filteredOut: builder.filteredOut,
            unplaced: builder.unplacedCount)
    }

    /// The number of records in one page, so a pager can tell when a feed has run out.
    public func recordCount(inPage page: Data, manifest: DatasetManifest) throws(FeedDecodeError)
        -> Int
    {
        try extract(page, pageIndex: 0, manifest: manifest).records.count
    }

    /// The total the page reports at the manifest's total path, if any.
    public func reportedTotal(inPage page: Data, manifest: DatasetManifest)
        throws(FeedDecodeError) -> Int?
    {
        try extract(page, pageIndex: 0, manifest: manifest).total
    }

    private func extract(_ page: Data, pageIndex: Int, manifest: DatasetManifest)
        throws(FeedDecodeError) -> (records: [FeedRecord], total: Int?)
    {
        if manifest.source.format == .csv {
            let table: CSVTable
            do {
                table = try CSVTable(page)
            } catch {
                throw .notCSV(dataset: manifest.id, page: pageIndex, error: error)
            }
            let columns = CSVColumns(table.header)
            return (table.rows.map { .csv(fields: $0.fields, columns: columns) }, nil)
        }
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(page)
        } catch {
            throw .notJSON(dataset: manifest.id, page: pageIndex, error: error)
        }
        let path = manifest.source.effectiveRecordsPath
        guard case .array(let elements)? = tree.value(at: path) else {
            throw .recordsNotFound(dataset: manifest.id, page: pageIndex, path: path.text)
        }
        let isGeoJSON = manifest.source.format == .geojson
        let records = elements.map { element -> FeedRecord in
            .json(element, properties: isGeoJSON ? element["properties"] : nil)
        }
        var total: Int?
        if let totalPath = manifest.source.effectiveTotalPath, let value = tree.value(at: totalPath) {
            switch value {
            case .number(let number) where number >= 0 && number < 1e15: total = Int(number)
            case .string(let text): total = Int(text.trimmingFeedSpaces())
            default: total = nil
            }
        }
        return (records, total)
    }

    private func checkMappedFields(_ records: [FeedRecord], manifest: DatasetManifest)
        throws(FeedDecodeError)
    {
        let required: [(String, FieldPath)] = [
            ("name", manifest.fields.name), ("latitude", manifest.fields.latitude),
            ("longitude", manifest.fields.longitude),
        ]
        for (role, path) in required where !records.contains(where: { $0.has(path) }) {
            throw .fieldMissingEverywhere(dataset: manifest.id, role: role, path: path.text)
        }
    }
}
