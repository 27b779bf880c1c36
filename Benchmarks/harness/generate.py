"""Deterministic benchmark data: POI feeds, query points and GPX runs.

Everything comes from `random.Random(seed)` with fixed seeds (the stdlib generator's
sequence is stable across Python versions), so two machines get byte-identical files.
Files are only written when missing; the generator version is part of every file name,
so changing the shapes here invalidates old files instead of silently reusing them.

    python generate.py --out DIR --sizes 5k,100k,1m --gpx 3600,100000,1000000 --queries 10000
"""

from __future__ import annotations

import argparse
import math
import os
import random
from datetime import datetime, timedelta, timezone

import numpy as np

VERSION = "v1"

# Greater Taipei: the range every real Taipei feed falls in (../shared/opendata/SOURCES.md).
TAIPEI = (24.96, 25.18, 121.46, 121.67)
# All of Taiwan: bounding box, and a rough outline of the main island for cluster centres.
TAIWAN = (21.9, 25.3, 120.0, 122.0)
TAIWAN_OUTLINE = [
    (25.30, 121.55), (25.10, 121.95), (24.60, 121.85), (23.50, 121.55), (22.70, 121.20),
    (21.90, 120.85), (22.30, 120.40), (23.00, 120.10), (23.80, 120.15), (24.60, 120.70),
    (25.10, 121.20),
]

DISTRICTS = ["中正區", "大同區", "中山區", "松山區", "大安區", "萬華區",
             "信義區", "士林區", "北投區", "內湖區", "南港區", "文山區"]
CITIES = ["臺北市", "新北市", "桃園市", "新竹縣", "臺中市", "彰化縣", "嘉義市", "臺南市",
          "高雄市", "屏東縣", "宜蘭縣", "花蓮縣", "臺東縣"]
CATEGORIES = ["機關", "連鎖餐飲店", "綜合零售賣場", "交通", "公園", "加油站", "市場",
              "觀光遊憩", "醫院", "宗教", "文化育樂場所", "大專院校"]
PLACES = ["捷運站", "公園", "市場", "圖書館", "國小", "停車場", "醫院", "加油站", "便利商店",
          "活動中心", "運動中心", "車站", "廟", "百貨", "河濱公園"]
ROADS = ["中山北路", "忠孝東路", "信義路", "和平東路", "民生東路", "南京東路", "羅斯福路",
         "復興南路", "基隆路", "承德路", "民權西路", "重慶南路", "文林路", "內湖路"]

SIZES = {"5k": 5_000, "100k": 100_000, "1m": 1_000_000}


def size_label(n: int) -> str:
    """The label of a point count: 5000 -> '5k'."""
    for label, count in SIZES.items():
        if count == n:
            return label
    return str(n)


def parse_size(text: str) -> int:
    text = text.strip().lower()
    if text in SIZES:
        return SIZES[text]
    if text.endswith("k"):
        return int(float(text[:-1]) * 1_000)
    if text.endswith("m"):
        return int(float(text[:-1]) * 1_000_000)
    return int(text)


def _inside(lat: float, lon: float, outline: list[tuple[float, float]]) -> bool:
    """Even-odd rule point-in-polygon on (lat, lon) vertices."""
    inside = False
    j = len(outline) - 1
    for i, (la, lo) in enumerate(outline):
        lb, lob = outline[j]
        if (la > lat) != (lb > lat) and lon < (lob - lo) * (lat - la) / (lb - la) + lo:
            inside = not inside
        j = i
    return inside


def area_for(n: int) -> tuple[str, tuple[float, float, float, float]]:
    """Greater Taipei up to 100 k points, all of Taiwan beyond."""
    return ("taiwan", TAIWAN) if n > 100_000 else ("taipei", TAIPEI)


def _centres(rng: random.Random, region: str, box, count: int) -> list[tuple[float, float]]:
    lat0, lat1, lon0, lon1 = box
    out = []
    while len(out) < count:
        lat, lon = rng.uniform(lat0, lat1), rng.uniform(lon0, lon1)
        if region == "taiwan" and not _inside(lat, lon, TAIWAN_OUTLINE):
            continue
        out.append((lat, lon))
    return out


