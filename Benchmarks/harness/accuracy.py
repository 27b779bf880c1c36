"""Distance accuracy: the leg distances runs use against GeographicLib on every leg of a run,
and against a 40-digit reference on a sample of legs.

    python accuracy.py --gpx RUN.gpx --legs LEGS.csv

LEGS.csv comes from `nearby-bench legs` (lat1,lon1,lat2,lon2,distance_m, %.17g): the lengths
`Geodesic.legDistance` gives, as the cleaner measures every leg. Checks:
* the legs are exactly the consecutive pairs of every <trkseg> of the file, with the
  coordinates parsed to the same doubles Python's float() gives for the file's text;
* against `Geodesic.WGS84.Inverse(...)["s12"]`: the largest absolute difference, the max
  relative difference over the legs of 10 m or more, and over all legs (with how many differ by
  more than 1e-9 relative). GeographicLib's double-precision inverse is within about 3e-9 m of
  the exact length on short lines (its stated accuracy is 15 nm), which on a leg of a few
  centimetres is more than 1e-9 relative;
* against the 40-digit length (exact_leg.py) of up to `--sample` legs spread evenly over the
  run plus its shortest legs: the max relative error of Nearby's distance and, for comparison,
  of GeographicLib's.
Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import re
import sys

from exact_leg import exact_short_leg
from geo import geodesic

TRKPT = re.compile(rb'<trkpt\s+lat="([^"]+)"\s+lon="([^"]+)"|(</trkseg>)')


def expected_legs(path: str) -> list[tuple[float, float, float, float]]:
    with open(path, "rb") as f:
        data = f.read()
    legs = []
    prev = None
    for m in TRKPT.finditer(data):
        if m.group(3):
            prev = None
            continue
        p = (float(m.group(1)), float(m.group(2)))
        if prev is not None:
            legs.append((prev[0], prev[1], p[0], p[1]))
        prev = p
    return legs


def check(gpx: str, legs_csv: str, sample: int = 3000) -> dict:
    want = expected_legs(gpx)
    got = []
    with open(legs_csv) as f:
        header = f.readline().strip().split(",")
        if header != ["lat1", "lon1", "lat2", "lon2", "distance_m"]:
            raise SystemExit(f"{legs_csv}: unexpected header {header}")
        for line in f:
            if line.strip():
                got.append(tuple(float(x) for x in line.split(",")))
    coords_exact = len(got) == len(want) and all(g[:4] == w for g, w in zip(got, want))
    max_rel = 0.0
    max_rel_10m = 0.0
    legs_10m = 0
    max_abs = 0.0
    over = 0
    longest_over = 0.0
    max_abs_zero = 0.0
    worst = None
    total_ref = 0.0
    for lat1, lon1, lat2, lon2, d in got:
        ref = geodesic(lat1, lon1, lat2, lon2)
        total_ref += ref
        if ref == 0.0:
            max_abs_zero = max(max_abs_zero, abs(d))
            continue
        rel = abs(d - ref) / ref
        max_abs = max(max_abs, abs(d - ref))
        if ref >= 10:
            max_rel_10m = max(max_rel_10m, rel)
            legs_10m += 1
        if rel > 1e-9:
            over += 1
            longest_over = max(longest_over, ref)
        if rel > max_rel:
            max_rel, worst = rel, (lat1, lon1, lat2, lon2, d, ref)
    # The 40-digit reference on an even sample and the 200 shortest non-zero legs under 1 km.
    short = [g for g in got if 0 < g[4] <= 1000]
    picked = set(range(0, len(short), max(1, len(short) // max(1, sample))))
    picked |= set(sorted(range(len(short)), key=lambda i: short[i][4])[:200])
    max_rel_exact = 0.0
    max_rel_exact_geographiclib = 0.0
    for i in picked:
        lat1, lon1, lat2, lon2, d = short[i]
        exact = exact_short_leg(lat1, lon1, lat2, lon2)
        if exact > 0:
            max_rel_exact = max(max_rel_exact, abs(d - exact) / exact)
            max_rel_exact_geographiclib = max(
                max_rel_exact_geographiclib, abs(geodesic(lat1, lon1, lat2, lon2) - exact) / exact)
    return {"legs": len(got), "legs_expected": len(want), "coords_exact": coords_exact,
            "exact_sample": len(picked), "max_rel_exact": max_rel_exact,
            "max_rel_exact_geographiclib": max_rel_exact_geographiclib,
            "max_rel": max_rel, "max_rel_10m": max_rel_10m, "legs_10m": legs_10m, "max_abs_m": max_abs,
            "legs_over_1e-9": over, "longest_over_1e-9_m": longest_over,
            "max_abs_zero_m": max_abs_zero, "worst": worst,
            "total_m_geographiclib": total_ref}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gpx", required=True)
    ap.add_argument("--legs", required=True)
    args = ap.parse_args()
    json.dump(check(args.gpx, args.legs), sys.stdout)
    print()


if __name__ == "__main__":
    main()
