import NearbyGeo

/// Places ranked by the walk from the query point on a walking network: the join's
/// ``PlaceLocator`` for `checkpoints --walk`. Its `nearest(to:limit:within:)` answers the `limit`
/// places nearest by walking distance, each at most `within` metres on foot, nearest first, ties
/// by place number; ``Neighbor/distance`` is the walk in metres. Places that cannot be reached are
/// not listed, and a point farther than 1 km from every walkable way has none.
///
/// Exact: a walk is never shorter than the geodesic, so every place whose straight-line distance
/// is at most the `limit`-th walk (or `within`) is gathered from the dataset and walked to in one
/// search that stops when the `limit`-th is settled.
public struct WalkingLocator<Places: PlaceLocator>: PlaceLocator where Places.Failure: Sendable {
    public typealias Failure = WalkingLocatorError<Places.Failure>

    /// The places, by straight line.
    public let dataset: Places
    public let network: WalkNetwork

    /// Ranks `dataset`'s places by walking on `network`.
    public init(_ dataset: Places, network: WalkNetwork) {
        self.dataset = dataset
        self.network = network
    }

    public func nearest(to query: Coordinate, limit: Int, within: Double) throws(Failure) -> [Neighbor] {
        guard limit > 0, let start = try onNetwork({ () throws(WalkNetworkError) in try network.attach(query) })
        else { return [] }
        var reach = Swift.max(4 * Swift.min(limit, 1 << 20), 32)
        // On a small island of paths, nothing beyond its reach by straight line can be walked to.
        let island = try onNetwork { () throws(WalkNetworkError) in
            try WalkSearch(network: network).reachBound(from: start)
        }
        var radius = Swift.min(within, island ?? .infinity)
        while true {
            let candidates = try inDataset { () throws(Places.Failure) in
                try dataset.nearest(to: query, limit: reach, within: radius)
            }
            var attached: [WalkAttachment] = []
            var owner: [Int] = []
            for candidate in candidates {
                let point = try coordinate(of: candidate.index)
                guard let attachment = try onNetwork({ () throws(WalkNetworkError) in try network.attach(point) })
                else { continue }
                attached.append(attachment)
                owner.append(candidate.index)
            }
            let walks = try onNetwork { () throws(WalkNetworkError) in
                try WalkSearch(network: network).nearest(
                    from: start, to: attached, k: limit, limit: within.isFinite ? within : nil)
            }
            let bound = walks.count >= limit ? walks[limit - 1].distance : within
            // Exact once every place within the bound by straight line was a candidate.
            if candidates.count < reach || (candidates.last?.distance ?? 0) > bound || reach >= 1 << 22 {
                return walks.map { Neighbor(index: owner[$0.target], distance: $0.distance) }
                    .sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.index < $1.index }
            }
            radius = Swift.min(radius, bound)
            reach *= 4
        }
    }

    public func coordinate(of index: Int) throws(Failure) -> Coordinate {
        try inDataset { () throws(Places.Failure) in try dataset.coordinate(of: index) }
    }

    private func onNetwork<T>(_ body: () throws(WalkNetworkError) -> T) throws(Failure) -> T {
        do { return try body() } catch { throw .network(error) }
    }

    private func inDataset<T>(_ body: () throws(Places.Failure) -> T) throws(Failure) -> T {
        do { return try body() } catch { throw .places(error) }
    }
}

/// Why a walking lookup failed: the network file or the places could not be read.
public enum WalkingLocatorError<Places: Error & Sendable>: Error, Sendable, CustomStringConvertible {
    case network(WalkNetworkError)
    case places(Places)

    public var description: String {
        switch self {
        case .network(let error): error.description
        case .places(let error): "\(error)"
        }
    }
}
