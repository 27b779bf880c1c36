import Foundation
import NearbyGeo
import NearbyPostgres

/// The `publish` use case: a dataset's cached places written into PostGIS.
extension PostgisPlaceSource {
    /// Where `dataset`'s published rows say they came from: the manifest's source, licence and
    /// attribution and the copy's fetch time. `nearby publish` writes record `i` of the archive as
    /// ``row(of:ordinal:)`` of `dataset.archive.place(at: i)`, one batch at a time.
    public static func publishedSource(of dataset: OpenedDataset) -> PublishedSource {
        let manifest = dataset.manifest
        return PublishedSource(
            dataset: manifest.id, source: manifest.source.urls.joined(separator: " "), licence: manifest.licence,
            attribution: manifest.attribution, fetchedAt: dataset.metadata.fetchedAt.timeIntervalSince1970)
    }

    /// The `publish` use case: writes every place of `dataset` (an archive opened and verified)
    /// into `<schema>.places` on `connection` in one transaction, reading the archive a batch at a
    /// time as rows are written; returns how many were written. A failure names the dataset and
    /// whether the database or the archive failed.
    public static func publish(
        _ dataset: OpenedDataset, on connection: PostgresConnection, schema: PostgresSchemaName = .nearby
    ) throws(PublishFailure) -> Int {
        let archive = dataset.archive
        do {
            return try PlacePublisher.publish(
                count: archive.count, from: publishedSource(of: dataset), on: connection, schema: schema
            ) { (record: Int) throws(PlaceArchiveError) -> PublishedPlace in
                row(of: try archive.place(at: record), ordinal: Int64(record))
            }
        } catch {
            switch error {
            case .database(let failure): throw PublishFailure(dataset: dataset.manifest.id, reason: failure.description)
            case .rows(let failure):
                throw PublishFailure(dataset: dataset.manifest.id, reason: "its archive could not be read (\(failure))")
            }
        }
    }

    /// The row of `place`, record `ordinal` (0-based, source order) of its dataset.
    public static func row(of place: Place, ordinal: Int64) -> PublishedPlace {
        PublishedPlace(
            ordinal: ordinal, id: place.id, name: place.name, address: place.address, category: place.category,
            attributesJSON: json(attributes: place.attributes), detailsJSON: Details(place).json,
            latitude: place.coordinate?.latitude, longitude: place.coordinate?.longitude)
    }
}
