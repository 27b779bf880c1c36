import Testing

@testable import NearbyRuns

@Suite("Pace: colours and formatting")
struct PaceTests {
    /// Hand-computed channel values: f ≤ 0.5 → (255, 510·f, 0), else (510·(1−f), 255, 0).
    @Test(arguments: [
        (0.0, "#FF0000"), (0.25, "#FF8000"), (0.5, "#FFFF00"), (0.75, "#80FF00"), (1.0, "#00FF00"),
        (-3.0, "#FF0000"), (7.0, "#00FF00"),
    ])
    func colourScale(_ fraction: Double, _ hex: String) {
        #expect(PaceColouring.colour(fraction: fraction) == hex)
    }

    /// numpy.percentile([1, 2, …, 10], 5) = 1.45 and 95 → 9.55 (linear interpolation).
    @Test func percentilesInterpolateLikeNumpy() throws {
        let scale = try #require(PaceColouring.scale((1...10).map(Double.init)))
        #expect(abs(scale.low - 1.45) < 1e-12)
        #expect(abs(scale.high - 9.55) < 1e-12)
    }

    /// With min–max scaling a 1000 m/s spike would squeeze 1…39 m/s into f < 0.04 (all red);
    /// the 5th–95th percentile scale keeps them spread and clamps the spike to green.
    @Test func aSpikeDoesNotFlattenTheScale() throws {
        // 40 legs: leg i (1…39) at i m/s, plus one spike at 1000 m/s. 250 m legs each.
        // Sorted speeds 1…39, 1000: p5 rank 0.05 × 39 = 1.95 → 2.95; p95 rank 37.05 → 38.05.
        var times: [Double?] = [0]
        var lats: [Double] = []
        let speeds: [Double] = (1...39).map(Double.init) + [1000]
        for (i, v) in speeds.enumerated() { times.append((times[i] ?? 0) + 250 / v) }
        // Alternate north and south along the meridian so 41 points fit in ±250 m.
        for k in 0...40 { lats.append(AnalysisFixtures.meridianLatitudes[k % 2]) }
        let points = zip(lats, times).map { TrackPoint(latitude: $0, longitude: 121.5, time: $1) }
        let run = AnalysisFixtures.clean(Track(segments: [TrackSegment(points: points)]))
        let legs = PaceColouring.legs(of: run)
        try #require(legs.count == 40)
        for (leg, v) in zip(legs, speeds) {
            let speed = try #require(leg.speed)
            #expect(abs(speed - v) < 1e-6)
            let expected = min(1, max(0, (v - 2.95) / (38.05 - 2.95)))
            #expect(abs((leg.fraction ?? -1) - expected) < 1e-6)
        }
        #expect(legs[39].colour == "#00FF00")
        #expect(legs[0].colour == "#FF0000")
        // 20 m/s: f = 17.05 / 35.1 = 0.48575… → green 510 × f = 247.73 → F8.
        #expect(legs[19].colour == "#FFF800")
    }

    @Test func untimedLegsAreGrey() {
        let run = AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: [nil, nil, nil]))
        let legs = PaceColouring.legs(of: run)
        #expect(legs.count == 2)
        #expect(legs.allSatisfy { $0.colour == "#808080" && $0.speed == nil })
    }

    @Test func paceFormatting() {
        // 332 s per km → "5:32 /km"; 534 s per mile → "8:54 /mi".
        #expect(Units.metric.pace(speed: 1000 / 332) == "5:32 /km")
        #expect(Units.imperial.pace(speed: 1609.344 / 534) == "8:54 /mi")
        #expect(Units.metric.pace(secondsPerKilometre: 359.6) == "6:00 /km")
        #expect(Units.metric.pace(speed: 0) == "–")
        #expect(Units.metric.pace(secondsPerKilometre: nil) == "–")
    }

    @Test(arguments: [(3723.0, "1:02:03"), (123, "2:03"), (7, "0:07"), (59.6, "1:00"), (3600, "1:00:00"), (-1, "–")])
    func durationFormatting(_ seconds: Double, _ text: String) {
        #expect(Units.duration(seconds) == text)
    }

    @Test func distanceAndSpeedFormatting() {
        #expect(Units.metric.distance(5000) == "5.00 km")
        // 5000 / 1609.344 = 3.10686 mi.
        #expect(Units.imperial.distance(5000) == "3.11 mi")
        #expect(Units.metric.distance(42_195, decimals: 1) == "42.2 km")
        // 10 m/s = 36 km/h = 22.369 mph.
        #expect(Units.metric.speed(10) == "36.0 km/h")
        #expect(Units.imperial.speed(10) == "22.4 mph")
    }

    /// Ten 250 m legs of 50 s each: an even 5 m/s run whose leg speeds differ only by rounding
    /// must come out one colour, not stripes from red to green.
    @Test func anEvenPaceIsOneColour() {
        let run = AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: (0...10).map { Double($0) * 50 }))
        let legs = PaceColouring.legs(of: run)
        #expect(legs.count == 10)
        #expect(Set(legs.map(\.colour)) == ["#FFFF00"])
    }

    /// Ten 250 m legs alternating 75 s and 76.25 s (5:00 and 5:05 /km: 3.333 and 3.279 m/s). Scaled
    /// from their own 5th to 95th percentile they spanned full red to full green; the scale's least
    /// spread, 20 % of its middle speed (3.306 m/s: ±0.331 m/s), puts them within 0.5 ± 0.05 of
    /// yellow: (3.333 − 3.306) / 0.661 = 0.041 from the middle.
    @Test func paceNoiseIsNotDrawnAsEffort() throws {
        var t = 0.0
        let times: [Double?] =
            [0]
            + (1...10).map { k in
                t += k % 2 == 0 ? 76.25 : 75
                return t
            }
        let legs = PaceColouring.legs(of: AnalysisFixtures.clean(AnalysisFixtures.meridianTrack(times: times)))
        let fractions = legs.compactMap(\.fraction)
        #expect(fractions.count == 10)
        #expect(fractions.allSatisfy { abs($0 - 0.5) < 0.05 })
        #expect(fractions.contains { $0 > 0.5 } && fractions.contains { $0 < 0.5 })
        let scale = try #require(PaceColouring.scale(legs.compactMap(\.speed)))
        #expect(abs((scale.high - scale.low) / ((scale.high + scale.low) / 2) - 0.2) < 1e-12)
    }
}
