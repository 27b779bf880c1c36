"""An independent packer for PointBlob format version 2, written from the format's documentation
(Sources/NearbyStore/PointBlob.swift), to give PointBlobTests bytes that our Swift encoder did not
make. Run: python3 Tests/NearbyStoreTests/Fixtures/pack_points_v2.py

A point is (lat, lon, ele, time, hr, cad); None means absent.
"""
import math
import struct

RAW = 15
POWERS = [10.0 ** k for k in range(10)]  # exact


def scaled(value, k):
    """m with float(m) / 10^k == value bit for bit, |m| < 2^53; or None."""
    product = value * POWERS[k]
    if math.isnan(product) or math.isinf(product):
        return None
    if abs(product) >= 2.0 ** 53:
        return None
    m = round(product)  # to the nearest integer, ties to even
    if m == 0:
        return 0 if struct.pack("<d", value) == struct.pack("<d", 0.0) else None
    back = float(m) / POWERS[k]
    return m if struct.pack("<d", back) == struct.pack("<d", value) else None


class Field:
    def __init__(self):
        self.scale, self.previous, self.last_decimal = 0, 0, 0

    def choose(self, value):
        if self.scale == RAW:
            m = scaled(value, self.last_decimal)
            return (self.last_decimal, m) if m is not None else (RAW, None)
        m = scaled(value, self.scale)
        if m is not None:
            return self.scale, m
        for k in range(10):
            if k != self.scale:
                m = scaled(value, k)
                if m is not None:
                    return k, m
        return RAW, None


def varint(n):
    out = bytearray()
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def zigzag(d):
    return (d << 1) if d >= 0 else ((-d) << 1) - 1


def pack(points):
    out = bytearray([2])
    fields = [Field(), Field(), Field(), Field()]
    small = [0, 0]  # heart rate, cadence
    for point in points:
        values = point[:4]
        chosen = [f.choose(v) if v is not None else (f.scale, None) for f, v in zip(fields, values)]
        flags = sum(1 << i for i, v in enumerate(point[2:]) if v is not None)
        rescale = any(c[0] != f.scale for c, f in zip(chosen, fields))
        out.append(flags | (0x10 if rescale else 0))
        if rescale:
            out.append(chosen[0][0] << 4 | chosen[1][0])
            out.append(chosen[2][0] << 4 | chosen[3][0])
        for f, v, (k, m) in zip(fields, values, chosen):
            if v is None:
                continue
            f.scale = k
            if k == RAW:
                out += struct.pack("<d", v)
            else:
                f.last_decimal = k
                out += varint(zigzag(m - f.previous))
                f.previous = m
        for i, v in enumerate(point[4:]):
            if v is not None:
                out += varint(zigzag(v - small[i]))
                small[i] = v
    return bytes(out)


# The points of PointBlobTests.decimalPoints: 7-digit fixes at 1 s, a quarter second (the time's
# scale changes), a missing elevation, 0.1 + 0.2 (no decimal of 9 digits or fewer: raw) and back,
# a negative hemisphere, heart rate and cadence going up and down.
POINTS = [
    (25.0417752, 121.5152235, 11.8, 1710108000.0, 120, None),
    (25.0417477, 121.5152348, 11.9, 1710108001.0, 119, None),
    (25.0417284, 121.5152503, None, 1710108002.25, 121, 88),
    (0.1 + 0.2, 121.5152608, 13.0, 1710108003.0, None, 90),
    (25.0417051, -0.5, -2.0, None, 65535, 0),
]

if __name__ == "__main__":
    print(pack(POINTS).hex())
