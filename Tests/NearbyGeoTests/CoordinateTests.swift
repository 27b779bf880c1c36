import Testing

@testable import NearbyGeo

/// `Coordinate` can only hold a valid position, and reads what users type.
@Suite struct CoordinateTests {
    @Test(arguments: [
        ("25.0418,121.5152", 25.0418, 121.5152),
        (" 25.0418 , 121.5152 ", 25.0418, 121.5152),
        ("-33.8688,151.2093", -33.8688, 151.2093),
        ("90,180", 90, 180),
        ("-90,-180", -90, -180),
        ("geo:25.0418,121.5152", 25.0418, 121.5152),
        ("GEO:25.0418,121.5152,12.5;u=10", 25.0418, 121.5152),
        ("geo:25.0418,121.5152;crs=wgs84;u=35", 25.0418, 121.5152),
        ("\u{3000}25.0418,121.5152\u{00A0}", 25.0418, 121.5152),
    ])
    func parses(text: String, latitude: Double, longitude: Double) throws {
        let coordinate = try Coordinate(parsing: text)
        #expect(coordinate.latitude == latitude)
        #expect(coordinate.longitude == longitude)
    }

    @Test(arguments: [
        ("91,121", CoordinateError.latitudeOutOfRange(91)),
        ("25,181", CoordinateError.longitudeOutOfRange(181)),
        ("25.04", CoordinateError.unreadable("25.04")),
        ("25.04;121.51", CoordinateError.unreadable("25.04;121.51")),
        ("north,east", CoordinateError.unreadable("north,east")),
        ("nan,121", CoordinateError.latitudeOutOfRange(.nan)),
        ("geo:25,121;crs=twd97", CoordinateError.unsupportedReferenceSystem("twd97")),
        ("", CoordinateError.unreadable("")),
    ])
    func refuses(text: String, error: CoordinateError) {
        #expect {
            try Coordinate(parsing: text)
        } throws: { thrown in
            guard let thrown = thrown as? CoordinateError else { return false }
            // NaN never equals itself: compare the case for the NaN input.
            if case .latitudeOutOfRange(let value) = error, value.isNaN {
                if case .latitudeOutOfRange(let got) = thrown { return got.isNaN }
                return false
            }
            return thrown == error
        }
    }

    @Test func failableInitializerRefusesEveryInvalidValue() {
        for (latitude, longitude) in [(90.000001, 0.0), (0, -180.000001), (.infinity, 0), (0, .nan)] {
            #expect(Coordinate(latitude: latitude, longitude: longitude) == nil)
        }
        #expect(Coordinate(latitude: -90, longitude: 180) != nil)
    }

    @Test func descriptionAndGeoURI() throws {
        let coordinate = try Coordinate(parsing: "25.0418,-0.0000001")
        #expect(coordinate.description == "25.041800,0.000000")
        #expect(try Coordinate(parsing: "-25.5,121.123456789").description == "-25.500000,121.123457")
        #expect(try Coordinate(parsing: "25.0418,121.5152").geoURI == "geo:25.041800,121.515200")
    }
}
