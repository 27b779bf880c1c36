import Foundation

/// Where the shared extracts are, and the XML osmium makes of them (when osmium is installed).
public enum OSMFixtures {
    /// `../shared/osm/NAME` when it exists.
    public static func shared(_ name: String) -> URL? {
        guard let folder = TestPaths.shared?.appendingPathComponent("osm") else { return nil }
        let url = folder.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// The path of an installed program, or nil.
    public static func program(_ name: String) -> String? {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] {
            let path = folder + "/" + name
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `program` with `arguments`; its standard output, or nil when it fails.
    @discardableResult
    public static func run(_ program: String, _ arguments: [String]) -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? data : nil
    }

    /// `osmium cat PBF -o FILE` (XML, or .osm.gz / .osm.bz2 by the name), made once per process.
    public static func osmiumCopy(of pbf: URL, as suffix: String) throws -> URL? {
        guard let osmium = program("osmium") else { return nil }
        let folder = try TestPaths.temporaryDirectory("osm-copies")
        let output = folder.appendingPathComponent(
            pbf.deletingPathExtension().deletingPathExtension().lastPathComponent + suffix)
        guard run(osmium, ["cat", pbf.path, "-o", output.path, "--overwrite"]) != nil else { return nil }
        return output
    }
}
