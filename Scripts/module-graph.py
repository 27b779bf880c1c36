#!/usr/bin/env python3
"""The module graph of the package, from the code: which target imports which, checked against
what Package.swift declares.

    python3 Scripts/module-graph.py            # check, then print the graph of the libraries
    python3 Scripts/module-graph.py --mermaid  # the same graph as a Mermaid block for README.md

A target's modules are what its Swift files `import` (any access level, `@preconcurrency` or
`@testable` included); system modules (Foundation, Glibc, Testing, ...) are left out. The check
fails (exit 1) when a target imports a module of this package that it does not declare, or
declares one that none of its files imports, and prints one line for each. The declared list is
`swift package dump-package`'s, so the script reads Package.swift the way SwiftPM does (the fuzz
and sanitizer blocks are off: their environment variables are unset here).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?"
    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.MULTILINE,
)


def package() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NEARBY_FUZZ", "NEARBY_CI_SANITIZE")}
    out = subprocess.run(
        ["swift", "package", "dump-package"], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)


def declared(target: dict) -> set[str]:
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def folder(target: dict) -> Path:
    if target.get("path"):
        return ROOT / target["path"]
    return ROOT / ("Tests" if target["type"] == "test" else "Sources") / target["name"]


def imported(target: dict, ours: set[str]) -> set[str]:
    names: set[str] = set()
    for source in folder(target).rglob("*.swift"):
        if "Fixtures" in source.parts:
            continue
        names.update(IMPORT.findall(source.read_text(encoding="utf-8")))
    return (names & ours) - {target["name"]}


def main() -> int:
    mermaid = "--mermaid" in sys.argv[1:]
    targets = package()["targets"]
    ours = {t["name"] for t in targets}
    problems = []
    graph: dict[str, set[str]] = {}
    for target in targets:
        uses, says = imported(target, ours), declared(target)
        for name in sorted(uses - says):
            problems.append(f"{target['name']} imports {name} but does not declare it")
        for name in sorted(says - uses):
            problems.append(f"{target['name']} declares {name} but never imports it")
        if target["type"] in ("regular", "executable") and not target.get("path"):
            graph[target["name"]] = uses
    for problem in problems:
        print(f"module-graph: {problem}", file=sys.stderr)
    libraries = sorted(name for name in graph if name.startswith("Nearby") or name == "nearby")
    if mermaid:
        print("```mermaid\nflowchart TD")
        for name in libraries:
            for dependency in sorted(graph[name]):
                print(f"    {name} --> {dependency}")
        print("```")
    else:
        for name in libraries:
            print(f"{name} -> {', '.join(sorted(graph[name])) or '(nothing of ours)'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
