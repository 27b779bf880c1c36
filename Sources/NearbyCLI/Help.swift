/// The help texts of `nearby` and each command.
enum Help {
    static let overview = """
        nearby — what is near me, and near my runs, from open data.

        Places (nearest first, by distance on the WGS84 ellipsoid):
          nearby datasets                            the datasets, their source, licence, age and size
          nearby <dataset> [--at LAT,LON] [--limit N] [--within DIST] [--where ATTR[=VALUE]]
                                                     list a dataset, nearest first when --at is given
          nearby near --at LAT,LON --in toilets,parks
                                                     several datasets at once
          nearby show <dataset> <id>                 every field of one place, with map links
          nearby refresh [dataset…] [--force] [--accept-drop]
                                                     fetch feeds that are missing or stale
          nearby map --at LAT,LON --near toilets,parks --html FILE [--tiles URL-TEMPLATE]
                                                     a page with the point, numbered places and a list

        Runs:
          nearby runs import FILE|FOLDER…            import GPX, TCX and FIT files (also gzipped) and the
                                                     export zips of Strava, Garmin Connect and Runkeeper
          nearby runs list                           date, distance, time, pace, best badge
          nearby runs show <run> [--html FILE]       figures, splits, best efforts, badge checkpoints
          nearby runs delete <run>
          nearby runs export <run> --format geojson|gpx|csv
          nearby badges [--badges ID]                earned, silver, gold; the next badge
          nearby checkpoints <run> --near toilets,parks [--within 300m]
          nearby along <run> --near toilets [--within 500m]

        Options for every command:
          --format table|json|csv|geojson   output format (default: table)
          --cache-dir DIR    feeds cache (else NEARBY_CACHE_DIR, the checkout's cache/, $XDG_CACHE_HOME/nearby)
          --datasets DIR     another folder of dataset manifests (repeatable; also NEARBY_DATASETS)
          --from DIR|URL     a mirror standing in for feed origins (also NEARBY_MIRROR)
          --offline          never fetch; use the cache as it is
          --db FILE          runs database (else NEARBY_DB, $XDG_DATA_HOME/nearby/nearby.sqlite)
          --units metric|imperial   (else from LC_ALL, LC_MEASUREMENT, LANG)
          --no-color         no colour (also NO_COLOR)
          --help, --version

        Values: numbers are decimals (25.0418, -0.12, 1.5e3; never 0x19, inf or nan). DIST is a
        number with m, km, mi or ft (default m), greater than 0 and at most 20,037.5 km (half the
        equator). --limit N is a whole number (places: 1 to 1,000,000; checkpoints: 1 to 1,000).
        A valued option needs its value: write --where=-x for a value that starts with '-'.

        Output: tables and messages show control characters from feeds, files and arguments as
        escapes (\\e, \\t, \\n, \\r, \\xHH, \\u{HHHH} for bidi controls); JSON and GeoJSON are exact;
        CSV cells that begin with = + - @ TAB or CR (other than numbers) start with '.

        Exit codes: 0 success (also an empty result, and a partial answer of near), 1 failure,
        2 usage error, 3 no data for a dataset and it cannot be fetched (near: for every one).

        """

