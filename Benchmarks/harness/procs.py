"""Running the measured processes: JSON-printing tools, and timed one-shot processes with
their peak memory.

Peak memory comes from GNU time (`/usr/bin/time -f %M -o FILE`): the kernel's maxrss of the
measured process, reported by a small parent that forked it. We do not read maxrss from the
harness's own children: Python starts them with vfork/exec, and Linux carries the high-water
mark of the parent's address space into the child's maxrss at exec, so a harness holding a
million points would inflate every reading. Polling /proc/PID/status (VmHWM) misses short
processes. Wall time is taken by the harness around the whole process (so it includes the
fork/exec of GNU time, measured separately as the floor and printed with the results).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time

GNU_TIME = "/usr/bin/time"


class ToolError(Exception):
    """A measured command failed or printed something the harness cannot read."""


def _tail(text: str, lines: int = 3) -> str:
    rows = [r for r in text.strip().splitlines() if r.strip()]
    return " | ".join(rows[-lines:]) if rows else "(no output)"


def run_json(cmd: list[str], what: str, timeout: float = 3600) -> dict:
    """Run cmd, return the JSON object on the last non-empty line of its stdout."""
    out = run_checked(cmd, what, timeout)
    lines = [r for r in out.strip().splitlines() if r.strip()]
    try:
        value = json.loads(lines[-1])
        if not isinstance(value, dict):
            raise ValueError("not an object")
        return value
    except (IndexError, ValueError):
        raise ToolError(f"{what} printed no JSON object on its last line: {_tail(out)}"
                        f"  [command: {' '.join(cmd)}]")


def run_checked(cmd: list[str], what: str, timeout: float = 3600) -> str:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError:
        raise ToolError(f"{what}: {cmd[0]} does not exist")
    except subprocess.TimeoutExpired:
        raise ToolError(f"{what}: timed out after {timeout:.0f} s")
    if p.returncode != 0:
        raise ToolError(f"{what} failed (exit {p.returncode}): {_tail(p.stderr or p.stdout)}"
                        f"  [command: {' '.join(cmd)}]")
    return p.stdout


def have_gnu_time() -> bool:
    if not os.access(GNU_TIME, os.X_OK):
        return False
    p = subprocess.run([GNU_TIME, "-f", "%M", "true"], capture_output=True, text=True)
    return p.returncode == 0 and p.stderr.strip().isdigit()


class TimedRunner:
    """Runs one-shot processes, returning (wall seconds, peak RSS kB or None, stdout)."""

    def __init__(self) -> None:
        self.gnu_time = have_gnu_time()
        self._dir = tempfile.mkdtemp(prefix="nearby-bench-time-")
        self._out = os.path.join(self._dir, "maxrss")
        self.last_cpu = None

    def close(self) -> None:
        shutil.rmtree(self._dir, ignore_errors=True)

    def run(self, cmd: list[str], what: str, env: dict | None = None):
        full = [GNU_TIME, "-f", "%M %U %S", "-o", self._out, *cmd] if self.gnu_time else cmd
        t0 = time.perf_counter()
        before = os.times()
        p = subprocess.run(full, capture_output=True, text=True, env=env)
        after = os.times()
        wall = time.perf_counter() - t0
        # CPU time (user + sys) of the command and its children: what the machine spent on it,
        # less sensitive than wall time to other jobs on a shared machine.
        self.last_cpu = (after.children_user - before.children_user
                         + after.children_system - before.children_system)
        if p.returncode != 0:
            raise ToolError(f"{what} failed (exit {p.returncode}): {_tail(p.stderr or p.stdout)}"
                            f"  [command: {' '.join(cmd)}]")
        peak = None
        if self.gnu_time:
            with open(self._out) as f:
                lines = [line.split() for line in f.read().splitlines() if line.strip()]
            last = lines[-1] if lines else []
            peak = int(last[0]) if len(last) == 3 and last[0].isdigit() else None
        return wall, peak, p.stdout

    def floor(self, rounds: int = 20) -> float:
        """Median wall time of `true` through the same path: the cost of starting a process."""
        walls = sorted(self.run(["true"], "true")[0] for _ in range(rounds))
        return walls[len(walls) // 2]
