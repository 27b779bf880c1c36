/// The working memory of ``ArchiveSections/add(_:)``: plain buffers that grow to the largest
/// place seen (at most 65,535 fields and as many attributes), so a place's words are written
/// without a copy-on-write check per word, plus the sharing statistics of every column.
///
/// Owned by one ``ArchiveSections`` and used by one thread at a time, as the sections are.
final class PlaceScratch {
    /// How many of a place's texts are remembered with their refs (see ``remembered``).
    let rememberedLimit: Int
    /// The place's values (refs, little-endian), written to their section in one append.
    private(set) var values: UnsafeMutablePointer<UInt64>
    /// Its shape (``ArchiveShapes/number(of:)``): two counts, two words per attribute, one per
    /// field.
    private(set) var shape: UnsafeMutablePointer<UInt32>
    /// Its fields' name indices, while its attributes are looked at.
    private(set) var names: UnsafeMutablePointer<UInt32>
    /// Fields and attributes together that the buffers have room for.
    private var capacity: Int
    /// The place's first texts and their refs (``rememberedLimit`` of them).
    let remembered: UnsafeMutablePointer<(text: PlaceDraft.Text, ref: UInt64)>
    /// How often each column's values were found already stored, one per column (see
    /// ``ArchiveSections``): `columnCount` of them.
    let columns: UnsafeMutablePointer<ColumnSharing>
    private let columnCount: Int

    /// Buffers for places of up to 16 fields and attributes (they grow), `columnCount` columns.
    init(columnCount: Int, rememberedLimit: Int) {
        self.columnCount = columnCount
        self.rememberedLimit = rememberedLimit
        capacity = 16
        values = .allocate(capacity: capacity)
        shape = .allocate(capacity: 2 + 2 * capacity)
        names = .allocate(capacity: capacity)
        remembered = .allocate(capacity: rememberedLimit)
        columns = .allocate(capacity: columnCount)
        columns.initialize(repeating: ColumnSharing(), count: columnCount)
    }

    deinit {
        values.deallocate()
        shape.deallocate()
        names.deallocate()
        remembered.deallocate()
        columns.deinitialize(count: columnCount)
        columns.deallocate()
    }

    /// Room for a place of `count` fields and attributes together (what the buffers held is
    /// dropped when they grow).
    func reserve(_ count: Int) {
        guard count > capacity else { return }
        capacity = max(count, 2 * capacity)
        values.deallocate()
        shape.deallocate()
        names.deallocate()
        values = .allocate(capacity: capacity)
        shape = .allocate(capacity: 2 + 2 * capacity)
        names = .allocate(capacity: capacity)
    }
}
