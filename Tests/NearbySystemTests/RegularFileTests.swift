import Foundation
import NearbyTestSupport
import Testing

@testable import NearbySystem
@Suite struct RegularFileTests {
    private func folder() throws -> URL {
        try TestPaths.temporaryDirectory("regular-file")
    }

    @Test func readsARegularFileWhole() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a.txt").path
        let text = String(repeating: "0123456789", count: 300_000)  // 3 MB: several read chunks
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let bytes = try RegularFile.readAll(path, limit: 4 << 20)
        #expect(bytes == Array(text.utf8))
    }

    @Test func refusesAFileOverTheLimit() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.txt").path
        try Data(count: 1025).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileReadError.tooLarge(path: path, limit: 1024)) {
            try RegularFile.readAll(path, limit: 1024)
        }
        #expect(try RegularFile.readAll(path, limit: 1025).count == 1025)
    }

    @Test func refusesAFIFOWithoutBlocking() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(path, 0o600) == 0)
        // A plain open(2) of a FIFO with no writer would block this test forever.
        #expect(throws: FileReadError.notRegular(path: path, kind: "a named pipe (FIFO)")) {
            try RegularFile.readAll(path, limit: 1024)
        }
    }

    @Test func refusesDevicesAndDirectories() throws {
        #expect(throws: FileReadError.notRegular(path: "/dev/zero", kind: "a character device")) {
            try RegularFile.readAll("/dev/zero", limit: 1024)
        }
        #expect(throws: FileReadError.notRegular(path: "/tmp", kind: "a directory")) {
            try RegularFile.readAll("/tmp", limit: 1024)
        }
    }

    @Test func symbolicLinksAreRefusedOnlyWhenAsked() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("target.txt")
        try Data("secret".utf8).write(to: target)
        let link = dir.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target.path)
        #expect(try RegularFile.readAll(link, limit: 100) == Array("secret".utf8))
        #expect(throws: FileReadError.symbolicLink(path: link)) {
            try RegularFile.readAll(link, limit: 100, followSymlinks: false)
        }
    }

    @Test func aMissingFileIsNamed() {
        let error = #expect(throws: FileReadError.self) { try RegularFile.readAll("/nonexistent/x.gpx", limit: 10) }
        #expect(error?.description == "/nonexistent/x.gpx does not exist.")
    }

    // Hand-computed: 512 MiB = 536,870,912 bytes.
    @Test func byteCountsReadAsPeopleSayThem() {
        #expect(ByteCountText.describe(536_870_912) == "512 MiB")
        #expect(ByteCountText.describe(3 * 1024) == "3 KiB")
        #expect(ByteCountText.describe(1500) == "1500 bytes")
        #expect(ByteCountText.describe(1) == "1 byte")
    }
}
