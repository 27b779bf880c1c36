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
        ("2.50418e1,+121.5152", 25.0418, 121.5152),
        (".5,-0.12", 0.5, -0.12),
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
        // Only decimals (issue 8): hex floats, inf and nan are spellings Double(_:) takes but we refuse.
        ("nan,121", CoordinateError.unreadable("nan,121")),
        ("0x19,121.5", CoordinateError.unreadable("0x19,121.5")),
        ("25,0x79.8p0", CoordinateError.unreadable("25,0x79.8p0")),
        ("inf,121", CoordinateError.unreadable("inf,121")),
        ("25,-infinity", CoordinateError.unreadable("25,-infinity")),
        ("1e999,121", CoordinateError.unreadable("1e999,121")),
        ("geo:0x19,121.5", CoordinateError.unreadable("geo:0x19,121.5")),
        ("geo:25,121,0x10", CoordinateError.unreadable("geo:25,121,0x10")),
        ("geo:25,121;u=0x10", CoordinateError.unreadable("geo:25,121;u=0x10")),
        ("geo:25,121;u=nan", CoordinateError.unreadable("geo:25,121;u=nan")),
        ("２５,121", CoordinateError.unreadable("２５,121")),
        ("geo:25,121;crs=twd97", CoordinateError.unsupportedReferenceSystem("twd97")),
        ("", CoordinateError.unreadable("")),
    ])
    func refuses(text: String, error: CoordinateError) {
        #expect {
            try Coordinate(parsing: text)
        } throws: { thrown in
            guard let thrown = thrown as? CoordinateError else { return false }
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

/// The one decimal spelling accepted wherever Nearby documents a decimal.
@Suite struct DecimalTextTests {
    @Test(arguments: [
        ("25", 25.0), ("-0.12", -0.12), ("+3.5", 3.5), (".5", 0.5), ("5.", 5.0), ("2.5e1", 25.0),
        ("1E-3", 0.001), ("007", 7.0), ("-0", 0.0),
    ])
    func accepts(text: String, value: Double) {
        #expect(DecimalText.parse(text) == value)
    }

    @Test(arguments: [
        "", "-", ".", "+.", "0x19", "0X19", "0x1p4", "inf", "-inf", "Infinity", "nan", "NaN", " 5", "5 ", "1e", "1e+",
        "1e999", "-1e999", "1..2", "1.2.3", "١٢", "５", "1_000", "1,5", "e5",
    ])
    func refuses(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }

    @Test func integers() {
        #expect(DecimalText.parseInteger("42") == 42)
        #expect(DecimalText.parseInteger("+42") == 42)
        #expect(DecimalText.parseInteger("-7") == -7)
        #expect(DecimalText.parseInteger("9223372036854775807") == Int.max)
        for text in ["9223372036854775808", "0x19", "4.0", "1e3", "", "+", " 4", "٤"] {
            #expect(DecimalText.parseInteger(text) == nil, "\(text)")
        }
    }
}
