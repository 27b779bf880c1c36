import Testing

@testable import NearbyCLI

@Test func NearbyCLIBuilds() { #expect(Bool(true)) }
