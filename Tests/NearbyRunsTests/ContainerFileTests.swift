import Foundation
import NearbySystem
import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Zips read from disk with `pread` (ZipFile) against the same bytes read in memory, and a file
/// truncated by another program while it is read (issue 8: a mapped file would raise SIGBUS).
@Suite struct ContainerFileTests {
    let folder: URL

    init() throws {
        folder = try TestPaths.temporaryDirectory("nearby-zipfile")
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Items as text, with the file's folder taken out of display paths.
    func described(_ items: [ContainerItem]) -> [String] {
        items.map { item in
            let text: String
            switch item {
            case .source(let source): text = "source \(source.displayPath) \(source.format) \(source.bytes.array.count)"
            case .failed(let error): text = "failed \(error.description)"
            case .ignored(let path, let reason): text = "ignored \(path) \(reason)"
            case .manualActivities(let path, let count): text = "manual \(path) \(count)"
            }
            return text.replacingOccurrences(of: folder.path + "/", with: "")
        }
    }

    @Test func aZipOnDiskGivesWhatTheSameBytesInMemoryGive() throws {
        var withDescriptor = TestZip.Member("b.gpx", text: ContainerFixtures.gpx())
        withDescriptor.dataDescriptor = true
        var liar = TestZip.Member("c.gpx", text: ContainerFixtures.gpx())
        liar.declaredSize = 1000
        let plain = TestZip([
            TestZip.Member("a.gpx", text: ContainerFixtures.gpx(), method: 0), withDescriptor, liar,
            TestZip.Member("d.tcx.gz", ContainerFixtures.gzip(ContainerFixtures.tcx)),
            TestZip.Member("../evil.gpx", text: ContainerFixtures.gpx()), TestZip.Member("notes.txt", text: "x"),
        ])
        var zip64 = plain
        zip64.zip64 = true
        var stretched = plain
        stretched.stretchMember = 0
        for (index, zip) in [plain, zip64, stretched].enumerated() {
            let name = "z\(index).zip"
            let path = try write(zip.bytes, name)
            let fromDisk = described(ContainerReader().items(path: path))
            #expect(fromDisk == described(ContainerReader().items(bytes: zip.bytes, name: name)), "\(name)")
            #expect(!fromDisk.isEmpty)
        }
    }

    @Test func aZipTruncatedWhileItIsReadGivesSentencesNotASignal() throws {
        let gpx = Array(ContainerFixtures.gpx().utf8)
        let path = try write(TestZip([TestZip.Member("a.gpx", gpx, method: 0)]).bytes, "t.zip")
        let zip = ZipFile(try RegularFile(path: path))
        let entries = try zip.directory(path: "t.zip", limits: ContainerLimits())
        guard case .success(let entry)? = entries.first else {
            Issue.record("expected one member, got \(entries)")
            return
        }
        #expect(truncate(path, 40) == 0)  // inside the member's data (it starts at 30 + 5)
        var walk = ContainerWalk(limits: ContainerLimits())
        guard case .failure(let error) = walk.extract(entry, from: zip, path: "t.zip!a.gpx") else {
            Issue.record("a truncated member was extracted")
            return
        }
        #expect(error == .memberCorrupt(path: "t.zip!a.gpx", reason: "the archive ends inside its data"))
        // Opened again, the same file is a zip without its directory: one sentence.
        #expect(ContainerReader().items(path: path).failures.count == 1)
    }
}
