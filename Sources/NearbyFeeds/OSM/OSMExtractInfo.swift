import Foundation
import NearbyOSM

/// What a dataset built from an OpenStreetMap extract records about it (`extract.json` in the
/// cache entry): where the data came from and how old it is, its licence, and what could not be
/// placed exactly, so `datasets`, `refresh` and `show` can say so.
public struct OSMExtractInfo: Codable, Sendable, Hashable {
    /// The extract's file path or URL, as the manifest names it.
    public var source: String
    /// `pbf`, `xml`, `xml.gz` or `xml.bz2`.
    public var format: String
    /// The program that wrote the extract, if it says.
    public var generator: String?
    /// The data's own time: the header's replication timestamp, else the newest element's.
    public var dataTimestamp: Date?
    /// The selection, as `amenity=toilets,shop=*`.
    public var selection: String
    public var nodePlaces: Int
    public var wayPlaces: Int
    public var relationPlaces: Int
    public var unplaced: Int
    public var waysMissingNodes: Int
    public var missingNodes: Int
    public var unclosedAreas: Int
    /// The licence every OpenStreetMap extract is under, and the credit it asks for.
    public static let licence = "ODbL 1.0"
    public static let attribution = "© OpenStreetMap contributors"

    /// The artefact's file name in the cache entry.
    public static let fileName = "extract.json"

    init(source: String, format: OSMExtract.Format, selection: OSMSelector, report: OSMBuildReport) {
        self.source = source
        self.format = format.rawValue
        generator = report.header.generator
        dataTimestamp = report.dataTimestamp.map { Date(timeIntervalSince1970: TimeInterval($0)) }
        self.selection = selection.description
        nodePlaces = report.nodePlaces
        wayPlaces = report.wayPlaces
        relationPlaces = report.relationPlaces
        unplaced = report.unplaced
        waysMissingNodes = report.waysMissingNodes
        missingNodes = report.missingNodes
        unclosedAreas = report.unclosedAreas
    }

    /// One sentence per thing that could not be placed exactly, for the user.
    public var warnings: [String] {
        var lines: [String] = []
        if waysMissingNodes > 0 {
            lines.append(
                "\(waysMissingNodes) way\(waysMissingNodes == 1 ? "" : "s") name \(missingNodes) node\(missingNodes == 1 ? "" : "s") the extract does not hold (cut at its border); placed from the nodes it has."
            )
        }
        if unclosedAreas > 0 {
            lines.append(
                "\(unclosedAreas) area\(unclosedAreas == 1 ? "" : "s") did not close into rings (members outside the extract); placed on what the extract holds."
            )
        }
        if unplaced > 0 {
            lines.append(
                "\(unplaced) feature\(unplaced == 1 ? " has" : "s have") no position in the extract; listed, never ranked."
            )
        }
        return lines
    }
}
