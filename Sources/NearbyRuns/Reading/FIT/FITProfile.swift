/// The few names of the FIT profile that Nearby shows: file types, sports, sub-sports and
/// manufacturers. Unknown numbers read as "type N".
enum FITProfile {
    /// `file_id.type` = activity.
    static let activityFileType: Int64 = 4

    static func fileTypeName(_ value: Int64) -> String {
        let names: [Int64: String] = [
            1: "device", 2: "settings", 3: "sport", 4: "activity", 5: "workout", 6: "course", 7: "schedules",
            9: "weight", 10: "totals", 11: "goals", 14: "blood pressure", 15: "monitoring", 20: "activity summary",
            28: "daily monitoring", 32: "monitoring", 34: "segment", 35: "segment list",
        ]
        return names[value] ?? "type \(value)"
    }

    static func sportName(_ value: Int64) -> String {
        let names = [
            "generic", "running", "cycling", "transition", "fitness_equipment", "swimming", "basketball", "soccer",
            "tennis", "american_football", "training", "walking", "cross_country_skiing", "alpine_skiing",
            "snowboarding", "rowing", "mountaineering", "hiking", "multisport", "paddling", "flying", "e_biking",
            "motorcycling", "boating", "driving", "golf", "hang_gliding", "horseback_riding", "hunting", "fishing",
            "inline_skating", "rock_climbing", "sailing", "ice_skating", "sky_diving", "snowshoeing", "snowmobiling",
            "stand_up_paddleboarding", "surfing", "wakeboarding", "water_skiing", "kayaking", "rafting", "windsurfing",
            "kitesurfing",
        ]
        return value >= 0 && value < Int64(names.count) ? names[Int(value)] : "sport \(value)"
    }

    static func subSportName(_ value: Int64) -> String {
        let names = [
            "generic", "treadmill", "street", "trail", "track", "spin", "indoor_cycling", "road", "mountain",
            "downhill", "recumbent", "cyclocross", "hand_cycling", "track_cycling", "indoor_rowing", "elliptical",
            "stair_climbing", "lap_swimming", "open_water",
        ]
        return value >= 0 && value < Int64(names.count) ? names[Int(value)] : "sub-sport \(value)"
    }

    static func manufacturerName(_ value: Int64) -> String {
        let names: [Int64: String] = [
            1: "garmin", 15: "dynastream", 23: "suunto", 32: "wahoo_fitness", 70: "sigmasport", 95: "stryd",
            123: "polar", 255: "development", 260: "zwift", 265: "strava", 294: "coros",
        ]
        return names[value] ?? "manufacturer \(value)"
    }
}
