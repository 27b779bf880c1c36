import Testing

@testable import NearbyOutput
/// XML/HTML escaping for GPX and the run picture; expected text written by hand.
@Suite struct FormatsTextEscapingTests {
    @Test func xmlEscapesAndDropsForbiddenCharacters() {
        #expect(
            TextEscaping.xml("a&b<c>\"d\"'e'\u{01}\t\r\nf\u{85}\u{FFFF}")
                == "a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;\t\r\nf")
        #expect(TextEscaping.xml("Earth's", apostrophe: "&#39;") == "Earth&#39;s")
    }
}
