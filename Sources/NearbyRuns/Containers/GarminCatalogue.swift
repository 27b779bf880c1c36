import Foundation

/// Garmin Connect's `…summarizedActivities.json`: a JSON array of objects
/// `{"summarizedActivitiesExport": [{activityId, name, activityType, startTimeGmt, …}]}` with
/// `startTimeGmt` in milliseconds since 1970 (UTC). Files are not named by activity, so members
/// are matched by start time (``ExportCatalogue/metadata(near:tolerance:)``). Other fields' units
/// are not verified and not used.
enum GarminCatalogue {
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(CatalogueError) -> ExportCatalogue {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        } catch {
            throw CatalogueError(reason: "it is not valid JSON")
        }
        let containers: [Any] = (object as? [Any]) ?? [object]
        var all: [ActivityMetadata] = []
        var found = false
        for container in containers {
            guard let dictionary = container as? [String: Any],
                let list = dictionary["summarizedActivitiesExport"] as? [Any]
            else { continue }
            found = true
            for case let activity as [String: Any] in list {
                all.append(metadata(activity))
            }
        }
        guard found else {
            throw CatalogueError(reason: "it holds no summarizedActivitiesExport list")
        }
        return ExportCatalogue(kind: .garmin, byMember: [:], all: all, withoutFile: [])
    }

    private static func metadata(_ activity: [String: Any]) -> ActivityMetadata {
        var start: Double?
        if let millis = (activity["startTimeGmt"] as? NSNumber)?.doubleValue, millis.isFinite {
            start = millis / 1000
        }
        var type = activity["activityType"] as? String
        if type == nil, let nested = activity["activityType"] as? [String: Any] {
            type = nested["typeKey"] as? String
        }
        var id: String?
        if let number = activity["activityId"] as? NSNumber {
            id = number.stringValue
        } else if let text = activity["activityId"] as? String {
            id = text
        }
        return ActivityMetadata(name: activity["name"] as? String, type: type, startTime: start, activityID: id)
    }
}
