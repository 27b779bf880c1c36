import Foundation
import NearbyOutput
import NearbyRuns

/// Small helpers to write HTML and SVG text safely.
enum Markup {
    /// `text` escaped for element content and quoted attributes, characters XML forbids left
    /// out (``TextEscaping/xml(_:apostrophe:)``, with HTML's `&#39;`).
    static func escape(_ text: String) -> String { TextEscaping.xml(text, apostrophe: "&#39;") }

    /// A pixel coordinate with at most one decimal ("12.5", "-3", "0"; ``NumberText``), "0" when
    /// not finite.
    static func number(_ value: Double) -> String { NumberText.decimal(value, maxFractionDigits: 1) ?? "0" }
}
