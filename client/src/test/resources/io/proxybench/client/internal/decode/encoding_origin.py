"""An independent origin for the client's content-decoding interop test: serves the files of a folder, each body
encoded with the codings its path names, by Python's own zlib and Debian's brotli and zstandard modules.

GET /<codings>/<file> answers 200 with the file encoded in each coding of <codings> (comma-separated, applied in
order, e.g. "gzip,br"), sent in Content-Encoding as written, without Content-Length (the body ends with the
connection). Usage: python3 encoding_origin.py PORT FOLDER; listens on 127.0.0.1 only.
"""
import gzip
import http.server
import os
import sys
import urllib.parse
import zlib

import brotli
import zstandard

ENCODERS = {
    "gzip": lambda data: gzip.compress(data, mtime=0),
    "deflate": zlib.compress,
    "br": brotli.compress,
    "zstd": lambda data: zstandard.ZstdCompressor(level=3).compress(data),
}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def do_GET(self):
        parts = urllib.parse.unquote(self.path).strip("/").split("/")
        if len(parts) != 2:
            self.send_error(404, "ask for /<codings>/<file>")
            return
        codings = [c.strip() for c in parts[0].split(",")]
        path = os.path.join(sys.argv[2], os.path.basename(parts[1]))
        if not all(c in ENCODERS for c in codings) or not os.path.isfile(path):
            self.send_error(404, "unknown coding or file")
            return
        with open(path, "rb") as f:
            body = f.read()
        for coding in codings:
            body = ENCODERS[coding](body)
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Encoding", ", ".join(codings))
        self.end_headers()
        self.wfile.write(body)


if __name__ == "__main__":
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
