// swift-tools-version: 6.0
// Nearby: what is near me, and near my runs, from open data.
import PackageDescription

let package = Package(
    name: "Nearby",
    products: [
        .executable(name: "nearby", targets: ["nearby"]),
        .library(name: "NearbyGeo", targets: ["NearbyGeo"]),
        .library(name: "NearbyFeeds", targets: ["NearbyFeeds"]),
        .library(name: "NearbyRuns", targets: ["NearbyRuns"]),
        .library(name: "NearbyStore", targets: ["NearbyStore"]),
        .library(name: "NearbyCLI", targets: ["NearbyCLI"]),
    ],
    targets: [
        // C libraries from Debian packages.
        // libcurl's headers (Debian puts them in the default include path); the library itself is
        // dlopened on the first fetch (see Sources/CCurl/shim.h), so no pkgConfig: its -lcurl would
        // make every start load some thirty libraries that a query from the cache never uses.
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // OpenSSL's libcrypto for SHA-256 on the CPU's SHA instructions; dlopened on the first digest
        // like libcurl (see Sources/CCrypto/shim.h), so the headers are all the build needs.
        .systemLibrary(
            name: "CCrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // zlib for gzip members and deflated zip members (Sources/NearbyRuns/Containers).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // Small utilities shared by feeds, runs and the CLI: SHA-256, reading a regular file safely.
        .target(name: "NearbyBasics", dependencies: ["CCrypto"]),
        // Pure geometry: coordinates, geodesics on WGS84, the spatial index. No I/O.
        .target(name: "NearbyGeo"),
        // Dataset plugins, manifests, decoders, the refresh cache and the libcurl fetcher.
        .target(name: "NearbyFeeds", dependencies: ["NearbyGeo", "NearbyBasics", "CCurl"]),
        // Tracks: GPX/TCX/FIT readers, gzip/zip export archives, cleaning, statistics, splits, badges, the join.
        .target(name: "NearbyRuns", dependencies: ["NearbyGeo", "NearbyBasics", "CZlib"]),
        // SQLite storage of runs.
        .target(name: "NearbyStore", dependencies: ["NearbyRuns", "CSQLite"]),
        // Argument parsing, commands, output formats, exit codes: the only place that prints.
        .target(
            name: "NearbyCLI", dependencies: ["NearbyBasics", "NearbyGeo", "NearbyFeeds", "NearbyRuns", "NearbyStore"]),
        // The executable is a stub over NearbyCLI.
        .executableTarget(name: "nearby", dependencies: ["NearbyCLI"]),

        // Benchmarks: `swift run -c release nearby-bench` (see BENCHMARKS.md).
        .executableTarget(
            name: "nearby-bench",
            dependencies: ["NearbyBasics", "NearbyGeo", "NearbyFeeds", "NearbyRuns"],
            path: "Benchmarks/Sources/nearby-bench"
        ),

        .testTarget(name: "NearbyBasicsTests", dependencies: ["NearbyBasics"]),
        .testTarget(name: "NearbyGeoTests", dependencies: ["NearbyGeo", "NearbyBasics"], exclude: ["Fixtures"]),
        .testTarget(
            name: "NearbyFeedsTests", dependencies: ["NearbyFeeds", "NearbyGeo", "NearbyTestSupport"],
            exclude: ["Support/fixture_server.py", "Fixtures"]
        ),
        // Fixture writers (zip, FIT) shared by the runs and CLI tests.
        .target(name: "NearbyTestSupport", dependencies: ["NearbyRuns"], path: "Tests/NearbyTestSupport"),
        .testTarget(
            name: "NearbyRunsTests", dependencies: ["NearbyRuns", "NearbyGeo", "NearbyBasics", "NearbyTestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "NearbyStoreTests", dependencies: ["NearbyStore", "NearbyRuns", "NearbyBasics"]),
        .testTarget(
            name: "NearbyCLITests",
            dependencies: ["NearbyCLI", "NearbyFeeds", "NearbyRuns", "NearbyGeo", "NearbyStore", "NearbyTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - PostgreSQL (issue 11), owned by the "pgbase" work: libpq loaded lazily, the connection
// layer and the `nearby` schema. Tests run against a real cluster when NEARBY_TEST_PG is set
// (.ci/postgres start prints its URL) and say they were skipped otherwise.
package.products.append(.library(name: "NearbyPostgres", targets: ["NearbyPostgres"]))
package.targets.append(contentsOf: [
    // libpq's headers from Debian's libpq-dev (/usr/include/postgresql, included by that path); the
    // library is dlopened on first use (see Sources/CPQ/shim.h), so no pkgConfig: its -lpq would make
    // every start load libpq and its TLS and Kerberos libraries.
    .systemLibrary(name: "CPQ", providers: [.apt(["libpq-dev"])]),
    .target(name: "NearbyPostgres", dependencies: ["CPQ", "NearbyBasics"]),
    .testTarget(name: "NearbyPostgresTests", dependencies: ["NearbyPostgres"]),
])

// MARK: - Fuzz targets (issue 8), owned by Fuzz/; see Fuzz/README.md.
// Only when NEARBY_FUZZ=1 is set, so a normal `swift build` / `swift test` never sees them. `Fuzz/run`
// builds each as its own product with libFuzzer and AddressSanitizer in `.build/fuzz`. One folder
// and one product per target under Fuzz/Targets; a new target is one more line below.
if Context.environment["NEARBY_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("feed-json", ["NearbyFeeds"]),
        ("feed-csv", ["NearbyFeeds"]),
        ("feed-geojson", ["NearbyFeeds"]),
        ("track", ["NearbyRuns"]),
        ("archive", ["NearbyFeeds", "NearbyGeo"]),
        ("manifest", ["NearbyFeeds"]),
        ("args", ["NearbyCLI", "NearbyGeo"]),
        ("fit", ["NearbyRuns"]),
        ("container", ["NearbyRuns"]),
    ]
    package.targets.append(
        .target(name: "NearbyFuzzSupport", dependencies: ["NearbyFeeds"], path: "Fuzz/Targets/NearbyFuzzSupport"))
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: "fuzz-\(target.name)", dependencies: target.dependencies + ["NearbyFuzzSupport"],
                path: "Fuzz/Targets/\(target.name)"))
        package.products.append(.executable(name: "fuzz-\(target.name)", targets: ["fuzz-\(target.name)"]))
    }
}
