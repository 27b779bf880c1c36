// nearby-bench: `swift run -c release nearby-bench index [--points N] [--queries Q] [--seed S]`.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "index": try IndexBenchmark.run(arguments: Array(arguments.dropFirst()))
    case "join": try JoinBenchmark.run(arguments: Array(arguments.dropFirst()))
    default: throw BenchmarkError.unknownBenchmark(arguments.first ?? "(none)")
    }
} catch {
    FileHandle.standardError.write(Data("nearby-bench: \(error)\n".utf8))
    exit(2)
}
