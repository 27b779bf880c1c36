"""The dataset manifest and mirror layout the one-shot benchmark hands to `nearby`.

Kept in one small function: the manifest schema is owned by NearbyFeeds; when it changes,
this is the only place to follow it.
"""

from __future__ import annotations

import json
import os
import shutil


def write_dataset(dataset_id: str, size_label: str, feed_csv: str, datasets_dir: str,
                  mirror_dir: str) -> str:
    """Write `<datasets_dir>/<id>.json` and copy the feed to `<mirror_dir>/<id>.csv`.
    Returns the manifest path."""
    os.makedirs(datasets_dir, exist_ok=True)
    os.makedirs(mirror_dir, exist_ok=True)
    manifest = {
        "id": dataset_id,
        "kind": "places",
        "title": f"Benchmark POIs ({size_label})",
        "description": "generated",
        "source": {"urls": [f"https://example.invalid/{dataset_id}.csv"], "format": "csv"},
        "fields": {"id": "id", "name": "name", "latitude": "lat", "longitude": "lon",
                   "address": "address", "category": "category"},
        "refresh": {"days": 36500, "timeZone": "Asia/Taipei"},
        "licence": "generated",
        "attribution": "generated",
    }
    path = os.path.join(datasets_dir, f"{dataset_id}.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=2)
    mirrored = os.path.join(mirror_dir, f"{dataset_id}.csv")
    if not (os.path.exists(mirrored) and os.path.getsize(mirrored) == os.path.getsize(feed_csv)):
        shutil.copyfile(feed_csv, mirrored)
    return path
