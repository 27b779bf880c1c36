/// Where a ``PlaceLibrary`` answers place questions from, chosen once when the library is made:
/// every query, lookup and join of that library asks the same source.
public enum PlaceSource: Sendable {
    /// The local cache: each dataset fetched when missing or stale (unless offline), its place
    /// archive mapped and searched.
    case cache
    /// Places published to PostGIS (`nearby publish`), read through one connection per call with
    /// the same answers as the cache (``PostgisPlaceSource``).
    case postgis(PostgisPlaceSource)
}