def poi_rows(n: int):
    """Yield (id, name, address, category, lon_text, lat_text) like the Taipei toilets CSV.

    Points cluster around centres (a district's streets), about 6 % repeat the coordinate
    of an earlier point (one site, several toilets), and coordinates have 6 decimals.
    """
    region, box = area_for(n)
    lat0, lat1, lon0, lon1 = box
    rng = random.Random(20240501 + n)
    centres = _centres(rng, region, box, max(20, n // 250))
    spread = 0.004  # degrees, about 400 m
    previous: list[tuple[str, str]] = []
    for i in range(n):
        r = rng.random()
        if previous and r < 0.06:
            lon_t, lat_t = previous[rng.randrange(len(previous))]
        else:
            if r < 0.85:
                clat, clon = centres[rng.randrange(len(centres))]
                lat = min(max(rng.gauss(clat, spread), lat0), lat1)
                lon = min(max(rng.gauss(clon, spread * 1.1), lon0), lon1)
            else:
                clat, clon = _centres(rng, region, box, 1)[0]
                lat, lon = clat, clon
            lat_t, lon_t = f"{lat:.6f}", f"{lon:.6f}"
            if len(previous) < 4096:
                previous.append((lon_t, lat_t))
            else:
                previous[rng.randrange(4096)] = (lon_t, lat_t)
        place = PLACES[rng.randrange(len(PLACES))]
        city = "臺北市" if region == "taipei" else CITIES[rng.randrange(len(CITIES))]
        district = DISTRICTS[rng.randrange(len(DISTRICTS))]
        road = ROADS[rng.randrange(len(ROADS))]
        name = f"{district[:-1]}{place}{i % 97 + 1}號"
        address = f"{city}{district}{road}{rng.randrange(1, 400)}號"
        category = CATEGORIES[rng.randrange(len(CATEGORIES))]
        yield (i + 1, name, address, category, lon_t, lat_t)


def _csv_field(text: str) -> str:
    if any(c in text for c in ',"\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def write_pois(out: str, n: int) -> dict[str, str]:
    """Write the feed CSV (toilets-shaped), the bench CSV (id,lat,lon) and an .npy (id, lat, lon)."""
    label = size_label(n)
    paths = {
        "feed": os.path.join(out, f"pois-{label}-{VERSION}.feed.csv"),
        "points": os.path.join(out, f"pois-{label}-{VERSION}.csv"),
        "npy": os.path.join(out, f"pois-{label}-{VERSION}.npy"),
    }
    if all(os.path.exists(p) for p in paths.values()):
        return paths
    ids = np.empty(n, dtype=np.int64)
    lats = np.empty(n, dtype=np.float64)
    lons = np.empty(n, dtype=np.float64)
    with open(paths["feed"] + ".tmp", "w", encoding="utf-8", newline="") as feed, \
            open(paths["points"] + ".tmp", "w", encoding="utf-8", newline="") as pts:
        feed.write("id,name,address,category,lon,lat\n")
        pts.write("id,lat,lon\n")
        for k, (pid, name, address, category, lon_t, lat_t) in enumerate(poi_rows(n)):
            feed.write(f"{pid},{_csv_field(name)},{_csv_field(address)},{category},{lon_t},{lat_t}\n")
            pts.write(f"{pid},{lat_t},{lon_t}\n")
            ids[k], lats[k], lons[k] = pid, float(lat_t), float(lon_t)
    np.save(paths["npy"] + ".tmp.npy", np.stack([ids.astype(np.float64), lats, lons]))
    os.replace(paths["npy"] + ".tmp.npy", paths["npy"])
    os.replace(paths["feed"] + ".tmp", paths["feed"])
    os.replace(paths["points"] + ".tmp", paths["points"])
    return paths


def write_queries(out: str, n: int, count: int) -> str:
    """Query points in the same area as the n-point feed: half near clusters, half uniform."""
    label = size_label(n)
    path = os.path.join(out, f"queries-{label}-{count}-{VERSION}.csv")
    if os.path.exists(path):
        return path
    region, box = area_for(n)
    rng = random.Random(777 + n + count)
    centres = _centres(rng, region, box, 64)
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write("lat,lon\n")
        for i in range(count):
            if i % 2 == 0:
                clat, clon = centres[rng.randrange(len(centres))]
                lat, lon = rng.gauss(clat, 0.01), rng.gauss(clon, 0.01)
            else:
                lat, lon = _centres(rng, region, box, 1)[0]
            f.write(f"{lat:.6f},{lon:.6f}\n")
    os.replace(path + ".tmp", path)
    return path


# --- GPX runs --------------------------------------------------------------------------

EARTH_M_PER_DEG_LAT = 110_780.0  # near 25 N; only used to shape the walk, never as an oracle


def track_points(n: int, seed: int | None = None, start: tuple[float, float] | None = None):
    """Yield (lat, lon, ele, t_seconds, hr, new_segment) for a run of n one-second fixes.

    About 3 m/s with slowly varying pace and heading, steered back toward central Taipei,
    smooth GPS noise of a couple of metres, elevation 5-120 m, a pause (standing still,
    noisy fixes) about every 25 minutes, a 20-60 s gap in the fixes (auto-pause) about
    every 40 minutes, and a new <trkseg> every hour. `seed` and `start` (lat, lon; the walk is
    steered back toward it) default to the benchmark run's (4242 + n, Taipei Main Station).
    """
    rng = random.Random(4242 + n if seed is None else seed)
    lat, lon = (25.0418, 121.5152) if start is None else start
    home_lat, home_lon = lat, lon
    heading = rng.uniform(0, 2 * math.pi)
    speed, ele, hr = 3.0, 12.0, 120.0
    noise_n = noise_e = 0.0
    t = 0.0
    pause_left = 0
    m_per_deg_lon = EARTH_M_PER_DEG_LAT * math.cos(math.radians(lat))
    for i in range(n):
        new_segment = i > 0 and i % 3600 == 0
        if i > 0 and i % 1500 == 0:
            pause_left = rng.randrange(20, 90)
        if i > 0 and i % 2400 == 0:
            t += rng.uniform(20, 60)  # auto-pause: the watch stopped recording
        moving = pause_left == 0
        if not moving:
            pause_left -= 1
        else:
            speed = min(max(speed + rng.gauss(0, 0.05), 2.2), 4.2)
            # steer back home when far away (keeps million-point runs inside Taipei)
            dn = (home_lat - lat) * EARTH_M_PER_DEG_LAT
            de = (home_lon - lon) * m_per_deg_lon
            if math.hypot(dn, de) > 6000:
                target = math.atan2(de, dn)
                diff = (target - heading + math.pi) % (2 * math.pi) - math.pi
                heading += 0.05 * diff
            heading += rng.gauss(0, 0.04)
            lat += speed * math.cos(heading) / EARTH_M_PER_DEG_LAT
            lon += speed * math.sin(heading) / m_per_deg_lon
            ele = min(max(ele + rng.gauss(0, 0.15), 5.0), 120.0)
        noise_n = 0.9 * noise_n + rng.gauss(0, 0.6)
        noise_e = 0.9 * noise_e + rng.gauss(0, 0.6)
        hr = min(max(hr + rng.gauss(0, 1.0) + (0.3 if moving else -1.0), 80.0), 185.0)
        yield (lat + noise_n / EARTH_M_PER_DEG_LAT, lon + noise_e / m_per_deg_lon,
               ele + rng.gauss(0, 0.3), t, int(hr), new_segment)
        t += 1.0


START = datetime(2024, 3, 10, 22, 0, 0, tzinfo=timezone.utc)


def _time_text(t: float, i: int, start: datetime = START) -> str:
    stamp = start + timedelta(seconds=t)
    if i % 10 == 3:  # some fixes carry fractional seconds
        stamp += timedelta(milliseconds=250)
        return stamp.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"
    return stamp.strftime("%Y-%m-%dT%H:%M:%SZ")


def write_gpx(out: str, n: int, path: str | None = None, seed: int | None = None,
              start: tuple[float, float] | None = None, start_time: datetime = START,
              name: str | None = None) -> str:
    """The n-point run as GPX 1.1 (`run-N-v1.gpx` in out unless `path` is given; `seed`,
    `start` and `start_time` as in track_points, default the benchmark run's)."""
    path = path or os.path.join(out, f"run-{n}-{VERSION}.gpx")
    name = name or f"Benchmark run {n}"
    if os.path.exists(path):
        return path
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n'
                '<gpx version="1.1" creator="Nearby benchmark generator"'
                ' xmlns="http://www.topografix.com/GPX/1/1"'
                ' xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"'
                ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
                ' xsi:schemaLocation="http://www.topografix.com/GPX/1/1'
                ' http://www.topografix.com/GPX/1/1/gpx.xsd">\n'
                f' <metadata><name>{name}</name>'
                f'<time>{start_time.strftime("%Y-%m-%dT%H:%M:%SZ")}</time></metadata>\n'
                f' <trk>\n  <name>{name}</name>\n  <type>running</type>\n'
                '  <trkseg>\n')
        for i, (lat, lon, ele, t, hr, new_segment) in enumerate(track_points(n, seed, start)):
            if new_segment:
                f.write("  </trkseg>\n  <trkseg>\n")
            f.write(f'   <trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{ele:.1f}</ele>'
                    f'<time>{_time_text(t, i, start_time)}</time><extensions><gpxtpx:TrackPointExtension>'
                    f'<gpxtpx:hr>{hr}</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>'
                    '</trkpt>\n')
        f.write("  </trkseg>\n </trk>\n</gpx>\n")
    os.replace(path + ".tmp", path)
    return path


def store_run_spec(index: int) -> tuple[int, tuple[float, float], datetime]:
    """Seed, start (inside greater Taipei) and start time of store run `index` (0-based): its own
    random.Random, so the k-th run is the same whatever the count; one a day from 2024-01-01 at
    a varying hour, so no two share a start (nor the same-activity rule's 5 s)."""
    rng = random.Random(7_000_000 + index)
    lat0, lat1, lon0, lon1 = TAIPEI
    start = (rng.uniform(lat0 + 0.03, lat1 - 0.03), rng.uniform(lon0 + 0.03, lon1 - 0.03))
    when = datetime(2024, 1, 1, tzinfo=timezone.utc) + timedelta(days=index,
                                                                 seconds=rng.randrange(5 * 3600, 20 * 3600))
    return 7_000_000 + index, start, when


def write_store_runs(out: str, count: int, points: int = 3600) -> list[str]:
    """`count` distinct runs of `points` one-second fixes (1 h for 3,600) for the runs-store
    benchmark, in out/store-runs-POINTS-v1/run-00001.gpx …; each run's seed, start and start
    time come from store_run_spec, so the first 100 of 1,000 are the 100 of `--store-runs 100`."""
    folder = os.path.join(out, f"store-runs-{points}-{VERSION}")
    os.makedirs(folder, exist_ok=True)
    paths = []
    for index in range(count):
        seed, start, when = store_run_spec(index)
        path = os.path.join(folder, f"run-{index + 1:05d}.gpx")
        paths.append(write_gpx(out, points, path=path, seed=seed, start=start, start_time=when,
                               name=f"Store run {index + 1}"))
    return paths


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--sizes", default="5k,100k,1m")
    ap.add_argument("--gpx", default="3600,100000,1000000")
    ap.add_argument("--queries", type=int, default=10_000)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for s in filter(None, args.sizes.split(",")):
        n = parse_size(s)
        print(write_pois(args.out, n)["feed"], write_queries(args.out, n, args.queries))
    for g in filter(None, args.gpx.split(",")):
        print(write_gpx(args.out, parse_size(g)))


if __name__ == "__main__":
    main()
