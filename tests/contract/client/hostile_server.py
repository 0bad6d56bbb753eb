"""A deliberately hostile HTTP server for the client's limits (issue #13).

Raw asyncio on a free loopback port, in a thread of its own (its own event
loop), so a test can aim a child process *or* an in-process client at it.
``start()`` returns once it listens (no sleeps). Every request is answered by
one behaviour, picked by the request's path (the first match of
``routes``, a path prefix → behaviour name), else ``default``:

- ``huge_length``: ``Content-Length: 2147483648``, then zeros as fast as the
  client takes them;
- ``endless_chunks``: ``Transfer-Encoding: chunked``, 64 KiB chunks for ever;
- ``gzip_endless`` / ``deflate_endless``: ``Content-Encoding: gzip`` (``deflate``),
  chunked, zeros compressed about a thousand to one, for ever (a "zip bomb");
  :attr:`compressed_sent` counts the bytes on the wire;
- ``trickle``: the answer (status line included) one byte every
  :data:`TRICKLE_EVERY` seconds, for ever: each read gets a byte in time;
- ``deep_arrays`` / ``deep_objects``: 200 with :data:`DEPTH` nested arrays
  (objects) as the body;
- ``json``: 200 with ``bodies[path prefix]`` as JSON (status from
  ``statuses``, default 200), for hostile *text* in a well-formed answer.

The streaming behaviours stop when the client goes away, or (in-process tests,
where a client that lost its limits must fail rather than fill the test's own
memory or hang it) after ``stream_cap`` bytes / ``trickle_for`` seconds.
"""

from __future__ import annotations

import asyncio
import json
import threading
import zlib
from typing import Any

DEPTH = 100_000
TRICKLE_EVERY = 0.2
CHUNK = b"\0" * 65536
HUGE = 2 * 1024**3


def deep_body(kind: str, depth: int = DEPTH) -> bytes:
    if kind == "deep_arrays":
        return b"[" * depth + b"]" * depth
    return b'{"a":' * depth + b"1" + b"}" * depth


