import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Zip archives written byte by byte in the tests (TestZip): what is read, and every hostile shape
/// refused with its sentence while the good members around it still come through.
struct ContainerZipTests {
    let gpx = Array(ContainerFixtures.gpx().utf8)

    @Test func readsStoredDeflatedAndDescriptorMembers() throws {
        var described = TestZip.Member("c.gpx", gpx)
        described.dataDescriptor = true
        let zip = TestZip([
            TestZip.Member("a.gpx", gpx, method: 0), TestZip.Member("b/b.fit", ContainerFixtures.fitStub()), described,
        ])
        let items = ContainerReader().items(bytes: zip.bytes, name: "x.zip")
        #expect(items.failures.isEmpty)
        #expect(items.sources.map(\.displayPath) == ["x.zip!a.gpx", "x.zip!b/b.fit", "x.zip!c.gpx"])
        #expect(items.sources.map(\.fileName) == ["a.gpx", "b.fit", "c.gpx"])
        #expect(items.sources.map(\.format) == [.xml, .fit, .xml])
        #expect(items.sources.map(\.bytes.array) == [gpx, ContainerFixtures.fitStub(), gpx])
    }

    @Test func anEmptyZipHoldsNothing() {
        let empty: [UInt8] = [0x50, 0x4B, 5, 6] + [UInt8](repeating: 0, count: 18)
        #expect(ContainerReader().items(bytes: empty, name: "e.zip").isEmpty)
    }

    @Test func refusesEncryptedMembersAndKeepsTheRest() {
        var secret = TestZip.Member("secret.gpx", gpx)
        secret.flags = 0x0001
        let items = ContainerReader().items(
            bytes: TestZip([secret, TestZip.Member("ok.gpx", gpx)]).bytes, name: "x.zip")
        #expect(items.failures == [.memberEncrypted(path: "x.zip!secret.gpx")])
        #expect(items.sources.map(\.displayPath) == ["x.zip!ok.gpx"])
    }

    @Test func refusesTraversalAndControlNamesWithoutEchoingControls() throws {
        let names = [
            "../../etc/passwd", "/etc/passwd", "a\\..\\b.gpx", "C:/x.gpx", "runs/../../x.gpx", "x\u{1B}[2J.gpx",
        ]
        let zip = TestZip(names.map { TestZip.Member($0, gpx) } + [TestZip.Member("runs/ok.gpx", gpx)])
        let items = ContainerReader().items(bytes: zip.bytes, name: "t.zip")
        #expect(items.sources.map(\.displayPath) == ["t.zip!runs/ok.gpx"])
        let refused = items.failures.compactMap { error -> String? in
            if case .memberUnsafeName(let path) = error { return path }
            return nil
        }
        #expect(refused == names.dropLast().map { "t.zip!" + $0 } + ["t.zip!x\\u{1B}[2J.gpx"])
        for failure in items.failures {
            #expect(!failure.description.unicodeScalars.contains { $0.value < 0x20 }, "\(failure)")
        }
    }

    @Test func refusesATruncatedCentralDirectory() {
        let bytes = TestZip([TestZip.Member("a.gpx", gpx), TestZip.Member("b.gpx", gpx)]).bytes
        for cut in [1, 10, 30, 60] {
            let items = ContainerReader().items(bytes: Array(bytes.dropLast(cut)), name: "cut.zip")
            #expect(items.failures == [.zipNoDirectory(path: "cut.zip")], "cut \(cut)")
        }
        var lying = TestZip([TestZip.Member("a.gpx", gpx)])
        lying.declaredEntries = 3
        let items = ContainerReader().items(bytes: lying.bytes, name: "l.zip")
        #expect(items.failures == [.zipMalformed(path: "l.zip", reason: "its central directory is truncated")])
    }

    @Test func refusesAMemberBombButReadsTheOthers() throws {
        let big = [UInt8](repeating: 0x20, count: 2 << 20)
        let zip = TestZip([TestZip.Member("big.gpx", big), TestZip.Member("ok.gpx", gpx)])
        let reader = ContainerReader(limits: ContainerLimits(memberBytes: 1 << 20))
        let items = reader.items(bytes: zip.bytes, name: "b.zip")
        #expect(items.failures == [.inflatesTooLarge(path: "b.zip!big.gpx", limit: 1 << 20)])
        #expect(items.sources.map(\.displayPath) == ["b.zip!ok.gpx"])
    }

