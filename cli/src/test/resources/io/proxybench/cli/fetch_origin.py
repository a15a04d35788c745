"""An independent origin for fetch's interop test, by Python's own http.server, zlib and Debian's brotli and zstandard
modules. Listens on 127.0.0.1 only. Usage: python3 fetch_origin.py PORT FOLDER

GET /enc/<coding>/<file>  the file in one coding (gzip, deflate, br, zstd, or identity for none), Content-Encoding
                          as named, no Content-Length: the body ends with the connection (HTTP/1.0)
GET /slow/<file>          the file as is, in 8 KiB pieces 10 ms apart
GET /set/<name>=<value>   200 with Set-Cookie: <name>=<value>; Path=/ (and a second, <name>2=<value>; Path=/)
GET /echo-cookie          the Cookie header received, as the body ("none" without one)
GET /bad-location         302 with a Location whose port is out of range
GET /loop                 302 to itself
GET /bomb                 64 MiB of zeros as zstd: a few KiB on the wire
GET /corrupt              Content-Encoding: gzip, and bytes that are not gzip
GET /stall                Content-Length 100000, the first 1,000 bytes, then nothing for 30 s
"""
import gzip
import http.server
import os
import sys
import time
import urllib.parse
import zlib

import brotli
import zstandard

ENCODERS = {
    "gzip": lambda data: gzip.compress(data, mtime=0),
    "deflate": zlib.compress,
    "br": lambda data: brotli.compress(data, quality=5),
    "zstd": lambda data: zstandard.ZstdCompressor(level=3).compress(data),
    "identity": lambda data: data,
}
BOMB = zstandard.ZstdCompressor(level=3).compress(bytes(64 * 1024 * 1024))


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, format, *args):
        sys.stderr.write("%s\n" % (format % args))

    def file(self, name):
        path = os.path.join(sys.argv[2], os.path.basename(name))
        if not os.path.isfile(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def answer(self, status, headers, body):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = urllib.parse.unquote(self.path)
        parts = path.strip("/").split("/")
        if parts[0] == "enc" and len(parts) == 3 and parts[1] in ENCODERS and self.file(parts[2]) is not None:
            headers = [("Content-Type", "application/octet-stream")]
            if parts[1] != "identity":
                headers.append(("Content-Encoding", parts[1]))
            self.answer(200, headers, ENCODERS[parts[1]](self.file(parts[2])))
        elif parts[0] == "slow" and len(parts) == 2 and self.file(parts[1]) is not None:
            body = self.file(parts[1])
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            for i in range(0, len(body), 8192):
                self.wfile.write(body[i:i + 8192])
                self.wfile.flush()
                time.sleep(0.01)
        elif parts[0] == "set" and len(parts) == 2 and "=" in parts[1]:
            name, value = parts[1].split("=", 1)
            self.answer(200, [("Set-Cookie", "%s=%s; Path=/" % (name, value)),
                              ("Set-Cookie", "%s2=%s; Path=/" % (name, value))], b"set\n")
        elif path == "/echo-cookie":
            self.answer(200, [("Content-Type", "text/plain")], (self.headers.get("Cookie") or "none").encode())
        elif path == "/bad-location":
            self.answer(302, [("Location", "http://127.0.0.1:99999/next")], b"")
        elif path == "/loop":
            self.answer(302, [("Location", "/loop")], b"")
        elif path == "/bomb":
            self.answer(200, [("Content-Encoding", "zstd")], BOMB)
        elif path == "/corrupt":
            self.answer(200, [("Content-Encoding", "gzip")], b"\x1f\x8b\x08\x00this is not gzip data at all" * 4)
        elif path == "/stall":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b"x" * 1000)
            self.wfile.flush()
            time.sleep(30)
        else:
            self.answer(404, [("Content-Type", "text/plain")], b"not found\n")


if __name__ == "__main__":
    http.server.ThreadingHTTPServer.daemon_threads = True
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
