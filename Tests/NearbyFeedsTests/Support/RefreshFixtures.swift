import Foundation

@testable import NearbyFeeds

/// Stand-in validators and plans for the cache tests (the real decoders live elsewhere).
enum RefreshFixtures {
    static let taipei = TimeZone(identifier: "Asia/Taipei") ?? .current
    static let rule = RefreshRule(days: 5, timeZone: taipei)

    /// A validator's complaint.
    struct Invalid: Error, CustomStringConvertible {
        let description: String
    }

    static func instant(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text) ?? .distantPast
    }

    /// Lines of "lat,lon,name" over all pages; coordinates must be in range. Artefact
    /// `index.bin` holds "count=<n>".
    @Sendable static func validateLines(_ pages: PageBodies, _ folder: ArtefactFolder) throws -> ValidatedFeed {
        var count = 0
        for page in pages {
            let text = String(decoding: page, as: UTF8.self)
            for line in text.split(separator: "\n") where !line.isEmpty {
                let fields = line.split(separator: ",")
                guard fields.count == 3, let lat = Double(fields[0]), let lon = Double(fields[1]) else {
                    throw Invalid(description: "line \(count + 1) is not lat,lon,name.")
                }
                guard (-90...90).contains(lat), (-180...180).contains(lon) else {
                    throw Invalid(description: "record \(count + 1) has latitude \(lat) out of range.")
                }
                count += 1
            }
        }
        return ValidatedFeed(recordCount: count, artefacts: ["index.bin": Data("count=\(count)".utf8)])
    }

    /// Pages that are JSON arrays of [lat, lon] pairs.
    @Sendable static func validateJSONPages(_ pages: PageBodies, _ folder: ArtefactFolder) throws -> ValidatedFeed {
        var count = 0
        for page in pages {
            guard let array = try JSONSerialization.jsonObject(with: page) as? [[Double]] else {
                throw Invalid(description: "a page is not an array of pairs.")
            }
            count += array.count
        }
        return ValidatedFeed(recordCount: count)
    }

    /// A one-request plan over `url` with short timeouts.
    static func plan(
        _ id: String, url: String, maxBytes: Int64 = 1 << 20, mirror: FeedMirror? = nil,
        fileExtension: String = "csv"
    ) -> RefreshPlan {
        RefreshPlan(
            datasetID: id, rule: rule, fileExtension: fileExtension, mirror: mirror,
            request: { index, _ in
                index == 0
                    ? FetchRequest(url: url, connectTimeout: 1, totalTimeout: 1, maxBodyBytes: maxBytes)
                    : nil
            },
            validate: validateLines)
    }

    /// A paged plan: page n is `urlForPage(n)`; paging stops after a page with fewer than
    /// `pageSize` records (decided from the previous bodies, as a real caller would).
    static func pagedPlan(
        _ id: String, pageSize: Int, mirror: FeedMirror? = nil,
        urlForPage: @escaping @Sendable (Int) -> String
    ) -> RefreshPlan {
        RefreshPlan(
            datasetID: id, rule: rule, fileExtension: "json", mirror: mirror,
            request: { index, previous in
                if let last = previous.last,
                    let records = try? JSONSerialization.jsonObject(with: last) as? [Any],
                    records.count < pageSize
                {
                    return nil
                }
                return FetchRequest(url: urlForPage(index), connectTimeout: 1, totalTimeout: 1)
            },
            validate: validateJSONPages)
    }

    static func cache(_ folder: URL, at time: String, fetcher: any Fetcher = CurlFetcher(version: "test"))
        -> DatasetCache
    {
        DatasetCache(directory: folder, clock: .fixed(instant(time)), fetcher: fetcher)
    }
}
