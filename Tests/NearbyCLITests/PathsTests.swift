import Foundation
import Testing

@testable import NearbyCLI

/// The path rules of ``Paths`` (README "Where things live"): an option, else its variable, else
/// the checkout, else the XDG folder; relative paths from the working directory, `~` from HOME.
/// Expected paths written by hand from those rules.
@Suite struct PathsTests {
    func paths(_ words: [String] = [], _ variables: [String: String] = [:], executable: String = "/nowhere/nearby")
        throws -> Paths
    {
        let spec = CommandSpec(name: "t", summary: "")
        let environment = CommandEnvironment(
            arguments: words, variables: ["HOME": "/h"].merging(variables) { _, new in new },
            currentDirectory: "/nowhere/work", executablePath: executable, clock: .fixed(Date(timeIntervalSince1970: 0))
        )
        return Paths(arguments: try ParsedArguments.parse(words, spec: spec.parser), environment: environment)
    }

    @Test func defaultsAreTheXDGFoldersUnderHome() throws {
        let paths = try paths()
        #expect(paths.checkout == nil)
        #expect(paths.cacheDirectory == "/h/.cache/nearby")
        #expect(paths.datasetDirectories == ["/h/.config/nearby/datasets"])
        #expect(paths.databasePath == "/h/.local/share/nearby/nearby.sqlite")
        #expect(paths.mirror == nil)
    }

    @Test func xdgVariablesMoveThemAndEmptyOnesAreUnset() throws {
        let set = try paths([], ["XDG_CACHE_HOME": "/x/c", "XDG_CONFIG_HOME": "/x/g", "XDG_DATA_HOME": "/x/d"])
        #expect(set.cacheDirectory == "/x/c/nearby")
        #expect(set.datasetDirectories == ["/x/g/nearby/datasets"])
        #expect(set.databasePath == "/x/d/nearby/nearby.sqlite")
        let empty = try paths([], ["XDG_CACHE_HOME": "", "NEARBY_CACHE_DIR": "", "NEARBY_DB": ""])
        #expect(empty.cacheDirectory == "/h/.cache/nearby")
        #expect(empty.databasePath == "/h/.local/share/nearby/nearby.sqlite")
    }

    @Test func anOptionBeatsItsVariableAndRelativePathsStartAtTheWorkingDirectory() throws {
        let variables = ["NEARBY_CACHE_DIR": "c", "NEARBY_DB": "~/runs.db", "NEARBY_MIRROR": "m"]
        let fromVariables = try paths([], variables)
        #expect(fromVariables.cacheDirectory == "/nowhere/work/c")
        #expect(fromVariables.databasePath == "/h/runs.db")
        #expect(fromVariables.mirror == "/nowhere/work/m")
        let fromOptions = try paths(
            ["--cache-dir", "~/cache", "--db", "/abs/db.sqlite", "--from", "https://mirror.example/feeds"], variables)
        #expect(fromOptions.cacheDirectory == "/h/cache")
        #expect(fromOptions.databasePath == "/abs/db.sqlite")
        #expect(fromOptions.mirror == "https://mirror.example/feeds")
    }

    /// Later folders win for the same manifest id: checkout, config, NEARBY_DATASETS, --datasets.
    @Test func datasetFoldersInOrder() throws {
        let paths = try paths(["--datasets", "d1", "--datasets", "/d2"], ["NEARBY_DATASETS": "a:/b"])
        #expect(
            paths.datasetDirectories == [
                "/h/.config/nearby/datasets", "/nowhere/work/a", "/b", "/nowhere/work/d1", "/d2",
            ])
    }

    /// The checkout is the nearest folder above the executable with `Datasets/` and a
    /// Package.swift naming Nearby; its `cache/` is the cache and its `Datasets/` come first.
    @Test func theCheckoutAboveTheExecutable() throws {
        let root = try TestPaths.temporaryDirectory("nearby-paths")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Datasets"), withIntermediateDirectories: true)
        let executable = root.appendingPathComponent(".build/debug/nearby").path
        let notYet = try paths([], [:], executable: executable)
        #expect(notYet.checkout == nil)  // no Package.swift
        try Data("let package = Package(name: \"Nearby\")\n".utf8).write(
            to: root.appendingPathComponent("Package.swift"))
        let found = try paths([], [:], executable: executable)
        #expect(found.checkout == root.path)
        #expect(found.cacheDirectory == root.path + "/cache")
        #expect(found.datasetDirectories.first == root.path + "/Datasets")
        let pinned = try paths([], ["NEARBY_HOME": "/elsewhere"], executable: executable)
        #expect(pinned.checkout == "/elsewhere")
    }
}
