import Foundation
import NearbyFeeds
import NearbyGeo
import NearbyRuns

/// `nearby runs show <run> --html FILE [--near DATASETS] [--within DIST] [--tiles URL-TEMPLATE]`:
/// one self-contained HTML page with the route coloured by pace, badge pins, the places of the
/// chosen datasets within DIST (default 200 m) of any fix, a legend, a scale bar, a north arrow and
/// the run's figures; over map tiles (embedded, see ``PictureTiles``) when asked.
enum RunPicturePage {
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
            let datasets = try library.ask { library throws(PlaceLibraryError) in
                try library.placeDatasets(ids, verifyAll: true)
            }.value
            credits = datasets.map { "\($0.manifest.title): \($0.manifest.attribution), \($0.manifest.licence)" }
            places = try nearRoute(analysis, datasets: datasets, radius: radius)
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

    /// The places of `datasets` near the run, as the join finds them (``RouteCorridor``: the five
    /// nearest within `radius` of each fix, each place once, in source order), dataset by dataset.
    static func nearRoute(
        _ analysis: RunAnalysis, datasets: [PlaceDataset], radius: Double
    ) throws(CLIError) -> [RunPicture.Place] {
        let numbers: [[Int]]
        do {
            numbers = try RouteCorridor(radius: radius, perFix: 5).places(near: analysis.cleaned, with: datasets)
        } catch {
            throw .failure(error.description)
        }
        var places: [RunPicture.Place] = []
        for (dataset, records) in zip(datasets, numbers) {
            for record in records {
                let place: Place
                do { place = try dataset.place(at: record) } catch {
                    throw .failure("\(dataset.manifest.id): \(error.description)")
                }
                guard let coordinate = place.coordinate else { continue }
                places.append(RunPicture.Place(dataset: dataset.manifest.id, name: place.name, coordinate: coordinate))
            }
        }
        return places
    }
}
