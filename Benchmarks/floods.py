#!/usr/bin/env python3
"""The floods of issue 22: small inputs that used to make Nearby do enormous work.

    Benchmarks/floods.py make DIR                  # writes the inputs (about 1 GiB, mostly the paged feed)
    Benchmarks/floods.py measure NEARBY DIR [NAME…] # runs NEARBY on each; prints a Markdown table

Each flood runs in a child process of its own; its peak memory is the kernel's high-water mark of
that process (VmHWM, read from /proc/PID/status while it runs and from wait4's ru_maxrss when it
ends, which is the same counter) and its time is wall time. A child passing --cap-mb (default
4096) or --timeout (default 120 s) is killed, and the row says so: the machine is shared.
"""
import gzip
import io
import json
import os
import shutil
import signal
import struct
import sys
import time
import zipfile

CAP_MB = 4096
TIMEOUT = 120


# ---------------------------------------------------------------- FIT

def fit_crc(data: bytes) -> int:
    table = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
    crc = 0
    for byte in data:
        tmp = table[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[byte & 0xF]
        tmp = table[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[(byte >> 4) & 0xF]
    return crc


def fit_file(data: bytes) -> bytes:
    header = struct.pack("<BBHI4s", 14, 0x20, 21133, len(data), b".FIT")
    header += struct.pack("<H", fit_crc(header))
    body = header + data
    return body + struct.pack("<H", fit_crc(body))


def definition(local: int, global_: int, fields) -> bytes:
    out = struct.pack("<BBBHB", 0x40 | local, 0, 0, global_, len(fields))
    for number, size, base in fields:
        out += bytes([number, size, base])
    return out


FILE_ID = definition(0, 0, [(0, 1, 0x00), (1, 2, 0x84), (4, 4, 0x86)]) + bytes([0]) + struct.pack("<BHI", 4, 1, 1_000_000_000)


def fit_empty_flood(global_: int, size: int) -> bytes:
    """A run file, then one-byte messages of `global_` defined without fields."""
    data = FILE_ID + definition(1, global_, [])
    return fit_file(data + bytes([1]) * (size - len(data) - 16))


def fit_real_sessions(count: int) -> bytes:
    """`count` sessions, each after two positioned records: about 50 bytes a session."""
    record = definition(1, 20, [(253, 4, 0x86), (0, 4, 0x85), (1, 4, 0x85)])
    session = definition(2, 18, [(253, 4, 0x86), (2, 4, 0x86), (5, 1, 0x00), (7, 4, 0x86), (8, 4, 0x86), (9, 4, 0x86)])
    data = bytearray(FILE_ID + record + session)
    t0 = 1_000_000_000
    for index in range(count):
        t = t0 + index * 60
        lat = int(25.04 / 180 * 2**31) + index
        data += bytes([1]) + struct.pack("<Iii", t, lat, int(121.5 / 180 * 2**31))
        data += bytes([1]) + struct.pack("<Iii", t + 30, lat + 2000, int(121.5 / 180 * 2**31))
        data += bytes([2]) + struct.pack("<IIBIII", t + 30, t, 1, 30_000, 30_000, 10_000)
    return fit_file(bytes(data))


# ---------------------------------------------------------------- archives

def zip_bytes(members, method=zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        for name, data in members:
            archive.writestr(name, data)
    return buffer.getvalue()


def write_zip_streaming(path, name, chunks, method=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w", method, allowZip64=True) as archive:
        with archive.open(name, "w", force_zip64=True) as member:
            for chunk in chunks:
                member.write(chunk)


HEADER = "Activity ID,Activity Date,Activity Name,Activity Type,Filename\n"


def spaces(total: int, head: bytes = b"", tail: bytes = b""):
    yield head
    block = b" " * (1 << 20)
    left = total - len(head) - len(tail)
    while left > 0:
        yield block[: min(len(block), left)]
        left -= len(block)
    yield tail


# ---------------------------------------------------------------- the paged feed

FEED_ID = "flood"
FEED_MANIFEST = {
    "kind": "places", "id": FEED_ID, "title": "A paged feed at the refresh budget",
    "source": {"urls": ["https://example.invalid/feed?limit={limit}&offset={offset}"], "format": "json",
               "records": "data", "paging": {"style": "offset", "pageSize": 1000}},
    "fields": {"id": "id", "name": "name", "latitude": "lat", "longitude": "lon",
               "attributes": [{"key": "note", "field": "note", "label": "note"}]},
    "refresh": {"days": 5, "timeZone": "Asia/Taipei"},
    "licence": "test", "attribution": "test",
}


def feed_page(index: int, records: int, pad: int) -> bytes:
    note = "x" * pad
    rows = [{"id": f"{index}-{n}", "name": f"place {index}-{n}", "lat": 25.0 + n * 1e-5, "lon": 121.5 + index * 1e-5,
             "note": note} for n in range(records)]
    return json.dumps({"data": rows}, separators=(",", ":")).encode()


# ---------------------------------------------------------------- make

def make(folder: str) -> None:
    os.makedirs(folder, exist_ok=True)
    p = lambda name: os.path.join(folder, name)
    # Export catalogues.
    # Exactly 64 MiB, the catalogue limit, so the declared size does not refuse it.
    rows = HEADER.encode() + b"x\n" * (((64 << 20) - len(HEADER)) // 2)
    open(p("catalogue-rows.zip"), "wb").write(zip_bytes([("activities.csv", rows)]))
    cells = HEADER.encode() + (b"," * 4095 + b"\n") * (((64 << 20) - len(HEADER)) // 4096)
    open(p("catalogue-cells.zip"), "wb").write(zip_bytes([("activities.csv", cells)]))
    # Garmin's summaries: 64 MiB of small activity objects (529,290 of them) in JSON.
    one = '{"activityId":%d,"name":"Run","activityType":{"typeKey":"running"},"startTimeGmt":1704188460000,"x":[0,0,0,0,0,0,0,0,0,0]}'
    parts, size = [], 0
    while size < (64 << 20) - 200:
        parts.append(one % len(parts))
        size += len(parts[-1]) + 1
    body = ('[{"summarizedActivitiesExport":[' + ",".join(parts) + "]}]").encode()
    while len(body) > 64 << 20:
        parts.pop()
        body = ('[{"summarizedActivitiesExport":[' + ",".join(parts) + "]}]").encode()
    name = "DI_CONNECT/DI-Connect-Fitness/me_0_summarizedActivities.json"
    open(p("garmin-json.zip"), "wb").write(zip_bytes([(name, body)]))
    # FIT floods.
    open(p("sessions.fit"), "wb").write(fit_empty_flood(18, 2 << 20))
    open(p("records.fit"), "wb").write(fit_empty_flood(20, 5 << 20))
    open(p("real-sessions.fit"), "wb").write(fit_real_sessions(20_000))
    # Decompression: a gzip bomb (1 GiB + 1 of a GPX's spaces in about 1 MB), a 1 GiB member, a nested zip.
    head, tail = b"<?xml version='1.0'?><gpx version='1.1'>", b"</gpx>"
    with gzip.open(p("bomb.gpx.gz"), "wb", compresslevel=9) as out:
        for chunk in spaces((1 << 30) + 1, head, tail):
            out.write(chunk)
    write_zip_streaming(p("member.zip"), "big.gpx", spaces(1 << 30, head, tail))
    inner = open(p("member.zip"), "rb").read()
    open(p("nested.zip"), "wb").write(zip_bytes([("part1.zip", inner)]))
    # The paged feed: 500 pages of 1,000 records, 2 MB each (1.0 GB < 1 GiB), then a short page.
    datasets, mirror = p("feed-datasets"), p("feed-mirror")
    os.makedirs(datasets, exist_ok=True)
    os.makedirs(mirror, exist_ok=True)
    json.dump(FEED_MANIFEST, open(os.path.join(datasets, FEED_ID + ".json"), "w"))
    page = feed_page(0, 1000, 1900)
    for index in range(500):
        name = f"{FEED_ID}.json" if index == 0 else f"{FEED_ID}.page-{index}.json"
        open(os.path.join(mirror, name), "wb").write(page)
    open(os.path.join(mirror, f"{FEED_ID}.page-500.json"), "wb").write(feed_page(500, 10, 10))
    for name in sorted(os.listdir(folder)):
        path = p(name)
        if os.path.isfile(path):
            print(f"{name}: {os.path.getsize(path):,} bytes")


# ---------------------------------------------------------------- measure

def run(argv, env, cap_mb=CAP_MB, timeout=TIMEOUT):
    """(peak MB, seconds, exit status or 'killed …', stdout lines, stderr bytes)."""
    out_path, err_path = "/tmp/flood.out", "/tmp/flood.err"
    started = time.monotonic()
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        pid = os.fork()
        if pid == 0:
            os.dup2(out.fileno(), 1)
            os.dup2(err.fileno(), 2)
            os.execve(argv[0], argv, env)
        killed = None
        peak_kb = 0
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            try:
                for line in open(f"/proc/{pid}/status"):
                    if line.startswith("VmHWM:"):
                        peak_kb = max(peak_kb, int(line.split()[1]))
            except OSError:
                pass
            elapsed = time.monotonic() - started
            if killed is None and (peak_kb > cap_mb * 1024 or elapsed > timeout):
                killed = f"killed at {peak_kb // 1024} MB" if peak_kb > cap_mb * 1024 else f"killed after {timeout} s"
                os.kill(pid, signal.SIGKILL)
            time.sleep(0.01)
    seconds = time.monotonic() - started
    peak_kb = max(peak_kb, usage.ru_maxrss)
    lines = sum(1 for _ in open(out_path, "rb")) + sum(1 for _ in open(err_path, "rb"))
    code = killed or (os.waitstatus_to_exitcode(status))
    return peak_kb / 1024, seconds, code, lines, open(err_path, "rb").read()[:300]


def measure(nearby: str, folder: str, names) -> None:
    nearby = os.path.abspath(nearby)
    p = lambda name: os.path.join(folder, name)
    work = p("work")
    cases = [
        ("catalogue-rows", "runs import catalogue-rows.zip", ["runs", "import", p("catalogue-rows.zip")]),
        ("catalogue-cells", "runs import catalogue-cells.zip", ["runs", "import", p("catalogue-cells.zip")]),
        ("garmin-json", "runs import garmin-json.zip", ["runs", "import", p("garmin-json.zip")]),
        ("fit-sessions-show", "runs show sessions.fit", ["runs", "show", p("sessions.fit")]),
        ("fit-sessions-import", "runs import sessions.fit", ["runs", "import", p("sessions.fit")]),
        ("fit-records", "runs show records.fit", ["runs", "show", p("records.fit")]),
        ("fit-real-sessions", "runs import real-sessions.fit", ["runs", "import", p("real-sessions.fit")]),
        ("gzip-bomb", "runs import bomb.gpx.gz", ["runs", "import", p("bomb.gpx.gz")]),
        ("zip-member", "runs import member.zip", ["runs", "import", p("member.zip")]),
        ("nested-zip", "runs import nested.zip", ["runs", "import", p("nested.zip")]),
        ("paged-feed", "refresh flood --force (1.0 GB of pages)",
         ["refresh", FEED_ID, "--force", "--datasets", p("feed-datasets"), "--from", p("feed-mirror")]),
    ]
    print("| flood | command | peak (VmHWM) | time | exit | lines out |")
    print("|---|---|---:|---:|---|---:|")
    for name, label, arguments in cases:
        if names and name not in names:
            continue
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        env = {"HOME": work, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "Asia/Taipei",
               "NEARBY_DB": os.path.join(work, "runs.sqlite"), "NEARBY_CACHE_DIR": os.path.join(work, "cache")}
        peak, seconds, code, lines, err = run([nearby] + arguments, env)
        print(f"| {name} | `{label}` | {peak:,.0f} MB | {seconds:.2f} s | {code} | {lines:,} |", flush=True)
        if os.environ.get("FLOODS_VERBOSE"):
            print("    " + err.decode("utf-8", "replace").replace("\n", "\n    "), flush=True)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "make":
        make(sys.argv[2])
    elif len(sys.argv) >= 4 and sys.argv[1] == "measure":
        measure(sys.argv[2], sys.argv[3], sys.argv[4:])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
