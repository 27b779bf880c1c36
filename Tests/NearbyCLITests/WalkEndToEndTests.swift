import Foundation
import NearbyTestSupport
import Testing

/// `--walk`, `route` and `streets` on a small town written by the test: two streets along
/// 25.0400°N and 25.0420°N from 121.5100°E to 121.5200°E (a node every 0.0002°), joined only by a
/// footbridge at their east end, with a river between them. The toilet across the river is
/// nearest by straight line, but not on foot.
@Suite(.serialized) struct WalkEndToEndTests {
    let home: URL
    let nearby: InProcessRunner
    let extract: URL

    init() throws {
        home = try TestPaths.temporaryDirectory("nearby-walk")
        nearby = InProcessRunner(home: home)
        extract = home.appendingPathComponent("river-town.osm")
        try Data(Self.town().utf8).write(to: extract)
    }

    static func town() -> String {
        var xml = "<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"nearby-tests\">\n"
        for (row, latitude) in [(1, "25.0400"), (2, "25.0420")] {
            for i in 0...50 {
                let longitude = String(format: "%.4f", 121.51 + 0.0002 * Double(i))
                xml += "<node id=\"\(row * 100 + i)\" lat=\"\(latitude)\" lon=\"\(longitude)\"/>\n"
            }
        }
        xml +=
            "<node id=\"1\" lat=\"25.0418\" lon=\"121.5150\"><tag k=\"amenity\" v=\"toilets\"/><tag k=\"name\" v=\"Across\"/></node>\n"
        xml +=
            "<node id=\"2\" lat=\"25.0398\" lon=\"121.5180\"><tag k=\"amenity\" v=\"toilets\"/><tag k=\"name\" v=\"Same side\"/></node>\n"
        for (id, row, name) in [(10, 1, "南岸路"), (20, 2, "北岸路")] {
            xml += "<way id=\"\(id)\">" + (0...50).map { "<nd ref=\"\(row * 100 + $0)\"/>" }.joined()
            xml += "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"\(name)\"/></way>\n"
        }
        xml +=
            "<way id=\"30\"><nd ref=\"150\"/><nd ref=\"250\"/><tag k=\"highway\" v=\"footway\"/><tag k=\"bridge\" v=\"yes\"/></way>\n"
        // A motorway and a private path are not walked: they would cut across the river.
        xml += "<way id=\"40\"><nd ref=\"125\"/><nd ref=\"225\"/><tag k=\"highway\" v=\"motorway\"/></way>\n"
        xml +=
            "<way id=\"41\"><nd ref=\"130\"/><nd ref=\"230\"/><tag k=\"highway\" v=\"footway\"/><tag k=\"access\" v=\"private\"/></way>\n"
        return xml + "</osm>\n"
    }

    /// GeographicLib (geographiclib 2.1, `Geodesic.WGS84.Inverse`), summing the geodesics edge
    /// by edge: to "Across" 22.111 (access) + along the south street, the bridge, back along the
    /// north street + 22.111; to "Same side" 22.111 + 0.0030° along the south street + 22.111.
    static let walkAcross = 1275.022039
    static let walkSameSide = 347.061542
    static let straightAcross = 177.237595
    static let straightSameSide = 305.977427

