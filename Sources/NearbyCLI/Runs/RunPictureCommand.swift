import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyRuns

/// `nearby runs show <run> --html FILE [--near DATASETS] [--within DIST] [--tiles URL-TEMPLATE]`:
/// one self-contained HTML page with the route coloured by pace, badge pins, the places of the
/// chosen datasets within DIST (default 200 m) of any fix, a legend, a scale bar, a north arrow and
/// the run's figures; over map tiles (embedded, see ``PictureTiles``) when asked.
enum RunPictureCommand {
    static func write(title: String, analysis: RunAnalysis, to path: String, session: RunsSession) throws(CLIError) {
        let context = session.context
        let ids = context.arguments.list("near")
        let radius = try NumericOptions.distance(context.arguments, "within", default: 200)
        // Every option is checked before a feed or a tile is fetched.
        let tiles = try PictureTiles(context)
        var places: [RunPicture.Place] = []
        var credits: [String] = []
        if !ids.isEmpty {
            let library = try PlacesSession(context, only: Set(ids))
            for id in ids {
                let dataset = try library.open(id, verifyAll: true)
                credits.append(
                    "\(dataset.manifest.title): \(dataset.manifest.attribution), \(dataset.manifest.licence)")
                for place in try nearRoute(analysis, dataset: dataset, radius: radius) {
                    guard let coordinate = place.coordinate else { continue }
                    places.append(RunPicture.Place(dataset: id, name: place.name, coordinate: coordinate))
                }
            }
        }
        var picture = RunPicture(
            title: title, analysis: analysis, units: session.units, timeZone: session.timeZone, places: places,
            attribution: credits.joined(separator: " · "))
        if let tiles {
            picture.backdrop = try tiles.backdrop(fitting: picture.allCoordinates, context: context)
            picture.attribution = tiles.credits(credits)
        }
        let file = context.environment.absolutePath(path)
        do {
            try Data(RunPictureRenderer.html(picture).utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw .failure("cannot write \(file): \(error.localizedDescription)")
        }
        context.note("wrote \(file) (\(places.count) places)")
    }

    /// The places of `dataset` within `radius` of any fix of the run, each once, in source order.
    static func nearRoute(_ analysis: RunAnalysis, dataset: OpenedDataset, radius: Double) throws(CLIError) -> [Place] {
        var records = Set<Int>()
        do {
            for point in analysis.cleaned.points {
                for hit in try dataset.archive.nearest(to: point.coordinate, limit: 5, within: radius) {
                    records.insert(hit.record)
                }
            }
            return try records.sorted().map { record throws(PlaceArchiveError) in try dataset.archive.place(at: record)
            }
        } catch {
            throw .failure("\(dataset.manifest.id): \(error.description)")
        }
    }
}
