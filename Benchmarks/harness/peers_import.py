"""`nearby runs import` beside the Python peers' parse time, on the same files (issue 10).

    python peers_import.py --bin .build/release/nearby --gpx RUN.gpx [--fit RIDE.fit] [--repeat 3]

For the GPX: gpxpy's parse time (`gpxpy.parse`, nothing else), then `nearby runs import` into a
fresh database and `nearby runs show FILE` (read + analyse, nothing stored). For the FIT:
fitdecode's parse time (every frame read, CRC checked), then `nearby runs import`. Every figure
is the best of --repeat runs; peak memory is the child's maximum resident set (getrusage).
Targets (issue 10): import >= 60x gpxpy's parse and <= 1.5x show on the GPX; FIT import >= 30x
fitdecode's parse; import's peak memory <= 1.3x the file.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import tempfile
import time


def best(repeat: int, body) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        body()
        times.append(time.perf_counter() - start)
    return min(times)


def gpxpy_parse(path: str) -> None:
    import gpxpy

    with open(path, encoding="utf-8") as handle:
        gpxpy.parse(handle)


def fitdecode_parse(path: str) -> None:
    import fitdecode

    with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as reader:
        for _ in reader:
            pass


def nearby(binary: str, words: list[str], home: str) -> tuple[float, int, float]:
    """Wall seconds, peak resident bytes and CPU seconds (user + system) of one nearby process."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, HOME=home, NEARBY_DB=os.path.join(home, "runs.sqlite"),
               NEARBY_CACHE_DIR=os.path.join(home, "cache"), NEARBY_HOME=os.environ.get("NEARBY_HOME", root))
    start = time.perf_counter()
    child = subprocess.Popen([binary] + words, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.stderr.close()
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        raise SystemExit(f"nearby {' '.join(words)} failed with {status}")
    return seconds, usage.ru_maxrss * 1024, usage.ru_utime + usage.ru_stime


def nearby_best(binary: str, words: list[str], repeat: int, fresh: bool) -> tuple[float, int, float]:
    """Best wall time, worst peak and the CPU time of the best run, over `repeat` runs."""
    results = []
    for _ in range(repeat):
        home = tempfile.mkdtemp(prefix="nearby-bench-import-")
        try:
            results.append(nearby(binary, words, home))
        finally:
            if fresh:
                shutil.rmtree(home, ignore_errors=True)
    fastest = min(results, key=lambda r: r[0])
    return fastest[0], max(r[1] for r in results), fastest[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="the nearby binary (release build)")
    parser.add_argument("--gpx", help="a GPX file (e.g. Benchmarks/data/run-1m.gpx)")
    parser.add_argument("--fit", help="a FIT activity (e.g. ../shared/fit/fitparse__2019-02-17-062644-ELEMNT-297E-195-0.fit)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", help="also write the table to this Markdown file")
    args = parser.parse_args()
    rows = ["| file | peer parse s | nearby import s | peer / import | import CPU s | nearby show s "
            "| import / show | peak MB | file MB | peak / file |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    verdicts = []
    # Nearby first: on Linux a forked child starts with its parent's peak RSS, so the peers'
    # parse (gigabytes for gpxpy) must not have happened yet in this process.
    gpx_runs = fit_runs = None
    if args.gpx:
        gpx_runs = (nearby_best(args.bin, ["runs", "import", args.gpx], args.repeat, True),
                    nearby_best(args.bin, ["runs", "show", args.gpx], args.repeat, True))
    if args.fit:
        fit_runs = nearby_best(args.bin, ["runs", "import", args.fit], args.repeat, True)
    if args.gpx and gpx_runs:
        size = os.path.getsize(args.gpx)
        peer = best(args.repeat, lambda: gpxpy_parse(args.gpx))
        (imported, peak, cpu), (shown, _, _) = gpx_runs
        rows.append(f"| {os.path.basename(args.gpx)} (gpxpy) | {peer:.3f} | {imported:.3f} | {peer / imported:.1f}x "
                    f"| {cpu:.2f} | {shown:.3f} | {imported / shown:.2f} | {peak / 1e6:.0f} | {size / 1e6:.0f} "
                    f"| {peak / size:.2f} |")
        verdicts += [("GPX import >= 60x gpxpy", peer / imported >= 60),
                     ("GPX import <= 1.5x show", imported / shown <= 1.5),
                     ("GPX import peak <= 1.3x file", peak <= 1.3 * size)]
    if args.fit and fit_runs:
        size = os.path.getsize(args.fit)
        peer = best(args.repeat, lambda: fitdecode_parse(args.fit))
        imported, peak, cpu = fit_runs
        rows.append(f"| {os.path.basename(args.fit)} (fitdecode) | {peer:.3f} | {imported:.3f} | "
                    f"{peer / imported:.1f}x | {cpu:.2f} | – | – | {peak / 1e6:.1f} | {size / 1e6:.2f} | – |")
        verdicts.append(("FIT import >= 30x fitdecode", peer / imported >= 30))
    text = "\n".join(rows) + "\n\n" + "; ".join(f"{name}: {'met' if ok else 'MISSED'}" for name, ok in verdicts)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")


if __name__ == "__main__":
    main()