    func prepare() throws {
        let imported = nearby.run(["streets", "import", extract.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("102 nodes, 101 edges, 1 components"))
        let added = nearby.run(["datasets", "add", "town", "--osm", extract.path, "--select", "amenity=toilets"])
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test func walkingOrderIsNotStraightLineOrder() throws {
        try prepare()
        let straight = nearby.run(["town", "--at", "25.0402,121.5150", "--format", "json"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(straight.stdout.utf8)) as? [[String: Any]])
        #expect(plain.map { $0["name"] as? String } == ["Across", "Same side"])
        let result = nearby.run(["town", "--at", "25.0402,121.5150", "--walk", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(items.map { $0["name"] as? String } == ["Same side", "Across"])
        #expect(abs((items[0]["walk_m"] as? Double ?? 0) - Self.walkSameSide) < 0.001)
        #expect(abs((items[1]["walk_m"] as? Double ?? 0) - Self.walkAcross) < 0.001)
        #expect(abs((items[0]["distance_m"] as? Double ?? 0) - Self.straightSameSide) < 0.001)
        // 347.06 m at 5 km/h: 249.9 s.
        #expect(items[0]["walk_s"] as? Double == 250)
        let within = nearby.run(["town", "--at", "25.0402,121.5150", "--walk", "--within", "500m", "--format", "json"])
        let near = try #require(try JSONSerialization.jsonObject(with: Data(within.stdout.utf8)) as? [[String: Any]])
        #expect(near.map { $0["name"] as? String } == ["Same side"])
        let table = nearby.run(["town", "--at", "25.0402,121.5150", "--walk", "--walk-speed", "4"])
        // 1275 m at 4 km/h: 19.1 min, shown as 20.
        #expect(table.stdout.contains("1.3 km · 20 min"))
    }

    @Test func routeNamesTheWaysWalked() throws {
        try prepare()
        let result = nearby.run(["route", "--from", "25.0402,121.5150", "--to", "town:node/1", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let route = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(abs((route["distance_m"] as? Double ?? 0) - Self.walkAcross) < 0.001)
        let ways = try #require(route["ways"] as? [[String: Any]])
        #expect(ways.map { $0["name"] as? String } == ["南岸路", "", "北岸路"])
        let text = nearby.run(["route", "--from", "25.0402,121.5150", "--to", "25.0418,121.5150"])
        #expect(text.stdout.hasPrefix("1.3 km on foot, about 16 min"))
        // The ways in order, each with the metres walked on it (the bridge is 0.0020° of latitude).
        let wayLine = text.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(wayLine.hasPrefix("南岸路 ") && wayLine.contains(", (unnamed way) 222 m, 北岸路 "))
        let geojson = nearby.run([
            "route", "--from", "25.0402,121.5150", "--to", "25.0418,121.5150", "--format", "geojson",
        ])
        #expect(geojson.stdout.contains("\"LineString\""))
        // GPX: the same path as a track, from the start to the place.
        let gpx = nearby.run(["route", "--from", "25.0402,121.5150", "--to", "town:node/1", "--format", "gpx"])
        #expect(gpx.status == 0, "\(gpx.stderr)")
        let path = try #require(route["path"] as? [[Double]])
        #expect(gpx.stdout.components(separatedBy: "<trkpt ").count - 1 == path.count)
        #expect(gpx.stdout.contains("<trkpt lat=\"25.0402\" lon=\"121.515\""))
        #expect(gpx.stdout.contains("<trkpt lat=\"25.0418\" lon=\"121.515\""))
    }

    @Test func refusals() throws {
        let none = nearby.run(["town", "--at", "25.0402,121.5150", "--walk"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no imported streets cover"))
        try prepare()
        let far = nearby.run(["route", "--from", "25.0500,121.5150", "--to", "25.0418,121.5150"])
        #expect(far.status == 1)
        #expect(
            far.stderr.contains("farther than 1 km from every walkable way")
                || far.stderr.contains("no imported streets"))
        let bad = nearby.run(["streets", "import", home.appendingPathComponent("missing.osm.pbf").path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("cannot be read"))
        // A network of another format (an older nearby) is named with what to do, not taken for
        // no streets at all.
        let kept = home.appendingPathComponent("cache/streets/river-town.nbywalk")
        var bytes = try [UInt8](Data(contentsOf: kept))
        let original = bytes
        bytes[8] = 1
        try Data(bytes).write(to: kept)
        let old = nearby.run(["town", "--at", "25.0402,121.5150", "--walk"])
        #expect(old.status == 1)
        #expect(old.stderr.contains("is of format 1, made by another version of nearby"))
        #expect(old.stderr.contains("import its extract again"))
        try Data(original).write(to: kept)
        let listed = nearby.run(["streets", "--format", "json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(items.first?["name"] as? String == "river-town")
        #expect(items.first?["licence"] as? String == "ODbL 1.0")
    }

    @Test func mapDrawsEachWalk() throws {
        try prepare()
        let page = home.appendingPathComponent("walks.html")
        let result = nearby.run([
            "map", "--at", "25.0402,121.5150", "--near", "town", "--walk", "--html", page.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        // Numbered by the walk: the place on the same side first, each walk drawn as a line.
        #expect(html.components(separatedBy: "<g class=\"walk\" data-number=").count == 3)
        let list = try #require(html.range(of: "<ol class=\"places\">"))
        let first = try #require(html.range(of: "Same side", range: list.upperBound..<html.endIndex))
        let second = try #require(html.range(of: "Across", range: list.upperBound..<html.endIndex))
        #expect(first.lowerBound < second.lowerBound)
        // 347.06 m and 1,275.02 m (GeographicLib, above) at 5 km/h: 4.2 and 15.3 minutes.
        #expect(html.contains("347 m · 5 min on foot"))
        #expect(html.contains("1.3 km · 16 min on foot"))
    }

    /// A run along the south street, out to its east end and back: at each badge checkpoint the
    /// walk to each toilet is the one `--walk` gives from that point (checked against
    /// GeographicLib above), and never shorter than the straight line.
    @Test func checkpointsByWalking() throws {
        try prepare()
        var gpx = "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"tests\" "
        gpx += "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
        let steps = Array(0...50) + Array((0...50).reversed())
        for (n, i) in steps.enumerated() {
            let time = String(format: "2026-12-01T06:%02d:%02dZ", n * 6 / 60, n * 6 % 60)
            gpx += "<trkpt lat=\"25.0401\" lon=\"\(String(format: "%.4f", 121.51 + 0.0002 * Double(i)))\">"
            gpx += "<time>\(time)</time></trkpt>"
        }
        gpx += "</trkseg></trk></gpx>"
        let run = home.appendingPathComponent("river-run.gpx")
        try Data(gpx.utf8).write(to: run)
        let result = nearby.run([
            "checkpoints", run.path, "--near", "town", "--walk", "--within", "1.5km", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let checkpoints = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(checkpoints.count == 2)
        for checkpoint in checkpoints {
            let latitude = try #require(checkpoint["latitude"] as? Double)
            let longitude = try #require(checkpoint["longitude"] as? Double)
            let near = try #require((checkpoint["near"] as? [String: Any])?["town"] as? [[String: Any]])
            let direct = nearby.run([
                "town", "--at", "\(latitude),\(longitude)", "--walk", "--within", "1.5km", "--format", "json",
            ])
            let expected = try #require(
                try JSONSerialization.jsonObject(with: Data(direct.stdout.utf8)) as? [[String: Any]])
            #expect(near.map { $0["name"] as? String } == expected.map { $0["name"] as? String })
            for (got, want) in zip(near, expected) {
                let walk = try #require(got["walk_m"] as? Double)
                #expect(abs(walk - (want["walk_m"] as? Double ?? 0)) < 0.01)
                #expect(abs((got["distance_m"] as? Double ?? 0) - (want["distance_m"] as? Double ?? 0)) < 0.01)
                #expect(walk >= (got["distance_m"] as? Double ?? .infinity))
                #expect(abs((got["detour_m"] as? Double ?? 0) - 2 * walk) < 0.02)
            }
        }
        // At the Moon (1.61 km, back near the west end) "Across" is nearer by straight line but
        // "Same side" is nearer on foot.
        let straight = nearby.run(["checkpoints", run.path, "--near", "town", "--within", "1.5km", "--format", "json"])
        let plain = try #require(try JSONSerialization.jsonObject(with: Data(straight.stdout.utf8)) as? [[String: Any]])
        let moonStraight = (plain[1]["near"] as? [String: Any])?["town"] as? [[String: Any]]
        let moonWalk = (checkpoints[1]["near"] as? [String: Any])?["town"] as? [[String: Any]]
        #expect(moonStraight?.first?["name"] as? String == "Across")
        #expect(moonWalk?.first?["name"] as? String == "Same side")
    }
}
