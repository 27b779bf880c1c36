import Foundation
import NearbyFuzzSupport
import NearbyRuns

/// libFuzzer entry: one input is one track file (GPX or TCX, whatever its bytes say), read by
/// ``TrackReader`` as `runs import` reads it; a file that reads is then analysed (cleaning,
/// statistics, splits, best efforts, badge checkpoints) in both units and written back as GPX, as
/// `runs show` and `runs export` do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrack(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    do {
        let document = try TrackReader().read(bytes, fileName: "fuzz.gpx")
        for units in Units.allCases {
            let analysis = RunAnalysis(tracks: document.tracks, units: units, catalogue: badgeCatalogue)
            _ = analysis.statistics.distance
        }
        _ = GPXWriter().write(document)
    } catch {
        _ = String(describing: error)
    }
    return 0
}

/// The repository's badge catalogue (`Datasets/badges.json`), read once.
let badgeCatalogue: BadgeCatalogue = {
    let file = Fuzzing.packageRoot.appendingPathComponent("Datasets/badges.json")
    do {
        return try BadgeCatalogue(data: try Data(contentsOf: file))
    } catch {
        Fuzzing.stop("\(file.path) does not load: \(error)")
    }
}()
