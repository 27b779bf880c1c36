import Testing

@testable import NearbyStore

@Test func NearbyStoreBuilds() { #expect(Bool(true)) }
