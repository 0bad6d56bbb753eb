"""uvicorn's h11 protocol, with the connection's transport exposed in the ASGI scope.

ASGI has no way to drop a connection without a response (an app that raises
gets a 500). The fault kinds ``drop``, ``drop_after_commit`` and ``truncated``
need the transport, so this protocol puts it in ``scope["licensedesk.transport"]``.
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

from .faults import TRANSPORT_KEY


class TransportExposingProtocol(H11Protocol):
    """H11Protocol whose app sees its transport."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        inner = self.app

        async def app(scope: Any, receive: Any, send: Any) -> None:
            scope[TRANSPORT_KEY] = self.transport
            await inner(scope, receive, send)

        self.app = app
