"""Reading an OpenStreetMap extract into a dataset, beside osmium and pyosmium (issue 20).

The same Taiwan-size extract (harness/generate_osm.py: 40 M nodes, 4 M ways by default) and the
same tag, three ways:
  - Nearby: `nearby refresh ID --force` of a dataset `datasets add ID --osm FILE --select TAG`
    made it: the extract copied into the cache and hashed, the selection, the node positions of
    the selected ways and relations, the place archive, outlines and provenance written;
  - osmium-tool (C++, libosmium): `osmium tags-filter FILE TAG -o OUT.osm.pbf`, which also reads
    the file twice to add the nodes the selected ways use (the highest anchor);
  - pyosmium: a SimpleHandler with node locations (`apply_file(locations=True)`), keeping each
    selected node at its position and each selected way at the mean of its nodes.
Wall time and peak memory (GNU time's maxrss) per run; the best of --repeat runs is compared.
Targets: Nearby within 2x of osmium tags-filter, and at least 10x pyosmium; peak memory at most
1.5 GB.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import generate_osm  # noqa: E402

PYOSMIUM = r'''
import sys, osmium
key, value = sys.argv[2].split("=", 1)
class Places(osmium.SimpleHandler):
    def __init__(self):
        super().__init__()
        self.places = []
    def node(self, n):
        if n.tags.get(key) == value or (value == "*" and key in n.tags):
            self.places.append((n.id, n.location.lat, n.location.lon))
    def way(self, w):
        if w.tags.get(key) == value or (value == "*" and key in w.tags):
            points = [(r.location.lat, r.location.lon) for r in w.nodes if r.location.valid()]
            if points:
                self.places.append((w.id, sum(p[0] for p in points) / len(points),
                                    sum(p[1] for p in points) / len(points)))
h = Places()
h.apply_file(sys.argv[1], locations=True, idx="flex_mem")
print(len(h.places))
'''


def timed(cmd: list[str], env: dict | None = None) -> tuple[float, int, str]:
    """Wall seconds, peak KiB (GNU time) and stdout of one run."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as out:
        start = time.perf_counter()
        p = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out.name] + cmd, capture_output=True, text=True,
                           env=env)
        wall = time.perf_counter() - start
        if p.returncode != 0:
            raise SystemExit(f"{cmd[0]} failed ({p.returncode}): {p.stderr.strip()[-400:]}")
        peak = int(out.read().strip().splitlines()[-1])
    return wall, peak, p.stdout


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True, help="the nearby binary")
    ap.add_argument("--data", required=True)
    ap.add_argument("--nodes", type=int, default=40_000_000)
    ap.add_argument("--ways", type=int, default=4_000_000)
    ap.add_argument("--tag", default="amenity=toilets")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    osmium_tool = shutil.which("osmium")
    extract = generate_osm.write_extract(os.path.join(args.data, "osm"), args.nodes, args.ways)
    size_mb = os.path.getsize(extract) / 1e6
    work = tempfile.mkdtemp(prefix="nearby-osm-bench-")
    env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(work, "config"),
               NEARBY_CACHE_DIR=os.path.join(work, "cache"), LANG="C.UTF-8")
    subprocess.run([args.bin, "datasets", "add", "bench", "--osm", extract, "--select", args.tag],
                   check=True, capture_output=True, env=env)
    rows = {"nearby": [], "osmium": [], "pyosmium": []}
    records = None
    for _ in range(args.repeat):
        wall, peak, out = timed([args.bin, "refresh", "bench", "--force"], env)
        rows["nearby"].append((wall, peak))
        records = out.strip()
        if osmium_tool:
            target = os.path.join(work, "out.osm.pbf")
            rows["osmium"].append(timed([osmium_tool, "tags-filter", extract, args.tag, "-o", target,
                                         "--overwrite"])[:2])
    # pyosmium once: it is the slowest by far.
    wall, peak, out = timed([sys.executable, "-c", PYOSMIUM, extract, args.tag])
    rows["pyosmium"].append((wall, peak))
    py_places = out.strip()
    shutil.rmtree(work, ignore_errors=True)

    best = {k: min(v) if v else None for k, v in rows.items()}
    nearby_s = best["nearby"][0]
    lines = [
        f"OSM extract into a dataset: {os.path.basename(extract)} ({size_mb:.0f} MB, {args.nodes:,} nodes, "
        f"{args.ways:,} ways), `{args.tag}`; best of {args.repeat} (pyosmium: one run)",
        "",
        "| tool | wall s (runs) | peak MB |",
        "|---|---|---:|",
    ]
    for name, values in rows.items():
        if values:
            walls = ", ".join(f"{w:.2f}" for w, _ in values)
            lines.append(f"| {name} | {walls} | {min(p for _, p in values) / 1024:.0f} |")
    lines.append("")
    lines.append(f"nearby: {records}; pyosmium kept {py_places} places (nodes and ways; no relations)")
    verdicts = []
    if best["osmium"]:
        ratio = nearby_s / best["osmium"][0]
        verdicts.append(f"nearby / osmium tags-filter = {ratio:.2f} (target <= 2): {'PASS' if ratio <= 2 else 'FAIL'}")
    ratio = best["pyosmium"][0] / nearby_s
    verdicts.append(f"pyosmium / nearby = {ratio:.1f}x (target >= 10x): {'PASS' if ratio >= 10 else 'FAIL'}")
    peak_mb = best["nearby"][1] / 1024
    verdicts.append(f"nearby peak {peak_mb:.0f} MB (target <= 1536 MB): {'PASS' if peak_mb <= 1536 else 'FAIL'}")
    lines += [""] + verdicts
    text = "\n".join(lines) + "\n"
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    return 0 if all("PASS" in v for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
