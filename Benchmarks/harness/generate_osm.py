"""A Taiwan-size OpenStreetMap extract for the `osm` benchmark, written with pyosmium.

Nodes are spread over Taiwan's bounding box with sorted ids; each way uses a short run of nearby
node ids (real extracts have that locality: a way's nodes were mostly created together); some
ways are closed (buildings, parks, toilets), and a few thousand multipolygon relations gather
closed ways. About one node in 2,000 and one way in 1,000 is amenity=toilets, so the selection
the benchmark reads is a realistic few tens of thousands of places. Deterministic for a size.
Cached: the file is written once per size into the data folder (gitignored), never committed.
"""

from __future__ import annotations

import os
import sys

import numpy as np
import osmium


def write_extract(folder: str, nodes: int, ways: int, relations: int | None = None) -> str:
    relations = relations if relations is not None else max(1, ways // 200)
    path = os.path.join(folder, f"taiwan-like-{nodes}n-{ways}w.osm.pbf")
    if os.path.exists(path):
        return path
    os.makedirs(folder, exist_ok=True)
    tmp = path + ".partial.osm.pbf"
    if os.path.exists(tmp):
        os.remove(tmp)
    rng = np.random.default_rng(nodes * 31 + ways)
    lat = rng.uniform(21.9, 25.3, nodes)
    lon = rng.uniform(120.0, 122.0, nodes)
    writer = osmium.SimpleWriter(tmp)
    node_tags = {
        0: {"amenity": "toilets", "wheelchair": "yes"},
        1: {"amenity": "toilets", "fee": "no", "name": "公廁"},
        2: {"shop": "convenience", "name": "7-ELEVEN"},
        3: {"highway": "crossing"},
        4: {"amenity": "drinking_water"},
    }
    tag_kind = rng.integers(0, 2000, nodes)
    try:
        for i in range(nodes):
            kind = int(tag_kind[i])
            tags = node_tags.get(kind, {}) if kind < 5 else ({"highway": "street_lamp"} if kind < 60 else {})
            writer.add_node(osmium.osm.mutable.Node(
                id=i + 1, version=1, location=(float(lon[i]), float(lat[i])), tags=tags))
        way_kind = rng.integers(0, 1000, ways)
        lengths = rng.integers(2, 12, ways)
        for w in range(ways):
            start = (w * (nodes // max(1, ways))) % max(1, nodes - 16) + 1
            kind = int(way_kind[w])
            if kind < 200:
                refs = [start, start + 1, start + 2, start + 3, start]
                tags = {"building": "yes"} if kind > 1 else {"amenity": "toilets", "building": "yes"}
                if kind == 1:
                    tags["name"] = "公共廁所"
            else:
                refs = list(range(start, start + int(lengths[w])))
                tags = {"highway": "residential" if kind < 900 else "footway", "name": f"路{w % 997}"}
            writer.add_way(osmium.osm.mutable.Way(id=w + 1, version=1, nodes=refs, tags=tags))
        for r in range(relations):
            members = [("w", r * 5 + k + 1, "outer" if k == 0 else "inner") for k in range(2)]
            tags = {"type": "multipolygon", "leisure": "park"} if r % 10 else {
                "type": "multipolygon", "amenity": "toilets"}
            writer.add_relation(osmium.osm.mutable.Relation(id=r + 1, version=1, members=members, tags=tags))
    finally:
        writer.close()
    os.replace(tmp, path)
    return path


if __name__ == "__main__":
    folder, nodes, ways = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    print(write_extract(folder, nodes, ways))
