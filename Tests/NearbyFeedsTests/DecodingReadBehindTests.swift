import Foundation
import Testing

@testable import NearbyFeeds

/// Handing a mapped feed's decoded pages back to the system (issue 8) changes no answer and no
/// byte: the pages are read again from the file if touched.
@Suite struct DecodingReadBehindTests {
    @Test func walkingAMappedFeedReleasingBehindChangesNothing() throws {
        // About 2.5 strides of records, so advice is given several times mid-walk.
        var text = #"{"r":["#
        let count = 300_000
        for number in 0..<count {
            if number > 0 { text += "," }
            text += #"{"id":"\#(number)","name":"place \#(number) \#(String(repeating: "z", count: number % 61))"}"#
        }
        text += "]}"
        let original = Data(text.utf8)
        try #require(original.count > 2 * ReadBehind.stride)
        let folder = try TestFolders.make("read-behind")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("feed.json")
        try original.write(to: file)
        let mapped = try CacheFiles.mapped(file)
        let walker = JSONRecordWalker(records: ["r"], total: nil)
        var last: [JSONValue] = []
        var seen = 0
        let outcome = try mapped.withUnsafeBytes { raw throws(JSONParseError) in
            try walker.walk(raw, releasingBehind: true) { value in
                if seen == 0 || seen == count - 1 { last.append(value) }
                seen += 1
            }
        }
        #expect(outcome.records == count && seen == count)
        #expect(last.first?["id"] == .string("0"))
        #expect(last.last?["id"] == .string(String(count - 1)))
        #expect(mapped == original)
        // Memory, not a file: the bytes stay too.
        let copy = [UInt8](original)
        let again = try copy.withUnsafeBytes { raw throws(JSONParseError) in
            try walker.walk(raw, releasingBehind: true)
        }
        #expect(again.records == count)
        #expect(copy == [UInt8](original))
    }
}
