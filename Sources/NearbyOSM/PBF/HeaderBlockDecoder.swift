/// Decodes a `HeaderBlock`: the bounding box, required features, writing program and the
/// replication timestamp. A required feature Nearby does not implement refuses the file.
enum HeaderBlockDecoder {
    /// The required features Nearby reads (anything else is refused, as the format asks).
    static let supported: Set<String> = ["OsmSchema-V0.6", "DenseNodes"]

    static func decode(_ block: UnsafeRawBufferPointer) throws(OSMReadError) -> OSMHeader {
        var header = OSMHeader()
        var reader = ProtoReader(block)
        while let key = try reader.nextKey() {
            switch key.field {
            case 1:
                try ProtoReader.require(key, 2, "the header's bounding box")
                header.bounds = try bounds(block, try reader.lengthDelimited())
            case 4:
                try ProtoReader.require(key, 2, "a required feature")
                let feature = reader.string(try reader.lengthDelimited())
                guard supported.contains(feature) else {
                    throw .unsupportedFeature(feature.count > 80 ? String(feature.prefix(80)) + "…" : feature)
                }
                header.requiredFeatures.append(feature)
            case 16:
                try ProtoReader.require(key, 2, "the writing program")
                header.generator = reader.string(try reader.lengthDelimited())
            case 32: header.replicationTimestamp = try reader.int64()
            default: try reader.skip(key.wireType)
            }
        }
        return header
    }

    /// `HeaderBBox`: left, right, top, bottom in nanodegrees (sint64).
    private static func bounds(_ block: UnsafeRawBufferPointer, _ range: Range<Int>) throws(OSMReadError)
        -> (southWest: OSMLocation, northEast: OSMLocation)?
    {
        var reader = ProtoReader(block, range: range)
        var values: [Int: Int64] = [:]
        while let key = try reader.nextKey() {
            if (1...4).contains(key.field), key.wireType == 0 {
                values[key.field] = try reader.signedVarint()
            } else {
                try reader.skip(key.wireType)
            }
        }
        guard let left = values[1], let right = values[2], let top = values[3], let bottom = values[4] else {
            return nil
        }
        let box = (
            southWest: OSMLocation(latitudeNano: bottom, longitudeNano: left),
            northEast: OSMLocation(latitudeNano: top, longitudeNano: right)
        )
        return box.southWest.isValid && box.northEast.isValid ? box : nil
    }
}
