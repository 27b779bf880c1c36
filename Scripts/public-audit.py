#!/usr/bin/env python3
"""Which `public` types are used only inside their own target (issue 9: they should not be public).

    python3 Scripts/public-audit.py            # list them; exit 1 if there are any
    python3 Scripts/public-audit.py --fix      # drop `public` from them (and from their members
                                               # in files that hold nothing else public)

A type counts as used outside its target when its name appears as a word in another target's
sources, in the benchmarks or fuzz targets, or in a test file that imports the target without
`@testable`. Names are matched as words, so the audit errs on the side of keeping `public`.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TYPE = re.compile(
    r"^(\s*)public\s+((?:final|indirect|nonisolated)\s+)*(struct|class|enum|protocol|typealias|actor)\s+(\w+)")
MEMBER = re.compile(r"^(\s*)public\s+")
LIBRARIES = [
    "NearbySystem", "NearbyOutput", "NearbyCSV", "NearbyGeo", "NearbyOSM", "NearbyWalk", "NearbyFeeds", "NearbyRuns",
    "NearbyStore", "NearbyPostgres", "NearbyCLI",
]


def swift_files(folder):
    return sorted(p for p in folder.rglob("*.swift") if ".build" not in p.parts)


def outside_text(target):
    """The text that sees only the target's public interface."""
    parts = []
    for other in (ROOT / "Sources").iterdir():
        if other.is_dir() and other.name != target:
            parts += [p.read_text(errors="replace") for p in swift_files(other)]
    for folder in [ROOT / "Benchmarks" / "Sources", ROOT / "Fuzz" / "Targets", ROOT / "Tests"]:
        for path in swift_files(folder) if folder.exists() else []:
            text = path.read_text(errors="replace")
            if re.search(rf"^@testable import {target}$", text, re.M):
                continue
            parts.append(text)
    return "\n".join(parts)


def signature_lines(lines, start):
    """A public declaration's text up to its body or the next declaration."""
    text = lines[start] + "\n"
    for line in lines[start + 1 : start + 8]:
        if "{" in text or not line.strip() or re.match(r"\s*(///|public|@|case |var |let |func )", line):
            break
        text += line + "\n"
    return text


def audit(target):
    """(path, line number, name) of the public types of `target` that need not be public."""
    folder = ROOT / "Sources" / target
    outside = outside_text(target)
    files = {path: path.read_text().split("\n") for path in swift_files(folder)}
    declared = {}
    for path, lines in files.items():
        for number, line in enumerate(lines):
            match = TYPE.match(line)
            if match:
                declared.setdefault(match.group(4), []).append((path, number))
    kept = {name for name in declared if re.search(rf"\b{re.escape(name)}\b", outside)}
    while True:
        # The public declarations of files that keep something public are the target's interface:
        # a type they mention must stay public too.
        surface = ""
        for path, lines in files.items():
            own = {name for name, places in declared.items() for p, _ in places if p == path}
            if not own or own & kept:
                for number, line in enumerate(lines):
                    if MEMBER.match(line) or re.match(r"\s*case\s", line):
                        surface += signature_lines(lines, number)
        grown = kept | {name for name in declared if re.search(rf"\b{re.escape(name)}\b", surface)}
        if grown == kept:
            break
        kept = grown
    return [(path, number, name) for name in declared if name not in kept for path, number in declared[name]]


def main():
    fix = "--fix" in sys.argv
    found = []
    for target in LIBRARIES:
        if not (ROOT / "Sources" / target).exists():
            continue
        unused = audit(target)
        found += unused
        if not fix:
            continue
        for path in {path for path, _, _ in unused}:
            lines = path.read_text().split("\n")
            mine = {number for p, number, _ in unused if p == path}
            public_types = {number for number, line in enumerate(lines) if TYPE.match(line)}
            everything = mine == public_types and not any(l.lstrip().startswith("public extension") for l in lines)
            for number, line in enumerate(lines):
                if number in mine or (everything and MEMBER.match(line)):
                    lines[number] = re.sub(r"^(\s*)public\s+", r"\1", line, count=1)
            path.write_text("\n".join(lines))
    for path, number, name in found:
        print(f"{path.relative_to(ROOT)}:{number + 1}: {name} is public but used only inside its target")
    return 1 if found and not fix else 0


if __name__ == "__main__":
    sys.exit(main())
