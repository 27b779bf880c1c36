import NearbyGeo

extension PlaceLibrary {
    /// Opens the datasets `ids` for queries or the join, each once, in order of first mention.
    ///
    /// A partial answer: a dataset with no data (not cached and not fetchable) is left out with a
    /// ``PlaceLibraryWarning/leftOut(_:)`` after the others' warnings, and the others answer. When
    /// none of them has data this throws: that dataset's error, or
    /// ``PlaceLibraryError/noneHaveData(_:)`` for several. An unknown id, or any other failure,
    /// throws at once. `verifyAll` checks every archive in full now (and rebuilds a damaged one).
    public func open(_ ids: [String], verifyAll: Bool = false) throws(PlaceLibraryError)
        -> PlaceResult<[OpenedDataset]>
    {
        var warnings: [PlaceLibraryWarning] = []
        let datasets = try openEach(ids, verifyAll: verifyAll, warnings: &warnings) { dataset, _ in dataset }
        return PlaceResult(value: datasets, datasets: datasets, warnings: warnings)
    }

    /// Answers `query` from the datasets `ids` (a partial answer as ``open(_:verifyAll:)`` gives).
    ///
    /// With an origin: each dataset's places nearest first (a ``PlaceHit`` carries the distance
    /// and the initial bearing of one inverse geodesic; a place at the origin itself has no
    /// bearing), merged nearest first over the datasets (ties in dataset order, then source
    /// order) and cut to the limit (``PlaceQuery/LimitScope``); a dataset whose places lack
    /// coordinates gets a ``PlaceLibraryWarning/unranked(datasetID:unlocated:total:)``. Without
    /// one: the places in source order. An archive found damaged while reading is rebuilt from
    /// the cached pages (a ``PlaceLibraryWarning/rebuilt(datasetID:reason:)``) and asked again;
    /// damage that survives the rebuild is ``PlaceLibraryError/damaged(_:_:)``.
    public func query(_ query: PlaceQuery, in ids: [String]) throws(PlaceLibraryError) -> PlaceResult<[PlaceHit]> {
        if case .postgis(let database) = source {
            for id in ids { _ = try manifest(id) }
            return try database.query(query, in: ids)
        }
        var warnings: [PlaceLibraryWarning] = []
        var hits: [PlaceHit] = []
        let datasets = try openEach(ids, verifyAll: false, warnings: &warnings) {
            dataset, warnings throws(PlaceLibraryError) in
            let archive = dataset.archive
            if query.origin != nil, archive.locatedCount < archive.count {
                warnings.append(
                    .unranked(
                        datasetID: dataset.manifest.id, unlocated: archive.count - archive.locatedCount,
                        total: archive.count))
            }
            let (found, used) = try withRepair(dataset, &warnings) { opened throws(PlaceArchiveError) in
                try Self.answer(query, in: opened)
            }
            hits += found
            return used
        }
        if query.origin != nil, datasets.count > 1 {
            hits.sort { ($0.distance ?? .infinity) < ($1.distance ?? .infinity) }
        }
        if query.scope == .total, let limit = query.limit, hits.count > limit { hits = Array(hits.prefix(limit)) }
        return PlaceResult(value: hits, datasets: datasets, warnings: warnings)
    }

    /// The place with id `id` in the dataset `datasetID` (nil when it has none), seen from
    /// `origin` when one is given (distance and bearing of one inverse geodesic). The archive is
    /// checked in full first, and repaired as ``query(_:in:)`` repairs it.
    public func place(id: String, in datasetID: String, from origin: Coordinate? = nil) throws(PlaceLibraryError)
        -> PlaceResult<PlaceHit?>
    {
        if case .postgis(let database) = source {
            _ = try manifest(datasetID)
            return try database.place(id: id, in: datasetID, from: origin)
        }
        let dataset = try open(manifest(datasetID), verifyAll: true)
        var warnings = dataset.warnings
        let (found, used) = try withRepair(dataset, &warnings) { opened throws(PlaceArchiveError) -> Place? in
            for record in 0..<opened.archive.count {
                let place = try opened.archive.place(at: record)
                if place.id == id { return place }
            }
            return nil
        }
        return PlaceResult(value: found.map { PlaceHit(place: $0, from: origin) }, datasets: [used], warnings: warnings)
    }

    /// Opens each of `ids` once and hands it to `body` (with the warnings so far); see
    /// ``open(_:verifyAll:)`` for the partial-answer rule.
    private func openEach(
        _ ids: [String], verifyAll: Bool, warnings: inout [PlaceLibraryWarning],
        _ body: (OpenedDataset, inout [PlaceLibraryWarning]) throws(PlaceLibraryError) -> OpenedDataset
    ) throws(PlaceLibraryError) -> [OpenedDataset] {
        var seen: Set<String> = []
        var datasets: [OpenedDataset] = []
        var missing: [PlaceLibraryError] = []
        for id in ids where seen.insert(id).inserted {
            let manifest = try self.manifest(id)
            let dataset: OpenedDataset
            do {
                dataset = try open(manifest, verifyAll: verifyAll)
            } catch  where error.isNoData {
                missing.append(error)
                continue
            }
            warnings += dataset.warnings
            datasets.append(try body(dataset, &warnings))
        }
        if datasets.isEmpty, let first = missing.first {
            throw missing.count == 1 ? first : .noneHaveData(missing)
        }
        warnings += missing.map { .leftOut($0) }
        return datasets
    }

    /// Runs `body` on `dataset`; if its archive turns out damaged while being read, rebuilds it
    /// from the cached pages (with a warning) and runs `body` once more. Returns the answer and
    /// the dataset it came from.
    private func withRepair<T>(
        _ dataset: OpenedDataset, _ warnings: inout [PlaceLibraryWarning],
        _ body: (OpenedDataset) throws(PlaceArchiveError) -> T
    ) throws(PlaceLibraryError) -> (T, OpenedDataset) {
        do {
            return (try body(dataset), dataset)
        } catch {
            let repaired: OpenedDataset
            do {
                repaired = try rebuild(dataset, because: error)
            } catch {
                throw .damaged(dataset.manifest.id, error.reason)
            }
            warnings += repaired.warnings
            do {
                return (try body(repaired), repaired)
            } catch {
                throw .damaged(dataset.manifest.id, error.description)
            }
        }
    }

    /// One dataset's answer to `query`.
    static func answer(_ query: PlaceQuery, in dataset: OpenedDataset) throws(PlaceArchiveError) -> [PlaceHit] {
        let archive = dataset.archive
        guard let origin = query.origin else {
            var hits: [PlaceHit] = []
            for record in 0..<archive.count {
                if let limit = query.limit, hits.count >= limit { break }
                let place = try archive.place(at: record)
                if query.accepts(place) { hits.append(PlaceHit(place: place)) }
            }
            return hits
        }
        // The filters are data, applied here to each candidate the index proposes.
        let include: ((Int) throws(PlaceArchiveError) -> Bool)? =
            query.filters.isEmpty
            ? nil
            : { (record: Int) throws(PlaceArchiveError) -> Bool in query.accepts(try archive.place(at: record)) }
        let found = try archive.nearest(
            to: origin, limit: query.limit ?? archive.count, within: query.within, where: include)
        var hits: [PlaceHit] = []
        hits.reserveCapacity(found.count)
        for (record, _) in found {
            var hit = PlaceHit(place: try archive.place(at: record), from: origin)
            if hit.distance == 0 { hit.bearing = nil }
            hits.append(hit)
        }
        return hits
    }
}
