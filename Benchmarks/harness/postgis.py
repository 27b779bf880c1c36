"""Places in PostGIS beside the mapped archive (issue 11): `Benchmarks/run --only postgis`.

1. Generates (or reuses) the N-POI feed the index benchmark uses and its queries, and refreshes it
   into a cache (`nearby refresh`, not timed; the one-shot benchmark's folders, so a cache it
   built is reused).
2. Starts a throw-away PostgreSQL + PostGIS cluster (`.ci/postgres start`, its own state file;
   stopped at the end). Without PostgreSQL it says so in one sentence and measures nothing.
3. Times `nearby publish` of the dataset into it (places per second; peak memory with GNU time).
4. Times k = 10 queries one at a time, in process (`nearby-bench postgis`): PostGIS exact
   (`PostgisPlaceSource`) beside the mapped archive, checking that every answer agrees.
5. For context, plain PostGIS (`ORDER BY position <-> point LIMIT 10`, sphere order, not exact):
   server execution time from `EXPLAIN ANALYZE` through psql, and how often that order differs
   from the exact one.
Writes <data>/postgis.md (and postgis.json); exit 1 when something failed or an answer disagreed.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

import generate
import manifest
from procs import TimedRunner, ToolError, run_checked, run_json

HERE = os.path.dirname(os.path.abspath(__file__))


def psql_binary() -> str | None:
    found = shutil.which("psql")
    if found:
        return found
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/psql"))
    return candidates[-1] if candidates else None


def postgres_installed() -> bool:
    return bool(shutil.which("initdb") or glob.glob("/usr/lib/postgresql/*/bin/initdb"))


def cluster(root: str, state: str, action: str) -> str:
    env = dict(os.environ, NEARBY_PG_STATE=state)
    p = subprocess.run(["bash", os.path.join(root, ".ci", "postgres"), action], capture_output=True,
                       text=True, env=env, timeout=300)
    if p.returncode != 0:
        raise ToolError(f".ci/postgres {action} failed: {p.stderr.strip()[-300:]}")
    return p.stdout.strip()


def scrub(text: str, url: str) -> str:
    """The text without the URL's password (the throw-away cluster's, but never printed)."""
    m = re.match(r"postgres(?:ql)?://[^:@/]*:([^@/]+)@", url)
    return text.replace(m.group(1), "***") if m else text


def sql_point(lat: float, lon: float) -> str:
    return f"ST_SetSRID(ST_MakePoint({lon!r}, {lat!r}), 4326)::geography"


def plain_postgis(psql: str, url: str, dataset: str, queries: list[tuple[float, float]], k: int):
    """Server execution times (ms) of the plain sphere query, and its answers (ordinals)."""
    explain, select = [], []
    for lat, lon in queries:
        body = (f"FROM nearby.places WHERE dataset = '{dataset}' "
                f"ORDER BY position <-> {sql_point(lat, lon)} LIMIT {k}")
        explain.append(f"EXPLAIN (ANALYZE, BUFFERS OFF) SELECT ordinal {body};")
        select.append(f"SELECT string_agg(ordinal::text, ',') FROM (SELECT ordinal {body}) s;")
    # One warm-up pass, then the measured one.
    script = "\n".join(explain)
    run_checked([psql, url, "-X", "-q", "-At", "-c", script.split("\n")[0]], "psql warm-up")
    out = subprocess.run([psql, url, "-X", "-q", "-At", "-f", "-"], input=script, capture_output=True,
                         text=True, timeout=1800)
    if out.returncode != 0:
        raise ToolError(f"psql EXPLAIN ANALYZE failed: {out.stderr.strip()[-300:]}")
    times = [float(m) for m in re.findall(r"Execution Time: ([0-9.]+) ms", out.stdout)]
    uses_index = "Index Scan" in out.stdout
    out = subprocess.run([psql, url, "-X", "-q", "-At", "-f", "-"], input="\n".join(select),
                         capture_output=True, text=True, timeout=1800)
    if out.returncode != 0:
        raise ToolError(f"psql SELECT failed: {out.stderr.strip()[-300:]}")
    answers = [[int(x) for x in line.split(",") if x] for line in out.stdout.splitlines()]
    return times, answers, uses_index


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", required=True, help="folder with nearby and nearby-bench")
    ap.add_argument("--data", required=True)
    ap.add_argument("--root", required=True, help="the package root (for .ci/postgres)")
    ap.add_argument("--size", default="1m", help="places (5k, 100k, 1m)")
    ap.add_argument("--queries", type=int, default=2000, help="k = 10 queries, one at a time")
    ap.add_argument("--plain", type=int, default=500, help="of them, asked as plain PostGIS too")
    ap.add_argument("--repeat", type=int, default=3, help="rounds of the queries (the first warms up)")
    ap.add_argument("--k", type=int, default=10)
    ap.add_argument("--out", default="")
    a = ap.parse_args()

    if not postgres_installed():
        print("note: PostgreSQL is not installed (apt-get install postgresql-15 postgresql-15-postgis-3): "
              "the PostGIS benchmark was skipped", file=sys.stderr)
        return 0
    nearby = os.path.join(a.bin, "nearby")
    bench = os.path.join(a.bin, "nearby-bench")
    n = generate.parse_size(a.size)
    label = generate.size_label(n)
    os.makedirs(a.data, exist_ok=True)
    work = os.path.join(a.data, "work")
    datasets, mirror, cache = (os.path.join(work, d) for d in ("datasets", "mirror", "cache"))
    ds = f"bench-{label}"
    print(f"== postgis {label}: generating the feed and {a.queries} queries", file=sys.stderr)
    paths = generate.write_pois(a.data, n)
    queries_path = generate.write_queries(a.data, n, a.queries)
    manifest.write_dataset(ds, label, paths["feed"], datasets, mirror)
    print(f"== postgis {label}: nearby refresh (not timed)", file=sys.stderr)
    run_checked([nearby, "refresh", ds, "--datasets", datasets, "--from", mirror, "--cache-dir", cache],
                "nearby refresh", timeout=3600)
    state = os.path.join(work, "postgis.state")
    url = cluster(a.root, state, "start")
    results: dict = {"size": label, "places": n, "queries": a.queries, "k": a.k}
    errors: list[str] = []
    timer = TimedRunner()
    try:
        print(f"== postgis {label}: nearby publish", file=sys.stderr)
        wall, peak, _ = timer.run([nearby, "publish", ds, "--to", url, "--datasets", datasets,
                                   "--from", mirror, "--cache-dir", cache, "--offline"], "nearby publish")
        results.update(publish_s=wall, publish_rate=n / wall, publish_peak_kb=peak)
        print(f"== postgis {label}: {a.repeat} rounds of {a.queries} k={a.k} queries in process",
              file=sys.stderr)
        answers_path = os.path.join(work, f"postgis-answers-{label}.json")
        measured = run_json([bench, "postgis", "--url", url, "--datasets", datasets, "--cache-dir", cache,
                             "--dataset", ds, "--queries", queries_path, "--k", str(a.k), "--repeat",
                             str(a.repeat), "--answers", answers_path], "nearby-bench postgis")
        results.update(measured)
        if measured.get("disagreements", 1) != 0:
            errors.append(f"PostGIS (exact) and the archive disagreed on {measured.get('disagreements')} "
                          f"of {measured.get('queries')} queries")
        psql = psql_binary()
        if psql:
            with open(queries_path) as f:
                rows = [line.strip().split(",") for line in f.readlines()[1:] if line.strip()]
            sample = [(float(r[0]), float(r[1])) for r in rows[: a.plain]]
            times, plain, uses_index = plain_postgis(psql, url, ds, sample, a.k)
            with open(answers_path) as f:
                exact = json.load(f)[: len(plain)]
            differ = sum(1 for p, e in zip(plain, exact) if p != e)
            results.update(plain_ms=statistics.median(times) if times else None, plain_count=len(times),
                           plain_differ=differ, plain_index=uses_index)
        else:
            print("note: psql not found: plain PostGIS not measured", file=sys.stderr)
    except ToolError as e:
        errors.append(scrub(str(e), url))
    finally:
        timer.close()
        try:
            cluster(a.root, state, "stop")
        except ToolError as e:
            errors.append(str(e))

    lines = [f"Places in PostGIS beside the mapped archive — {time.strftime('%Y-%m-%d')}, "
             f"{os.cpu_count()} CPUs; {label} places, k = {a.k}.", "",
             "| work | figure |", "|---|---|"]
    if "publish_s" in results:
        peak = results.get("publish_peak_kb")
        lines.append(f"| `nearby publish` {label} places | {results['publish_s']:.1f} s, "
                     f"{results['publish_rate'] / 1e3:.1f} k places/s"
                     + (f", peak {peak / 1024:.0f} MB" if peak else "") + " |")
    if "archive_us" in results:
        lines.append(f"| k = {a.k}, mapped archive (exact), one query at a time | "
                     f"{results['archive_us']:.1f} µs median, {results['archive_p95_us']:.1f} µs p95 |")
        lines.append(f"| k = {a.k}, PostGIS exact (`PostgisPlaceSource`, in process), one at a time | "
                     f"{results['postgis_us']:.0f} µs median, {results['postgis_p95_us']:.0f} µs p95 |")
        lines.append(f"| opening the published dataset (connect, snapshot, is it published) | "
                     f"{results['open_ms']:.1f} ms |")
        lines.append(f"| agreement, PostGIS exact = archive | {results['queries'] - results['disagreements']}"
                     f" of {results['queries']} queries |")
    if results.get("plain_ms") is not None:
        lines.append(f"| plain PostGIS `ORDER BY position <-> point LIMIT {a.k}` (sphere; server "
                     f"execution time, EXPLAIN ANALYZE{', GiST index scan' if results['plain_index'] else ''}) | "
                     f"{results['plain_ms'] * 1e3:.0f} µs median of {results['plain_count']} |")
        lines.append(f"| plain sphere answer ≠ exact answer (order or membership) | "
                     f"{results['plain_differ']} of {results['plain_count']} queries |")
    text = "\n".join(lines)
    print("\n" + text)
    out = a.out or os.path.join(a.data, "postgis.md")
    with open(out, "w") as f:
        f.write(text + "\n")
    with open(os.path.splitext(out)[0] + ".json", "w") as f:
        json.dump({"results": results, "errors": errors}, f, default=str)
    for e in errors:
        print("ERROR: " + e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
