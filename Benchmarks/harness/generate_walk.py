"""A street network for the `walk` benchmark: a city of blocks, written as an OpenStreetMap PBF.

`side` × `side` street corners about 100 m apart (each moved up to 15 m, so no two blocks are
alike), four shape nodes between neighbouring corners (a node every ~20 m, as mapped streets
have), named streets and avenues split into ways of ten blocks; about 8 % of the blocks' sides
are missing (dead ends and detours), every ninth avenue is a footway and a few are steps. Every
8 km a river runs east-west: only one street in twelve crosses it on a bridge. Motorways (not
walkable) run beside the rivers. `places` toilets (amenity=toilets) lie up to 40 m off a random
corner. side = 333 gives about 1 M walkable nodes; 700 about 4.4 M ("Taiwan size").
Deterministic for its arguments; cached in the data folder (gitignored), never committed.
"""

from __future__ import annotations

import math
import os
import sys

import numpy as np
import osmium

BLOCK = 100.0  # metres between corners
SHAPE = 4  # shape nodes between neighbouring corners
RIVER_EVERY = 80  # rows of blocks between rivers
BRIDGE_EVERY = 12  # columns between bridges


def write_city(folder: str, side: int, places: int, lat0: float = 23.0, lon0: float = 120.3) -> str:
    path = os.path.join(folder, f"city-{side}x{side}-{places}p.osm.pbf")
    if os.path.exists(path):
        return path
    os.makedirs(folder, exist_ok=True)
    tmp = path + ".partial.osm.pbf"
    if os.path.exists(tmp):
        os.remove(tmp)
    rng = np.random.default_rng(side * 7919 + places)
    m_lat = 1 / 110_950.0
    m_lon = 1 / (111_320.0 * math.cos(math.radians(lat0 + side * BLOCK * m_lat / 2)))
    jitter = rng.uniform(-15, 15, (side, side, 2))
    corner_lat = lat0 + (np.arange(side)[:, None] * BLOCK + jitter[:, :, 0]) * m_lat
    corner_lon = lon0 + (np.arange(side)[None, :] * BLOCK + jitter[:, :, 1]) * m_lon
    writer = osmium.SimpleWriter(tmp)
    next_id = 1

    def corner_id(r: int, c: int) -> int:
        return 1 + r * side + c

    for r in range(side):
        for c in range(side):
            writer.add_node(osmium.osm.mutable.Node(
                id=corner_id(r, c), version=1, location=(float(corner_lon[r, c]), float(corner_lat[r, c]))))
    next_id = side * side + 1
    # Shape nodes of each block side: horizontal (r, c)->(r, c+1) and vertical (r, c)->(r+1, c).
    shape_ids = {}
    for direction in (0, 1):
        for r in range(side - direction):
            for c in range(side - 1 + direction):
                r2, c2 = (r, c + 1) if direction == 0 else (r + 1, c)
                ids = []
                for k in range(1, SHAPE + 1):
                    t = k / (SHAPE + 1)
                    la = corner_lat[r, c] + t * (corner_lat[r2, c2] - corner_lat[r, c])
                    lo = corner_lon[r, c] + t * (corner_lon[r2, c2] - corner_lon[r, c])
                    writer.add_node(osmium.osm.mutable.Node(id=next_id, version=1, location=(float(lo), float(la))))
                    ids.append(next_id)
                    next_id += 1
                shape_ids[(direction, r, c)] = ids
    # Toilets near random corners.
    first_place = next_id
    pr = rng.integers(0, side, places)
    pc = rng.integers(0, side, places)
    off = rng.uniform(-40, 40, (places, 2))
    for i in range(places):
        la = corner_lat[pr[i], pc[i]] + off[i, 0] * m_lat
        lo = corner_lon[pr[i], pc[i]] + off[i, 1] * m_lon
        writer.add_node(osmium.osm.mutable.Node(
            id=next_id, version=1, location=(float(lo), float(la)),
            tags={"amenity": "toilets", "name": f"公廁 {i + 1}"}))
        next_id += 1
    missing = rng.random((2, side, side)) < 0.08
    way_id = 1

    def river_between(r: int) -> bool:  # the river runs between row r and r + 1
        return r % RIVER_EVERY == RIVER_EVERY - 1

    for direction in (0, 1):
        lines = range(side)
        for line in lines:
            # One street (direction 0: row `line`, west-east) or avenue (1: column `line`, south-north).
            steps = side - 1
            refs: list[int] = []
            blocks = 0

            def flush() -> None:
                nonlocal refs, blocks, way_id
                if len(refs) > 1:
                    if direction == 0:
                        tags = {"highway": "residential" if line % 5 else "secondary", "name": f"Street {line + 1}"}
                    else:
                        kind = "footway" if line % 9 == 4 else ("steps" if line % 97 == 50 else "residential")
                        tags = {"highway": kind, "name": f"Avenue {line + 1}"}
                    writer.add_way(osmium.osm.mutable.Way(id=way_id, version=1, nodes=refs, tags=tags))
                    way_id += 1
                refs = []
                blocks = 0

            for s in range(steps):
                r, c = (line, s) if direction == 0 else (s, line)
                cut = missing[direction, r, c] or (direction == 1 and river_between(s) and line % BRIDGE_EVERY != 0)
                if cut:
                    flush()
                    continue
                a = corner_id(r, c)
                b = corner_id(r, c + 1) if direction == 0 else corner_id(r + 1, c)
                if not refs:
                    refs = [a]
                refs += shape_ids[(direction, r, c)] + [b]
                blocks += 1
                if blocks == 10:
                    flush()
            flush()
    # Motorways beside each river: long, straight, not walkable, sharing no node with the streets.
    for r in range(RIVER_EVERY - 1, side - 1, RIVER_EVERY):
        refs = []
        for c in range(0, side, 5):
            writer.add_node(osmium.osm.mutable.Node(
                id=next_id, version=1, location=(float(corner_lon[r, c]), float(corner_lat[r, c] + 50 * m_lat))))
            refs.append(next_id)
            next_id += 1
        writer.add_way(osmium.osm.mutable.Way(id=way_id, version=1, nodes=refs, tags={"highway": "motorway"}))
        way_id += 1
    writer.close()
    os.replace(tmp, path)
    print(f"generate_walk: {path}: {next_id - 1} nodes, {way_id - 1} ways, first place id {first_place}",
          file=sys.stderr)
    return path


if __name__ == "__main__":
    print(write_city(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
