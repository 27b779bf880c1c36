#!/usr/bin/env python3
"""Loopback HTTP server for the NearbyFeeds fetch and cache tests (standard library only).

Usage: fixture_server.py <root-folder>
Binds 127.0.0.1 on a free port and prints the port as the first line of stdout. Exits when its
stdin closes, so it cannot outlive the test that started it.

Routes:
  /files/<name>          the file <root>/<name>; ETag (sha256 prefix) and Last-Modified (mtime);
                         304 when If-None-Match matches, or If-Modified-Since is not older
  /gzip/<name>           the same, gzip-encoded when the client accepts gzip
  /status/<code>         that status with a short body
  /slow/<seconds>        sleeps (at most 5 s) and then answers 200
  /truncated             announces 1000 bytes, sends 10 and closes the connection
  /redirect/<n>/<name>   302 to /redirect/<n-1>/<name>, and at 0 to /files/<name>
  /big/<bytes>           that many bytes with Content-Length
  /chunked/<bytes>       that many bytes with chunked encoding (no length announced)
  /headers               the request headers as JSON
  /log                   JSON list of earlier requests: [method, path, status, if-none-match]
  /goto?to=<url>         302 to <url> (any scheme)
  /trickle/<bytes>       announces <bytes>, then sends one byte every 0.5 s (at most 20 s)
  /inflate/<mib>         <mib> MiB of zeros, gzip-encoded (a few KiB on the wire)
  /api/v1/dataset/<name> the file <root>/<name> in the data.taipei API shape (query ignored),
                         unless <root>/fault.txt says: 500, 404, truncate (half the body, then
                         close), stall (headers, then nothing for 20 s)
  /tiles/<z>/<x>/<y>.png a generated 256 x 256 PNG map tile that shows "z/x/y" (streets, a river
                         and parks continue across tiles); ETag, 304 on If-None-Match; 404 for
                         the tiles named in <root>/missing-tiles.txt ("z/x/y" a line)
  /nottiles/<z>/<x>/<y>.png  200 with an HTML page instead of an image
  /tilelog               JSON list of the tile requests: {path, status, user-agent, accept,
                         if-none-match, if-modified-since}
"""
import email.utils
import gzip
import hashlib
import json
import os
import struct
import urllib.parse
import zlib
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.getcwd()
LOG = []
LOG_LOCK = threading.Lock()
TILE_LOG = []

# A 3 x 5 pixel font for the tile labels.
FONT = {
    "0": ["111", "101", "101", "101", "111"], "1": ["010", "110", "010", "010", "111"],
    "2": ["111", "001", "111", "100", "111"], "3": ["111", "001", "111", "001", "111"],
    "4": ["101", "101", "111", "001", "001"], "5": ["111", "100", "111", "001", "111"],
    "6": ["111", "100", "111", "101", "111"], "7": ["111", "001", "010", "010", "010"],
    "8": ["111", "101", "111", "101", "111"], "9": ["111", "101", "111", "001", "111"],
    "/": ["001", "001", "010", "100", "100"],
}


