"""Python peers for the index work: build, k nearest one query at a time, and in a batch.

    python peers_knn.py --impl balltree|ckdtree --points P.npy --queries Q.csv --k 10 \
        --answers OUT.json

Prints the same JSON object as `nearby-bench index`:
{"build_s", "single_us", "batch_us", "n", "queries"} and writes [[[id, distance_m], ...], ...].

* balltree: scikit-learn `BallTree(radians(lat, lon), metric="haversine")`; distances are
  great-circle metres on a sphere of mean radius 6371008.8 m (so the order can differ from
  the ellipsoidal geodesic order Nearby uses when two points are at nearly equal distance).
* ckdtree: SciPy `cKDTree` over WGS84 ECEF coordinates (metres); distances are chords.
  `workers=1` for the batch, so both sides use one core.
* ckdtree-exact: the same tree, then GeographicLib on the candidates, fetching more until the
  k-th geodesic distance is provably final (a chord is never longer than the geodesic): the
  answer Nearby gives, the way a Python user would get it. Timed one query at a time over the
  first --exact-queries queries (it is slow); no batch figure.
Loading the files is not timed; building the tree (including the coordinate conversion
the peer needs) is.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import numpy as np

from geo import MEAN_RADIUS, ecef


def load(points: str, queries: str):
    ids, lat, lon = np.load(points)
    q = np.loadtxt(queries, delimiter=",", skiprows=1, ndmin=2)
    return ids.astype(np.int64), lat, lon, q[:, 0].copy(), q[:, 1].copy()


def run_balltree(lat, lon, qlat, qlon, k):
    from sklearn.neighbors import BallTree

    t0 = time.perf_counter()
    tree = BallTree(np.radians(np.column_stack([lat, lon])), metric="haversine")
    build = time.perf_counter() - t0
    qs = np.radians(np.column_stack([qlat, qlon]))
    t0 = time.perf_counter()
    for i in range(len(qs)):
        tree.query(qs[i:i + 1], k=k)
    single = (time.perf_counter() - t0) / len(qs)
    t0 = time.perf_counter()
    dist, rows = tree.query(qs, k=k)
    batch = (time.perf_counter() - t0) / len(qs)
    return build, single, batch, dist * MEAN_RADIUS, rows


def run_ckdtree(lat, lon, qlat, qlon, k):
    from scipy.spatial import cKDTree

    t0 = time.perf_counter()
    tree = cKDTree(ecef(lat, lon))
    build = time.perf_counter() - t0
    qs = ecef(qlat, qlon)
    t0 = time.perf_counter()
    for i in range(len(qs)):
        tree.query(qs[i], k=k)
    single = (time.perf_counter() - t0) / len(qs)
    t0 = time.perf_counter()
    dist, rows = tree.query(qs, k=k, workers=1)
    batch = (time.perf_counter() - t0) / len(qs)
    return build, single, batch, dist, rows


def run_ckdtree_exact(lat, lon, qlat, qlon, k, limit):
    from scipy.spatial import cKDTree
    from geographiclib.geodesic import Geodesic

    inverse = Geodesic.WGS84.Inverse
    t0 = time.perf_counter()
    tree = cKDTree(ecef(lat, lon))
    build = time.perf_counter() - t0
    qs = ecef(qlat, qlon)[:limit]
    dists, rows = [], []
    t0 = time.perf_counter()
    for i in range(len(qs)):
        want = k + 8
        while True:
            chord, cand = tree.query(qs[i], k=min(want, len(lat)))
            ranked = sorted((inverse(qlat[i], qlon[i], lat[c], lon[c])["s12"], int(c)) for c in cand)
            if want >= len(lat) or ranked[k - 1][0] <= chord[-1]:
                break
            want *= 2
        dists.append([d for d, _ in ranked[:k]])
        rows.append([c for _, c in ranked[:k]])
    single = (time.perf_counter() - t0) / max(1, len(qs))
    return build, single, None, dists, rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--impl", choices=["balltree", "ckdtree", "ckdtree-exact"], required=True)
    ap.add_argument("--exact-queries", type=int, default=1000)
    ap.add_argument("--points", required=True)
    ap.add_argument("--queries", required=True)
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--answers")
    args = ap.parse_args()
    ids, lat, lon, qlat, qlon = load(args.points, args.queries)
    if args.impl == "ckdtree-exact":
        build, single, batch, dist, rows = run_ckdtree_exact(lat, lon, qlat, qlon, args.k, args.exact_queries)
    else:
        run = run_balltree if args.impl == "balltree" else run_ckdtree
        build, single, batch, dist, rows = run(lat, lon, qlat, qlon, args.k)
    if args.answers:
        answers = [[[int(ids[r]), float(d)] for d, r in zip(dr, rr)] for dr, rr in zip(dist, rows)]
        with open(args.answers, "w") as f:
            json.dump(answers, f)
    json.dump({"build_s": build, "single_us": single * 1e6,
               "batch_us": None if batch is None else batch * 1e6,
               "n": int(len(lat)), "queries": int(len(qlat))}, sys.stdout)
    print()


if __name__ == "__main__":
    main()
