"""The length of a short geodesic (up to about 1 km) to 40 digits, for the accuracy check.

The chord between the two points' Earth-centred positions in 40-digit arithmetic (mpmath), plus
the arc correction of a curve whose curvature is the ellipsoid's normal curvature k in the
chord's direction at the middle (Euler: cos^2 a / M + sin^2 a / N): c + k^2 c^3 / 24 +
3 k^4 c^5 / 640. The neglected terms are below 1e-15 m at 1 km. GeographicLib's double-precision
inverse is within about 3e-9 m of it on short lines (its stated bound is 15 nm), which on a
leg of a few centimetres is more than 1e-9 relative; this reference is what such legs are
checked against. (Tests/NearbyGeoTests/Fixtures/make_leg_fixture.py writes the same lengths for
the unit tests, without the harness's dependencies.)
"""

from __future__ import annotations

import mpmath as mp

mp.mp.dps = 40
_A = mp.mpf(6378137)
_E2 = (1 / mp.mpf("298.257223563")) * (2 - 1 / mp.mpf("298.257223563"))


def _position(lat: float, lon: float):
    p, l = mp.radians(mp.mpf(lat)), mp.radians(mp.mpf(lon))
    n = _A / mp.sqrt(1 - _E2 * mp.sin(p) ** 2)
    return (n * mp.cos(p) * mp.cos(l), n * mp.cos(p) * mp.sin(l), n * (1 - _E2) * mp.sin(p)), p


def exact_short_leg(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """The geodesic length in metres of a leg under about 1 km, correctly rounded to a double."""
    (p, p1), (q, p2) = _position(lat1, lon1), _position(lat2, lon2)
    d = [q[i] - p[i] for i in range(3)]
    c = mp.sqrt(sum(x * x for x in d))
    if c == 0:
        return 0.0
    mid = (p1 + p2) / 2
    lm = mp.atan2(p[1] + q[1], p[0] + q[0])
    ue = -d[0] * mp.sin(lm) + d[1] * mp.cos(lm)
    un = -d[0] * mp.sin(mid) * mp.cos(lm) - d[1] * mp.sin(mid) * mp.sin(lm) + d[2] * mp.cos(mid)
    s2 = ue * ue / (ue * ue + un * un)
    w2 = 1 - _E2 * mp.sin(mid) ** 2
    k = (1 - s2) / (_A * (1 - _E2) / w2 ** mp.mpf(1.5)) + s2 / (_A / mp.sqrt(w2))
    return float(c + k * k * c ** 3 / 24 + 3 * k ** 4 * c ** 5 / 640)
