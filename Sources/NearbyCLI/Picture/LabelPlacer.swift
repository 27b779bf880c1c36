/// Places text labels beside anchors so that they do not pile on each other.
///
/// Rules: for each anchor in order, candidate boxes are tried right of it, left of it, then the
/// same two shifted up and down in steps of one label height (up to `maximumShift` steps); the
/// first box inside the bounds that overlaps no placed box and no obstacle wins. When none is
/// free, the least-overlapping candidate inside the bounds is taken.
struct LabelPlacer: Sendable {
    struct Box: Sendable, Hashable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        func overlaps(_ other: Box) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height
                && other.y < y + height
        }

        func overlap(_ other: Box) -> Double {
            let w = Swift.min(x + width, other.x + other.width) - Swift.max(x, other.x)
            let h = Swift.min(y + height, other.y + other.height) - Swift.max(y, other.y)
            return w > 0 && h > 0 ? w * h : 0
        }
    }

    let bounds: Box
    var placed: [Box] = []
    var obstacles: [Box]
    let maximumShift = 6

    init(bounds: Box, obstacles: [Box] = []) {
        self.bounds = bounds
        self.obstacles = obstacles
    }

    /// Places a `width` × `height` label for an anchor at (x, y) and returns its box.
    mutating func place(x: Double, y: Double, width: Double, height: Double, gap: Double = 8) -> Box {
        var candidates: [Box] = []
        let right = x + gap
        let left = x - gap - width
        let top = y - height / 2
        for step in 0...maximumShift {
            let shifts = step == 0 ? [0.0] : [-Double(step), Double(step)]
            for shift in shifts {
                let yy = top + shift * (height + 2)
                candidates.append(Box(x: right, y: yy, width: width, height: height))
                candidates.append(Box(x: left, y: yy, width: width, height: height))
            }
        }
        let inside = candidates.filter(contained)
        let pool = inside.isEmpty ? [clamp(candidates[0])] : inside
        let taken = placed + obstacles
        let chosen =
            pool.first { box in !taken.contains { $0.overlaps(box) } }
            ?? pool.min { a, b in cost(a, taken) < cost(b, taken) } ?? pool[0]
        placed.append(chosen)
        return chosen
    }

    private func cost(_ box: Box, _ taken: [Box]) -> Double {
        taken.reduce(0) { $0 + $1.overlap(box) }
    }

    private func contained(_ box: Box) -> Bool {
        box.x >= bounds.x && box.y >= bounds.y && box.x + box.width <= bounds.x + bounds.width
            && box.y + box.height <= bounds.y + bounds.height
    }

    private func clamp(_ box: Box) -> Box {
        var b = box
        b.x = Swift.min(Swift.max(b.x, bounds.x), Swift.max(bounds.x, bounds.x + bounds.width - b.width))
        b.y = Swift.min(Swift.max(b.y, bounds.y), Swift.max(bounds.y, bounds.y + bounds.height - b.height))
        return b
    }
}
