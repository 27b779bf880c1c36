import NearbySystem
import Foundation
import NearbyGeo

/// Writes a place archive (``PlaceArchiveLayout``) one place at a time, so a feed streams from
/// its pages into the archive without a list of places in between.
///
/// The decoder's thread only copies each draft's bytes into a batch; the archive's sections
/// are built from the batches on a second thread (``DraftPipeline``), in feed order, so the
/// archive is byte for byte what one thread builds. ``flush()`` waits for that thread and
/// reports a limit it reached (``FeedStreamDecoder/finish()`` calls it); ``finish(sourceTag:into:)``
/// flushes first. Memory is the archive's own sections while they grow (see ``PagedBytes``),
/// a bounded table that shares repeated text, and at most a few batches of about a MiB.
/// ``PlaceArchiveWriter/encode(_:sourceTag:)`` is this builder over an array. A builder is
/// used once: copies of it share their sections.
public struct PlaceArchiveBuilder: PlaceSink, BufferedPlaceSink {
    private let pipeline = DraftPipeline()
    private var pairCount: UInt32 = 0
    /// Places added so far.
    public private(set) var count = 0
    /// Every place is charged before it is kept (``InputKind/feedRefresh``: 5,000,000).
    private var budget = InputBudget(.feedRefresh)

    public init() {}

    /// Adds the next place; throws when the archive's 32-bit offsets cannot hold it.
    public mutating func add(_ place: Place) throws(PlaceSinkFull) {
        try PlaceDraft.with(place) { (draft) throws(PlaceSinkFull) in try add(draft) }
    }

    /// Adds the next place from its draft, copying the draft's own buffer; the bytes of its
    /// page and names must stay valid until ``drain()`` or ``flush()`` returns (the stream
    /// decoder drains at the end of each page).
    ///
    /// The limits of place and field counts are checked here, at once; a limit the sections
    /// reach later (4 GiB of text, no memory left) is thrown by a later call or by ``flush()``.
    public mutating func add(_ draft: PlaceDraft) throws(PlaceSinkFull) {
        guard let number = UInt32(exactly: count), number < UInt32.max else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max - 1) places")
        }
        do throws(InputBudgetExceeded) {
            try budget.yield()
        } catch {
            throw PlaceSinkFull("it \(error.clause)")
        }
        let attributeCount = min(draft.attributes.count, Int(UInt16.max))
        let fieldCount = min(draft.fields.count, Int(UInt16.max))
        let (nextPair, overflow) = pairCount.addingReportingOverflow(UInt32(attributeCount + fieldCount))
        guard !overflow else {
            throw PlaceSinkFull("a place archive holds at most \(UInt32.max) fields")
        }
        try pipeline.add(draft)
        pairCount = nextPair
        count += 1
    }

    /// Waits until every place added so far is in the sections; throws the limit the sections
    /// reached, if any (then the places from that one on are not in the archive).
    public func flush() throws(PlaceSinkFull) {
        try pipeline.flush()
    }

    func drain() {
        pipeline.drain()
    }

    /// The archive as bytes, tagged with `sourceTag` (see ``PlaceArchive/sourceTag(checksum:manifest:)``).
    public consuming func finish(sourceTag: UInt64) -> Data {
        var output = ArchiveDataOutput()
        finish(sourceTag: sourceTag, into: &output)
        return output.data
    }

    /// Writes the archive, tagged with `sourceTag`, to `output` in order (after ``flush()``;
    /// call that first to learn of a limit reached): each section leaves memory as it is
    /// written, and the spatial index is built only after the other sections are out, so at
    /// the peak memory holds the index and its coordinates, not the archive. The builder is
    /// empty after.
    public mutating func finish<Output: ArchiveOutput>(
        sourceTag: UInt64, into output: inout Output
    ) throws(Output.Failure) {
        try? pipeline.flush()
        try pipeline.box.sections.finish(sourceTag: sourceTag, into: &output)
    }
}

/// A sink that may hold places back (on another thread) until ``flush()``, borrowing the
/// bytes of their pages until ``drain()``.
protocol BufferedPlaceSink {
    /// Waits until every place added is taken in; throws the limit reached, if any.
    func flush() throws(PlaceSinkFull)
    /// Waits until every place added is taken in, so the pages they came from may go.
    func drain()
}

extension PlaceDraft {
    /// Calls `body` with a draft of `place`, its texts in one buffer lent for the call.
    static func with(_ place: Place, _ body: (PlaceDraft) throws(PlaceSinkFull) -> Void) throws(PlaceSinkFull) {
        var buffer: [UInt8] = []
        func text(_ string: String) -> PlaceDraft.Text {
            let offset = buffer.count
            buffer.append(contentsOf: string.utf8)
            return PlaceDraft.Text(offset: offset, count: buffer.count - offset, source: .buffer)
        }
        let id = text(place.id)
        let name = text(place.name)
        let address = place.address.map(text)
        let category = place.category.map(text)
        let attributes = place.attributes.map {
            PlaceDraft.Attribute(key: text($0.key), label: text($0.label), value: text($0.value))
        }
        let fields = place.fields.map { PlaceDraft.Field(name: text($0.name), value: text($0.value)) }
        let result: Result<Void, PlaceSinkFull> = buffer.withUnsafeBufferPointer { bytes in
            attributes.withUnsafeBufferPointer { attributes in
                fields.withUnsafeBufferPointer { fields in
                    let draft = PlaceDraft(
                        datasetID: place.datasetID, coordinate: place.coordinate, id: id, name: name,
                        address: address, category: category, attributes: attributes,
                        fields: fields, page: bytes, buffer: bytes, names: bytes)
                    return Result { () throws(PlaceSinkFull) in try body(draft) }
                }
            }
        }
        try result.get()
    }
}
