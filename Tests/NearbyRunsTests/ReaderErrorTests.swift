import Testing

@testable import NearbyRuns

/// Broken inputs: the error names the file and the line (counted by hand in each literal).
@Suite struct ReaderErrorTests {
    static func error(_ text: String, file: String = "bad.gpx") -> TrackReadError? {
        do {
            _ = try TrackReader().read(Array(text.utf8), fileName: file)
            return nil
        } catch {
            return error
        }
    }

    @Test func mismatchedEndTag() throws {
        let error = try #require(Self.error("<gpx>\n<trk>\n<trkseg>\n</trk>\n</gpx>"))
        #expect(error.line == 4)
        guard case .malformedElement(let file, 4, let expected) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(file == "bad.gpx")
        #expect(expected.contains("</trkseg>"))
        #expect(error.description.hasPrefix("bad.gpx line 4 "))
    }

    @Test func unclosedDocument() throws {
        let error = try #require(Self.error("<gpx>\n<trk>\n<name>x</name>\n"))
        guard case .malformedElement(_, 4, let expected) = error else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(expected.contains("</trk>"))
    }

    @Test func unclosedTagAndComment() throws {
        #expect(Self.error("<gpx>\n<trk\n")?.line == 2)
        guard case .malformedElement(_, 2, _)? = Self.error("<gpx>\n<!-- never closed\n</gpx>") else {
            Issue.record("expected an unclosed comment error on line 2")
            return
        }
    }

    @Test func malformedAttributes() throws {
        let unquoted = try #require(Self.error("<gpx>\n<trk><trkseg>\n<trkpt lat=1 lon=2/></trkseg></trk></gpx>"))
        guard case .malformedAttribute(_, 3, "trkpt", _) = unquoted else {
            Issue.record("unexpected \(unquoted)")
            return
        }
        let missing = try #require(Self.error("<gpx>\n\n<wpt lon=\"2\"/></gpx>"))
        guard case .malformedAttribute(_, 3, "wpt", let expected) = missing else {
            Issue.record("unexpected \(missing)")
            return
        }
        #expect(expected.contains("lat"))
    }

    @Test func badNumberAndTime() throws {
        let number = try #require(
            Self.error("<gpx><trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\">\n<ele>12,5</ele></trkpt></trkseg></trk></gpx>"))
        #expect(number == .badNumber(file: "bad.gpx", line: 3, element: "ele", text: "12,5"))
        let lat = try #require(Self.error("<gpx><wpt lat=\"north\" lon=\"2\"/></gpx>"))
        #expect(lat == .badNumber(file: "bad.gpx", line: 1, element: "wpt", text: "north"))
        let time = try #require(Self.error("<gpx>\n<wpt lat=\"1\" lon=\"2\"><time>\nyesterday</time></wpt></gpx>"))
        #expect(time == .badTime(file: "bad.gpx", line: 2, text: "yesterday"))
        // A heart rate that is a number but not a possible one is dropped, not an error
        // (PhysicalLimitsTests); one that is not a number still is.
        #expect(Self.error("<gpx><wpt lat=\"1\" lon=\"2\"><extensions><x:hr>-3</x:hr></extensions></wpt></gpx>") == nil)
        let hr = try #require(
            Self.error("<gpx><wpt lat=\"1\" lon=\"2\"><extensions><x:hr>fast</x:hr></extensions></wpt></gpx>"))
        #expect(hr == .badNumber(file: "bad.gpx", line: 1, element: "hr", text: "fast"))
    }

    @Test func rootAndNonXML() throws {
        #expect(Self.error("\n<kml></kml>") == .unknownRoot(file: "bad.gpx", line: 2, element: "kml"))
        #expect(Self.error("{\"type\": \"FeatureCollection\"}") == .notXML(file: "bad.gpx", line: 1, found: "'{'"))
        guard case .notXML(_, 1, _)? = Self.error("") else {
            Issue.record("expected notXML for an empty file")
            return
        }
        do {
            _ = try TrackReader().read([0xFF, 0xFE, 0x3C, 0x00], fileName: "u16.gpx")
            Issue.record("UTF-16 should be refused")
        } catch {
            guard case .notXML("u16.gpx", 1, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
        }
    }

    @Test func customEntitiesAreNeverExpanded() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [ <!ENTITY lol "lollollol"> <!ENTITY ext SYSTEM "file:///etc/passwd"> ]>
            <gpx><trk>
            <name>&lol;</name></trk></gpx>
            """
        #expect(Self.error(text) == .entityRefused(file: "bad.gpx", line: 4, entity: "lol"))
        let ext = text.replacingOccurrences(of: "&lol;", with: "&ext;")
        #expect(Self.error(ext) == .entityRefused(file: "bad.gpx", line: 4, entity: "ext"))
    }

    @Test func unreadableFile() throws {
        do {
            _ = try TrackReader().read(contentsOf: "/nonexistent/dir/run.gpx")
            Issue.record("expected an error")
        } catch {
            guard case .unreadable(let file, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(file == "/nonexistent/dir/run.gpx")
            #expect(error.description.hasPrefix("/nonexistent/dir/run.gpx could not be read: "))
        }
    }
}
