/// Why ``PostgisPlaceSource/publish(_:on:schema:)`` wrote nothing: the database failed or the
/// dataset's archive could not be read. The transaction was rolled back.
public struct PublishFailure: Error, Sendable, CustomStringConvertible {
    /// The dataset that was not published.
    public var dataset: String
    /// What failed, one clause.
    public var reason: String

    public var description: String { "\(dataset) was not published: \(reason)" }
}
