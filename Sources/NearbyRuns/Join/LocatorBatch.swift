import NearbyGeo

extension PlaceLocator {
    /// The batch answer for `queries`, one per query: a locator whose batch method returned
    /// another number of answers is asked one query at a time instead, so the joins never index
    /// past what they got.
    func answers(for queries: [Coordinate], limit: Int, within: Double) throws(Failure) -> [[Neighbor]] {
        let batch = try nearest(to: queries, limit: limit, within: within)
        guard batch.count != queries.count else { return batch }
        var single: [[Neighbor]] = []
        single.reserveCapacity(queries.count)
        for query in queries { single.append(try nearest(to: query, limit: limit, within: within)) }
        return single
    }
}