class HostileServer:
    def __init__(self, default: str = "json") -> None:
        self.default = default
        self.routes: dict[str, str] = {}
        self.bodies: dict[str, Any] = {}
        self.statuses: dict[str, int] = {}
        self.requests: list[tuple[str, str]] = []
        self.stream_cap: int | None = None
        self.compressed_sent = 0
        self.trickle_for: float | None = None
        self.url = ""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._server: asyncio.base_events.Server | None = None
        self._thread: threading.Thread | None = None
        self._tasks: set[asyncio.Task] = set()

    # -- life ----------------------------------------------------------------------
    def start(self) -> str:
        ready = threading.Event()
        self._loop = asyncio.new_event_loop()

        async def listen() -> None:
            self._server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
            port = self._server.sockets[0].getsockname()[1]
            self.url = f"http://127.0.0.1:{port}"

        def run() -> None:
            asyncio.set_event_loop(self._loop)
            self._loop.run_until_complete(listen())
            ready.set()
            self._loop.run_forever()

        self._thread = threading.Thread(target=run, name="hostile-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        return self.url

    def stop(self) -> None:
        loop = self._loop
        if loop is None or self._thread is None:
            return

        async def close() -> None:
            for task in list(self._tasks):
                task.cancel()
            if self._server is not None:
                self._server.close()
            await asyncio.gather(*self._tasks, return_exceptions=True)

        asyncio.run_coroutine_threadsafe(close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        self._thread.join(10)
        loop.close()
        self._loop = None

    def __enter__(self) -> HostileServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- HTTP ----------------------------------------------------------------------
    def behaviour(self, path: str) -> str:
        for prefix, name in self.routes.items():
            if path.startswith(prefix):
                return name
        return self.default

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter):
        task = asyncio.current_task()
        if task is not None:
            self._tasks.add(task)
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            method, target, _ = head.decode("latin-1").split("\r\n", 1)[0].split(" ", 2)
            path = target.split("?", 1)[0]
            self.requests.append((method, path))
            length = 0
            for line in head.decode("latin-1").split("\r\n")[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip() or 0)
            if length:
                await reader.readexactly(length)
            await getattr(self, "_" + self.behaviour(path))(writer, path)
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError, OSError):
            pass
        finally:
            if task is not None:
                self._tasks.discard(task)
            writer.close()

    @staticmethod
    def _head(status: int, headers: dict[str, str]) -> bytes:
        lines = [f"HTTP/1.1 {status} X"] + [f"{k}: {v}" for k, v in headers.items()]
        return ("\r\n".join(lines) + "\r\n\r\n").encode()

    async def _huge_length(self, writer: asyncio.StreamWriter, _path: str) -> None:
        writer.write(
            self._head(200, {"Content-Type": "application/json", "Content-Length": str(HUGE)})
        )
        sent, cap = 0, min(HUGE, self.stream_cap or HUGE)
        while sent < cap:
            writer.write(CHUNK)
            sent += len(CHUNK)
            await writer.drain()

    async def _endless_chunks(self, writer: asyncio.StreamWriter, _path: str) -> None:
        writer.write(
            self._head(200, {"Content-Type": "application/json", "Transfer-Encoding": "chunked"})
        )
        frame = f"{len(CHUNK):x}\r\n".encode() + CHUNK + b"\r\n"
        sent = 0
        while self.stream_cap is None or sent < self.stream_cap:
            writer.write(frame)
            sent += len(CHUNK)
            await writer.drain()

    async def _gzip_endless(self, writer: asyncio.StreamWriter, _path: str) -> None:
        await self._bomb(writer, "gzip", zlib.compressobj(9, zlib.DEFLATED, 31))

    async def _deflate_endless(self, writer: asyncio.StreamWriter, _path: str) -> None:
        await self._bomb(writer, "deflate", zlib.compressobj(9, zlib.DEFLATED, 15))

    async def _bomb(self, writer: asyncio.StreamWriter, encoding: str, packer: Any) -> None:
        writer.write(
            self._head(
                200,
                {
                    "Content-Type": "application/json",
                    "Content-Encoding": encoding,
                    "Transfer-Encoding": "chunked",
                },
            )
        )
        inflated = 0
        while self.stream_cap is None or inflated < self.stream_cap:
            packed = packer.compress(CHUNK * 16) + packer.flush(zlib.Z_SYNC_FLUSH)
            inflated += len(CHUNK) * 16
            writer.write(f"{len(packed):x}\r\n".encode() + packed + b"\r\n")
            self.compressed_sent += len(packed)
            await writer.drain()

    async def _trickle(self, writer: asyncio.StreamWriter, _path: str) -> None:
        answer = (
            self._head(200, {"Content-Type": "application/json", "Content-Length": "1000000"})
            + b" " * 1_000_000
        )
        loop = asyncio.get_running_loop()
        until = None if self.trickle_for is None else loop.time() + self.trickle_for
        for i in range(len(answer)):
            if until is not None and loop.time() > until:
                return
            writer.write(answer[i : i + 1])
            await writer.drain()
            await asyncio.sleep(TRICKLE_EVERY)  # the hostile behaviour itself

    async def _deep_arrays(self, writer: asyncio.StreamWriter, path: str) -> None:
        await self._send(writer, 200, deep_body("deep_arrays"))

    async def _deep_objects(self, writer: asyncio.StreamWriter, path: str) -> None:
        await self._send(writer, 200, deep_body("deep_objects"))

    async def _json(self, writer: asyncio.StreamWriter, path: str) -> None:
        key = next((p for p in self.bodies if path.startswith(p)), None)
        body = self.bodies.get(key, {"error": {"message": "Not here", "status_code": 404}})
        status = self.statuses.get(key, 200) if key is not None else 404
        await self._send(writer, status, json.dumps(body).encode())

    async def _send(self, writer: asyncio.StreamWriter, status: int, body: bytes) -> None:
        writer.write(
            self._head(
                status,
                {
                    "Content-Type": "application/json",
                    "Content-Length": str(len(body)),
                    "Connection": "close",
                },
            )
            + body
        )
        await writer.drain()
