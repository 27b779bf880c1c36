"""The runs store measured: SQLite beside PostgreSQL (`Benchmarks/run --only store`).

    python store_bench.py --bin .build/release/nearby --data Benchmarks/data \
        [--runs 1000] [--points 3600] [--importers 1,2,4,8] [--repeat 3] [--queries 20]

1. Generates `--runs` distinct GPX runs (generate.write_store_runs: one fix a second around
   Taipei, each its own seed, start and start time) into <data>/store-runs-POINTS-v1/.
2. Starts a throw-away PostgreSQL + PostGIS with `.ci/postgres start` (its state file under
   <data>, so it never meets the tests' cluster), restarts it with PostgreSQL's own durable
   defaults (`.ci/postgres` turns fsync off for the tests), and stops it in a `finally`. Without
   PostgreSQL, SQLite alone is measured and the table says so. PostgreSQL is measured twice:
   as configured (every commit waits for its WAL on disk) and with `synchronous_commit = off`
   for the database (SQLite's promise in WAL mode with synchronous NORMAL: a crash may lose the
   last commits, never half of one); `--no-pg-async` skips the second.
3. Imports per second: `nearby runs import --db STORE FILES…` with 1 importer (all files, one
   process) and with K concurrent importer processes (disjoint shares `files[i::K]`, each led by
   the first `--overlap` of the next share, so two processes import those files at the same
   moment and duplicates race), into a fresh SQLite file and a fresh PostgreSQL database. Rounds
   alternate the order of the (store, K) cases. After every import the store must hold exactly
   the N runs, N distinct hashes and file names, and the importers must have reported N imports
   and every other file as already there, all exiting 0.
4. `nearby runs near --at LAT,LON --within 200m --all --format json --db STORE` for query points
   on routes and off them, over the two 1-importer stores of the last round: whole-process
   latency (the process-start floor printed and subtracted), and the two stores' answers must be
   the same. When the binary has no `runs near` the step is reported as "command missing".

Prints the tables and writes them to <data>/store.md, the raw numbers to <data>/store.json.
Exit status 0 when every command ran and every check passed, else 1.
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import multiprocessing
import os
import platform
import random
import sqlite3
import subprocess
import sys
import time

import generate
from procs import TimedRunner, ToolError, _tail
from report import fmt_time, median

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CLK_TCK = os.sysconf("SC_CLK_TCK")


def _write_one(args: tuple[str, int, int]) -> None:
    out, index, points = args
    seed, start, when = generate.store_run_spec(index)
    folder = os.path.join(out, f"store-runs-{points}-{generate.VERSION}")
    generate.write_gpx(out, points, path=os.path.join(folder, f"run-{index + 1:05d}.gpx"),
                       seed=seed, start=start, start_time=when, name=f"Store run {index + 1}")


def store_runs(out: str, count: int, points: int) -> list[str]:
    """The runs, written in parallel when missing (the same bytes as generate.write_store_runs)."""
    folder = os.path.join(out, f"store-runs-{points}-{generate.VERSION}")
    os.makedirs(folder, exist_ok=True)
    missing = [(out, i, points) for i in range(count)
               if not os.path.exists(os.path.join(folder, f"run-{i + 1:05d}.gpx"))]
    if missing:
        with multiprocessing.Pool(os.cpu_count() or 1) as pool:
            pool.map(_write_one, missing, chunksize=8)
    return generate.write_store_runs(out, count, points)  # every file exists now: only names


class Cluster:
    """The throw-away PostgreSQL of `.ci/postgres`, with the superuser reached over its socket."""

    def __init__(self, state: str) -> None:
        self.state = state
        self.env = dict(os.environ, NEARBY_PG_STATE=state)
        self.url = ""
        self.folder = ""
        self.port = ""
        self.bin = ""
        self.settings = ""

    def _owner(self) -> list[str]:
        return ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []

    def start(self) -> str:
        """Starts it; returns "" or the sentence saying why PostgreSQL is not measured."""
        p = subprocess.run(["bash", os.path.join(ROOT, ".ci", "postgres"), "start"],
                           capture_output=True, text=True, env=self.env)
        if p.returncode != 0:
            return f"PostgreSQL not measured: .ci/postgres start failed: {_tail(p.stderr)}"
        self.url = p.stdout.strip()
        with open(self.state) as f:
            self.folder = f.read().strip()
        with open(os.path.join(self.folder, "port")) as f:
            self.port = f.read().strip()
        for d in ["/usr/lib/postgresql/15/bin", *sorted(glob.glob("/usr/lib/postgresql/*/bin"))]:
            if os.access(os.path.join(d, "pg_ctl"), os.X_OK):
                self.bin = d
                break
        # .ci/postgres runs with fsync, synchronous_commit and full_page_writes off (fast tests);
        # a club's server keeps PostgreSQL's durable defaults, so measure those.
        opts = (f"-c listen_addresses=127.0.0.1 -c port={self.port}"
                f" -c unix_socket_directories={self.folder}")
        subprocess.run([*self._owner(), os.path.join(self.bin, "pg_ctl"), "-D",
                        os.path.join(self.folder, "data"), "-l",
                        os.path.join(self.folder, "server.log"), "-w", "-t", "60", "-m", "fast",
                        "restart", "-o", opts], check=True, capture_output=True)
        self.settings = ", ".join(
            f"{name} {self.superuser('postgres', f'SHOW {name}').strip()}"
            for name in ("server_version", "fsync", "synchronous_commit", "full_page_writes",
                         "shared_buffers"))
        return ""

    def stop(self) -> None:
        subprocess.run(["bash", os.path.join(ROOT, ".ci", "postgres"), "stop"],
                       capture_output=True, text=True, env=self.env)

    def superuser(self, database: str, sql: str) -> str:
        cmd = [*self._owner(), os.path.join(self.bin, "psql"), "-X", "-q", "-At",
               "-v", "ON_ERROR_STOP=1", "-h", self.folder, "-p", self.port, "-U", "postgres",
               "-d", database, "-c", sql]
        p = subprocess.run(cmd, capture_output=True, text=True)
        if p.returncode != 0:
            raise ToolError(f"psql ({database}): {_tail(p.stderr)}")
        return p.stdout

    def fresh_database(self, name: str) -> str:
        """Drops and creates `name` (owned by the role nearby, with PostGIS); returns its URL."""
        self.superuser("postgres", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        self.superuser("postgres", f"CREATE DATABASE {name} OWNER nearby")
        self.superuser(name, "CREATE EXTENSION postgis")
        return self.url.rsplit("/", 1)[0] + "/" + name

    def database_of(self, url: str) -> str:
        return url.rsplit("/", 1)[1]

    def cpu_seconds(self) -> float:
        """CPU time of the server so far: the postmaster, its live children (walwriter,
        checkpointer, …) and every exited child it reaped (the importers' backends)."""
        with open(os.path.join(self.folder, "data", "postmaster.pid")) as f:
            pid = f.readline().strip()

        def stat(p: str) -> list[str]:
            with open(f"/proc/{p}/stat") as f:
                return f.read().rsplit(")", 1)[1].split()

        def children() -> dict[str, list[str]]:
            found = {}
            for entry in os.listdir("/proc"):
                if entry.isdigit():
                    try:
                        s = stat(entry)
                    except OSError:
                        continue
                    if s[1] == pid:  # ppid
                        found[entry] = s
            return found

        # Wait (up to 5 s) until the importers' backends have exited and been reaped, so their
        # time is in the postmaster's cutime/cstime rather than half-way between.
        deadline = time.monotonic() + 5
        live = children()
        baseline = getattr(self, "_aux", None)
        while baseline is not None and set(live) - baseline and time.monotonic() < deadline:
            time.sleep(0.05)
            live = children()
        if baseline is None:
            self._aux = set(live)  # the first call: the server's own processes, at rest
        try:
            ticks = sum(int(x) for x in stat(pid)[11:15])  # utime stime cutime cstime
        except OSError:
            return float("nan")
        ticks += sum(int(s[11]) + int(s[12]) for s in live.values())
        return ticks / CLK_TCK


class StoreBench:
    def __init__(self, a) -> None:
        self.a = a
        self.nearby = a.bin
        self.work = os.path.join(a.data, "work-store")
        os.makedirs(self.work, exist_ok=True)
        self.errors: list[str] = []
        self.notes: list[str] = []
        self.raw: dict = {"imports": [], "near": {}, "sizes": {}}
        self.cluster: Cluster | None = None
        self.stores: dict[tuple[str, int], str] = {}  # (engine, K) -> path or URL, last round

    def log(self, text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    def fail(self, text: str) -> None:
        self.errors.append(text)
        self.log("ERROR: " + text)

    # --- stores ---------------------------------------------------------------------------

    def fresh(self, engine: str, k: int) -> str:
        if engine == "sqlite":
            path = os.path.join(self.work, f"store-{k}.sqlite")
            for suffix in ("", "-wal", "-shm", "-journal"):
                if os.path.exists(path + suffix):
                    os.remove(path + suffix)
            return path
        assert self.cluster is not None
        if engine == "postgresql-async":
            url = self.cluster.fresh_database(f"store_async_{k}")
            # Commits return before their WAL reaches the disk (a crash may lose the last few
            # imports, never half of one): the same promise as SQLite's WAL + synchronous NORMAL.
            self.cluster.superuser("postgres",
                                   f"ALTER DATABASE store_async_{k} SET synchronous_commit = off")
            return url
        return self.cluster.fresh_database(f"store_{k}")

    def sql(self, engine: str, store: str, query: str) -> list[tuple]:
        """Rows of a read-only query, straight from the store (not through Nearby)."""
        if engine == "sqlite":
            with sqlite3.connect(f"file:{store}?mode=ro", uri=True) as db:
                return [tuple(r) for r in db.execute(query).fetchall()]
        assert self.cluster is not None
        out = self.cluster.superuser(self.cluster.database_of(store),
                                     query.replace("FROM runs", "FROM nearby.runs"))
        return [tuple(line.split("|")) for line in out.splitlines() if line]

    def contents(self, engine: str, store: str) -> tuple[int, int, int, int]:
        row = self.sql(engine, store, "SELECT count(*), count(DISTINCT content_hash),"
                       " count(DISTINCT source_name), coalesce(sum(point_count), 0) FROM runs")[0]
        return tuple(int(x) for x in row)  # type: ignore[return-value]

    # --- imports --------------------------------------------------------------------------

    def shares(self, paths: list[str], k: int) -> list[list[str]]:
        if k == 1:
            return [list(paths)]
        parts = [paths[i::k] for i in range(k)]
        lead = math.ceil(len(paths) * self.a.overlap / k)
        # Each importer starts with the first files of the next share: at the same moment the
        # next importer starts on them, so the duplicate check meets real concurrency.
        return [parts[(i + 1) % k][:lead] + parts[i] for i in range(k)]

    def import_trial(self, engine: str, k: int, paths: list[str], rnd: int) -> dict | None:
        store = self.fresh(engine, k)
        shares = self.shares(paths, k)
        offered = sum(len(s) for s in shares)
        logs = [os.path.join(self.work, f"import-{engine}-{k}-{i}") for i in range(k)]
        server0 = (self.cluster.cpu_seconds() if engine.startswith("postgresql") and self.cluster
                   else None)
        wal0 = self.cluster.superuser("postgres", "SELECT pg_current_wal_lsn()").strip() \
            if server0 is not None and self.cluster else None
        before = os.times()
        t0 = time.perf_counter()
        procs = []
        for share, log in zip(shares, logs):
            with open(log + ".out", "w") as out, open(log + ".err", "w") as err:
                procs.append(subprocess.Popen([self.nearby, "runs", "import", "--db", store, *share],
                                              stdout=out, stderr=err))
        codes = [p.wait() for p in procs]
        wall = time.perf_counter() - t0
        after = os.times()
        client_cpu = (after.children_user - before.children_user
                      + after.children_system - before.children_system)
        server_cpu = (self.cluster.cpu_seconds() - server0) if server0 is not None else None
        wal = int(float(self.cluster.superuser(
            "postgres", f"SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '{wal0}')").strip())) \
            if wal0 and self.cluster else None
        imported = duplicates = 0
        for i, log in enumerate(logs):
            with open(log + ".out") as f:
                for line in f:
                    imported += line.startswith("imported #")
                    duplicates += line.startswith("already imported as #")
            if codes[i] != 0:
                with open(log + ".err") as f:
                    err = f.read()
                self.fail(f"nearby runs import into {engine} (importer {i + 1} of {k}) failed"
                          f" (exit {codes[i]}): {_tail(err)}")
        runs, hashes, names, points = self.contents(engine, store)
        n = len(paths)
        ok = (all(c == 0 for c in codes) and runs == hashes == names == n
              and imported == n and duplicates == offered - n)
        if not ok:
            self.fail(f"{engine} with {k} importer(s): the store holds {runs} runs ({hashes}"
                      f" hashes, {names} file names) of {n}; importers reported {imported}"
                      f" imported and {duplicates} already there of {offered} offered")
        self.stores[(engine, k)] = store
        result = {"engine": engine, "importers": k, "round": rnd, "wall": wall,
                  "client_cpu": client_cpu, "server_cpu": server_cpu, "wal_bytes": wal,
                  "offered": offered,
                  "runs": runs, "points": points, "imported": imported,
                  "duplicates": duplicates, "ok": ok}
        self.raw["imports"].append(result)
        self.log(f"  {engine:16} x{k}: {n / wall:7.1f} runs/s, wall {wall:6.2f} s, client CPU"
                 f" {client_cpu:6.2f} s" + (f", server CPU {server_cpu:6.2f} s"
                                           if server_cpu is not None else "")
                 + ("" if ok else "  CHECK FAILED"))
        return result

    def imports(self, paths: list[str], engines: list[str]) -> None:
        cases = [(e, k) for k in self.a.importer_counts for e in engines]
        for rnd in range(self.a.repeat):
            order = cases[rnd % len(cases):] + cases[:rnd % len(cases)]
            self.log(f"import round {rnd + 1} of {self.a.repeat}")
            for engine, k in order:
                try:
                    self.import_trial(engine, k, paths, rnd)
                except ToolError as e:
                    self.fail(f"{engine} with {k} importer(s): {e}")
        # The 1-importer stores are measured last of all, after their final round.
        for engine in engines:
            store = self.stores.get((engine, 1))
            if store and engine != "postgresql-async":  # the same rows as postgresql
                self.raw["sizes"][engine] = self.size(engine, store)

    def size(self, engine: str, store: str) -> dict:
        runs, _, _, points = self.contents(engine, store)
        if engine == "sqlite":
            total = sum(os.path.getsize(store + s) for s in ("", "-wal")
                        if os.path.exists(store + s))
            parts = {"file": total}
        else:
            row = self.sql(engine, store, "SELECT pg_total_relation_size('nearby.runs'),"
                           " pg_total_relation_size('nearby.segments'),"
                           " pg_indexes_size('nearby.segments'),"
                           " pg_database_size(current_database())")[0]
            parts = {"runs": int(row[0]), "segments": int(row[1]),
                     "segments_indexes": int(row[2]), "database": int(row[3])}
            total = parts["runs"] + parts["segments"]
        return {"runs": runs, "points": points, "bytes": total, "parts": parts}

    # --- runs near ------------------------------------------------------------------------

    def near_points(self, count: int) -> list[tuple[str, float, float]]:
        """(kind, lat, lon): half on a route (a fix of a stored run moved up to 100 m), the
        rest uniform over greater Taipei, and two far from every run (Kaohsiung, the sea)."""
        rng = random.Random(515)
        out = []
        on = count // 2
        for _ in range(on):
            index = rng.randrange(self.a.runs)
            seed, start, _ = generate.store_run_spec(index)
            fix = rng.randrange(self.a.points)
            for i, (lat, lon, *_rest) in enumerate(generate.track_points(self.a.points, seed, start)):
                if i == fix:
                    break
            bearing, metres = rng.uniform(0, 2 * math.pi), rng.uniform(0, 100)
            lat += metres * math.cos(bearing) / 110_780.0
            lon += metres * math.sin(bearing) / (110_780.0 * math.cos(math.radians(lat)))
            out.append(("on a route", lat, lon))
        lat0, lat1, lon0, lon1 = generate.TAIPEI
        for _ in range(max(0, count - on - 2)):
            out.append(("uniform", rng.uniform(lat0, lat1), rng.uniform(lon0, lon1)))
        out += [("far", 22.6273, 120.3014), ("far", 25.4, 122.2)][:max(0, count - len(out))]
        return out

    def near(self, engines: list[str], timer: TimedRunner, floor: float) -> None:
        stores = {e: self.stores.get((e, 1)) for e in engines if e != "postgresql-async"}
        stores = {e: s for e, s in stores.items() if s}
        if not stores:
            return
        if "postgresql" in stores and self.cluster:
            # What autovacuum does shortly after a bulk load; the planner needs the statistics.
            self.cluster.superuser(self.cluster.database_of(stores["postgresql"]), "ANALYZE")
        spots = self.near_points(self.a.queries)
        if "postgresql" in stores and self.cluster:
            try:
                self.postgis_filter(stores["postgresql"], spots)
            except (ToolError, ValueError, KeyError, IndexError) as e:
                self.fail(f"PostGIS filter: {e}")
        first = next(iter(stores.values()))
        probe = subprocess.run([self.nearby, "runs", "near", "--at", f"{spots[0][1]:.6f},"
                                f"{spots[0][2]:.6f}", "--within", "200m", "--all",
                                "--format", "json", "--db", first],
                               capture_output=True, text=True)
        if probe.returncode != 0:
            self.raw["near"]["missing"] = _tail(probe.stderr or probe.stdout)
            self.fail("runs near: command missing (or failing) in this build — `nearby runs near"
                      f" --at … --within 200m --all --format json --db …` exited"
                      f" {probe.returncode}: {_tail(probe.stderr or probe.stdout)}; the runs-near"
                      " step was not measured")
            return
        answers: dict[str, dict[int, str]] = {e: {} for e in stores}
        times: dict[str, list[tuple[str, float]]] = {e: [] for e in stores}
        engines_in = list(stores)
        self.log(f"runs near: {self.a.repeat} rounds x {len(spots)} points x {engines_in}")
        for rnd in range(self.a.repeat):
            order = engines_in[rnd % len(engines_in):] + engines_in[:rnd % len(engines_in)]
            for engine in order:
                for j, (kind, lat, lon) in enumerate(spots):
                    cmd = [self.nearby, "runs", "near", "--at", f"{lat:.6f},{lon:.6f}",
                           "--within", "200m", "--all", "--format", "json", "--db",
                           stores[engine]]
                    try:
                        wall, _, out = timer.run(cmd, f"nearby runs near ({engine})")
                    except ToolError as e:
                        self.fail(str(e))
                        continue
                    answers[engine].setdefault(j, out)
                    times[engine].append((kind, wall))
        found, same = {}, {}
        for j in range(len(spots)):
            texts = {e: answers[e].get(j) for e in stores}
            parsed = {e: _items(t) for e, t in texts.items() if t is not None}
            counts = {e: _count(v) for e, v in parsed.items()}
            found[j] = counts
            same[j] = len(parsed) == len(stores) and len(
                set(json.dumps(v, sort_keys=True) for v in parsed.values())) == 1
            if not same[j]:
                self.fail(f"runs near at {spots[j][1]:.6f},{spots[j][2]:.6f}: the stores disagree"
                          f" ({counts}); first lines: "
                          + " / ".join(f"{e}: {(texts[e] or '')[:200]!r}" for e in texts))
        self.raw["near"] = {"points": spots, "times": times, "found": found, "same": same,
                            "floor": floor}

    def postgis_filter(self, store: str, spots: list) -> None:
        """The database's share of `runs near` on PostgreSQL, whatever Nearby's command does
        with it: the segments whose geography line passes within 200 m of each point, through
        the GiST index (`EXPLAIN ANALYZE`: execution time inside the server)."""
        assert self.cluster is not None
        db = self.cluster.database_of(store)
        result: dict = {}
        self.log(f"PostGIS filter: {self.a.repeat} rounds x {len(spots)} points")
        # On the spheroid (ST_DWithin's default), and on the sphere (cheaper; 200 m x 1.006
        # covers the sphere's shortfall against the ellipsoid, so it is a superset).
        for name, within in (("spheroid", "200"), ("sphere", "201.2, false")):
            times, rows, candidates, indexed = [], [], [], True
            for _ in range(self.a.repeat):
                for _, lat, lon in spots:
                    out = self.cluster.superuser(
                        db, "EXPLAIN (ANALYZE, FORMAT JSON) SELECT run_id, ordinal FROM"
                        " nearby.segments WHERE ST_DWithin(path, ST_SetSRID(ST_MakePoint("
                        f"{lon!r}, {lat!r}), 4326)::geography, {within})")
                    plan = json.loads(out)[0]
                    times.append(plan["Execution Time"] / 1e3)
                    rows.append(plan["Plan"]["Actual Rows"])
                    candidates.append(plan["Plan"]["Actual Rows"] + _removed(plan["Plan"]))
                    indexed = indexed and "segments_by_path" in out
            result[name] = {"times": times, "rows": rows, "candidates": candidates,
                            "indexed": indexed}
        self.raw["postgis_filter"] = result

    # --- report ---------------------------------------------------------------------------

    def report(self, engines: list[str], floor: float, header: str) -> str:
        n, pts = self.a.runs, self.a.points
        lines = [header, ""]
        lines += ["| store | importers | runs/s | points/s | wall | client CPU | server CPU |"
                  " WAL per run | checks |", "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
        for k in self.a.importer_counts:
            for engine in engines:
                rs = [r for r in self.raw["imports"] if r["engine"] == engine and r["importers"] == k]
                if not rs:
                    continue
                wall = median([r["wall"] for r in rs])
                points = median([r["points"] for r in rs]) or n * pts
                ccpu = median([r["client_cpu"] for r in rs])
                scpu = median([r["server_cpu"] for r in rs if r["server_cpu"] is not None])
                wal = median([r["wal_bytes"] for r in rs if r.get("wal_bytes") is not None])
                checks = ("PASS" if all(r["ok"] for r in rs) else "FAIL") + (
                    f": {n:,} runs, {rs[0]['duplicates']:,} duplicates recognised"
                    if k > 1 else f": {n:,} runs")
                lines.append(f"| {_engine(engine)} | {k} | {n / wall:,.1f} | {points / wall:,.0f}"
                             f" | {wall:.2f} s | {ccpu:.2f} s ({ccpu / n * 1e3:.1f} ms/run) | "
                             + (f"{scpu:.2f} s ({scpu / n * 1e3:.1f} ms/run)" if scpu is not None
                                else "–")
                             + (f" | {wal / n / 1e3:,.0f} KB" if wal is not None else " | –")
                             + f" | {checks} |")
        sizes = self.raw["sizes"]
        if sizes:
            lines += ["", "| store | runs | points | bytes | bytes per run | bytes per point | parts |",
                      "|---|---:|---:|---:|---:|---:|---|"]
            for engine, s in sizes.items():
                parts = ", ".join(f"{k.replace('_', ' ')} {_bytes(v)}" for k, v in s["parts"].items())
                lines.append(f"| {_engine(engine)} | {s['runs']:,} | {s['points']:,} |"
                             f" {s['bytes'] / 2**20:,.1f} MiB | {s['bytes'] / max(1, s['runs']):,.0f}"
                             f" | {s['bytes'] / max(1, s['points']):.1f} | {parts} |")
        pf = self.raw.get("postgis_filter")
        if pf:
            lines += ["", f"| PostGIS alone over {n:,} runs: `ST_DWithin(segments.path, point, …)`"
                      " (`EXPLAIN ANALYZE` time in the server) | queries | median | max |"
                      " segments within (median, max) | index candidates (median, max) |"
                      " GiST index |", "|---|---:|---:|---:|---:|---:|---|"]
            for name, title in (("spheroid", "200 m on the spheroid (the default)"),
                                ("sphere", "201.2 m on the sphere (`use_spheroid` false)")):
                r = pf[name]
                walls = sorted(r["times"])
                lines.append(f"| {title} | {len(walls)} | {fmt_time(median(walls))} |"
                             f" {fmt_time(walls[-1])} | {median(r['rows']):g}, {max(r['rows'])} |"
                             f" {median(r['candidates']):g}, {max(r['candidates'])} |"
                             f" {'used' if r['indexed'] else 'NOT USED'} |")
        near = self.raw["near"]
        if "missing" in near:
            lines += ["", f"`runs near`: command missing in this build ({near['missing']});"
                      " not measured."]
        elif near.get("times"):
            lines += ["", f"| `runs near --within 200m --all` over {n:,} runs | store | queries |"
                      " median | median − start floor | p90 | max | runs found (median) | same"
                      " answers |", "|---|---|---:|---:|---:|---:|---:|---:|---|"]
            for engine, ts in near["times"].items():
                for kind in ("all", "on a route", "uniform", "far"):
                    walls = sorted(w for k2, w in ts if kind in ("all", k2))
                    if not walls:
                        continue
                    idx = [j for j, (k2, _, _) in enumerate(near["points"]) if kind in ("all", k2)]
                    hits = median([near["found"][j].get(engine, 0) for j in idx])
                    differ = sum(1 for j in idx if not near["same"][j])
                    med = median(walls)
                    p90 = walls[min(len(walls) - 1, math.ceil(0.9 * len(walls)) - 1)]
                    lines.append(f"| {kind} | {_engine(engine)} | {len(walls)} | {fmt_time(med)} |"
                                 f" {fmt_time(med - floor)} | {fmt_time(p90)} |"
                                 f" {fmt_time(walls[-1])} | {hits:g} |"
                                 f" {f'NO: {differ} of {len(idx)} differ' if differ else 'yes'} |")
        lines += [""] + [f"- {note}" for note in self.notes]
        return "\n".join(lines).rstrip() + "\n"


def _bytes(n: int) -> str:
    return f"{n / 2**20:,.1f} MiB" if n >= 2**20 else f"{n / 2**10:,.0f} KiB"


def _engine(name: str) -> str:
    return {"sqlite": "SQLite", "postgresql": "PostgreSQL",
            "postgresql-async": "PostgreSQL, synchronous_commit off"}.get(name, name)


def _removed(node: dict) -> int:
    """Rows a plan's nodes fetched and then dropped (filter or index recheck), all levels."""
    own = node.get("Rows Removed by Filter", 0) + node.get("Rows Removed by Index Recheck", 0)
    return own + sum(_removed(child) for child in node.get("Plans", []))


def _count(answer) -> int:
    """How many runs an answer lists: a list's length, or that of the first list in an object."""
    if isinstance(answer, list):
        return len(answer)
    if isinstance(answer, dict):
        return next((len(v) for v in answer.values() if isinstance(v, list)), 0)
    return 0


def _items(text: str):
    """The answer of `runs near --format json`, parsed (a list, or whatever object it is)."""
    try:
        return json.loads(text)
    except ValueError:
        return text.strip()


def main() -> int:
    ap = argparse.ArgumentParser(description="The runs store measured: SQLite beside PostgreSQL.")
    ap.add_argument("--bin", required=True, help="the nearby binary")
    ap.add_argument("--data", required=True)
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--points", type=int, default=3600, help="fixes per run (one a second)")
    ap.add_argument("--importers", default="1,2,4,8",
                    help="concurrent importer processes to measure, comma list")
    ap.add_argument("--overlap", type=float, default=0.1,
                    help="share of the runs offered twice with more than one importer")
    ap.add_argument("--repeat", type=int, default=3, help="alternating rounds (medians)")
    ap.add_argument("--queries", type=int, default=20, help="points for runs near")
    ap.add_argument("--no-postgres", action="store_true", help="measure SQLite only")
    ap.add_argument("--no-pg-async", dest="pg_async", action="store_false",
                    help="skip PostgreSQL with synchronous_commit off (SQLite's promise)")
    ap.add_argument("--out", help="the table (default <data>/store.md)")
    a = ap.parse_args()
    a.importer_counts = [int(x) for x in a.importers.split(",") if x]
    if not os.access(a.bin, os.X_OK):
        print(f"error: {a.bin} not found; build with `swift build -c release --product nearby`",
              file=sys.stderr)
        return 1
    started = time.time()
    load_before = os.getloadavg()[0]
    b = StoreBench(a)
    b.log(f"store: generating {a.runs:,} runs of {a.points:,} points into {a.data}")
    paths = store_runs(a.data, a.runs, a.points)
    engines = ["sqlite"]
    timer = TimedRunner()
    cluster = None
    try:
        floor = timer.floor()
        if not a.no_postgres:
            cluster = Cluster(os.path.join(os.path.abspath(a.data), "store-pg.state"))
            why = cluster.start()
            if why:
                b.notes.append(why + " — SQLite only.")
                b.log(why)
                cluster = None
            else:
                b.cluster = cluster
                engines += ["postgresql"] + (["postgresql-async"] if a.pg_async else [])
                b.notes.append(f"PostgreSQL: {cluster.settings} (the throw-away cluster of"
                               " `.ci/postgres`, restarted with PostgreSQL's durable defaults);"
                               " SQLite: WAL, synchronous NORMAL (Nearby's settings).")
        else:
            b.notes.append("PostgreSQL not measured (--no-postgres).")
        b.imports(paths, engines)
        b.near(engines, timer, floor)
    finally:
        timer.close()
        if cluster:
            cluster.stop()
    header = (f"Runs store — {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())},"
              f" {os.cpu_count()} CPUs ({platform.processor() or platform.machine()}),"
              f" load average {load_before:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
              f" (other jobs share the machine); {a.runs:,} runs of {a.points:,} points"
              f" ({sum(os.path.getsize(p) for p in paths) / 2**20:,.0f} MiB of GPX); medians of"
              f" {a.repeat} alternating rounds; duplicates offered with K > 1: the first"
              f" {a.overlap:.0%} of each next share; process start floor (GNU time + `true`)"
              f" {floor * 1e3:.2f} ms.")
    text = b.report(engines, floor, header)
    print()
    print(text)
    out = a.out or os.path.join(a.data, "store.md")
    with open(out, "w") as f:
        f.write(text)
    with open(os.path.join(a.data, "store.json"), "w") as f:
        json.dump({"raw": b.raw, "errors": b.errors, "notes": b.notes}, f, default=str)
    print(f"wrote {out} ({time.time() - started:.0f} s)")
    for e in b.errors:
        print("ERROR: " + e)
    return 1 if b.errors else 0


if __name__ == "__main__":
    sys.exit(main())
