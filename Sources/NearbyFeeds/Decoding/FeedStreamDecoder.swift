import Foundation
import NearbyCSV

/// Decodes a feed page by page, record by record, handing each place to a sink as soon as it
/// is built: no tree of a whole page, no array of rows and no list of places is ever held.
///
/// ```swift
/// var decoder = FeedStreamDecoder(manifest: manifest, sink: PlaceArchiveBuilder())
/// for page in pages { try decoder.add(page: page) }
/// let summary = try decoder.finish()
/// let archive = decoder.sink.finish(sourceTag: tag)
/// ```
///
/// Memory stays within what the sink keeps plus one record, whatever the feed's length. The
/// checks of ``FeedDecoder/decode(pages:manifest:)`` are made by ``finish()``, in its order.
public struct FeedStreamDecoder<Sink: PlaceSink> {
    /// Where the places went.
    public private(set) var sink: Sink
    /// The dataset's manifest.
    public let manifest: DatasetManifest
    private var builder: PlaceBuilder
    private var pageIndex = 0
    private var recordCount = 0
    private var reportedTotal: Int?
    private var full: PlaceSinkFull?
    /// Whether some record has had the name, latitude and longitude field.
    private var seen = [false, false, false]

    public init(manifest: DatasetManifest, sink: Sink) {
        self.manifest = manifest
        self.sink = sink
        self.builder = PlaceBuilder(manifest: manifest)
    }

    /// Decodes the next page.
    public mutating func add(page: Data) throws(FeedDecodeError) {
        let result: Result<Void, FeedDecodeError> = page.withUnsafeBytes { raw in
            Result { () throws(FeedDecodeError) in try add(page: raw) }
        }
        try result.get()
    }

    /// Decodes the next page from its bytes (which may be mapped from a file).
    public mutating func add(page raw: UnsafeRawBufferPointer) throws(FeedDecodeError) {
        // A sink working on another thread borrows the page's bytes until it is drained.
        defer { (sink as? any BufferedPlaceSink)?.drain() }
        let index = pageIndex
        pageIndex += 1
        if manifest.source.format == .csv {
            try addCSV(raw, pageIndex: index)
        } else {
            try addJSON(raw, pageIndex: index)
        }
        if let full { throw .tooLarge(dataset: manifest.id, detail: full.what) }
    }

    /// Ends the feed: waits for a sink that works on another thread (``PlaceArchiveBuilder``)
    /// and throws the limit it reached; throws if the feed holds no records, lacks a mapped
    /// field everywhere, lost every record to the filter or has no usable coordinate; else says
    /// what was found. It lets go
    /// of what decoding needed (the ids seen), so no page may be added after it.
    public mutating func finish() throws(FeedDecodeError) -> FeedSummary {
        // A sink that builds on another thread reports a limit it reached only now.
        if full == nil, let buffered = sink as? any BufferedPlaceSink {
            do throws(PlaceSinkFull) {
                try buffered.flush()
            } catch {
                full = error
            }
        }
        if let full { throw .tooLarge(dataset: manifest.id, detail: full.what) }
        builder.forgetIDs()
        guard recordCount > 0 else { throw .noRecords(dataset: manifest.id) }
        let fields = manifest.fields
        let roles = [("name", fields.name), ("latitude", fields.latitude), ("longitude", fields.longitude)]
        for (index, (role, path)) in roles.enumerated() where !seen[index] {
            throw .fieldMissingEverywhere(dataset: manifest.id, role: role, path: path.manifestText)
        }
        guard builder.placeCount > 0 else {
            throw .filterMatchedNothing(dataset: manifest.id, records: recordCount)
        }
        guard builder.locatedCount > 0 else {
            throw .noUsableCoordinates(dataset: manifest.id, records: builder.placeCount)
        }
        var warnings = builder.warnings()
        if let reportedTotal, reportedTotal != recordCount {
            warnings.append("The feed reports \(reportedTotal) records but \(recordCount) were read.")
        }
        return FeedSummary(
            placeCount: builder.placeCount, locatedCount: builder.locatedCount, warnings: warnings,
            reportedTotal: reportedTotal, recordCount: recordCount,
            filteredOut: builder.filteredOut, unplaced: builder.unplacedCount)
    }

    private mutating func consume(_ record: FeedRecord) {
        guard full == nil else { return }
        recordCount += 1
        let fields = manifest.fields
        if !seen[0], record.has(fields.name) { seen[0] = true }
        if !seen[1], record.has(fields.latitude) { seen[1] = true }
        if !seen[2], record.has(fields.longitude) { seen[2] = true }
        do throws(PlaceSinkFull) {
            try builder.add(record, into: &sink)
        } catch {
            full = error
        }
    }

    private mutating func addCSV(_ raw: UnsafeRawBufferPointer, pageIndex: Int) throws(FeedDecodeError) {
        do throws(CSVParseError) {
            var reader = CSVRowReader(raw.assumingMemoryBound(to: UInt8.self))
            let header = try reader.readHeader()
            let columns = CSVColumns(header)
            builder.useCSVHeader(columns)
            var row = CSVRow()
            var behind = ReadBehind(raw.baseAddress)
            while try reader.next(into: &row, columns: header.count) {
                consume(.csv(row.fields, columns: columns))
                behind.passed(reader.position)
            }
        } catch {
            throw .notCSV(dataset: manifest.id, page: pageIndex, error: error)
        }
    }

    private mutating func addJSON(_ raw: UnsafeRawBufferPointer, pageIndex: Int) throws(FeedDecodeError) {
        let source = manifest.source
        let isGeoJSON = source.format == .geojson
        let walker = JSONRecordWalker(
            records: source.effectiveRecordsPath.segments, total: source.effectiveTotalPath?.segments)
        let outcome: JSONRecordWalker.Outcome
        do throws(JSONParseError) {
            // GeoJSON features nest their properties: they always come as trees.
            outcome = try walker.walk(raw, flat: !isGeoJSON, releasingBehind: true) { found in
                switch found {
                case .flat(let flat): consume(.flat(flat))
                case .tree(let value):
                    consume(.json(value, properties: isGeoJSON ? value["properties"] : nil))
                }
            }
        } catch {
            throw .notJSON(dataset: manifest.id, page: pageIndex, error: error)
        }
        var total = outcome.total
        if !outcome.foundRecords {
            // A records path that reaches through an array by name needs the whole tree.
            guard outcome.needsTree else {
                throw .recordsNotFound(
                    dataset: manifest.id, page: pageIndex, path: source.effectiveRecordsPath.text)
            }
            let extracted = try FeedDecoder.extractWithTree(raw, pageIndex: pageIndex, manifest: manifest)
            for record in extracted.records { consume(record) }
            total = extracted.totalValue
        }
        if pageIndex == 0 { reportedTotal = FeedDecoder.count(in: total) }
    }
}
