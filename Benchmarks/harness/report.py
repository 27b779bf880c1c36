"""The results table: rows of work x size, Nearby beside each peer, ratios, targets."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


def fmt_time(s: float | None) -> str:
    if s is None:
        return "—"
    if s < 1e-3:
        return f"{s * 1e6:.2f} µs"
    if s < 1:
        return f"{s * 1e3:.1f} ms"
    return f"{s:.2f} s"


def fmt_rate(r: float | None) -> str:
    if r is None:
        return "—"
    return f"{r / 1e6:.2f} M pts/s" if r >= 1e5 else f"{r / 1e3:.1f} k pts/s"


def fmt_mem(kb: float | None) -> str:
    return "—" if kb is None else f"{kb / 1024:.1f} MB"


FORMATS = {"time": fmt_time, "rate": fmt_rate, "mem": fmt_mem}


@dataclass
class Row:
    """One line of the table. kind: time (lower is better, seconds), rate (higher is better),
    mem (lower is better, kB) or check (text only). target: a threshold in the same unit."""

    work: str
    size: str
    kind: str
    nearby: float | str | None
    peers: list[tuple[str, float | None]] = field(default_factory=list)
    target: float | None = None
    target_text: str = ""
    note: str = ""
    status: str = ""  # for checks: PASS / FAIL; otherwise computed from the target

    def ratio(self, peer: float | None) -> str:
        n = self.nearby
        if peer is None or not isinstance(n, (int, float)) or n <= 0 or peer <= 0:
            return ""
        r = n / peer if self.kind == "rate" else peer / n
        return f"×{r:.3g}"

    def verdict(self) -> str:
        if self.kind == "check" or self.status:
            return self.status
        if self.target is None:
            return ""
        if not isinstance(self.nearby, (int, float)):
            return "FAIL (no result)"
        ok = self.nearby >= self.target if self.kind == "rate" else self.nearby <= self.target
        return "PASS" if ok else "FAIL"

    def cells(self, peer_columns: int) -> list[str]:
        fmt = FORMATS.get(self.kind, str)
        nearby = self.nearby if isinstance(self.nearby, str) else fmt(self.nearby)
        if self.nearby is None:
            nearby = "—"
        peers = []
        for name, value in self.peers:
            text = f"{name}: {fmt(value)}"
            ratio = self.ratio(value)
            peers.append(f"{text} ({ratio})" if ratio else text)
        peers += [""] * (peer_columns - len(peers))
        return [self.work, self.size, nearby, *peers, self.target_text, self.verdict(), self.note]


def table(rows: list[Row]) -> str:
    """A Markdown table (also readable as plain text)."""
    peer_columns = max([len(r.peers) for r in rows] + [1])
    header = ["Work", "Size", "Nearby", *[f"Peer {i + 1} (×: Nearby faster by)"
                                          for i in range(peer_columns)],
              "Target", "Status", "Note"]
    body = [r.cells(peer_columns) for r in rows]
    widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h)
              for i, h in enumerate(header)]

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

    out = [line(header), "|" + "|".join("-" * (w + 2) for w in widths) + "|"]
    out += [line(b) for b in body]
    return "\n".join(out)
