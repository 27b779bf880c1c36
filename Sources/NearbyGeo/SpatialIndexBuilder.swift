// Builds the image of a SpatialIndex: ECEF positions in an implicit balanced k-d tree, each
// point's geodesic latitude terms, and the header with its per-block checksums.

/// Writes index images from coordinates.
enum SpatialIndexBuilder {
    private struct Point {
        var x: Double
        var y: Double
        var z: Double
        var id: UInt32
    }

    /// An image holding `points` (ids are positions) with leaves of at most `leafSize` points.
    static func build(_ points: [Coordinate], leafSize: Int) -> IndexImage {
        let layout = SpatialIndexLayout(count: points.count, leafSize: leafSize)
        let size = layout.totalSize
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        let n = points.count
        let work = UnsafeMutablePointer<Point>.allocate(capacity: max(n, 1))
        defer { work.deallocate() }
        // Terms in input order first (written to the image in tree order below).
        let stride = 4
        let inputTerms = UnsafeMutablePointer<Double>.allocate(capacity: max(stride * n, 1))
        defer { inputTerms.deallocate() }
        let geodesic = Geodesic.wgs84
        for (i, p) in points.enumerated() {
            let t = geodesic.latitudeTerms(p.latitude)
            let e = ChordBounds.ecef(terms: t, longitude: p.longitude)
            work[i] = Point(x: e.x, y: e.y, z: e.z, id: UInt32(truncatingIfNeeded: i))
            let out = inputTerms + stride * i
            out[0] = t.latitude
            out[1] = p.longitude
            out[2] = t.sbet
            out[3] = t.cbet
        }
        let boxes = (raw + layout.boxOffset).assumingMemoryBound(to: Float.self)
        if n > 0 { buildNode(0, 0, n, work, boxes, leafSize) }

        let records = (raw + layout.pointOffset).assumingMemoryBound(to: Double.self)
        for i in 0..<n {
            let p = work[i]
            let record = records + 8 * i
            record[0] = p.x
            record[1] = p.y
            record[2] = p.z
            (record + 3).update(from: inputTerms + stride * Int(p.id), count: stride)
            UnsafeMutableRawPointer(record + 7).storeBytes(of: p.id.littleEndian, as: UInt32.self)
        }
        writeHeader(raw, layout)
        return IndexImage(adopting: raw, byteCount: size)
    }

    /// Fills the header and the block table (data must be complete), header checksum last.
    static func writeHeader(_ raw: UnsafeMutableRawPointer, _ layout: SpatialIndexLayout) {
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
        let image = UnsafeRawPointer(raw)
        for block in 0..<layout.blockCount {
            let range = layout.blockRange(block)
            let sum = BlockChecksum.hash(image + range.lowerBound, byteCount: range.count)
            store(sum, SpatialIndexLayout.headerSize + 8 * block)
        }
        store(BlockChecksum.hash(image + 16, byteCount: layout.dataOffset - 16), 8)
    }

    /// Node `node` covers work[lo..<hi]: store its box, then split at the median of its widest
    /// axis (left child 2·node+1 gets [lo, mid), right child 2·node+2 gets [mid, hi)).
    private static func buildNode(
        _ node: Int, _ lo: Int, _ hi: Int, _ work: UnsafeMutablePointer<Point>,
        _ boxes: UnsafeMutablePointer<Float>, _ leafSize: Int
    ) {
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
        guard hi - lo > leafSize else { return }
        let spanX = maxX - minX, spanY = maxY - minY, spanZ = maxZ - minZ
        let axis = spanX >= spanY && spanX >= spanZ ? 0 : (spanY >= spanZ ? 1 : 2)
        let mid = lo + (hi - lo) / 2
        select(work, lo, hi, mid, axis)
        buildNode(2 * node + 1, lo, mid, work, boxes, leafSize)
        buildNode(2 * node + 2, mid, hi, work, boxes, leafSize)
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

    /// Hoare quickselect along `axis`, one specialised loop per axis so the comparisons do not
    /// branch on the axis.
    private static func select(
        _ work: UnsafeMutablePointer<Point>, _ lo: Int, _ hi: Int, _ kth: Int, _ axis: Int
    ) {
        switch axis {
        case 0: select(work, lo, hi, kth, AxisX.self)
        case 1: select(work, lo, hi, kth, AxisY.self)
        default: select(work, lo, hi, kth, AxisZ.self)
        }
    }

    /// Hoare quickselect: afterwards work[kth] has rank kth in [lo, hi) along `axis`, with
    /// smaller-or-equal keys before it and greater-or-equal after.
    @inline(__always)
    private static func select<A: SplitAxis>(
        _ work: UnsafeMutablePointer<Point>, _ lo: Int, _ hi: Int, _ kth: Int, _ axis: A.Type
    ) {
        var l = lo, r = hi - 1
        while r > l {
            let m = l + (r - l) / 2
            if A.key(work[m]) < A.key(work[l]) { work.swapAt(m, l) }
            if A.key(work[r]) < A.key(work[l]) { work.swapAt(r, l) }
            if A.key(work[r]) < A.key(work[m]) { work.swapAt(r, m) }
            let pivot = A.key(work[m])
            var i = l, j = r
            while i <= j {
                while A.key(work[i]) < pivot { i += 1 }
                while A.key(work[j]) > pivot { j -= 1 }
                if i <= j {
                    work.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if kth <= j {
                r = j
            } else if kth >= i {
                l = i
            } else {
                return
            }
        }
    }

    /// One coordinate of a point, chosen at compile time.
    private protocol SplitAxis {
        static func key(_ p: Point) -> Double
    }

    private enum AxisX: SplitAxis {
        @inline(__always) static func key(_ p: Point) -> Double { p.x }
    }

    private enum AxisY: SplitAxis {
        @inline(__always) static func key(_ p: Point) -> Double { p.y }
    }

    private enum AxisZ: SplitAxis {
        @inline(__always) static func key(_ p: Point) -> Double { p.z }
    }
}

extension UnsafeMutablePointer {
    @inline(__always) fileprivate func swapAt(_ i: Int, _ j: Int) {
        let t = self[i]
        self[i] = self[j]
        self[j] = t
    }
}