    static func text(for command: String) -> String? {
        switch command {
        case "datasets":
            return """
                usage: nearby datasets [--format table|json]

                Lists every dataset plugin: id, title, source, licence, the age of the cached copy
                and its record count. Manifests come from the checkout's Datasets/, the config folder
                ($XDG_CONFIG_HOME/nearby/datasets), NEARBY_DATASETS and --datasets DIR.
                Badge catalogues (kind badges) are listed with their badge count, source and licence.

                """
        case "map":
            return """
                usage: nearby map --at LAT,LON --near DATASET[,DATASET…] --html FILE
                                  [--within DIST] [--limit N] [--tiles URL-TEMPLATE]
                                  [--tiles-attribution TEXT]

                Writes one self-contained HTML page: the point, the nearest places of each dataset
                (at most --limit, default 5, from 1 to 50, within --within) as numbered markers in
                the dataset's colour, and a list with the same numbers (name, distance, bearing,
                address, geo: and OpenStreetMap links), a legend, a scale bar and a north arrow.

                --tiles URL-TEMPLATE (else NEARBY_TILES) draws map tiles under it, e.g.
                'https://tile.openstreetmap.org/{z}/{x}/{y}.png' ({z} {x} {y}, optional {s}; http or
                https). Tiles are fetched one at a time into the cache's tiles/ folder, kept 7 days,
                then revalidated; --offline uses cached tiles only. They are embedded in the page,
                so it fetches nothing when opened. --tiles-attribution TEXT is drawn on the map
                (default for openstreetmap.org: © OpenStreetMap contributors). Without --tiles,
                the plain background and no network for tiles.

                """
        case "near":
            return """
                usage: nearby near --at LAT,LON --in DATASET[,DATASET…] [--limit N] [--within DIST]

                The nearest places of several datasets at once, merged nearest first; a dataset
                named twice is asked once. A dataset that has no data (not cached and cannot be
                fetched) is left out with one warning and the others answer (exit code 0); when
                none of them has data, exit code 3.

                """
        case "show":
            return """
                usage: nearby show <dataset> <id> [--at LAT,LON] [--format table|json]

                Every field of one place as the source wrote it, plus a geo: URI and an
                OpenStreetMap link; with --at, its distance and bearing from there.

                """
        case "refresh":
            return """
                usage: nearby refresh [dataset…] [--force] [--accept-drop] [--offline] [--from DIR|URL]

                Fetches each named dataset (default: all) that is missing or stale by its refresh rule
                (calendar days in the feed's time zone). --force fetches even fresh ones, with a
                conditional GET. A new copy replaces the old one only after it decodes and has
                records with coordinates in range; on any failure the old copy stays. A copy whose
                places with coordinates fell by more than 20 % (or the manifest's
                refresh.maxDropPercent) is refused too; --accept-drop takes it anyway.

                """
        case "runs":
            return """
                usage: nearby runs import FILE|FOLDER…
                       nearby runs list [--format table|json|csv]
                       nearby runs show <run> [--html FILE] [--near DATASETS] [--format table|json]
                                        [--within DIST] [--tiles URL-TEMPLATE] [--tiles-attribution TEXT]
                       nearby runs delete <run>
                       nearby runs export <run> --format geojson|gpx|csv [--output FILE]

                runs import reads GPX 1.0/1.1, TCX and FIT, each possibly gzipped, and the export
                zips of Strava, Garmin Connect and Runkeeper (named from their catalogues), by
                their first bytes; a skipped file is one sentence and makes the exit status 1.
                <run> is a run id, a unique prefix of its content hash, or its file name.
                --html FILE writes the picture: one self-contained page; with --tiles, over map
                tiles (see nearby map --help).
                --max-speed M/S: fixes implying a faster speed are spikes (default by activity:
                running 12, walking/hiking 7, cycling 30, other 70).
                --badges ID: the badge catalogue of the datasets folders to use (else NEARBY_BADGES,
                else badges, MoonRunner's space badges); runs show names it.

                """
        case "badges":
            return """
                usage: nearby badges [--badges ID] [--format table|json]

                Every badge with the run that earned it, silver (5 % faster) and gold (10 % faster),
                the best run; for unearned badges the distance still to run. --badges ID chooses the
                badge catalogue (else NEARBY_BADGES, else badges; see nearby datasets); the note
                under the table names it.

                """
        case "checkpoints":
            return """
                usage: nearby checkpoints <run|FILE> --near DATASET[,DATASET…] [--within DIST]
                       [--format table|json|csv|geojson]

                For every badge checkpoint of the run, the nearest places of each dataset within
                DIST (default 300m): name, distance and bearing from the checkpoint, and the
                out-and-back detour from the route.

                """
        case "along":
            return """
                usage: nearby along <run|FILE> --near DATASET[,DATASET…] [--within DIST]

                For every kilometre (or mile) of the run, the nearest place of each dataset and its
                distance from the route; then the longest stretch with nothing within DIST
                (default 500m).

                """
        default:
            return """
                usage: nearby \(command) [--at LAT,LON] [--limit N] [--within DIST] [--where ATTR[=VALUE]]
                       [--format table|json|csv|geojson]

                Lists the dataset; with --at, nearest first with distance and compass bearing
                (default limit 20). --where keeps places whose attribute is present and non-zero,
                or equals VALUE.

                """
        }
    }
}
