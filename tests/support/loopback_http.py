"""A loopback HTTP/1.1 server of a few lines of asyncio, for the client's own tests.

Each test gives it a ``handler(reader, writer)`` that answers, or misbehaves, in one
way on purpose (tests/contract/client/test_network_backend.py, test_pool_sync.py)."""

from __future__ import annotations

import asyncio


def answer(body: bytes = b"ok", close: bool = False) -> bytes:
    head = f"HTTP/1.1 200 OK\r\nContent-Length: {len(body)}\r\n"
    return (head + ("Connection: close\r\n" if close else "") + "\r\n").encode() + body


async def read_request(reader: asyncio.StreamReader) -> bytes:
    """The request's head, and its body when it has a Content-Length."""
    head = await reader.readuntil(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            await reader.readexactly(int(line.split(b":")[1]))
    return head


class Server:
    """A loopback server running ``handler(reader, writer)`` for each connection."""

    def __init__(self, handler) -> None:
        self.handler = handler
        self.connections = 0

    async def __aenter__(self) -> str:
        async def connection(reader, writer):
            self.connections += 1
            try:
                await self.handler(reader, writer)
            except (ConnectionError, asyncio.IncompleteReadError):
                pass
            finally:
                writer.close()

        self._server = await asyncio.start_server(connection, "127.0.0.1", 0)
        return f"http://127.0.0.1:{self._server.sockets[0].getsockname()[1]}"

    async def __aexit__(self, *exc) -> None:
        self._server.close()


def answer_every_request(body: bytes):
    """A handler that answers every request on its connection with ``body``."""
    async def handler(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            await read_request(reader)
            writer.write(answer(body))

    return handler
