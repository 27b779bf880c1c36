import Foundation
import NearbyGeo

@testable import NearbyWalk

/// libFuzzer entry: one input is a walking network file (`.nbywalk`), opened as a query opens it
/// from the cache, once as given and once re-sealed (every checksum recomputed, as anyone who can
/// write the file can do), then every block verified, points attached and walks searched.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWalkNetwork(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let folder = URL(fileURLWithPath: NSTemporaryDirectory())
    let path = folder.appendingPathComponent("fuzz-walk-\(getpid()).nbywalk").path
    for round in 0..<2 {
        if round == 1 { WalkNetworkFile.reseal(&bytes) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return 0 }
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            let network = try WalkNetwork(path: path)
            try network.verifyAll()
            let b = network.info.bounds
            guard b.count == 4 else { continue }
            var attached: [WalkAttachment] = []
            for (lat, lon) in [(b[0], b[1]), (b[2], b[3]), ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)] {
                if let point = Coordinate(latitude: lat, longitude: lon), let a = try network.attach(point) {
                    attached.append(a)
                }
            }
            if let start = attached.first {
                _ = try WalkSearch(network: network).nearest(from: start, to: attached, k: 2)
            }
        } catch {
            _ = error.description
        }
    }
    return 0
}
