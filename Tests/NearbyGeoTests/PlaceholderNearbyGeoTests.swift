import Testing

@testable import NearbyGeo

@Test func NearbyGeoBuilds() { #expect(Bool(true)) }
