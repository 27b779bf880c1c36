import Foundation
import NearbyFuzzSupport
import NearbyOSM

/// libFuzzer entry: one input is an OSM XML file (plain, or gzip/bzip2 by its first bytes), read
/// as a dataset refresh reads it: every element once, then the place builder's passes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMXML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    OSMFuzzing.read(Data(bytes: data, count: size))
    return 0
}
