#!/usr/bin/env python3
"""Hand review of the golden texts against GeographicLib (pip install geographiclib).

Not run by the test suite: run it after NEARBY_UPDATE_GOLDEN=1 rewrote expected/ and before the
new texts are committed. It recomputes every distance, bearing and route position the golden
JSON files print from the fixture alone (mirror/spots.csv, run.gpx) and says what differs.
"""
import csv, json, math, os, re, sys
from geographiclib.geodesic import Geodesic

W = Geodesic.WGS84
HERE = os.path.dirname(os.path.abspath(__file__))
EXP = os.path.join(HERE, "expected")
problems = []


def check(what, got, want, tolerance):
    if got is None or abs(got - want) > tolerance:
        problems.append(f"{what}: golden {got}, GeographicLib {want:.6f}")


def load(name):
    with open(os.path.join(EXP, name + ".txt"), encoding="utf-8") as f:
        return json.load(f)


def compass(bearing):
    names = "N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW".split()
    return names[round((bearing % 360) / 22.5) % 16]


with open(os.path.join(HERE, "mirror", "spots.csv"), encoding="utf-8", newline="") as f:
    spots = {r["id"]: r for r in csv.DictReader(f)}
located = {i: (float(r["lat"]), float(r["lon"])) for i, r in spots.items() if r["lat"]}

# Places from --at 25.0418,121.5152: distance to 1 mm, bearing to 0.1°, nearest first.
origin = (25.0418, 121.5152)
ranked = sorted(located, key=lambda i: W.Inverse(*origin, *located[i])["s12"])
places = load("places-json")
if [p["id"] for p in places] != ranked:
    problems.append(f"places order {[p['id'] for p in places]}, want {ranked}")
for p in places:
    g = W.Inverse(*origin, *located[p["id"]])
    check(f"place {p['id']} distance_m", p["distance_m"], g["s12"], 0.0005)
    check(f"place {p['id']} bearing_deg", p["bearing_deg"], g["azi1"] % 360, 0.05)
    if p["compass"] != compass(g["azi1"]):
        problems.append(f"place {p['id']} compass {p['compass']}")
geo = json.loads(open(os.path.join(EXP, "places-geojson.txt"), encoding="utf-8").read())
for feature in geo["features"]:
    lon, lat = feature["geometry"]["coordinates"]
    if (lat, lon) != located[feature["properties"]["id"]]:
        problems.append(f"geojson position of {feature['properties']['id']}")

# The run: fixes every 200 m due north from 25.034,121.5152 (run.gpx was made with Direct).
fixes = [tuple(map(float, m)) for m in re.findall(r'lat="([^"]+)" lon="([^"]+)"', open(os.path.join(HERE, "run.gpx")).read())]
for i, fix in enumerate(fixes):
    d = W.Direct(25.034, 121.5152, 0, 200 * i)
    check(f"fix {i} latitude", fix[0], d["lat2"], 1e-9)
start = fixes[0]


def along_route(s):
    """The route point s metres from the start (the route is one meridian arc)."""
    d = W.Direct(*start, 0, s)
    return d["lat2"], d["lon2"]


def distance_to_route(place, lo, hi, step=0.05):
    best = math.inf
    s = lo
    while s <= hi + 1e-9:
        best = min(best, W.Inverse(*along_route(s), *place)["s12"])
        s += step
    return best


# Checkpoints within 600 m: each badge's position, the places within 600 m nearest first,
# distance and bearing from the checkpoint, detour = out and back to the nearest route point.
route_length = 1200
for match in load("checkpoints-json"):
    at = along_route(match["distance_m"])
    check(f"{match['badge']} latitude", match["latitude"], at[0], 5e-8)
    want = sorted((W.Inverse(*at, *located[i])["s12"], i) for i in located)
    want = [i for s, i in want if s <= 600]
    got = [p["id"] for p in match["near"]["spots"]]
    if got != want:
        problems.append(f"{match['badge']} places {got}, want {want}")
    for p in match["near"]["spots"]:
        g = W.Inverse(*at, *located[p["id"]])
        check(f"{match['badge']} → {p['id']} distance_m", p["distance_m"], g["s12"], 0.005)
        check(f"{match['badge']} → {p['id']} bearing_deg", p["bearing_deg"], g["azi1"] % 360, 0.05)
        side = distance_to_route(located[p["id"]], 0, route_length, 1.0)
        check(f"{match['badge']} → {p['id']} detour_m", p["detour_m"], 2 * side, 0.05)

# Along, pieces of 1 km: the nearest place to each piece, and the longest stretch with no place
# within 300 m.
along = load("along-json")
for piece in along["pieces"]:
    lo, hi = piece["start_m"], piece["end_m"]
    best = min((distance_to_route(located[i], lo, hi), i) for i in located)
    near = piece["nearest"]["spots"]
    if near["id"] != best[1]:
        problems.append(f"along piece {piece['number']} nearest {near['id']}, want {best[1]}")
    check(f"along piece {piece['number']} distance_m", near["distance_m"], best[0], 0.01)
s, end = 0.0, None
while s <= route_length:
    if min(W.Inverse(*along_route(s), *p)["s12"] for p in located.values()) <= 300:
        end = s
        break
    s += 0.01
check("longest gap end_m", along["longest_gaps"]["spots"]["end_m"], end, 0.02)

print("\n".join(problems) if problems else "golden texts agree with GeographicLib")
sys.exit(1 if problems else 0)
