import Foundation
import Testing

@testable import NearbyFeeds

@Suite struct DecodingJSONParserTests {
    private func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test func keepsObjectKeyOrderAndDuplicates() throws {
        let value = try parse(#"{"z":1,"a":2,"m":3,"a":4}"#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.map(\.key) == ["z", "a", "m", "a"])
        #expect(object["a"] == .number(2))
    }

    @Test func decodesEveryEscape() throws {
        let value = try parse(#""q\" b\\ s\/ \b\f\n\r\t \u00e9 \u5317""#)
        #expect(value == .string("q\" b\\ s/ \u{08}\u{0C}\n\r\t é 北"))
    }

    @Test func decodesSurrogatePairsAndReplacesLoneOnes() throws {
        // U+1F6C1 (bathtub) is D83D DEC1 in UTF-16.
        #expect(try parse(#""\ud83d\udec1""#) == .string("\u{1F6C1}"))
        #expect(try parse(#""a\ud83db""#) == .string("a\u{FFFD}b"))
        #expect(try parse(#""a\udec1b""#) == .string("a\u{FFFD}b"))
        #expect(try parse(#""\ud83d\u0041""#) == .string("\u{FFFD}A"))
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("25.137077", 25.137077), ("121.508447", 121.508447),
        ("1e3", 1000.0), ("-2.5E-3", -0.0025), ("12345678901234567890", 12345678901234567890.0),
        ("1.7976931348623157e308", 1.7976931348623157e308), ("5e-324", 5e-324),
        ("0.1000000000000000055511151231257827", 0.1),
        ("123456789012345678901234567890e-10", 12345678901234567890.123456789),
    ])
    func parsesNumbersExactly(text: String, expected: Double) throws {
        // Expected values are the Double literals the Swift compiler rounds the same text to.
        #expect(try parse(text) == .number(expected))
    }

    @Test func stripsBOMAndAcceptsTrailingCommasAndControlCharacters() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1,{\"a\":\"x\ty\",},]".utf8)
        let value = try JSONParser.parse(bytes)
        #expect(
            value
                == .array([
                    .number(1), .object(JSONObject([JSONMember(key: "a", value: .string("x\ty"))])),
                ]))
    }

    @Test func followsDottedPaths() throws {
        let value = try parse(#"{"r":{"list":[{"n":"a"},{"n":"b"},{"m":1}]}}"#)
        #expect(value.value(at: "r.list.1.n") == .string("b"))
        #expect(value.value(at: "r.list.n") == .array([.string("a"), .string("b")]))
        #expect(value.value(at: "r.list.9") == nil)
        #expect(value.value(at: "") == value)
    }

    @Test(arguments: [
        ("{\n  \"a\": 1,\n  \"b\" 2\n}", 3, 7),
        ("[1, 2,\n 3 4]", 2, 4),
        ("[\"abc", 1, 6),
        ("", 1, 1),
        ("[1] x", 1, 5),
        ("[01]", 1, 2),
        ("[1.]", 1, 2),
        ("{\"北\": tru}", 1, 10),
        ("\"bad \\x escape\"", 1, 6),
    ])
    func reportsLineAndColumn(text: String, line: Int, column: Int) {
        // Line and column are counted by hand on each text (columns in characters, 1-based).
        do {
            _ = try parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(
                error.description.hasPrefix("JSON is not valid at line \(line), column \(column):"))
        }
    }

    @Test func reusesNoBufferAcrossNestingLevels() throws {
        // Arrays and objects interleaved at several depths, each closed before a sibling opens.
        let value = try parse(
            #"{"a":[{"b":[1,[2,{"c":[]}]],"d":{}},[3]],"e":[{"f":1},{"g":[4,5]}]}"#)
        #expect(value.value(at: "a.0.b.1.1.c") == .array([]))
        #expect(value.value(at: "a.1.0") == .number(3))
        #expect(value.value(at: "e.1.g") == .array([.number(4), .number(5)]))
        #expect(value.value(at: "a.0.d") == .object(JSONObject()))
        guard case .object(let top) = value else { return }
        #expect(top.members.map(\.key) == ["a", "e"])
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect(throws: JSONParseError.self) { try parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? parse(fine)) != nil)
    }

    @Test func agreesWithJSONSerializationOnAFeedFixture() throws {
        // JSONSerialization is the independent oracle for the values of a real-shaped feed.
        let data = try FeedTestPaths.fixture("parks-2016.json")
        let ours = try JSONParser.parse(data)
        let theirs = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require(
            (theirs["result"] as? [String: Any])?["results"] as? [[String: Any]])
        guard case .array(let parsed)? = ours.value(at: "result.results") else {
            Issue.record("no results")
            return
        }
        #expect(parsed.count == rows.count)
        for (mine, row) in zip(parsed, rows) {
            for (key, value) in row {
                if let text = value as? String { #expect(mine[key] == .string(text)) }
                if value is NSNull { #expect(mine[key] == .null) }
            }
        }
    }
}
