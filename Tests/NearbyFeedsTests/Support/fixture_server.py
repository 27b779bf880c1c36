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
"""
import email.utils
import gzip
import hashlib
import json
import os
import urllib.parse
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.getcwd()
LOG = []
LOG_LOCK = threading.Lock()


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
