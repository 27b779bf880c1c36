"""Deterministic feeds for the decode benchmark: a JSON feed of small records and a CSV of
mostly empty fields, both in the shapes of issue 8, with the manifests that read them.

- `feed-json-<n>-v1.json`: `{"result":{"count":N,"results":[…]}}` (the data.taipei v1 API
  envelope) of N records of about 144 bytes: `_id`, `name` (Chinese), `lat`/`lon` as
  6-decimal text, `district`, `category`, `seats` (a number). 1 M records are about 144 MB.
- `feed-emptycsv-<mb>mb-v1.csv`: a header of 100 columns (`name,lat,lon,c4…c100`) and rows whose
  name and coordinates are set and whose other 97 fields are empty (`,,,,…`), up to the size.
"""

from __future__ import annotations

import json
import os
import random
import shutil

VERSION = "v1"
DISTRICTS = ["中正區", "大同區", "中山區", "松山區", "大安區", "萬華區",
             "信義區", "士林區", "北投區", "內湖區", "南港區", "文山區"]
CATEGORIES = ["公園", "交通", "市場", "機關", "醫院", "加油站"]


def write_json_feed(out: str, n: int) -> str:
    path = os.path.join(out, f"feed-json-{n}-{VERSION}.json")
    if os.path.exists(path):
        return path
    rng = random.Random(8_144)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write('{"result":{"limit":%d,"offset":0,"count":%d,"sort":"","results":[\n' % (n, n))
        for i in range(n):
            record = {
                "_id": i + 1,
                "name": f"{rng.choice(DISTRICTS)}第{i + 1}號公廁",
                "lat": f"{rng.uniform(24.96, 25.18):.6f}",
                "lon": f"{rng.uniform(121.46, 121.67):.6f}",
                "district": rng.choice(DISTRICTS),
                "category": rng.choice(CATEGORIES),
                "seats": rng.randint(1, 12),
            }
            f.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
            f.write(",\n" if i + 1 < n else "\n")
        f.write("]}}\n")
    os.replace(tmp, path)
    return path


def write_empty_csv(out: str, megabytes: int) -> str:
    path = os.path.join(out, f"feed-emptycsv-{megabytes}mb-{VERSION}.csv")
    if os.path.exists(path):
        return path
    rng = random.Random(8_200)
    limit = megabytes * 1_000_000
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("name,lat,lon," + ",".join(f"c{i}" for i in range(4, 101)) + "\n")
        written, i = 0, 0
        empties = "," * 97 + "\n"
        while written < limit:
            i += 1
            row = f"p{i},{rng.uniform(24.96, 25.18):.6f},{rng.uniform(121.46, 121.67):.6f}" + empties
            f.write(row)
            written += len(row)
    os.replace(tmp, path)
    return path


def manifest(dataset_id: str, fmt: str) -> dict:
    """The manifest `nearby` reads the feed with (the mirror file is `<id>.<fmt>`)."""
    if fmt == "json":
        source = {"urls": [f"https://example.invalid/{dataset_id}.json"], "format": "json",
                  "records": "result.results", "total": "result.count"}
        fields = {"id": "_id", "name": "name", "latitude": "lat", "longitude": "lon",
                  "category": "category",
                  "attributes": [{"key": "district", "field": "district"},
                                 {"key": "seats", "field": "seats"}]}
    else:
        source = {"urls": [f"https://example.invalid/{dataset_id}.csv"], "format": "csv"}
        fields = {"name": "name", "latitude": "lat", "longitude": "lon"}
    return {"kind": "places", "id": dataset_id, "title": f"Decode benchmark ({dataset_id})",
            "source": source, "fields": fields,
            "refresh": {"days": 36500, "timeZone": "Asia/Taipei"},
            "licence": "generated", "attribution": "generated"}


def install(dataset_id: str, fmt: str, feed: str, datasets_dir: str, mirror_dir: str) -> None:
    """Write the manifest and put the feed into the mirror folder as `<id>.<fmt>` (a hard
    link where possible, else a copy: mirror files must be regular files)."""
    os.makedirs(datasets_dir, exist_ok=True)
    os.makedirs(mirror_dir, exist_ok=True)
    with open(os.path.join(datasets_dir, f"{dataset_id}.json"), "w", encoding="utf-8") as f:
        json.dump(manifest(dataset_id, fmt), f, ensure_ascii=False, indent=2)
    target = os.path.join(mirror_dir, f"{dataset_id}.{fmt}")
    if os.path.lexists(target):
        os.remove(target)
    try:
        os.link(feed, target)
    except OSError:
        shutil.copyfile(feed, target)
