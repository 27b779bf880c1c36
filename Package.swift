// swift-tools-version: 6.0
// Nearby: what is near me, and near my runs, from open data.
import PackageDescription

// One set of Swift settings for every target (sources, tests, benchmarks, fuzz targets).
// ExistentialAny: a protocol used as a type is always spelled `any P`, so an existential's cost shows.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Nearby",
    products: [
        .executable(name: "nearby", targets: ["nearby"]),
        .library(name: "NearbyGeo", targets: ["NearbyGeo"]),
        .library(name: "NearbySystem", targets: ["NearbySystem"]),
        .library(name: "NearbyOutput", targets: ["NearbyOutput"]),
        .library(name: "NearbyCSV", targets: ["NearbyCSV"]),
        .library(name: "NearbyOSM", targets: ["NearbyOSM"]),
        .library(name: "NearbyWalk", targets: ["NearbyWalk"]),
        .library(name: "NearbyFeeds", targets: ["NearbyFeeds"]),
        .library(name: "NearbyRuns", targets: ["NearbyRuns"]),
        .library(name: "NearbyStore", targets: ["NearbyStore"]),
        .library(name: "NearbyCLI", targets: ["NearbyCLI"]),
    ],
    targets: [
        // C libraries from Debian packages, each imported with `internal import` by the one target
        // that uses it.
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

        // What the libraries ask of the system, and the rules for what comes in from outside: regular
        // files read safely and mapped, dataset folders and the id rule, input budgets, SHA-256
        // (libcrypto), the injected wall clock, a side thread. No geometry, no output formats.
        .target(name: "NearbySystem", dependencies: ["CCrypto"], swiftSettings: swiftSettings),
        // How Nearby writes what it answers: JSON, CSV and GeoJSON writers, numbers as text, escaping
        // and neutralising control characters. Pure: no I/O, no dependencies.
        .target(name: "NearbyOutput", swiftSettings: swiftSettings),
        // The one CSV tokenizer (RFC 4180, tolerant; its rules in CSVRowReader's documentation):
        // rows read in place from a whole buffer (the feeds) or a chunk at a time with one row
        // carried and bounded (the export catalogues). Pure: no I/O, no Foundation, no dependencies.
        .target(name: "NearbyCSV", swiftSettings: swiftSettings),
        // libbz2 for OSM XML extracts compressed as .osm.bz2 (Sources/NearbyOSM).
        .systemLibrary(
            name: "CBZip2",
            providers: [.apt(["libbz2-dev"])]
        ),
        // OpenStreetMap extracts (PBF and OSM XML, plain, gzip or bzip2) read as a stream of nodes,
        // ways and relations for a handler; no datasets, no routing, no printing.
        .target(name: "NearbyOSM", dependencies: ["NearbySystem", "CZlib", "CBZip2"], swiftSettings: swiftSettings),
        // The walking network of an extract: its rules, the builder, the mapped network file, and
        // exact searches over it (attach, k nearest by walking, routes). No printing, no clock.
        .target(
            name: "NearbyWalk", dependencies: ["NearbyOSM", "NearbyGeo", "NearbySystem"], swiftSettings: swiftSettings),
        // Pure geometry: coordinates, geodesics on WGS84, the spatial index, and the block checksum
        // and verifier of Nearby's binary files. No I/O, no dependencies.
        .target(name: "NearbyGeo", swiftSettings: swiftSettings),
        // Place dataset plugins, manifests, decoders, the refresh cache and the libcurl fetcher.
        .target(
            name: "NearbyFeeds",
            dependencies: [
                "NearbyGeo", "NearbySystem", "NearbyOutput", "NearbyCSV", "CCurl", "NearbyPostgres", "NearbyOSM",
                "NearbyWalk",
            ],
            swiftSettings: swiftSettings),
        // Tracks: GPX/TCX/FIT readers, gzip/zip export archives, cleaning, statistics, splits, the
        // badge catalogue plugin and its rules, the join.
        .target(
            name: "NearbyRuns", dependencies: ["NearbyGeo", "NearbySystem", "NearbyOutput", "NearbyCSV", "CZlib"],
            swiftSettings: swiftSettings),
        // Runs persistence (the RunStoring protocol, SQLite's RunStore and, beside it, PostgreSQL's
        // PostgresRunStore over NearbyPostgres's connection) and RunLibrary, the runs use cases:
        // import (read, analyse, hash, persist) and resolving a run reference.
        .target(
            name: "NearbyStore",
            dependencies: ["NearbyRuns", "NearbySystem", "NearbyGeo", "NearbyPostgres", "CSQLite"],
            swiftSettings: swiftSettings),
        // Argument parsing, commands, output formats, exit codes: the only place that prints.
        .target(
            name: "NearbyCLI",
            dependencies: [
                "NearbySystem", "NearbyOutput", "NearbyGeo", "NearbyFeeds", "NearbyRuns", "NearbyStore",
                "NearbyPostgres", "NearbyOSM", "NearbyWalk",
            ],
            swiftSettings: swiftSettings),
        // The executable is a stub over NearbyCLI.
        .executableTarget(name: "nearby", dependencies: ["NearbyCLI"], swiftSettings: swiftSettings),

        // Benchmarks: `swift run -c release nearby-bench` (see BENCHMARKS.md). Its random data comes
        // from NearbyTestSupport's SplitMix64, the generator the tests use.
        .executableTarget(
            name: "nearby-bench",
            dependencies: [
                "NearbyFeeds", "NearbyGeo", "NearbyRuns", "NearbyWalk", "NearbyPostgres", "NearbyTestSupport",
            ],
            path: "Benchmarks/Sources/nearby-bench",
            swiftSettings: swiftSettings
        ),

        // What the tests share: the package-root, shared-data and temporary-folder finders
        // (TestPaths), SplitMix64, fixture writers (zip, FIT) and the loopback fixture server.
        .target(
            name: "NearbyTestSupport", dependencies: ["NearbyRuns"], path: "Tests/NearbyTestSupport",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "NearbySystemTests", dependencies: ["NearbySystem", "NearbyTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(name: "NearbyOutputTests", dependencies: ["NearbyOutput"], swiftSettings: swiftSettings),
        .testTarget(name: "NearbyCSVTests", dependencies: ["NearbyCSV"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NearbyOSMTests", dependencies: ["NearbyOSM", "NearbyTestSupport", "CZlib"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "NearbyWalkTests", dependencies: ["NearbyWalk", "NearbyOSM", "NearbyGeo", "NearbyTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "NearbyGeoTests", dependencies: ["NearbyGeo", "NearbyTestSupport"], exclude: ["Fixtures"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "NearbyFeedsTests",
            dependencies: [
                "NearbyFeeds", "NearbyCSV", "NearbyGeo", "NearbySystem", "NearbyOutput", "NearbyTestSupport",
                "NearbyOSM",
            ],
            exclude: ["Support/fixture_server.py", "Fixtures"], swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "NearbyRunsTests", dependencies: ["NearbyRuns", "NearbyGeo", "NearbySystem", "NearbyTestSupport"],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NearbyStoreTests",
            dependencies: ["NearbyStore", "NearbyRuns", "NearbyGeo", "NearbyPostgres", "NearbyTestSupport"],
            exclude: ["Fixtures"], swiftSettings: swiftSettings),
        .testTarget(
            name: "NearbyCLITests",
            dependencies: [
                "NearbyCLI", "NearbyOutput", "NearbyFeeds", "NearbyRuns", "NearbyGeo", "NearbyStore", "NearbyPostgres",
                "NearbyTestSupport",
            ],
            exclude: ["Fixtures"], swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: - PostgreSQL: libpq loaded lazily, the connection layer, the `nearby` schema and
// publishing. Tests run against a real cluster when NEARBY_TEST_PG is set
// (.ci/postgres start prints its URL) and say they were skipped otherwise.
package.products.append(.library(name: "NearbyPostgres", targets: ["NearbyPostgres"]))
package.targets.append(contentsOf: [
    // libpq's headers from Debian's libpq-dev (/usr/include/postgresql, included by that path); the
    // library is dlopened on first use (see Sources/CPQ/shim.h), so no pkgConfig: its -lpq would make
    // every start load libpq and its TLS and Kerberos libraries.
    .systemLibrary(name: "CPQ", providers: [.apt(["libpq-dev"])]),
    // The libpq layer (connection, values, rows, errors, URLs), the `nearby` schema and its
    // migrations, and publishing places and streets: what places and runs both use. It knows
    // neither: `PostgresRunStore` lives in NearbyStore beside the SQLite store.
    .target(name: "NearbyPostgres", dependencies: ["CPQ"], swiftSettings: swiftSettings),
    .testTarget(
        name: "NearbyPostgresTests",
        dependencies: ["NearbyPostgres", "NearbyFeeds", "NearbyGeo", "NearbyRuns", "NearbyStore", "NearbyTestSupport"],
        swiftSettings: swiftSettings),
])

// MARK: - Fuzz targets, kept in Fuzz/; see Fuzz/README.md.
// Only when NEARBY_FUZZ=1 is set, so a normal `swift build` / `swift test` never sees them. `Fuzz/run`
// builds each as its own product with libFuzzer and AddressSanitizer in `.build/fuzz`. One folder
// and one product per target under Fuzz/Targets, with exactly the modules it imports; a new target
// is one more line below.
if Context.environment["NEARBY_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("feed-json", ["NearbyFeeds", "NearbyFuzzSupport"]),
        ("feed-csv", ["NearbyFeeds", "NearbyFuzzSupport"]),
        ("feed-geojson", ["NearbyFeeds", "NearbyFuzzSupport"]),
        ("track", ["NearbyRuns", "NearbyFuzzSupport"]),
        ("archive", ["NearbyFeeds", "NearbyGeo", "NearbyFuzzSupport"]),
        ("manifest", ["NearbyFeeds", "NearbyFuzzSupport"]),
        ("args", ["NearbyCLI", "NearbyGeo"]),
        ("fit", ["NearbyRuns", "NearbyFuzzSupport"]),
        ("container", ["NearbyRuns", "NearbyFuzzSupport"]),
        ("pointblob", ["NearbyStore", "NearbyRuns"]),
        ("osm-pbf", ["NearbyOSM", "NearbyFuzzSupport"]),
        ("osm-xml", ["NearbyOSM", "NearbyFuzzSupport"]),
        ("walk-network", ["NearbyWalk", "NearbyGeo"]),
        ("catalogue", ["NearbyRuns", "NearbyTestSupport"]),
    ]
    package.targets.append(
        .target(
            name: "NearbyFuzzSupport", dependencies: ["NearbyFeeds", "NearbyOSM"],
            path: "Fuzz/Targets/NearbyFuzzSupport",
            swiftSettings: swiftSettings))
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: "fuzz-\(target.name)", dependencies: target.dependencies, path: "Fuzz/Targets/\(target.name)",
                swiftSettings: swiftSettings))
        package.products.append(.executable(name: "fuzz-\(target.name)", targets: ["fuzz-\(target.name)"]))
    }
}

// MARK: - The sanitizer pass of CI (.ci/run): with NEARBY_CI_SANITIZE=1 the package
// is only what the concurrency and I/O suites it runs need (the libraries and their test targets),
// so that a ThreadSanitizer build fits CI's time budget: the CLI, its executables and its large
// end-to-end test target are left out. A normal build or test never sees this.
if Context.environment["NEARBY_CI_SANITIZE"] == "1" {
    let leftOut: Set<String> = ["NearbyCLI", "nearby", "nearby-bench", "NearbyCLITests"]
    package.targets.removeAll { leftOut.contains($0.name) }
    package.products.removeAll { leftOut.contains($0.name) }
}
