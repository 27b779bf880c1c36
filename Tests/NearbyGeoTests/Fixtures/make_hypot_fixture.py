#!/usr/bin/env python3
"""Writes python_hypot.txt: CPython 3.11's math.hypot(x, y) as the oracle for GeoMath.hypot2.

Run from this directory:  python3 make_hypot_fixture.py   (CPython 3.11)
Two parts:
  - "x y hypot" lines, repr() of each double: edge cases and a few thousand random pairs;
  - "digest <chunk> <hex>" lines: 200,000 pairs drawn from SplitMix64 (the same generator as
    Tests/NearbyGeoTests/SplitMix64.swift, seed 0x5eed_4a70), hashed 1,000 at a time (64-bit
    FNV-1a over the results' bit patterns) so the test can regenerate the pairs and compare.
"""
import math, random, struct, sys

M64 = (1 << 64) - 1

class SplitMix64:
    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def unit(self):  # [0, 1), exact
        return (self.next() >> 11) * 2.0 ** -53

def pair(g, i):
    """Pair i of the generated set; HypotTests.swift draws the same."""
    kind = i % 4
    if kind == 0:  # sines and cosines, the solver's usual arguments
        return 2 * g.unit() - 1, 2 * g.unit() - 1
    if kind == 1:  # very different magnitudes
        x = 2 * g.unit() - 1
        return x, (2 * g.unit() - 1) * math.ldexp(1.0, -(g.next() % 60))
    if kind == 2:  # anywhere in the double range, subnormals included
        x = math.ldexp(0.5 + g.unit() / 2, g.next() % 2098 - 1074)
        return x, math.ldexp(0.5 + g.unit() / 2, g.next() % 2098 - 1074)
    x = g.unit()  # nearly equal
    return x, x * (1 + (2 * g.unit() - 1) * 1e-8)

def fnv(h, value):
    for byte in struct.pack("<d", value):
        h = ((h ^ byte) * 0x100000001B3) & M64
    return h

big, tiny = sys.float_info.max, 5e-324
edges = [
    (0.0, 0.0), (-0.0, 0.0), (3.0, 4.0), (-3.0, 4.0), (1.0, 1e-20), (1e-20, 1.0),
    (math.inf, 1.0), (1.0, -math.inf), (math.nan, 1.0), (math.nan, math.inf), (math.inf, math.nan),
    (big, big), (big, 1.0), (tiny, tiny), (tiny, 0.0), (1e-320, 1e-321), (2.0 ** -1023, 2.0 ** -1024),
    (2.0 ** -1022, 2.0 ** -1030), (2.0 ** 1023, 2.0 ** 1023), (1e-310, 3e-310), (0.5, 0.5),
    (1.0, 1.0), (0.7071067811865476, 0.7071067811865475), (1e300, 1e300), (1e-300, 1e-300),
]
rng = random.Random(20261203)
for _ in range(3000):  # f1 sin(lat), cos(lat) as in the reduced latitude, and short-line terms
    t = math.radians(rng.uniform(-90, 90))
    edges.append(((1 - 1 / 298.257223563) * math.sin(t), math.cos(t)))
    edges.append((rng.uniform(-1e-6, 1e-6), rng.uniform(-1e-6, 1e-6)))

with open("python_hypot.txt", "w") as f:
    f.write("# x y math.hypot(x, y) (repr), CPython %s; then digests; see make_hypot_fixture.py\n"
            % sys.version.split()[0])
    for x, y in edges:
        f.write(f"{x!r} {y!r} {math.hypot(x, y)!r}\n")
    g = SplitMix64(0x5EED4A70)
    for chunk in range(200):
        h = 0xCBF29CE484222325
        for i in range(chunk * 1000, chunk * 1000 + 1000):
            x, y = pair(g, i)
            h = fnv(h, math.hypot(x, y))
        f.write(f"digest {chunk} {h:016x}\n")
