extension PlaceLibrary {
    /// The datasets `ids` as the join and the picture read them: from PostGIS when
    /// ``source`` is ``PlaceSource/postgis(_:)`` (every dataset through one connection, in one snapshot), else the
    /// cached copies ``open(_:verifyAll:)`` opens. Either way the same places, numbers and answers.
    ///
    /// A partial answer: a dataset with no data (locally: not cached and not fetchable; in PostGIS:
    /// not published) is left out with a ``PlaceLibraryWarning/leftOut(_:)`` and the others
    /// answer; when none has data this throws. An unknown id throws at once, as does a places
    /// database that cannot be used (``PlaceLibraryError/placesDatabase(_:)``,
    /// ``PlaceLibraryError/noPlacesTable(database:)``). `verifyAll` checks local archives in full.
    public func placeDatasets(_ ids: [String], verifyAll: Bool = false) throws(PlaceLibraryError)
        -> PlaceResult<[PlaceDataset]>
    {
        guard case .postgis(let database) = source else {
            let opened = try open(ids, verifyAll: verifyAll)
            return PlaceResult(
                value: opened.value.map { .cached($0) }, datasets: opened.datasets, warnings: opened.warnings)
        }
        var manifests: [DatasetManifest] = []
        for id in ids { manifests.append(try manifest(id)) }
        let published = try database.open(manifests)
        return PlaceResult(
            value: published.value.map { .published($0) }, datasets: [], warnings: published.warnings)
    }
}
