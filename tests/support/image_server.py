"""A tiny image host for tests: ``http.server`` on a free loopback port, in a thread.

It records every request as it arrived (request line with the query string,
and all headers) so tests can prove no key, auth or cookie was sent, and
serves a fixed set of routes:

- ``/ok.png`` a real PNG (sets a cookie, to check it is never sent back);
- ``/ok.svg`` an SVG; ``/not-an-image.png`` says image/png but sends HTML;
- ``/missing.png`` 404; ``/page.html`` an HTML page (text/html, status 200);
- ``/data.json`` application/json;
- ``/huge.png`` image/png without Content-Length, :data:`HUGE` bytes (HTTP/1.0,
  body ends when the connection closes); ``/huge-declared.png`` the same with a
  Content-Length. ``sent[path]`` counts the bytes that went out before the
  client hung up;
- ``/redirect`` 302 to ``/ok.png``; ``/loop`` 302 to itself;
- ``/slow.png`` waits until :meth:`ImageServer.release` (or 10 s), then a PNG.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from licensedesk.sandbox.media import sku_png, sku_svg

HUGE = 64 * 1024 * 1024
CHUNK = 64 * 1024
PNG = sku_png("TEST-SKU")
SVG = sku_svg("TEST-SKU", "Test Image")


class ImageServer:
    def __init__(self) -> None:
        self.requests: list[tuple[str, dict[str, str]]] = []  # (request line, headers)
        self.sent: dict[str, int] = defaultdict(int)
        self.slow_started = threading.Event()
        self._release = threading.Event()
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.0"

            def log_message(self, *args) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                with server._lock:
                    server.requests.append((self.requestline, dict(self.headers.items())))
                server._serve(self)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self._thread = threading.Thread(
            target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def __enter__(self) -> ImageServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.release()
        self.httpd.shutdown()
        self.httpd.server_close()

    def release(self) -> None:
        self._release.set()

    def request_text(self) -> str:
        """Every request line and header, as one string (for "no key in here" checks)."""
        with self._lock:
            return "\n".join(
                line + "\n" + "\n".join(f"{k}: {v}" for k, v in headers.items())
                for line, headers in self.requests
            )

    def paths(self) -> list[str]:
        with self._lock:
            return [line.split()[1] for line, _ in self.requests]

    # -- routes -----------------------------------------------------------------------
    def _serve(self, h: BaseHTTPRequestHandler) -> None:
        path = h.path.split("?")[0]
        if path == "/ok.png":
            self._send(h, 200, "image/png", PNG, {"Set-Cookie": "tracker=abc; Path=/"})
        elif path == "/ok.svg":
            self._send(h, 200, "image/svg+xml", SVG)
        elif path == "/not-an-image.png":
            self._send(h, 200, "image/png", b"<html><body>Sorry</body></html>")
        elif path == "/missing.png":
            self._send(h, 404, "text/html", b"<html><body>Not found</body></html>")
        elif path == "/page.html":
            self._send(h, 200, "text/html; charset=utf-8", b"<html><body>Shop</body></html>")
        elif path == "/data.json":
            self._send(h, 200, "application/json", b'{"image": "no"}')
        elif path in ("/huge.png", "/huge-declared.png"):
            self._huge(h, path, declared=path == "/huge-declared.png")
        elif path == "/redirect":
            self._send(h, 302, "text/plain", b"", {"Location": "/ok.png"})
        elif path == "/loop":
            self._send(h, 302, "text/plain", b"", {"Location": "/loop"})
        elif path == "/slow.png":
            self.slow_started.set()
            self._release.wait(10)
            self._send(h, 200, "image/png", PNG)
        else:
            self._send(h, 404, "text/plain", b"no such route")

    def _send(self, h, status: int, ctype: str, body: bytes, headers=None) -> None:
        try:
            h.send_response(status)
            h.send_header("Content-Type", ctype)
            h.send_header("Content-Length", str(len(body)))
            for key, value in (headers or {}).items():
                h.send_header(key, value)
            h.end_headers()
            h.wfile.write(body)
        except OSError:  # the client hung up
            pass

    def _huge(self, h, path: str, *, declared: bool) -> None:
        try:
            h.send_response(200)
            h.send_header("Content-Type", "image/png")
            if declared:
                h.send_header("Content-Length", str(HUGE))
            h.end_headers()
            h.wfile.flush()
            chunk = PNG + bytes(CHUNK - len(PNG))
            for _ in range(HUGE // CHUNK):
                h.wfile.write(chunk)
                h.wfile.flush()
                with self._lock:
                    self.sent[path] += len(chunk)
        except OSError:  # the client hung up: what we want
            pass
