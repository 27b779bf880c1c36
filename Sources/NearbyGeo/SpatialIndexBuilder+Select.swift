// The index build's median selection along one axis, on the points being built.

import Foundation

extension SpatialIndexBuilder {
    /// Selection along `axis`, one specialised loop per axis so the comparisons do not branch on
    /// the axis.
    static func select(
        _ work: UnsafeMutablePointer<Point>, _ lo: Int, _ hi: Int, _ kth: Int, _ axis: Int
    ) {
        switch axis {
        case 0: select(work, lo, hi, kth, AxisX.self)
        case 1: select(work, lo, hi, kth, AxisY.self)
        default: select(work, lo, hi, kth, AxisZ.self)
        }
    }

    /// Floyd–Rivest selection: afterwards work[kth] has rank kth in [lo, hi) along `axis`, with
    /// smaller-or-equal keys before it and greater-or-equal after (checked against sorting in
    /// the tests, equal keys included). On a large range it first
    /// selects within a sample around the expected position, so that one partition pass leaves
    /// only a small range to finish: about 1.5 comparisons per point for a median instead of
    /// quickselect's 3, which is most of the index build.
    private static func select<A: SplitAxis>(
        _ work: UnsafeMutablePointer<Point>, _ lo: Int, _ hi: Int, _ kth: Int, _ axis: A.Type
    ) {
        var left = lo, right = hi - 1
        while right > left {
            if right - left > 600 {
                // A sample of about n^(2/3) points around kth, placed so that kth's key most
                // likely lies within it; selecting in it first puts a near-exact pivot at kth.
                let n = Double(right - left + 1)
                let i = Double(kth - left + 1)
                let z = log(n)
                let s = 0.5 * exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (i - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int(Double(kth) - i * s / n + sd))
                let newRight = min(right, Int(Double(kth) + (n - i) * s / n + sd))
                select(work, newLeft, newRight + 1, kth, axis)
            }
            let pivot = A.key(work[kth])
            work.swapAt(left, kth)
            // Lomuto's partition without a branch on the comparison (the keys are in random
            // order around a near-exact pivot, so a branch would be mispredicted half the
            // time): every point is moved, and `store` advances by the comparison's result.
            var store = left + 1
            var i = left + 1
            while i <= right {
                let point = work[i]
                let less = A.key(point) < pivot
                work[i] = work[store]
                work[store] = point
                store &+= less ? 1 : 0
                i += 1
            }
            let j = store - 1
            work.swapAt(left, j)
            // Now keys before j are below the pivot's, keys after it at least the pivot's.
            if j == kth { return }
            if kth < j {
                right = j - 1
                continue
            }
            if j == left {
                // Nothing was below the pivot: gather the keys equal to it right after it, so
                // that many equal keys (places sharing a coordinate) are not peeled off one
                // pass at a time.
                var equalEnd = j + 1
                i = j + 1
                while i <= right {
                    let point = work[i]
                    let equal = A.key(point) == pivot
                    work[i] = work[equalEnd]
                    work[equalEnd] = point
                    equalEnd &+= equal ? 1 : 0
                    i += 1
                }
                if kth < equalEnd { return }
                left = equalEnd
            } else {
                left = j + 1
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
