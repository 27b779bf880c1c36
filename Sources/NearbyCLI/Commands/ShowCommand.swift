import NearbyOutput
import Foundation
import NearbyFeeds
import NearbyGeo

/// `nearby show <dataset> <id>`: every field of one place, with map links.
enum ShowCommand {
    static func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.positionals(2, usage: "nearby show <dataset> <id>")
        let format = try context.format(allowed: [.table, .json])
        let origin = try NumericOptions.point(context.arguments, "at")
        let session = try PlacesSession(context, only: [words[0]])
        // One call: the place by id, its distance and bearing from --at; damage found while
        // reading is repaired from the cached pages, as queries do.
        let found = try session.ask { library throws(PlaceLibraryError) in
            try library.place(id: words[1], in: words[0], from: origin)
        }
        // From PostGIS (--places-db) no cached copy answers: the manifest is the catalog's.
        guard let hit = found.value,
            let manifest = found.datasets.first?.manifest ?? session.library.catalog.manifest(id: words[0])
        else {
            throw .failure("\(words[0]) has no place with id \(words[1])")
        }
        let place = hit.place
        let output = PlaceOutput(units: try UnitsOption.resolve(context), style: context.style, showDataset: true)
        if format == .json {
            guard case .object(var members) = output.json(hit) else { return }
            members.append(("fields", .object(place.fields.map { ($0.name, .string($0.value)) })))
            if let coordinate = place.coordinate {
                members.append(("geo_uri", .string(coordinate.geoURI)))
                members.append(("osm_url", .string(osmURL(coordinate))))
            }
            context.output.out(JSONOutput.object(members).rendered())
            return
        }
        var rows: [(String, String)] = [("dataset", manifest.id), ("id", place.id)]
        // An address made of several fields (OpenStreetMap's addr:*) is shown whole too.
        if let address = place.address, !place.fields.contains(where: { $0.value == address }) {
            rows.append(("address", address))
        }
        rows += place.fields.map { ($0.name, $0.value) }
        if let coordinate = place.coordinate {
            rows.append(("coordinate", coordinate.description))
            rows.append(("geo", coordinate.geoURI))
            rows.append(("map", osmURL(coordinate)))
        } else {
            rows.append(("coordinate", "none usable in the source"))
        }
        if let distance = hit.distance, let bearing = hit.bearing {
            rows.append(
                (
                    "from --at",
                    "\(Formatting.distance(distance, units: output.units)) \(Formatting.compass(bearing)) (\(Int(exactly: bearing.rounded()) ?? 0)°)"
                ))
        }
        let width = rows.map { TextWidth.columns($0.0) }.max() ?? 0
        var text = context.style.bold(place.name) + "\n"
        for (name, value) in rows {
            text +=
                TextWidth.pad(name, to: width) + "  "
                + value.replacingOccurrences(of: "\r\n", with: "\n")
                .replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: width + 2)) + "\n"
        }
        text +=
            context.style.dim("Source: \(manifest.attribution). Licence: \(manifest.licence).") + "\n"
        context.output.out(text)
    }

    static func osmURL(_ coordinate: Coordinate) -> String {
        let lat = Formatting.number(coordinate.latitude, digits: 6)
        let lon = Formatting.number(coordinate.longitude, digits: 6)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=18/\(lat)/\(lon)"
    }
}

extension ShowCommand {
    /// What `nearby show` takes, and its help.
    static let spec = CommandSpec(
        name: "show", summary: "every field of one place, with map links", arguments: "<dataset> <id>",
        details: """
            Every field as the source wrote it, plus a geo: URI and an OpenStreetMap link; with --at,
            its distance and bearing from there.
            """,
        options: [.at(), .format([.table, .json])])
}
