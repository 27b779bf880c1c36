"""The Python one-shot peer of `nearby <dataset> --at LAT,LON --limit 5`: start, load,
answer, print - one process per question, as a user's script would be.

    python peer_oneshot.py prepare --feed FEED.csv --out CACHE.npz     # once, not timed
    python peer_oneshot.py csv --feed FEED.csv --at LAT,LON --limit 5  # timed
    python peer_oneshot.py npz --cache CACHE.npz --at LAT,LON --limit 5 # timed

Two honest ways a Python user would do it:
* csv: read the cached feed CSV with the csv module every time, build a cKDTree on
  WGS84 ECEF, take candidates, rank them by geographiclib geodesic, print.
* npz: read arrays prepared once (ids, lat, lon, ECEF, and names/addresses as one UTF-8
  blob with offsets, so nothing is unpickled), rebuild the cKDTree (a cKDTree cannot be
  saved without pickle), rank candidates by geographiclib geodesic, print.
Both are exact: see geo.exact_knn_from_tree.
"""

from __future__ import annotations

import argparse
import csv
import sys

import numpy as np
from scipy.spatial import cKDTree

from geo import ecef, exact_knn_from_tree


def read_feed(path: str):
    ids, names, addresses, lats, lons = [], [], [], [], []
    with open(path, encoding="utf-8-sig", newline="") as f:
        reader = csv.reader(f)
        header = [h.strip() for h in next(reader)]
        col = {h: i for i, h in enumerate(header)}
        ci, cn, ca, clat, clon = col["id"], col["name"], col["address"], col["lat"], col["lon"]
        for row in reader:
            ids.append(int(row[ci]))
            names.append(row[cn])
            addresses.append(row[ca])
            lats.append(float(row[clat]))
            lons.append(float(row[clon]))
    return np.array(ids), names, addresses, np.array(lats), np.array(lons)


def prepare(feed: str, out: str) -> None:
    ids, names, addresses, lat, lon = read_feed(feed)
    texts = [f"{n}\t{a}".encode() for n, a in zip(names, addresses)]
    offsets = np.zeros(len(texts) + 1, dtype=np.int64)
    offsets[1:] = np.cumsum([len(t) for t in texts])
    blob = np.frombuffer(b"".join(texts), dtype=np.uint8)
    np.savez(out, ids=ids, lat=lat, lon=lon, xyz=ecef(lat, lon), offsets=offsets, blob=blob)


def answer(args) -> None:
    qlat, qlon = (float(x) for x in args.at.split(","))
    if args.mode == "csv":
        ids, names, addresses, lat, lon = read_feed(args.feed)
        tree = cKDTree(ecef(lat, lon))
        found = exact_knn_from_tree(tree, lat, lon, qlat, qlon, args.limit)
        text = [(names[r], addresses[r]) for r, _ in found]
    else:
        z = np.load(args.cache)
        ids, lat, lon, offsets, blob = z["ids"], z["lat"], z["lon"], z["offsets"], z["blob"]
        tree = cKDTree(z["xyz"])
        found = exact_knn_from_tree(tree, lat, lon, qlat, qlon, args.limit)
        text = [tuple(bytes(blob[offsets[r]:offsets[r + 1]]).decode().split("\t"))
                for r, _ in found]
    out = sys.stdout
    for (r, d), (name, address) in zip(found, text):
        out.write(f"{name}\t{d:.1f} m\t{address}\t{int(ids[r])}\n")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--feed", required=True)
    p.add_argument("--out", required=True)
    for mode in ("csv", "npz"):
        q = sub.add_parser(mode)
        q.add_argument("--feed" if mode == "csv" else "--cache", required=True)
        q.add_argument("--at", required=True)
        q.add_argument("--limit", type=int, default=5)
    args = ap.parse_args()
    if args.mode == "prepare":
        prepare(args.feed, args.out)
    else:
        answer(args)


if __name__ == "__main__":
    main()
