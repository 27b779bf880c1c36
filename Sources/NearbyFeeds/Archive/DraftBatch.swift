import NearbyGeo

/// Drafts kept for a later replay, possibly on another thread.
///
/// A draft's own buffer (which the decoder reuses from record to record) is copied whole into
/// the batch's byte store, and its texts there are moved by the same offset, so texts that
/// were equal stay equal and different ones stay different: the sections share exactly what
/// they would have shared. Texts in the feed's page and among the attributes' names are kept
/// as they are, pointing into bytes that must stay valid until the batch is replayed
/// (``FeedStreamDecoder`` drains the pipeline before it lets a page go). A value type whose
/// parts belong to one thread at a time (handed over under ``DraftQueue``'s lock), so
/// appending needs no dynamic exclusivity checks.
struct DraftBatch: @unchecked Sendable {
    private struct Entry {
        var coordinate: Coordinate?
        var id: PlaceDraft.Text
        var name: PlaceDraft.Text
        var address: PlaceDraft.Text?
        var category: PlaceDraft.Text?
        var page: UnsafeBufferPointer<UInt8>
        var names: UnsafeBufferPointer<UInt8>
        var attributeEnd: Int
        var fieldEnd: Int
    }

    private var text = TextStore(capacity: 1 << 20)
    private var used = 0
    private var entries: [Entry] = []
    private var attributes: [PlaceDraft.Attribute] = []
    private var fields: [PlaceDraft.Field] = []

    /// Drafts held.
    var count: Int { entries.count }

    init() {
        entries.reserveCapacity(DraftPipeline.batchSize)
    }

    /// Keeps `draft` (its first 65,535 attributes and fields, as many as an archive keeps);
    /// returns the bytes of all its texts (at least what the sections will store of it).
    mutating func append(_ draft: PlaceDraft) -> Int {
        let base = used
        let own = draft.buffer
        if let source = own.baseAddress, own.count > 0 {
            reserve(own.count)
            (text.base + used).update(from: source, count: own.count)
            used += own.count
        }
        @inline(__always) func moved(_ text: PlaceDraft.Text) -> PlaceDraft.Text {
            text.source == .buffer
                ? PlaceDraft.Text(offset: text.offset + base, count: text.count, source: .buffer) : text
        }
        let firstAttribute = attributes.count
        attributes.append(contentsOf: draft.attributes.prefix(Int(UInt16.max)))
        let firstField = fields.count
        fields.append(contentsOf: draft.fields.prefix(Int(UInt16.max)))
        var texts = draft.id.count + draft.name.count + (draft.address?.count ?? 0) + (draft.category?.count ?? 0)
        for attribute in draft.attributes {
            texts += attribute.key.count + attribute.label.count + attribute.value.count
        }
        for field in draft.fields { texts += field.name.count + field.value.count }
        if base > 0 {
            for index in firstAttribute..<attributes.count {
                attributes[index].key = moved(attributes[index].key)
                attributes[index].label = moved(attributes[index].label)
                attributes[index].value = moved(attributes[index].value)
            }
            for index in firstField..<fields.count {
                fields[index].name = moved(fields[index].name)
                fields[index].value = moved(fields[index].value)
            }
        }
        entries.append(
            Entry(
                coordinate: draft.coordinate, id: moved(draft.id), name: moved(draft.name),
                address: draft.address.map(moved), category: draft.category.map(moved), page: draft.page,
                names: draft.names, attributeEnd: attributes.count, fieldEnd: fields.count))
        return texts
    }

    /// Room for `count` more bytes (the store doubles; a batch is at most a few MiB).
    private mutating func reserve(_ count: Int) {
        guard text.capacity - used < count else { return }
        let grown = TextStore(capacity: max(2 * text.capacity, used + count))
        grown.base.update(from: text.base, count: used)
        text = grown
    }

    /// Calls `body` with each draft in order, rebuilt over the batch's storage; stops at the
    /// first error and returns it.
    func replay(_ body: (PlaceDraft) throws(PlaceSinkFull) -> Void) -> PlaceSinkFull? {
        let bytes = UnsafeBufferPointer(start: text.base, count: used)
        return attributes.withUnsafeBufferPointer { attributes in
            fields.withUnsafeBufferPointer { fields in
                var attributeStart = 0
                var fieldStart = 0
                for entry in entries {
                    let draft = PlaceDraft(
                        datasetID: "", coordinate: entry.coordinate, id: entry.id, name: entry.name,
                        address: entry.address, category: entry.category,
                        attributes: UnsafeBufferPointer(rebasing: attributes[attributeStart..<entry.attributeEnd]),
                        fields: UnsafeBufferPointer(rebasing: fields[fieldStart..<entry.fieldEnd]),
                        page: entry.page, buffer: bytes, names: entry.names)
                    attributeStart = entry.attributeEnd
                    fieldStart = entry.fieldEnd
                    do throws(PlaceSinkFull) {
                        try body(draft)
                    } catch {
                        return error
                    }
                }
                return nil
            }
        }
    }

    /// Empties the batch, keeping its storage.
    mutating func removeAll() {
        used = 0
        entries.removeAll(keepingCapacity: true)
        attributes.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
    }
}

/// A batch's text bytes: a fixed allocation freed with its owner (constant properties only).
private final class TextStore {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }
}
