// nearby-bench: benchmarks of Nearby's own parts, `swift run -c release nearby-bench <work> …`:
// index, gpx (self-generated data), fit (a given file) and knn, gpx-stats, legs, decode, postgis
// (driven by Benchmarks/run).
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "index": try IndexBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "gpx": try GPXBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "knn": try HarnessCommands.knn(Array(arguments.dropFirst()))
    case "gpx-stats": try HarnessCommands.gpxStats(Array(arguments.dropFirst()))
    case "legs": try HarnessCommands.legs(Array(arguments.dropFirst()))
    case "join": try JoinBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "fit": try FITBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "decode": try DecodeBenchmark.run(Array(arguments.dropFirst()))
    case "postgis": try PostgisBenchmark.run(Array(arguments.dropFirst()))
    case "walk": try WalkBenchmark.run(Array(arguments.dropFirst()))
    case "walk-export": try WalkBenchmark.export(Array(arguments.dropFirst()))
    default: throw BenchmarkError.unknownBenchmark(arguments.first ?? "(none)")
    }
} catch {
    FileHandle.standardError.write(Data("nearby-bench: \(error)\n".utf8))
    exit(2)
}
