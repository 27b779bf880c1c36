/// Terminal column widths: CJK ideographs and full-width forms take two columns; a control
import NearbyOutput
/// character takes the width of its visible escape (``ControlText``), as the output boundary
/// shows it that way.
enum TextWidth {
    /// Columns `text` occupies in a terminal.
    static func columns(_ text: String) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += columns(scalar) }
        return total
    }

    static func columns(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if ControlText.isControl(scalar) { return ControlText.escape(scalar).utf8.count }
        if (0x0300...0x036F).contains(v) || v == 0x200B || (0xFE00...0xFE0F).contains(v) { return 0 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3040...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
            || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
            || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
        {
            return 2
        }
        return 1
    }

    /// Pads `text` with spaces on the right (or left) to `width` columns.
    static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let gap = max(0, width - columns(text))
        let spaces = String(repeating: " ", count: gap)
        return right ? spaces + text : text + spaces
    }

    /// Cuts `text` to at most `width` columns, ending with "…" when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        guard columns(text) > width, width > 1 else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = columns(String(character))
            if used + w > width - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }
}
