"""`make web-serve`: serve build/web on 127.0.0.1 and print the address to open.

    python tools/web/serve.py [--dir build/web] [--port 8000]    (--port 0: any free port)

A plain static server (Python's http.server) with the types a browser insists on for the
wasm port (.mjs as JavaScript, .wasm as application/wasm) and the manifest, and the headers
a static host should send too (HEADERS; docs/WEB.md): a Content-Security-Policy that lets
the page run only its own files (and compile WebAssembly: 'wasm-unsafe-eval'), and nosniff,
so a file is only ever taken for its declared type. Only this
machine can reach it; a phone on the same network needs the site served over HTTPS (a
service worker, the Wake Lock and the storage need a secure origin), so copy build/web to
any static host instead. Ctrl-C stops it.
SPDX-License-Identifier: MIT
"""

import argparse
import functools
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".pack": "application/octet-stream",
}

# What the page needs and no more: its own scripts, styles, images, worker, manifest and
# fetches; WebAssembly compiled from its own .wasm; no plugins, no framing, no form posts.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
    "object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    # Revalidate every time: a new `make web` shows at the next visit (the service worker
    # keeps the offline copy; its own file must never be cached by HTTP).
    "Cache-Control": "no-cache",
}


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def end_headers(self):
        for name, value in HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format, *args):  # quiet: one line a request is noise here
        pass


def make_server(folder, port=8000, host="127.0.0.1"):
    """A server for folder on host:port (port 0: a free one); not yet serving."""
    handler = functools.partial(Handler, directory=str(folder))
    return ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    ap = argparse.ArgumentParser(description="serve the web build on 127.0.0.1")
    ap.add_argument("--dir", default=str(REPO / "build" / "web"))
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    folder = Path(args.dir)
    if not (folder / "index.html").exists():
        print(f"make web-serve: no site in {folder}: run make web", file=sys.stderr)
        return 1
    try:
        server = make_server(folder, args.port)
    except OSError as e:
        print(f"make web-serve: cannot listen on 127.0.0.1:{args.port} ({e.strerror}): "
              "try WEB_PORT=0 (any free port) or another", file=sys.stderr)  # fmt: skip
        return 1
    host, port = server.server_address[:2]
    print(f"PicoPeg in the browser: http://{host}:{port}/   (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
