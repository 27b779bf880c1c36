import Foundation
import Testing

@testable import NearbyOutput
/// Expected texts written by hand (the RFC 8259 §13 examples without their white space);
/// Foundation's JSONSerialization is the independent reader where a text is read back.
@Suite struct FormatsJSONWriterTests {
    @Test func rfc8259ObjectExampleCompact() {
        let image: JSONOutput = .object([
            (
                "Image",
                .object([
                    ("Width", .integer(800)), ("Height", .integer(600)), ("Title", .string("View from 15th Floor")),
                    (
                        "Thumbnail",
                        .object([
                            ("Url", .string("http://www.example.com/image/481989943")), ("Height", .integer(125)),
                            ("Width", .integer(100)),
                        ])
                    ),
                    ("Animated", .bool(false)),
                    ("IDs", .array([.integer(116), .integer(943), .integer(234), .integer(38793)])),
                ])
            )
        ])
        #expect(
            JSONWriter.compact.write(image)
                == #"{"Image":{"Width":800,"Height":600,"Title":"View from 15th Floor","Thumbnail":{"Url":"http://www.example.com/image/481989943","Height":125,"Width":100},"Animated":false,"IDs":[116,943,234,38793]}}"#
                + "\n")
    }

    @Test func rfc8259ArrayExampleNumbers() {
        func place(_ lat: Double, _ lon: Double, _ city: String, _ zip: String) -> JSONOutput {
            .object([
                ("precision", .string("zip")), ("Latitude", .number(lat)), ("Longitude", .number(lon)),
                ("Address", .string("")), ("City", .string(city)), ("State", .string("CA")), ("Zip", .string(zip)),
                ("Country", .string("US")),
            ])
        }
        let text = JSONWriter.compact.write(
            .array([
                place(37.7668, -122.3959, "SAN FRANCISCO", "94107"),
                place(37.371991, -122.026020, "SUNNYVALE", "94085"),
            ]))
        #expect(
            text
                == #"[{"precision":"zip","Latitude":37.7668,"Longitude":-122.3959,"Address":"","City":"SAN FRANCISCO","State":"CA","Zip":"94107","Country":"US"},{"precision":"zip","Latitude":37.371991,"Longitude":-122.02602,"Address":"","City":"SUNNYVALE","State":"CA","Zip":"94085","Country":"US"}]"#
                + "\n")
    }

    @Test func prettyLayout() {
        let value: JSONOutput = .object([
            ("a", .array([.integer(1), .string("x")])), ("b", .object([])), ("c", .array([])),
            ("d", .object([("e", .null), ("f", .bool(true))])),
        ])
        #expect(
            JSONWriter.pretty.write(value)
                == "{\n  \"a\": [\n    1,\n    \"x\"\n  ],\n  \"b\": {},\n  \"c\": [],\n  \"d\": {\n    \"e\": null,\n    \"f\": true\n  }\n}\n"
        )
        #expect(JSONWriter.pretty.write(.array([])) == "[]\n")
        #expect(JSONWriter.compact.write(.string("a")) == "\"a\"\n")
    }

    /// Keys are written in the order given, not sorted.
    @Test func memberOrderIsKept() {
        let value: JSONOutput = .object([("z", .integer(1)), ("a", .integer(2)), ("m", .integer(3))])
        #expect(JSONWriter.compact.write(value) == "{\"z\":1,\"a\":2,\"m\":3}\n")
    }

    /// One rule for numbers: at most 7 decimals (by default), `null` when not finite.
    @Test func numbers() {
        let value: JSONOutput = .array([
            .number(0.1), .number(1e-7), .number(1e-8), .number(-0.0), .number(1e21), .number(25.0418),
            .number(121.5152), .number(102.04213456789), .number(.nan), .number(.infinity), .number(-.infinity),
            .integer(-42), .integer(Int.max),
        ])
        #expect(
            JSONWriter.compact.write(value)
                == "[0.1,0.0000001,0,0,1000000000000000000000,25.0418,121.5152,102.0421346,null,null,null,-42,9223372036854775807]\n"
        )
        let shortest = JSONWriter(style: .compact, maxFractionDigits: nil)
        #expect(shortest.write(.array([.number(102.04213456789), .number(1e-8)])) == "[102.04213456789,0.00000001]\n")
        #expect(JSONOutput.optional(Double.nan).isNull && JSONOutput.optional(nil as Double?).isNull)
    }

    @Test func controlCharactersAndQuotesAreEscaped() throws {
        let text = "q\"b\\n\n\u{08}\u{0C}\u{01}\u{00}\u{1F}\r\t/台北😀"
        let literal = JSONWriter.string(text)
        #expect(literal == "\"q\\\"b\\\\n\\n\\b\\f\\u0001\\u0000\\u001f\\r\\t/台北😀\"")
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [text])
    }

    /// Terminal controls are written as \u escapes too: the decoded string is the same, but no raw
    /// control reaches a terminal.
    @Test func terminalControlsAreEscapedAndTheValueIsExact() throws {
        let hostile = "a\u{1B}]0;title\u{07}b\u{9B}2Jc\u{202E}d\u{2066}e\u{7F}f\u{2028}g\u{2029}h"
        let literal = JSONWriter.string(hostile)
        #expect(literal == "\"a\\u001b]0;title\\u0007b\\u009b2Jc\\u202ed\\u2066e\\u007ff\\u2028g\\u2029h\"")
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [hostile])
    }

    /// A lone surrogate cannot reach the writer: Swift decodes ill-formed UTF-16 (and UTF-8) with
    /// U+FFFD in its place, so the JSON text is always well-formed UTF-8.
    @Test func loneSurrogatesBecomeReplacementCharacters() throws {
        let text = String(decoding: [0x61, 0xD800, 0x62, 0xDC00] as [UInt16], as: UTF16.self)
        let literal = JSONWriter.string(text)
        #expect(literal == "\"a\u{FFFD}b\u{FFFD}\"")
        #expect(String(validating: Array(literal.utf8), as: UTF8.self) == literal)
        let fromBytes = String(decoding: [0x61, 0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self)  // CESU-style D800
        #expect(!JSONWriter.string(fromBytes).unicodeScalars.contains { (0xD800...0xDFFF).contains($0.value) })
    }
}

extension JSONOutput {
    fileprivate var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}
