import Foundation
import NearbyFuzzSupport

@testable import NearbyRuns

/// libFuzzer entry: one input is one track file (GPX or TCX, whatever its bytes say), read by
/// ``TrackReader`` as `runs import` reads it; a file that reads is then analysed (cleaning,
/// statistics, splits, best efforts, badge checkpoints) in both units and written back as GPX, as
/// `runs show` and `runs export` do. The same bytes are also streamed through a window of a few
/// bytes (as `runs import` streams a file), which must give the same document or the same error;
/// and once more with a second reader started somewhere in every track (``SegmentSplit``), as
/// a long file is imported.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrack(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let inMemory = Result { () throws(TrackReadError) -> TrackDocument in
        try TrackReader().read(bytes, fileName: "fuzz.gpx")
    }
    let stream = InMemoryTrackStream(Array(bytes), pieceLimit: 1 + size % 17)
    let streamed = Result { () throws(TrackReadError) -> TrackDocument in
        try TrackReader().read(stream: stream, fileName: "fuzz.gpx", chunkSize: 8 + size % 61).document
    }
    var splitting = TrackReader()
    splitting.splitThreshold = 0
    splitting.splitPercent = 1 + size % 97
    let split = Result { () throws(TrackReadError) -> TrackDocument in
        try splitting.read(stream: stream, fileName: "fuzz.gpx", chunkSize: 16 + size % 53).document
    }
    for other in [streamed, split] {
        switch (inMemory, other) {
        case (.success(let a), .success(let b)) where a == b || "\(a)" == "\(b)": break  // NaN is not == itself
        case (.failure(let a), .failure(let b)) where a == b: break
        default: Fuzzing.stop("streamed and in-memory reading differ: \(inMemory) against \(other)")
        }
    }
    do {
        let document = try inMemory.get()
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
