import NearbyRuns

/// The scale bar of the map: a round ground length and its length in pixels.
///
/// Rules: the length is the longest "round" one (1, 2 or 5 × a power of ten in metres or
/// kilometres; in imperial units 10…5000 ft below half a mile, then 0.5, 1, 2, 5 … mi) whose
/// bar fits in `maximumPixels`; when none fits, the shortest candidate is used.
struct ScaleBar: Sendable, Hashable {
    /// Ground metres the bar stands for.
    let metres: Double
    /// Its length in pixels.
    let pixels: Double
    /// "500 m", "1 km", "0.5 mi", "200 ft".
    let label: String

    init(pixelsPerMetre: Double, maximumPixels: Double, units: Units) {
        let candidates = Self.candidates(units)
        var chosen = candidates[0]
        for candidate in candidates where candidate.metres * pixelsPerMetre <= maximumPixels {
            chosen = candidate
        }
        metres = chosen.metres
        pixels = chosen.metres * pixelsPerMetre
        label = chosen.label
    }

    /// Round lengths in ascending order with their labels.
    static func candidates(_ units: Units) -> [(metres: Double, label: String)] {
        var result: [(Double, String)] = []
        switch units {
        case .metric:
            for power in 0...6 {
                for step in [1.0, 2, 5] {
                    let m = step * pow10(power)
                    result.append((m, m >= 1000 ? "\(format(m / 1000)) km" : "\(format(m)) m"))
                }
            }
        case .imperial:
            for feet in [10.0, 20, 50, 100, 200, 500, 1000, 2000] {
                result.append((feet * 0.3048, "\(format(feet)) ft"))
            }
            for miles in [0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000] {
                result.append((miles * 1609.344, "\(format(miles)) mi"))
            }
        }
        return result
    }

    private static func pow10(_ n: Int) -> Double {
        (0..<n).reduce(1.0) { value, _ in value * 10 }
    }

    /// "0.5", "2", "1000": no trailing ".0".
    private static func format(_ value: Double) -> String {
        value == value.rounded() ? WholeNumber.text(value, fallback: String(value)) : String(value)
    }
}