    @Test func aMemberThatInflatesBeyondItsDeclaredSizeIsRefused() {
        var liar = TestZip.Member("liar.gpx", [UInt8](repeating: 0x20, count: 100_000))
        liar.declaredSize = 1000
        let items = ContainerReader().items(bytes: TestZip([liar]).bytes, name: "l.zip")
        #expect(
            items.failures == [
                .memberCorrupt(path: "l.zip!liar.gpx", reason: "it inflates to more than its declared 1000 bytes")
            ])
    }

    @Test func refusesBadCRCsOfStoredAndDeflatedMembers() {
        var stored = TestZip.Member("s.gpx", gpx, method: 0)
        stored.declaredCRC = 1
        var deflated = TestZip.Member("d.gpx", gpx)
        deflated.declaredCRC = 1
        let items = ContainerReader().items(bytes: TestZip([stored, deflated]).bytes, name: "c.zip")
        #expect(
            items.failures == [
                .memberCorrupt(path: "c.zip!s.gpx", reason: "its CRC-32 does not match"),
                .memberCorrupt(path: "c.zip!d.gpx", reason: "its CRC-32 does not match"),
            ])
    }

    @Test func stopsAtTheTotalLimitWithOneSentence() {
        let chunk = [0x3C] + [UInt8](repeating: 0x20, count: (600 << 10) - 1)
        let zip = TestZip((1...5).map { TestZip.Member("m\($0).gpx", chunk) })
        let reader = ContainerReader(limits: ContainerLimits(memberBytes: 1 << 20, totalBytes: 2 << 20))
        let items = reader.items(bytes: zip.bytes, name: "t.zip")
        // 3 × 600 KiB fit in 2 MiB; the fourth would not, and the fifth is never read.
        #expect(items.count == 4)
        #expect(items.sources.map(\.displayPath) == ["t.zip!m1.gpx", "t.zip!m2.gpx", "t.zip!m3.gpx"])
        #expect(items.failures == [.archiveTooLarge(path: "t.zip!m4.gpx", limit: 2 << 20)])
    }

    @Test func refusesOverlappingMembers() {
        var zip = TestZip([TestZip.Member("a.gpx", gpx), TestZip.Member("b.gpx", gpx)])
        zip.stretchMember = 0
        let items = ContainerReader().items(bytes: zip.bytes, name: "o.zip")
        #expect(items.failures == [.zipOverlappingMembers(path: "o.zip")])
        #expect(items.sources.isEmpty)
    }

    @Test func boundsTheMemberCount() {
        let zip = TestZip((1...3).map { TestZip.Member("m\($0).gpx", gpx) })
        let items = ContainerReader(limits: ContainerLimits(members: 2)).items(bytes: zip.bytes, name: "n.zip")
        #expect(items.failures == [.zipTooManyMembers(path: "n.zip", count: 3, limit: 2)])
    }

    @Test func readsZip64RecordsAndExtraFields() {
        var zip = TestZip([
            TestZip.Member("a.gpx", gpx), TestZip.Member("b.fit", ContainerFixtures.fitStub(), method: 0),
        ])
        zip.zip64 = true
        let items = ContainerReader().items(bytes: zip.bytes, name: "z.zip")
        #expect(items.failures.isEmpty)
        #expect(items.sources.map(\.bytes.array) == [gpx, ContainerFixtures.fitStub()])
        // The Zip64 limits apply as well: the count in the Zip64 end record is bounded.
        let bounded = ContainerReader(limits: ContainerLimits(members: 1)).items(bytes: zip.bytes, name: "z.zip")
        #expect(bounded.failures == [.zipTooManyMembers(path: "z.zip", count: 2, limit: 1)])
    }

    @Test func refusesZip64MarkersWithoutZip64Records() {
        var zip = TestZip([TestZip.Member("a.gpx", gpx)])
        zip.declaredEntries = 0xFFFF
        #expect(
            ContainerReader().items(bytes: zip.bytes, name: "z.zip").failures == [
                .zipMalformed(path: "z.zip", reason: "its end record refers to Zip64 records that are missing")
            ])
        var located = TestZip([TestZip.Member("a.gpx", gpx)])
        located.zip64 = true
        var bytes = located.bytes
        // The locator's 8-byte record offset (20 + 22 bytes from the end, after its 8 bytes of signature and disk).
        let at = bytes.count - 22 - 20 + 8
        bytes.replaceSubrange(at..<(at + 8), with: le64(UInt64.max))
        #expect(
            ContainerReader().items(bytes: bytes, name: "z.zip").failures == [
                .zipMalformed(path: "z.zip", reason: "its Zip64 locator points outside the file")
            ])
    }

    @Test func refusesUnknownMethodsAndDuplicates() {
        let items = ContainerReader().items(
            bytes: TestZip([
                TestZip.Member("a.gpx", gpx, method: 12), TestZip.Member("b.gpx", gpx), TestZip.Member("b.gpx", gpx),
            ]).bytes, name: "m.zip")
        #expect(
            items.failures == [.memberMethod(path: "m.zip!a.gpx", method: 12), .memberDuplicate(path: "m.zip!b.gpx")])
        #expect(items.sources.count == 1)
    }

    @Test func followsNestedZipsToTheDepthLimit() {
        let level3 = TestZip([TestZip.Member("deep.gpx", gpx)]).bytes
        let level2 = TestZip([TestZip.Member("l3.zip", level3)]).bytes
        let level1 = TestZip([TestZip.Member("l2.zip", level2), TestZip.Member("top.gpx", gpx)]).bytes
        let items = ContainerReader().items(bytes: level1, name: "l1.zip")
        #expect(items.sources.map(\.displayPath) == ["l1.zip!l2.zip!l3.zip!deep.gpx", "l1.zip!top.gpx"])
        let shallow = ContainerReader(limits: ContainerLimits(depth: 2)).items(bytes: level1, name: "l1.zip")
        #expect(shallow.failures == [.nestedTooDeep(path: "l1.zip!l2.zip!l3.zip", limit: 2)])
        #expect(shallow.sources.map(\.displayPath) == ["l1.zip!top.gpx"])
    }

    @Test func membersThatAreNotActivitiesAreIgnoredOrNamedByTheirExtension() {
        let zip = TestZip([
            TestZip.Member("notes.txt", text: "hello"), TestZip.Member("fake.fit", text: "hello"),
            TestZip.Member("data.csv.gz", ContainerFixtures.gzip("a,b\n")), TestZip.Member("folder/", []),
            TestZip.Member("index.html", text: "<!DOCTYPE html><html><body>Export</body></html>"),
            TestZip.Member("upload-1", text: ContainerFixtures.gpx()),
            TestZip.Member("broken.tcx", text: "<TrainingCenterDatabase><Activities>"),
        ])
        let items = ContainerReader().items(bytes: zip.bytes, name: "x.zip")
        #expect(items.failures == [.notActivity(path: "x.zip!fake.fit")])
        #expect(
            items.ignored.map(\.path) == ["x.zip!notes.txt", "x.zip!data.csv.gz", "x.zip!folder/", "x.zip!index.html"])
        #expect(items.ignored.map(\.reason) == [.notActivity, .notActivity, .directory, .notActivity])
        // XML without a track name is still a source when its content names a track root, or its
        // name says track (then the track reader gives the sentence).
        #expect(items.sources.map(\.displayPath) == ["x.zip!upload-1", "x.zip!broken.tcx"])
    }

    @Test func readsAZipFromDiskThroughTheMapping() throws {
        let path = TestPaths.temporaryFile("nearby-container-test", suffix: ".zip").path
        let bytes = TestZip([TestZip.Member("a.gpx", gpx, method: 0)]).bytes
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let items = ContainerReader().items(path: path)
        #expect(items.sources.map(\.displayPath) == [path + "!a.gpx"])
        #expect(items.sources.first?.bytes.array == gpx)
    }
}
