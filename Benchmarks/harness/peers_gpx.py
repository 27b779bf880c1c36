"""The gpxpy peer of `nearby-bench gpx`: parse + 2-D length + moving time + kilometre splits.

    python peers_gpx.py --file RUN.gpx

Prints {"points", "seconds", "points_per_s", "distance_m", "moving_s", "peak_rss_kb"}
(one run; the harness alternates runs and takes medians). Timed from reading the file to
the last split. gpxpy's distances are its own (a spherical formula), so they are reported,
not used as an oracle.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time

import gpxpy
import gpxpy.geo


def splits_km(gpx) -> list[float]:
    """Elapsed seconds at every whole kilometre, one pass over consecutive points."""
    out: list[float] = []
    total, next_mark = 0.0, 1000.0
    start = None
    for track in gpx.tracks:
        for segment in track.segments:
            prev = None
            for p in segment.points:
                if start is None and p.time is not None:
                    start = p.time
                if prev is not None:
                    total += gpxpy.geo.distance(prev.latitude, prev.longitude, None,
                                                p.latitude, p.longitude, None)
                    while total >= next_mark and p.time is not None and start is not None:
                        out.append((p.time - start).total_seconds())
                        next_mark += 1000.0
                prev = p
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--file", required=True)
    args = ap.parse_args()
    t0 = time.perf_counter()
    with open(args.file, encoding="utf-8") as f:
        gpx = gpxpy.parse(f)
    distance = gpx.length_2d()
    moving = gpx.get_moving_data()
    splits = splits_km(gpx)
    seconds = time.perf_counter() - t0
    points = gpx.get_track_points_no()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    json.dump({"points": points, "seconds": seconds, "points_per_s": points / seconds,
               "distance_m": distance, "moving_s": moving.moving_time, "splits": len(splits),
               "peak_rss_kb": peak}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
