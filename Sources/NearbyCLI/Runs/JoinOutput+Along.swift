import NearbyOutput
import NearbyFeeds
import NearbyGeo
import NearbyRuns

/// `along`: the nearest place of each dataset per piece of the route, and the longest gaps.
extension JoinOutput {
    func alongTable(_ report: RouteAmenitiesReport, reach: Double) throws(CLIError) -> String {
        var table = Table(
            headers: [units == .metric ? "KM" : "MI"] + datasets.map { $0.manifest.id.uppercased() })
        for piece in report.pieces {
            var row = [String(piece.number)]
            for (dataset, nearest) in piece.nearest.enumerated() {
                guard let nearest else {
                    row.append("–")
                    continue
                }
                row.append("\(try lookup(dataset, nearest.index).name) \(distance(nearest.distance))")
            }
            table.add(row)
        }
        var text = table.render(style: session.context.style) + "\n"
        for (dataset, gap) in report.gaps.enumerated() {
            text += gapSentence(gap, what: id(dataset), reach: reach) + "\n"
        }
        if datasets.count > 1 { text += gapSentence(report.combinedGap, what: "any of them", reach: reach) + "\n" }
        return text
    }

    private func gapSentence(_ gap: RouteStretch?, what: String, reach: Double) -> String {
        guard let gap, gap.length > 0 else { return "Every part of the route has \(what) within \(distance(reach))." }
        return "Longest stretch without \(what) within \(distance(reach)): \(units.distance(gap.length)), from "
            + "\(units.distance(gap.start.distance)) (\(gap.start.coordinate)) to \(units.distance(gap.end.distance)) (\(gap.end.coordinate))."
    }

    private func stretchJSON(_ gap: RouteStretch?) -> JSONOutput {
        guard let gap, gap.length > 0 else { return .null }
        return .object([
            ("start_m", .number((gap.start.distance * 100).rounded() / 100)),
            ("end_m", .number((gap.end.distance * 100).rounded() / 100)),
            ("length_m", .number((gap.length * 100).rounded() / 100)),
            ("start", .array([.number(gap.start.coordinate.latitude), .number(gap.start.coordinate.longitude)])),
            ("end", .array([.number(gap.end.coordinate.latitude), .number(gap.end.coordinate.longitude)])),
        ])
    }

    func alongJSON(_ report: RouteAmenitiesReport) throws(CLIError) -> JSONOutput {
        var pieces: [JSONOutput] = []
        for piece in report.pieces {
            var nearest: [(String, JSONOutput)] = []
            for (dataset, place) in piece.nearest.enumerated() {
                guard let place else {
                    nearest.append((id(dataset), .null))
                    continue
                }
                let named = try lookup(dataset, place.index)
                nearest.append(
                    (
                        id(dataset),
                        .object([
                            ("id", .string(named.id)), ("name", .string(named.name)),
                            ("distance_m", .number((place.distance * 100).rounded() / 100)),
                        ])
                    ))
            }
            pieces.append(
                .object([
                    ("number", .integer(piece.number)), ("start_m", .number(piece.startDistance)),
                    ("end_m", .number(piece.endDistance)), ("nearest", .object(nearest)),
                ]))
        }
        return .object([
            ("pieces", .array(pieces)),
            ("longest_gaps", .object(report.gaps.enumerated().map { (id($0.offset), stretchJSON($0.element)) })),
            ("longest_gap_any", stretchJSON(report.combinedGap)),
        ])
    }

    func alongCSV(_ report: RouteAmenitiesReport) throws(CLIError) -> String {
        var rows: [[String]] = []
        for piece in report.pieces {
            for (dataset, place) in piece.nearest.enumerated() {
                let named = try place.map { p throws(CLIError) in try lookup(dataset, p.index) }
                rows.append([
                    String(piece.number), Formatting.number(piece.startDistance, digits: 2),
                    Formatting.number(piece.endDistance, digits: 2), id(dataset), named?.id ?? "", named?.name ?? "",
                    place.map { Formatting.number($0.distance, digits: 2) } ?? "",
                ])
            }
        }
        return CSVWriter(header: ["piece", "start_m", "end_m", "dataset", "place_id", "name", "distance_m"]).write(rows)
    }
}
