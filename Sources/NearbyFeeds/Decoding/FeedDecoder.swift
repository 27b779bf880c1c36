import Foundation
import NearbyCSV
import NearbyGeo

/// Turns the raw pages of a feed into places, following the dataset's manifest.
///
/// One generic decoder serves every manifest: it finds the records (JSON path, GeoJSON
/// features or CSV rows), applies the filter, maps the fields, normalises text, checks
/// coordinates, and says in plain sentences what it had to drop or could not place. Records
/// are streamed (``FeedStreamDecoder``); this type collects the places of small feeds in an
/// array and answers the pager's questions about single pages.
public struct FeedDecoder: Sendable {
    public init() {}

    /// Decodes the pages of one fetch, in order, into a feed.
    public func decode(pages: [Data], manifest: DatasetManifest) throws(FeedDecodeError)
        -> DecodedFeed
    {
        var stream = FeedStreamDecoder(manifest: manifest, sink: [Place]())
        for page in pages { try stream.add(page: page) }
        let summary = try stream.finish()
        return DecodedFeed(
            places: stream.sink, warnings: summary.warnings, reportedTotal: summary.reportedTotal,
            recordCount: summary.recordCount, filteredOut: summary.filteredOut,
            unplaced: summary.unplaced)
    }

    /// The number of records in one page, so a pager can tell when a feed has run out.
    /// Records are checked and counted, not built.
    public func recordCount(inPage page: Data, manifest: DatasetManifest) throws(FeedDecodeError)
        -> Int
    {
        try scan(page, manifest: manifest).records
    }

    /// The total the page reports at the manifest's total path, if any.
    public func reportedTotal(inPage page: Data, manifest: DatasetManifest)
        throws(FeedDecodeError) -> Int?
    {
        try scan(page, manifest: manifest).total
    }

    /// Counts a page's records and reads its total without building records.
    private func scan(_ page: Data, manifest: DatasetManifest) throws(FeedDecodeError)
        -> (records: Int, total: Int?)
    {
        let result: Result<(Int, Int?), FeedDecodeError> = page.withUnsafeBytes { raw in
            Result { () throws(FeedDecodeError) -> (Int, Int?) in
                if manifest.source.format == .csv {
                    do throws(CSVParseError) {
                        var reader = CSVRowReader(raw.assumingMemoryBound(to: UInt8.self))
                        let columns = try reader.readHeader().count
                        var row = CSVRow()
                        var rows = 0
                        while try reader.next(into: &row, columns: columns) { rows += 1 }
                        return (rows, nil)
                    } catch {
                        throw .notCSV(dataset: manifest.id, page: 0, error: error)
                    }
                }
                let source = manifest.source
                let walker = JSONRecordWalker(
                    records: source.effectiveRecordsPath.segments,
                    total: source.effectiveTotalPath?.segments)
                let outcome: JSONRecordWalker.Outcome
                do throws(JSONParseError) {
                    outcome = try walker.walk(raw, build: false)
                } catch {
                    throw .notJSON(dataset: manifest.id, page: 0, error: error)
                }
                if outcome.foundRecords { return (outcome.records, Self.count(in: outcome.total)) }
                guard outcome.needsTree else {
                    throw .recordsNotFound(
                        dataset: manifest.id, page: 0, path: source.effectiveRecordsPath.text)
                }
                let extracted = try Self.extractWithTree(raw, pageIndex: 0, manifest: manifest)
                return (extracted.records.count, Self.count(in: extracted.totalValue))
            }
        }
        return try result.get()
    }

    /// A reported total as a count: a whole number from 0 up to 10^15, or digits in text.
    static func count(in value: JSONValue?) -> Int? {
        switch value {
        case .number(let number)?:
            guard number >= 0, number < 1e15, number.rounded(.towardZero) == number else {
                return nil
            }
            return Int(exactly: number)
        case .string(let text)?:
            guard let count = Int(text.trimmingFeedSpaces()), count >= 0 else { return nil }
            return count
        default:
            return nil
        }
    }

    /// The records of a page whose records path reaches through an array by a member name
    /// (`"items.list"`): only the whole tree can gather them.
    static func extractWithTree(
        _ raw: UnsafeRawBufferPointer, pageIndex: Int, manifest: DatasetManifest
    ) throws(FeedDecodeError) -> (records: [FeedRecord], totalValue: JSONValue?) {
        let tree: JSONValue
        do {
            tree = try JSONParser.parse(raw)
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
        return (records, manifest.source.effectiveTotalPath.flatMap { tree.value(at: $0) })
    }
}
