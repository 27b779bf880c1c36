import Testing

@testable import NearbyFeeds

@Test func NearbyFeedsBuilds() { #expect(Bool(true)) }
