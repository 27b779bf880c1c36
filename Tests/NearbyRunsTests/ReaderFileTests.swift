import Foundation
import NearbyTestSupport
import Testing

@testable import NearbyRuns

/// Track files are read through `RegularFile`: FIFOs, devices and directories are refused before a
/// byte is read, and a file over the size limit is refused.
@Suite struct ReaderFileTests {
    func temporaryDirectory() throws -> URL {
        try TestPaths.temporaryDirectory("nearby-reader")
    }

    func error(_ path: String, reader: TrackReader = TrackReader()) -> TrackReadError? {
        do {
            _ = try reader.read(contentsOf: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func devicesAndDirectoriesAreRefusedWithASentence() throws {
        #expect(
            error("/dev/zero")
                == .unreadable(file: "/dev/zero", reason: "it is a character device, not a regular file"))
        #expect(
            error("/dev/zero")?.description
                == "/dev/zero could not be read: it is a character device, not a regular file.")
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            error(directory.path) == .unreadable(file: directory.path, reason: "it is a directory, not a regular file"))
        let missing = directory.appendingPathComponent("none.gpx").path
        #expect(error(missing) == .unreadable(file: missing, reason: "it does not exist"))
    }

    /// Opening a FIFO with no writer would block forever; it is refused at once instead.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("run.gpx").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(error(fifo) == .unreadable(file: fifo, reason: "it is a named pipe (FIFO), not a regular file"))
    }

    /// The size limit is the reader's option; a file one byte over it is refused.
    @Test func aFileOverTheSizeLimitIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("run.gpx").path
        let text = "<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>"  // 33 bytes
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try TrackReader(sizeLimit: 33).read(contentsOf: path).waypoints.count == 1)
        #expect(
            error(path, reader: TrackReader(sizeLimit: 32))
                == .unreadable(file: path, reason: "it is larger than the limit of 32 bytes for track files"))
        #expect(TrackReader().sizeLimit == 1_073_741_824)
    }
}