def png(width, height, rows):
    """A PNG (8-bit RGB) of `rows`, each a bytes of width * 3."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + bytes(row) for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b"")


TILE_CACHE = {}


def tile_png(z, x, y):
    key = (z, x, y)
    if key not in TILE_CACHE:
        TILE_CACHE[key] = draw_tile(z, x, y)
    return TILE_CACHE[key]


def draw_tile(z, x, y):
    """A map-like tile: land, parks, a river and streets in world pixels, so they continue from
    tile to tile; a dashed tile edge; the label z/x/y in the middle."""
    land, park, water = (242, 239, 233), (205, 235, 196), (170, 211, 223)
    street, edge, text = (255, 255, 255), (214, 208, 198), (70, 70, 70)
    rows = []
    for j in range(256):
        wy = y * 256 + j
        row = bytearray()
        for i in range(256):
            wx = x * 256 + i
            colour = land
            if ((wx // 96) * 7 + (wy // 96) * 13) % 9 == 0:
                colour = park
            if (wx + 2 * wy) % 1400 < 46:
                colour = water
            mx, my = wx % 96, wy % 96
            if mx < 7 or my < 7:
                colour = street
            elif mx == 7 or my == 7 or mx == 95 or my == 95:
                colour = edge
            if (i == 0 or j == 0) and (i + j) % 8 < 4:
                colour = (190, 190, 190)
            row += bytes(colour)
        rows.append(row)
    label = "%d/%d/%d" % (z, x, y)
    scale = 3
    width = len(label) * 4 * scale
    left, top = (256 - width) // 2, 128 - 3 * scale
    for j in range(top - 4, top + 5 * scale + 4):
        for i in range(left - 4, left + width + 2):
            rows[j][i * 3:i * 3 + 3] = bytes((255, 255, 255))
    for k, ch in enumerate(label):
        for r, bits in enumerate(FONT[ch]):
            for c, bit in enumerate(bits):
                if bit == "1":
                    for dj in range(scale):
                        for di in range(scale):
                            i = left + (k * 4 + c) * scale + di
                            rows[top + r * scale + dj][i * 3:i * 3 + 3] = bytes(text)
    return png(256, 256, rows)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self, status):
        with LOG_LOCK:
            LOG.append(["GET", self.path, status, self.headers.get("If-None-Match")])

    def reply(self, status, body=b"", headers=()):
        self.record(status)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if status != 304:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if status != 304:
            self.wfile.write(body)

    def do_GET(self):
        parts = self.path.split("?")[0].strip("/").split("/")
        route, args = parts[0], parts[1:]
        try:
            if route in ("files", "gzip") and len(args) == 1:
                self.serve_file(args[0], compress=route == "gzip")
            elif route == "status":
                self.reply(int(args[0]), b"status %s\n" % args[0].encode())
            elif route == "slow":
                time.sleep(min(float(args[0]), 5.0))
                self.reply(200, b"late\n")
            elif route == "truncated":
                self.record(200)
                self.close_connection = True
                self.send_response(200)
                self.send_header("Content-Length", "1000")
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(b"0123456789")
                self.wfile.flush()
            elif route == "redirect":
                count, name = int(args[0]), args[1]
                target = "/redirect/%d/%s" % (count - 1, name) if count > 0 else "/files/" + name
                self.reply(302, b"", [("Location", target)])
            elif route == "big":
                self.reply(200, b"x" * int(args[0]))
            elif route == "chunked":
                self.serve_chunked(int(args[0]))
            elif route == "headers":
                body = json.dumps({k.lower(): v for k, v in self.headers.items()}).encode()
                self.reply(200, body, [("Content-Type", "application/json")])
            elif route == "goto":
                query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query)
                self.reply(302, b"", [("Location", query.get("to", ["/"])[0])])
            elif route == "trickle":
                self.record(200)
                self.send_response(200)
                self.send_header("Content-Length", str(int(args[0])))
                self.end_headers()
                for _ in range(min(int(args[0]), 40)):
                    self.wfile.write(b"x")
                    self.wfile.flush()
                    time.sleep(0.5)
            elif route == "inflate":
                body = gzip.compress(b"\0" * (int(args[0]) << 20), compresslevel=9)
                self.reply(200, body, [("Content-Encoding", "gzip")])
            elif route in ("tiles", "nottiles") and len(args) == 3:
                self.serve_tile(route, args)
            elif route == "tilelog":
                with LOG_LOCK:
                    body = json.dumps(TILE_LOG).encode()
                self.reply(200, body, [("Content-Type", "application/json")])
            elif route == "api" and len(args) == 3:
                self.serve_api(args[2])
            elif route == "log":
                with LOG_LOCK:
                    body = json.dumps(LOG).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            else:
                self.reply(404, b"no such route\n")
        except (BrokenPipeError, ConnectionResetError):
            pass

    def serve_file(self, name, compress):
        path = os.path.join(ROOT, os.path.basename(name))
        if not os.path.isfile(path):
            self.reply(404, b"no such file\n")
            return
        with open(path, "rb") as handle:
            body = handle.read()
        etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
        mtime = int(os.path.getmtime(path))
        headers = [("ETag", etag), ("Last-Modified", email.utils.formatdate(mtime, usegmt=True))]
        match = self.headers.get("If-None-Match")
        since = self.headers.get("If-Modified-Since")
        if match is not None:
            if etag in [tag.strip() for tag in match.split(",")]:
                self.reply(304, b"", headers)
                return
        elif since is not None:
            parsed = email.utils.parsedate_to_datetime(since).timestamp()
            if mtime <= parsed:
                self.reply(304, b"", headers)
                return
        if compress and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body)
            headers.append(("Content-Encoding", "gzip"))
        self.reply(200, body, headers)

    def serve_tile(self, route, args):
        z, x, y = int(args[0]), int(args[1]), int(args[2].split(".")[0])
        missing_path = os.path.join(ROOT, "missing-tiles.txt")
        missing = open(missing_path).read().split() if os.path.isfile(missing_path) else []
        if route == "nottiles":
            status, body, headers = 200, b"<html><body>not a tile</body></html>", [("Content-Type", "text/html")]
        elif "%d/%d/%d" % (z, x, y) in missing:
            status, body, headers = 404, b"no such tile\n", []
        else:
            body = tile_png(z, x, y)
            etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
            headers = [("ETag", etag), ("Content-Type", "image/png")]
            status = 304 if self.headers.get("If-None-Match") == etag else 200
        with LOG_LOCK:
            TILE_LOG.append({
                "path": self.path, "status": status, "user-agent": self.headers.get("User-Agent"),
                "accept": self.headers.get("Accept"), "if-none-match": self.headers.get("If-None-Match"),
                "if-modified-since": self.headers.get("If-Modified-Since"),
            })
        self.reply(status, body, headers)

    def serve_api(self, name):
        fault_path = os.path.join(ROOT, "fault.txt")
        fault = open(fault_path).read().strip() if os.path.isfile(fault_path) else ""
        if fault in ("500", "404"):
            self.reply(int(fault), b"fault\n")
            return
        path = os.path.join(ROOT, os.path.basename(name))
        if not os.path.isfile(path):
            self.reply(404, b"no such dataset\n")
            return
        with open(path, "rb") as handle:
            body = handle.read()
        if fault in ("truncate", "stall"):
            self.record(200)
            self.close_connection = True
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Connection", "close")
            self.end_headers()
            if fault == "truncate":
                self.wfile.write(body[: len(body) // 2])
            else:
                self.wfile.flush()
                time.sleep(20)
            return
        self.reply(200, body, [("Content-Type", "application/json")])

    def serve_chunked(self, size):
        self.record(200)
        self.send_response(200)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        remaining = size
        while remaining > 0:
            step = min(remaining, 4096)
            self.wfile.write(b"%x\r\n%s\r\n" % (step, b"y" * step))
            remaining -= step
        self.wfile.write(b"0\r\n\r\n")


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # Clients that hang up early (timeouts, size limits) are part of the tests.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def watch_stdin():
    sys.stdin.read()
    os._exit(0)


def main():
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=watch_stdin, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
