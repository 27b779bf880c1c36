"""Shared geometry for the Python peers and the agreement checks.

Only GeographicLib's `Geodesic.WGS84.Inverse` is treated as the truth. The vectorised
helpers here (ECEF chords, haversine) only choose candidates, with bounds that make the
final geographiclib answer exact:

* chord (straight line through the ellipsoid) <= geodesic, always; so after taking the
  k' nearest by chord, any point left out has geodesic >= chord >= the k'-th chord. If the
  k-th geodesic among the candidates is <= that chord, the candidates hold the true k nearest.
* haversine on a sphere of mean radius differs from the WGS84 geodesic by well under 1 %,
  so a 2 % margin on the k-th spherical distance cannot leave out a true neighbour.
"""

from __future__ import annotations

import numpy as np
from geographiclib.geodesic import Geodesic

WGS84 = Geodesic.WGS84
A = 6378137.0
F = 1 / 298.257223563
E2 = F * (2 - F)
MEAN_RADIUS = 6371008.8


def ecef(lat_deg: np.ndarray, lon_deg: np.ndarray) -> np.ndarray:
    """WGS84 ellipsoid ECEF coordinates in metres (height 0), shape (n, 3)."""
    lat = np.radians(lat_deg)
    lon = np.radians(lon_deg)
    s = np.sin(lat)
    n = A / np.sqrt(1 - E2 * s * s)
    c = np.cos(lat)
    return np.column_stack([n * c * np.cos(lon), n * c * np.sin(lon), n * (1 - E2) * s])


def geodesic(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    return WGS84.Inverse(lat1, lon1, lat2, lon2, Geodesic.DISTANCE)["s12"]


def exact_knn_from_tree(tree, lat: np.ndarray, lon: np.ndarray,
                        qlat: float, qlon: float, k: int) -> list[tuple[int, float]]:
    """The k nearest rows by WGS84 geodesic, as (row, distance_m), using a cKDTree over
    `ecef(lat, lon)` for candidates. Sorted by (distance, row) - the order Nearby promises.
    """
    n = len(lat)
    q = ecef(np.array([qlat]), np.array([qlon]))[0]
    want = min(n, max(4 * k, 16))
    while True:
        chord, rows = tree.query(q, k=want)
        chord, rows = np.atleast_1d(chord), np.atleast_1d(rows)
        found = sorted((geodesic(qlat, qlon, lat[r], lon[r]), int(r)) for r in rows)
        if want >= n or found[min(k, n) - 1][0] <= chord[-1]:
            return [(r, d) for d, r in found[:k]]
        want = min(n, want * 4)


def exact_knn_bruteforce(lat: np.ndarray, lon: np.ndarray, ids: np.ndarray,
                         qlat: float, qlon: float, k: int) -> list[tuple[int, float]]:
    """The k nearest by WGS84 geodesic over all points (haversine + 2 % margin prefilter)."""
    p1, p2 = np.radians(qlat), np.radians(lat)
    dphi = p2 - p1
    dl = np.radians(lon - qlon)
    h = np.sin(dphi / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    sph = 2 * MEAN_RADIUS * np.arcsin(np.sqrt(np.minimum(h, 1.0)))
    kth = np.partition(sph, k - 1)[k - 1]
    rows = np.nonzero(sph <= kth * 1.02 + 1e-6)[0]
    found = sorted((geodesic(qlat, qlon, lat[r], lon[r]), int(r)) for r in rows)
    return [(int(ids[r]), d) for d, r in found[:k]]


def agree_up_to_ties(a: list[tuple[int, float]], b: list[tuple[int, float]],
                     rel: float = 1e-9) -> bool:
    """Same k nearest, allowing ties (equal distances) to be listed in either order or cut
    at the k-th place differently: distances must match rank by rank, and every id strictly
    closer than the k-th distance must be in both lists."""
    if len(a) != len(b):
        return False
    for (_, da), (_, db) in zip(a, b):
        if abs(da - db) > rel * max(da, db, 1.0):
            return False
    if not a:
        return True
    kth = max(a[-1][1], b[-1][1])
    cut = kth * (1 - rel) - rel
    inner_a = {i for i, d in a if d < cut}
    inner_b = {i for i, d in b if d < cut}
    return inner_a == inner_b
