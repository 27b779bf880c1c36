import Foundation
import NearbyFuzzSupport
import NearbyOSM

/// libFuzzer entry: one input is an OpenStreetMap PBF file, read as a dataset refresh reads it:
/// every element once, then the place builder's three passes for a selection of areas and nodes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMPBF(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    OSMFuzzing.read(Data(bytes: data, count: size))
    return 0
}
