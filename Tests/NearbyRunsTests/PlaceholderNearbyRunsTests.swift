import Testing

@testable import NearbyRuns

@Test func NearbyRunsBuilds() { #expect(Bool(true)) }
