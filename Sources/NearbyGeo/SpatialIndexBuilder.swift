// Builds the image of a SpatialIndex: ECEF positions in an implicit balanced k-d tree, each
// point's geodesic latitude terms, and the header with its per-block checksums.

import Foundation

/// Writes index images from coordinates.
enum SpatialIndexBuilder {
    /// A point while the tree is built: ECEF position and input position.
    struct Point {
        var x: Double
        var y: Double
        var z: Double
        var id: UInt32
    }

    /// An image holding `points` (ids are positions) with leaves of at most `leafSize` points.
    /// From `parallelFrom` points on, halves of the work run on two threads (same bytes). The
    /// image and the working arrays are taken from `memory` when it lends them: every byte of
    /// the image is written, so what the memory held does not matter.
    static func build(
        _ points: [Coordinate], leafSize: Int, parallelFrom: Int = ForkJoin.minimumItems,
        memory: (any IndexBuildMemory)? = nil
    ) -> IndexImage {
        let layout = SpatialIndexLayout(count: points.count, leafSize: leafSize)
        let size = layout.totalSize
        let lentImage = memory?.lend(byteCount: size)
        let raw = lentImage ?? UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        // The header and the boxes (a node whose parent is a leaf has none); the point records
        // are written whole below.
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: layout.dataOffset)
        (raw + layout.boxOffset).initializeMemory(
            as: UInt8.self, repeating: 0, count: layout.totalSize - layout.boxOffset)
        let n = points.count
        let work = Scratch<Point>(count: n, from: memory)
        defer { work.free() }
        // Terms in input order first (written to the image in tree order below).
        let stride = 4
        let terms = Scratch<Double>(count: stride * n, from: memory)
        defer { terms.free() }
        let inputTerms = terms.base
        let boxes = (raw + layout.boxOffset).assumingMemoryBound(to: Float.self)
        let records = (raw + layout.pointOffset).assumingMemoryBound(to: Double.self)
        let shared = (
            work: SharedPointer(base: work.base), terms: SharedPointer(base: inputTerms),
            boxes: SharedPointer(base: boxes), records: SharedPointer(base: records)
        )
        // Each half of the points, and later each subtree, is written by one thread only.
        inHalves(n, minimum: parallelFrom) { lo, hi in
            fillPoints(points, lo, hi, shared.work.base, shared.terms.base)
        }
        if n > leafSize, n >= parallelFrom {
            // The root's box and split here, then its two subtrees at once.
            let mid = splitRoot(n, work.base, boxes)
            ForkJoin.both(
                { buildNode(1, 0, mid, shared.work.base, shared.boxes.base, leafSize) },
                { buildNode(2, mid, n, shared.work.base, shared.boxes.base, leafSize) })
        } else if n > 0 {
            buildNode(0, 0, n, work.base, boxes, leafSize)
        }
        inHalves(n, minimum: parallelFrom) { lo, hi in
            writeRecords(lo, hi, shared.work.base, shared.terms.base, shared.records.base)
        }
        writeHeader(raw, layout, parallelFrom: parallelFrom)
        if lentImage != nil, let memory {
            return IndexImage(borrowing: raw, byteCount: size, owner: memory)
        }
        return IndexImage(adopting: raw, byteCount: size)
    }

    /// A working array of the build: lent by the caller's memory, or allocated (and freed).
    private struct Scratch<Element> {
        let base: UnsafeMutablePointer<Element>
        private let owned: Bool

        init(count: Int, from memory: (any IndexBuildMemory)?) {
            let bytes = max(count, 1) * MemoryLayout<Element>.stride
            if let lent = memory?.lend(byteCount: bytes) {
                base = lent.bindMemory(to: Element.self, capacity: max(count, 1))
                owned = false
            } else {
                base = .allocate(capacity: max(count, 1))
                owned = true
            }
        }

        func free() {
            if owned { base.deallocate() }
        }
    }

    /// Fills the header and the block table (data must be complete), header checksum last.
    static func writeHeader(
        _ raw: UnsafeMutableRawPointer, _ layout: SpatialIndexLayout, parallelFrom: Int = ForkJoin.minimumItems
    ) {
        func store<T: FixedWidthInteger>(_ value: T, _ offset: Int) {
            raw.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self)
        }
        store(SpatialIndexLayout.magic, 0)
        store(SpatialIndexLayout.version, 16)
        store(UInt32(layout.leafSize), 20)
        store(UInt64(layout.count), 24)
        store(UInt64(layout.nodeCount), 32)
        store(UInt64(layout.totalSize), 40)
        store(UInt32(SpatialIndexLayout.blockShift), 48)
        store(UInt32(layout.blockCount), 52)
        store(LibmFingerprint.current, 56)
        let image = SharedPointer(base: raw.assumingMemoryBound(to: UInt8.self))
        // Each block's checksum goes to its own slot of the table. A block holds 1,024 points'
        // records: the same threshold in blocks.
        inHalves(layout.blockCount, minimum: max(1, parallelFrom >> 10)) { first, end in
            let base = UnsafeMutableRawPointer(image.base)
            for block in first..<end {
                let range = layout.blockRange(block)
                let sum = BlockChecksum.hash(base + range.lowerBound, byteCount: range.count)
                base.storeBytes(
                    of: sum.littleEndian, toByteOffset: SpatialIndexLayout.headerSize + 8 * block,
                    as: UInt64.self)
            }
        }
        store(BlockChecksum.hash(raw + 16, byteCount: layout.dataOffset - 16), 8)
    }

    /// Calls `body` on [0, n/2) on another thread and [n/2, n) on this one, or on [0, n) here
    /// when `n` is below `minimum`.
    private static func inHalves(
        _ n: Int, minimum: Int, _ body: @escaping @Sendable (Int, Int) -> Void
    ) {
        guard n >= minimum else {
            body(0, n)
            return
        }
        let half = n / 2
        ForkJoin.both({ body(0, half) }, { body(half, n) })
    }

    /// ECEF positions (ids are input positions) and latitude terms of points[lo..<hi].
    private static func fillPoints(
        _ points: [Coordinate], _ lo: Int, _ hi: Int, _ work: UnsafeMutablePointer<Point>,
        _ inputTerms: UnsafeMutablePointer<Double>
    ) {
        let geodesic = Geodesic.wgs84
        for i in lo..<hi {
            let p = points[i]
            let t = geodesic.latitudeTerms(p.latitude)
            let e = ChordBounds.ecef(terms: t, longitude: p.longitude)
            work[i] = Point(x: e.x, y: e.y, z: e.z, id: UInt32(truncatingIfNeeded: i))
            let out = inputTerms + 4 * i
            out[0] = t.latitude
            out[1] = p.longitude
            out[2] = t.sbet
            out[3] = t.cbet
        }
    }

    /// Point records lo..<hi in tree order.
    private static func writeRecords(
        _ lo: Int, _ hi: Int, _ work: UnsafeMutablePointer<Point>, _ inputTerms: UnsafeMutablePointer<Double>,
        _ records: UnsafeMutablePointer<Double>
    ) {
        for i in lo..<hi {
            let p = work[i]
            let record = records + 8 * i
            record[0] = p.x
            record[1] = p.y
            record[2] = p.z
            (record + 3).update(from: inputTerms + 4 * Int(p.id), count: 4)
            // The id and four zero bytes: the whole slot, whatever the memory held.
            UnsafeMutableRawPointer(record + 7).storeBytes(of: UInt64(p.id).littleEndian, as: UInt64.self)
        }
    }

    /// Stores the root's box and splits work[0..<n] as ``buildNode`` does for node 0; returns
    /// where its right child starts.
    private static func splitRoot(
        _ n: Int, _ work: UnsafeMutablePointer<Point>, _ boxes: UnsafeMutablePointer<Float>
    ) -> Int {
        let axis = storeBox(0, 0, n, work, boxes)
        let mid = n / 2
        select(work, 0, n, mid, axis)
        return mid
    }

    /// Node `node` covers work[lo..<hi]: store its box, then split at the median of its widest
    /// axis (left child 2·node+1 gets [lo, mid), right child 2·node+2 gets [mid, hi)).
    private static func buildNode(
        _ node: Int, _ lo: Int, _ hi: Int, _ work: UnsafeMutablePointer<Point>,
        _ boxes: UnsafeMutablePointer<Float>, _ leafSize: Int
    ) {
        let axis = storeBox(node, lo, hi, work, boxes)
        guard hi - lo > leafSize else { return }
        let mid = lo + (hi - lo) / 2
        select(work, lo, hi, mid, axis)
        buildNode(2 * node + 1, lo, mid, work, boxes, leafSize)
        buildNode(2 * node + 2, mid, hi, work, boxes, leafSize)
    }

    /// Stores the box of work[lo..<hi] as node `node`'s; returns its widest axis (0, 1, 2).
    @inline(__always)
    private static func storeBox(
        _ node: Int, _ lo: Int, _ hi: Int, _ work: UnsafeMutablePointer<Point>,
        _ boxes: UnsafeMutablePointer<Float>
    ) -> Int {
        var minX = Double.infinity, minY = Double.infinity, minZ = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity, maxZ = -Double.infinity
        var i = lo
        while i < hi {
            let p = work[i]
            minX = p.x < minX ? p.x : minX
            minY = p.y < minY ? p.y : minY
            minZ = p.z < minZ ? p.z : minZ
            maxX = p.x >= maxX ? p.x : maxX
            maxY = p.y >= maxY ? p.y : maxY
            maxZ = p.z >= maxZ ? p.z : maxZ
            i += 1
        }
        let box = boxes + 6 * node
        box[0] = down(minX)
        box[1] = down(minY)
        box[2] = down(minZ)
        box[3] = up(maxX)
        box[4] = up(maxY)
        box[5] = up(maxZ)
        let spanX = maxX - minX, spanY = maxY - minY, spanZ = maxZ - minZ
        return spanX >= spanY && spanX >= spanZ ? 0 : (spanY >= spanZ ? 1 : 2)
    }

    /// The largest Float ≤ x (boxes are stored in single precision, rounded outwards).
    @inline(__always) static func down(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) > x ? f.nextDown : f
    }

    /// The smallest Float ≥ x.
    @inline(__always) static func up(_ x: Double) -> Float {
        let f = Float(x)
        return Double(f) < x ? f.nextUp : f
    }
}
