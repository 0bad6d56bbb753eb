"""The asyncio network backend (api/network.py) under httpx, against real loopback servers.

Each server here is a few lines of asyncio that misbehave in one way on purpose: closes
an idle connection, sends an answer nobody asked for, stops reading, trickles. The
client's own tests (the sandbox, the odd and hostile servers, TLS) run on the same
backend; these pin what the backend itself must get right."""

from __future__ import annotations

import asyncio
import socket

import httpcore
import httpx
import pytest

from licensedesk.api.network import AsyncioBackend, async_client, use_asyncio_backend
from tests.support.aio import run_async
from tests.support.loopback_http import Server, answer, answer_every_request, read_request

LIMITS = httpx.Limits(max_connections=4, max_keepalive_connections=4)


def client(**kwargs) -> httpx.AsyncClient:
    return async_client(verify=False, limits=LIMITS, **kwargs)


def test_the_clients_connections_use_the_asyncio_backend():
    """If an httpx upgrade builds its pool otherwise, this says so (the app still works,
    on httpx's own backend)."""
    http = client()
    assert isinstance(http._transport._pool._network_backend, AsyncioBackend)
    assert not use_asyncio_backend(httpx.AsyncHTTPTransport(proxy="http://127.0.0.1:9"))


def test_keep_alive_reuses_one_connection():
    async def main():
        server = Server(answer_every_request(b"again"))
        async with server as url, client() as http:
            bodies = [(await http.get(url)).content for _ in range(5)]
        return bodies, server.connections

    bodies, connections = run_async(main())
    assert bodies == [b"again"] * 5
    assert connections == 1


def test_an_idle_connection_the_server_closed_is_not_reused():
    async def handler(reader, writer):
        await read_request(reader)
        writer.write(answer(b"once"))  # keep-alive promised, then closed
        await writer.drain()

    async def main():
        server = Server(handler)
        async with server as url, client() as http:
            first = await http.get(url)
            await asyncio.sleep(0.05)  # the close reaches the client
            second = await http.get(url)
        return first.content, second.content, server.connections

    assert run_async(main()) == (b"once", b"once", 2)


def test_bytes_sent_to_an_idle_connection_are_not_read_as_the_next_answer():
    """Some servers send a 408 before closing an idle connection: the next request must
    not take it for its answer."""
    async def handler(reader, writer):
        await read_request(reader)
        writer.write(answer(b"first"))
        await writer.drain()
        await asyncio.sleep(0.01)
        writer.write(b"HTTP/1.1 408 Request Timeout\r\nContent-Length: 0\r\n\r\n")
        await writer.drain()
        await asyncio.sleep(5)  # stays open: only the stray bytes tell

    async def main():
        server = Server(handler)
        async with server as url, client() as http:
            first = await http.get(url)
            await asyncio.sleep(0.05)
            second = await http.get(url)
        return first.status_code, second.status_code, second.content, server.connections

    assert run_async(main()) == (200, 200, b"first", 2)


def test_a_body_larger_than_the_read_buffer_arrives_whole():
    body = bytes(range(256)) * (3 * 1024 * 1024 // 256)  # 3 MiB: reading pauses and resumes

    async def handler(reader, writer):
        await read_request(reader)
        writer.write(answer(body))
        await writer.drain()

    async def main():
        async with Server(handler) as url, client() as http:
            chunks = []
            async with http.stream("GET", url) as response:
                async for chunk in response.aiter_raw():
                    chunks.append(chunk)
                    await asyncio.sleep(0)  # a slow reader
            return b"".join(chunks)

    assert run_async(main()) == body


def test_a_server_that_does_not_answer_is_a_read_timeout():
    async def handler(reader, writer):
        await read_request(reader)
        await asyncio.sleep(5)

    async def main():
        async with Server(handler) as url, client(timeout=0.2) as http:
            await http.get(url)

    with pytest.raises(httpx.ReadTimeout):
        run_async(main())


def test_a_server_that_stops_reading_is_a_write_timeout():
    async def handler(reader, writer):
        await asyncio.sleep(5)  # reads nothing: the upload fills every buffer

    async def main():
        async with Server(handler) as url, client(timeout=0.3) as http:
            await http.post(url, content=b"x" * (64 * 1024 * 1024))

    with pytest.raises(httpx.WriteTimeout):
        run_async(main())


def test_a_refused_connection_is_a_connect_error():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens once it is closed

    async def main():
        async with client() as http:
            await http.get(f"http://127.0.0.1:{port}/")

    with pytest.raises(httpx.ConnectError):
        run_async(main())


def test_a_connection_closed_in_the_middle_of_the_body_is_an_error():
    async def handler(reader, writer):
        await read_request(reader)
        writer.write(answer(b"x" * 1000)[:-600])
        await writer.drain()

    async def main():
        async with Server(handler) as url, client() as http:
            await http.get(url)

    with pytest.raises(httpx.RemoteProtocolError):
        run_async(main())


def test_a_cancelled_request_leaves_the_client_working():
    async def handler(reader, writer):
        head = await read_request(reader)
        if b"/slow" in head:
            await asyncio.sleep(5)
        writer.write(answer(b"fine", close=True))
        await writer.drain()

    async def main():
        async with Server(handler) as url, client() as http:
            slow = asyncio.create_task(http.get(url + "/slow"))
            await asyncio.sleep(0.05)
            slow.cancel()
            with pytest.raises(asyncio.CancelledError):
                await slow
            return (await http.get(url + "/fast")).content

    assert run_async(main()) == b"fine"


def test_unix_sockets_are_refused_plainly():
    async def main():
        await AsyncioBackend().connect_unix_socket("/nonexistent")

    with pytest.raises(httpcore.ConnectError):
        run_async(main())
