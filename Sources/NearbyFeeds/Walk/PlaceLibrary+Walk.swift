import Foundation
import NearbyGeo
import NearbyWalk

/// A place with the walk to it: nil when it cannot be reached on foot (it lies farther than
/// 1 km from every walked way, or in a part of the network the start does not reach).
public struct WalkHit: Sendable, Hashable {
    public var hit: PlaceHit
    public var walk: WalkSearch.Walk?

    /// A place and its walk (nil: out of reach, or not walked).
    public init(hit: PlaceHit, walk: WalkSearch.Walk?) {
        self.hit = hit
        self.walk = walk
    }
}

/// Why a walking query has no answer.
public enum WalkQueryError: Error, Sendable, CustomStringConvertible {
    /// The start lies farther than 1 km from every walked way.
    case notOnFoot(Coordinate)
    case network(WalkNetworkError)
    case places(PlaceLibraryError)

    public var description: String {
        switch self {
        case .notOnFoot(let point):
            "\(point) is farther than 1 km from every walkable way of the streets imported; import the streets of that area (nearby streets import FILE)."
        case .network(let error): error.description
        case .places(let error): error.description
        }
    }
}

extension PlaceLibrary {
    /// The places of `ids` nearest to `query.origin` by walking on `network`, exact: the k
    /// nearest (``PlaceQuery/limit``) within ``PlaceQuery/within`` metres of walking, nearest
    /// first; then, after them, the places near by straight line that cannot be reached.
    ///
    /// A walk is never shorter than the geodesic, so the places whose straight-line distance is
    /// at most the k-th walk are all the candidates there are: they are gathered, attached and
    /// walked to in one Dijkstra that stops when the k-th is settled.
    ///
    /// With ``PlaceQuery/Scope/perDataset``, the k nearest of each dataset, merged by walk
    /// (those out of reach last); a dataset without data is left out with a warning, as the
    /// straight-line query does.
    public func walkQuery(_ query: PlaceQuery, in ids: [String], network: WalkNetwork) throws(WalkQueryError)
        -> PlaceResult<[WalkHit]>
    {
        if query.scope == .perDataset, ids.count > 1 {
            return try walkQueryPerDataset(query, in: ids, network: network)
        }
        guard let origin = query.origin else { throw .places(.invalidManifest("", "a walking query needs --at")) }
        let start: WalkAttachment
        do {
            guard let attached = try network.attach(origin) else { throw WalkQueryError.notOnFoot(origin) }
            start = attached
        } catch let error as WalkQueryError {
            throw error
        } catch {
            throw .network(error as? WalkNetworkError ?? .damaged(path: network.path, reason: "\(error)"))
        }
        let k = query.limit ?? 20
        var straight = query
        straight.scope = .total
        var reach = max(4 * k, 32)
        var result: PlaceResult<[WalkHit]>?
        // On a small island of paths, nothing beyond its reach by straight line can be walked to
        // (those places are not gathered, so not listed as out of reach either).
        let island: Double?
        do { island = try WalkSearch(network: network).reachBound(from: start) } catch { throw .network(error) }
        let gather = min(query.within, island ?? .infinity)
        straight.within = gather
        while true {
            straight.limit = reach
            let candidates: PlaceResult<[PlaceHit]>
            do { candidates = try self.query(straight, in: ids) } catch { throw .places(error) }
            let walked = try walk(candidates.value, from: start, network: network, k: k, limit: query.within)
            result = PlaceResult(value: walked, datasets: candidates.datasets, warnings: candidates.warnings)
            let reachable = walked.compactMap(\.walk)
            // Exact once every place within the k-th walk's straight-line distance was a candidate.
            let bound = reachable.count >= k ? reachable[k - 1].distance : query.within
            let farthest = candidates.value.last?.distance ?? 0
            if candidates.value.count < reach || farthest > bound { break }
            // More places lie within the bound than were asked: ask again for all of them.
            straight.within = min(gather, bound)
            reach = min(reach * 4, 1_000_000)
            if reach == 1_000_000 { break }
        }
        return result ?? PlaceResult(value: [], datasets: [], warnings: [])
    }

    private func walkQueryPerDataset(_ query: PlaceQuery, in ids: [String], network: WalkNetwork)
        throws(WalkQueryError) -> PlaceResult<[WalkHit]>
    {
        var merged = PlaceResult<[WalkHit]>(value: [], datasets: [], warnings: [])
        var failures: [PlaceLibraryError] = []
        for id in ids {
            var one = query
            one.scope = .total
            do {
                let result = try walkQuery(one, in: [id], network: network)
                merged.value += result.value
                merged.datasets += result.datasets
                merged.warnings += result.warnings
            } catch .places(let error) where error.isNoData {
                failures.append(error)
                merged.warnings.append(.leftOut(error))
            }
        }
        if merged.datasets.isEmpty, !failures.isEmpty { throw .places(.noneHaveData(failures)) }
        // Stable: each dataset's own order is kept among equal walks and among those out of reach.
        let order = merged.value.indices.sorted { a, b in
            let x = merged.value[a].walk?.distance ?? .infinity
            let y = merged.value[b].walk?.distance ?? .infinity
            return x != y ? x < y : a < b
        }
        merged.value = order.map { merged.value[$0] }
        return merged
    }

    private func walk(
        _ hits: [PlaceHit], from start: WalkAttachment, network: WalkNetwork, k: Int, limit: Double
    ) throws(WalkQueryError) -> [WalkHit] {
        var attached: [WalkAttachment] = []
        var owner: [Int] = []
        do {
            for (index, hit) in hits.enumerated() {
                guard let point = hit.place.coordinate, let attachment = try network.attach(point) else { continue }
                attached.append(attachment)
                owner.append(index)
            }
            let walks = try WalkSearch(network: network).nearest(
                from: start, to: attached, k: k, limit: limit.isFinite ? limit : nil)
            var result = walks.map { WalkHit(hit: hits[owner[$0.target]], walk: $0) }
            // Places near by straight line that cannot be reached (too far from every walked way,
            // or in another component than the start) come after the walks, never ranked.
            let startComponent = try network.component(start.from)
            var attachedComponent: [Int: Int] = [:]
            for (position, attachment) in attached.enumerated() {
                attachedComponent[owner[position]] = try network.component(attachment.from)
            }
            for (index, hit) in hits.enumerated() where result.count < k {
                guard let component = attachedComponent[index] else {
                    if hit.place.coordinate != nil { result.append(WalkHit(hit: hit, walk: nil)) }
                    continue
                }
                if component != startComponent { result.append(WalkHit(hit: hit, walk: nil)) }
            }
            return result
        } catch {
            throw .network(error)
        }
    }
}
