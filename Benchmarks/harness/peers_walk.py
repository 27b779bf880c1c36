"""Nearest by walking, beside the routing peers (issue 21): `Benchmarks/run --only walk`.

1. Generates (cached) a city of blocks with ~1 M walkable nodes and 10,000 toilets
   (generate_walk.py) and a "Taiwan-size" one (~4.4 M nodes; --taiwan-side 0 skips it).
2. Builds each walking network with `nearby streets import` (wall time, peak memory), beside
   `osmium fileinfo -e` reading the same file (osmium-tool's full read, the floor of any reader).
3. In process, on the 1 M-node network: the k = 5 nearest of 10,000 places by walking from each
   query point (`nearby-bench walk`: exact, what `--walk` answers) and routes of 1-5 km, beside
   - igraph (`Graph.distances`, Dijkstra, C): one-to-many from the start to the places' nodes;
   - RoutingKit CCH (`routingkit-cch`, C++): customisable contraction hierarchy, integer
     millimetres; one-to-many pinned to the places' nodes, and point-to-point; its preprocessing
     and customisation timed apart;
   - pgRouting (`pgr_dijkstraCost` / `pgr_dijkstra` on the network `nearby publish streets`
     wrote), with the edges SQL limited to a box around the query, as a pgRouting user would;
     server time from psql's \\timing, fewer queries (it is slow).
   Places and query points are network nodes, so every peer answers the same question; each
   Nearby answer is compared with igraph's to 1 mm (and CCH's to its millimetre rounding).
4. One-shot processes: `nearby DATASET --at P --walk --limit 5` (the toilets of the extract as a
   dataset), median wall over random points, on both networks.
Writes <data>/walk.md; exit 1 when an answer disagreed or a tool failed.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import generate_walk
from procs import TimedRunner, ToolError, run_checked, run_json

HERE = os.path.dirname(os.path.abspath(__file__))


def haversine(a, b) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371008.8 * math.asin(math.sqrt(h))


def import_network(runner: TimedRunner, nearby: str, extract: str, cache: str) -> tuple[str, float, int | None]:
    name = os.path.basename(extract).split(".")[0]
    path = os.path.join(cache, "streets", f"{name}.nbywalk")
    env = dict(os.environ, NEARBY_CACHE_DIR=cache)
    wall, peak, _ = runner.run([nearby, "streets", "import", extract], "nearby streets import", env=env)
    return path, wall, peak


def median_ms(values) -> float:
    return statistics.median(values) * 1000 if values else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--side", type=int, default=333)
    ap.add_argument("--taiwan-side", type=int, default=700)
    ap.add_argument("--places", type=int, default=10_000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--routes", type=int, default=200)
    ap.add_argument("--pg-queries", type=int, default=20)
    ap.add_argument("--oneshots", type=int, default=20)
    a = ap.parse_args()
    nearby = os.path.join(a.bin, "nearby")
    bench = os.path.join(a.bin, "nearby-bench")
    folder = os.path.join(a.data, "walk")
    os.makedirs(folder, exist_ok=True)
    runner = TimedRunner()
    lines: list[str] = []
    verdicts: list[str] = []
    failed = False

    # 1-2. Extracts and networks.
    sizes = [("city", a.side)] + ([("Taiwan-size", a.taiwan_side)] if a.taiwan_side > 0 else [])
    built = {}
    build_rows = []
    for label, side in sizes:
        extract = generate_walk.write_city(folder, side, a.places)
        cache = os.path.join(folder, f"cache-{side}")
        shutil.rmtree(cache, ignore_errors=True)
        network, wall, peak = import_network(runner, nearby, extract, cache)
        o_wall, o_peak = float("nan"), None
        if shutil.which("osmium"):
            o_wall, o_peak, _ = runner.run(["osmium", "fileinfo", "-e", extract], "osmium fileinfo")
        info = run_json([bench, "walk-export", "--network", network, "--out", os.path.join(folder, f"arrays-{side}")],
                        "walk-export") if label == "city" else None
        built[label] = (extract, cache, network, info)
        build_rows.append((label, side, os.path.getsize(extract), wall, peak, o_wall, o_peak))

    # 3. In process, on the city network.
    extract, cache, network, info = built["city"]
    arrays = os.path.join(folder, f"arrays-{a.side}")
    nodes = np.fromfile(os.path.join(arrays, "nodes.f64"), dtype="<f8").reshape(-1, 2)
    edges = np.fromfile(os.path.join(arrays, "edges.u32"), dtype="<u4").reshape(-1, 2)
    lengths = np.fromfile(os.path.join(arrays, "lengths.f64"), dtype="<f8")
    n = len(nodes)
    rng = np.random.default_rng(21)
    place_nodes = rng.choice(n, a.places, replace=False)
    query_nodes = rng.choice(n, a.queries, replace=False)
    pairs = []
    while len(pairs) < a.routes:
        u, v = rng.integers(0, n, 2)
        d = haversine(nodes[u], nodes[v])
        if 1000 <= d <= 5000:
            pairs.append((int(u), int(v)))
    work = tempfile.mkdtemp(prefix="nearby-walk-bench-")
    nodes[place_nodes].astype("<f8").tofile(os.path.join(work, "places.f64"))
    nodes[query_nodes].astype("<f8").tofile(os.path.join(work, "queries.f64"))
    nodes[np.array(pairs).reshape(-1)].astype("<f8").tofile(os.path.join(work, "routes.f64"))
    answers_path = os.path.join(work, "answers.json")
    ours = run_json([bench, "walk", "--network", network, "--places", os.path.join(work, "places.f64"),
                     "--queries", os.path.join(work, "queries.f64"), "--routes", os.path.join(work, "routes.f64"),
                     "--k", "5", "--answers", answers_path], "nearby-bench walk")
    with open(answers_path) as f:
        answers = json.load(f)

    forward = edges[:, 0] < edges[:, 1]
    und = edges[forward]
    und_len = lengths[forward]
    peers = {}
    try:
        import igraph
        g = igraph.Graph(n=n, edges=und.tolist(), directed=False)
        g.es["w"] = und_len.tolist()
        targets = place_nodes.tolist()
        knn_t, bad = [], 0
        for qi, q in enumerate(query_nodes.tolist()):
            t0 = time.perf_counter()
            d = g.distances(source=q, target=targets, weights="w")[0]
            best = sorted(x for x in d if math.isfinite(x))[:5]
            knn_t.append(time.perf_counter() - t0)
            mine = [x[1] for x in answers["knn"][qi]]
            if len(mine) != len(best) or any(abs(x - y) > 0.001 for x, y in zip(mine, best)):
                bad += 1
        route_t, rbad = [], 0
        for ri, (u, v) in enumerate(pairs):
            t0 = time.perf_counter()
            d = g.distances(source=u, target=v, weights="w")[0][0]
            route_t.append(time.perf_counter() - t0)
            mine = answers["routes"][ri]
            if not (math.isinf(d) and mine < 0) and abs(d - mine) > 0.001:
                rbad += 1
        peers["igraph"] = (median_ms(knn_t), median_ms(route_t))
        lines.append(f"- igraph {igraph.__version__}: answers differing from Nearby's by more than 1 mm: "
                     f"{bad} of {len(knn_t)} k-NN queries, {rbad} of {len(route_t)} routes")
        failed |= bad > 0 or rbad > 0
    except ImportError:
        lines.append("- igraph not installed: not measured")

    try:
        import routingkit_cch as rk
        tail = und[:, 0].tolist() + und[:, 1].tolist()
        head = und[:, 1].tolist() + und[:, 0].tolist()
        weights = np.rint(np.concatenate([und_len, und_len]) * 1000).astype(np.int64).tolist()
        t0 = time.perf_counter()
        order = rk.compute_order_inertial(n, tail, head, nodes[:, 0].tolist(), nodes[:, 1].tolist())
        cch = rk.CCH(order, tail, head, False)
        prep = time.perf_counter() - t0
        t0 = time.perf_counter()
        metric = rk.CCHMetric(cch, weights)
        custom = time.perf_counter() - t0
        many = rk.CCHOneToMany(metric, place_nodes.tolist())
        knn_t, bad = [], 0
        for qi, q in enumerate(query_nodes.tolist()):
            t0 = time.perf_counter()
            d = many.distances_from(q)
            best = sorted(x for x in d if x is not None)[:5]
            knn_t.append(time.perf_counter() - t0)
            mine = [x[1] for x in answers["knn"][qi]]
            # Integer millimetres per edge: the sum may differ by half a millimetre per edge.
            if len(mine) != len(best) or any(abs(x - y / 1000) > 0.5 for x, y in zip(mine, best)):
                bad += 1
        query = rk.CCHQuery(metric)
        route_t = []
        for u, v in pairs:
            t0 = time.perf_counter()
            query.run(u, v).distance
            route_t.append(time.perf_counter() - t0)
        peers["RoutingKit CCH"] = (median_ms(knn_t), median_ms(route_t))
        lines.append(f"- RoutingKit CCH (routingkit-cch): preprocessing {prep:.1f} s (inertial order), "
                     f"customisation {custom:.1f} s; k-NN answers off by more than 0.5 m: {bad} of {len(knn_t)}")
        failed |= bad > 0
    except ImportError:
        lines.append("- routingkit-cch not installed: not measured")

    pg = pgrouting(a, nearby, cache, nodes, place_nodes, query_nodes, pairs, answers, lines)
    if pg:
        peers["pgRouting"] = pg
    shutil.rmtree(work, ignore_errors=True)

    # 4. One-shot processes.
    oneshot_rows = []
    for label, side in sizes:
        extract, cache, network, _ = built[label]
        datasets = os.path.join(folder, f"datasets-{side}")
        shutil.rmtree(datasets, ignore_errors=True)
        env = dict(os.environ, NEARBY_CACHE_DIR=cache, NEARBY_DATASETS=datasets)
        run_checked([nearby, "datasets", "add", "citytoilets", "--osm", extract, "--select", "amenity=toilets",
                     "--datasets", datasets], "datasets add")
        subprocess.run([nearby, "refresh", "citytoilets"], env=env, capture_output=True, check=True)
        walls = []
        prng = np.random.default_rng(side)
        lat0, lon0 = 23.0, 120.3
        span_lat = side * 100 / 110_950.0
        span_lon = side * 100 / (111_320.0 * math.cos(math.radians(lat0 + span_lat / 2)))
        for _ in range(a.oneshots):
            p = f"{lat0 + prng.uniform(0.1, 0.9) * span_lat:.6f},{lon0 + prng.uniform(0.1, 0.9) * span_lon:.6f}"
            wall, _, out = runner.run([nearby, "citytoilets", "--at", p, "--walk", "--limit", "5"], "one-shot",
                                      env=env)
            walls.append(wall)
        floor = runner.floor()
        oneshot_rows.append((label, side, median_ms(walls), floor * 1000))
    runner.close()

    # Report.
    out = ["## Nearest by walking (`Benchmarks/run --only walk`)", ""]
    out.append("Network build (`nearby streets import`) beside osmium-tool reading the same file "
               "(`osmium fileinfo -e`):")
    out.append("")
    out.append("| network | extract | nearby streets import | peak | osmium fileinfo -e | peak |")
    out.append("|---|---|---|---|---|---|")
    for label, side, size, wall, peak, o_wall, o_peak in build_rows:
        out.append(f"| {label} ({side}x{side} blocks) | {size / 1e6:.0f} MB | {wall:.2f} s | "
                   f"{(peak or 0) / 1024:.0f} MB | {o_wall:.2f} s | {(o_peak or 0) / 1024:.0f} MB |")
    out.append("")
    out.append(f"In process on the city network ({info['nodes']:,} nodes): k = 5 nearest of {a.places:,} places "
               f"by walking, median of {len(query_nodes)} queries; routes of 1-5 km, median of {len(pairs)}:")
    out.append("")
    out.append("| tool | k = 5 nearest, per query | route, per query |")
    out.append("|---|---|---|")
    out.append(f"| Nearby (exact, `nearby-bench walk`) | {ours['knn_median_s'] * 1000:.2f} ms | "
               f"{ours['route_median_s'] * 1000:.2f} ms |")
    for name, (k_ms, r_ms) in peers.items():
        out.append(f"| {name} | {k_ms:.2f} ms | {r_ms:.2f} ms |")
    out.append("")
    out += lines
    out.append("")
    out.append("One-shot process `nearby citytoilets --at P --walk --limit 5` (random points, median; "
               "the process floor is `true` through the same path):")
    out.append("")
    out.append("| network | one-shot | process floor |")
    out.append("|---|---|---|")
    for label, side, ms, floor in oneshot_rows:
        out.append(f"| {label} ({side}x{side} blocks) | {ms:.1f} ms | {floor:.1f} ms |")
    for label, side, ms, _ in oneshot_rows:
        target = 30 if label == "city" else 50
        verdicts.append(f"one-shot on the {label} network {ms:.1f} ms (target <= {target} ms): "
                        f"{'PASS' if ms <= target else 'FAIL'}")
    mine_k, mine_r = ours["knn_median_s"] * 1000, ours["route_median_s"] * 1000
    for name in ("pgRouting", "igraph"):
        if name in peers:
            k_ms, r_ms = peers[name]
            verdicts.append(f"{name} / Nearby: k-NN {k_ms / mine_k:.1f}x, routes {r_ms / mine_r:.1f}x "
                            f"(target >= 10x): {'PASS' if min(k_ms / mine_k, r_ms / mine_r) >= 10 else 'FAIL'}")
    if "RoutingKit CCH" in peers:
        r_ms = peers["RoutingKit CCH"][1]
        verdicts.append(f"Nearby / RoutingKit CCH on routes: {mine_r / r_ms:.1f}x (target <= 2x): "
                        f"{'PASS' if mine_r / r_ms <= 2 else 'FAIL'}")
    out.append("")
    out += [f"- {v}" for v in verdicts]
    text = "\n".join(out) + "\n"
    with open(os.path.join(a.data, "walk.md"), "w") as f:
        f.write(text)
    print(text)
    return 1 if failed else 0


def pgrouting(a, nearby, cache, nodes, place_nodes, query_nodes, pairs, answers, lines):
    import postgis
    if not postgis.postgres_installed():
        lines.append("- pgRouting: PostgreSQL not installed: not measured")
        return None
    psql = postgis.psql_binary()
    state = os.path.join(a.data, "walk-pg-state")
    url = postgis.cluster(a.root, state, "start")
    try:
        env = dict(os.environ, NEARBY_CACHE_DIR=cache)
        t0 = time.perf_counter()
        subprocess.run([nearby, "publish", "streets", "--to", url], env=env, capture_output=True, check=True)
        publish = time.perf_counter() - t0
        subprocess.run([psql, url, "-X", "-q", "-c", "CREATE EXTENSION IF NOT EXISTS pgrouting",
                        "-c", "CREATE INDEX IF NOT EXISTS ways_geom ON nearby.ways USING gist (geom)",
                        "-c", "ANALYZE nearby.ways"], capture_output=True, check=True)

        def box(points, margin_m=1500):
            lats = [p[0] for p in points]
            lons = [p[1] for p in points]
            dl = margin_m / 110_950.0
            do = margin_m / (111_320.0 * math.cos(math.radians(lats[0])))
            return f"ST_MakeEnvelope({min(lons) - do}, {min(lats) - dl}, {max(lons) + do}, {max(lats) + dl}, 4326)"

        script = ["\\timing on"]
        count = min(a.pg_queries, len(query_nodes))
        targets = ",".join(str(int(x) + 1) for x in place_nodes)
        for q in query_nodes[:count]:
            edges = ("SELECT id, source, target, cost, reverse_cost FROM nearby.ways WHERE geom && "
                     + box([nodes[q]], 3000))
            script.append(f"SELECT agg_cost FROM pgr_dijkstraCost($${edges}$$, {int(q) + 1}, ARRAY[{targets}], "
                          "directed => false) ORDER BY agg_cost LIMIT 5;")
        for u, v in pairs[:count]:
            edges = ("SELECT id, source, target, cost, reverse_cost FROM nearby.ways WHERE geom && "
                     + box([nodes[u], nodes[v]]))
            script.append(f"SELECT max(agg_cost) FROM pgr_dijkstra($${edges}$$, {u + 1}, {v + 1}, directed => false);")
        p = subprocess.run([psql, url, "-X", "-q", "-At", "-f", "-"], input="\n".join(script), capture_output=True,
                           text=True, timeout=3600)
        if p.returncode != 0:
            raise ToolError(f"psql pgRouting failed: {p.stderr.strip()[-300:]}")
        times = [float(x) / 1000 for x in re.findall(r"^Time: ([0-9.]+) ms", p.stdout, re.M)]
        values = [ln for ln in p.stdout.splitlines() if ln and not ln.startswith("Time:")]
        knn_t, route_t = times[:count], times[count:2 * count]
        # Compare the routes (the k-NN rows are 5 per query).
        route_values = values[-count:]
        rbad = sum(1 for i, text in enumerate(route_values) if abs(float(text) - answers["routes"][i]) > 0.001)
        lines.append(f"- pgRouting: `nearby publish streets` {publish:.1f} s; edges SQL limited to a box 3 km "
                     f"around the start (k-NN) or 1.5 km around both ends (routes); {count} queries each; "
                     f"routes differing from Nearby's by more than 1 mm: {rbad} of {len(route_values)}")
        return (median_ms(knn_t), median_ms(route_t))
    finally:
        postgis.cluster(a.root, state, "stop")


if __name__ == "__main__":
    sys.exit(main())
