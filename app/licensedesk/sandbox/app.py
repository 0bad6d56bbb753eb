"""Routes of spec §4 wired to operations, with the permission table of spec §5.

Each request: read arguments (query/form/JSON), then in a worker thread borrow a
connection, check credentials, run the operation; writes run in one
BEGIN IMMEDIATE transaction committed before the response.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from . import activations, answers, licenses, media, registration, validation
from .args import Args, read_args
from .auth import authorize
from .db import Database
from .errors import ApiError, error_response
from .faults import FaultMiddleware, FaultPlan
from .middleware import AccessLogMiddleware, LatencyMiddleware, PathGuardMiddleware, RequestLog

Operation = Callable[..., dict[str, Any]]


@dataclass
class SandboxState:
    """Everything a running sandbox shares between requests; ``db`` may be swapped."""

    db: Database
    faults: FaultPlan = field(default_factory=FaultPlan)
    requests: RequestLog = field(default_factory=RequestLog)
    latency_ms: int = 0
    db_threads: int = 4
    #: how validation outcomes are said: "errors" (the live service's way) or "data"
    validation_form: str = "errors"
    _limiter: anyio.CapacityLimiter | None = None

    def limiter(self) -> anyio.CapacityLimiter:
        """At most ``db_threads`` requests in SQLite at once: more threads only fight
        the event loop for the GIL (p99 latency grew tenfold with the default 40)."""
        if self._limiter is None:
            self._limiter = anyio.CapacityLimiter(self.db_threads)
        return self._limiter

    def reset_limiter(self) -> None:
        self._limiter = None


def _execute(db: Database, need: str, operation: Operation, writes: bool, path, args: Args):
    with db.write() if writes else db.read() as conn:
        authorize(conn, args.get("app_id"), args.get("api_key"), need)
        return operation(conn, path, args)


def endpoint(
    need: str,
    operation: Operation,
    writes: bool | Callable[[Args], bool] = False,
    present: Callable[[dict[str, Any], str], dict[str, Any]] | None = None,
):
    """A Starlette endpoint: arguments, then credentials with ``need``, then the operation;
    ``present`` turns a validation's result into the form the state asks for."""

    async def handle(request: Request) -> Response:
        args = await read_args(request)
        state: SandboxState = request.app.state.sandbox
        write = writes(args) if callable(writes) else writes
        result = await anyio.to_thread.run_sync(
            _execute,
            state.db,
            need,
            operation,
            write,
            dict(request.path_params),
            args,
            limiter=state.limiter(),
        )
        if present is not None:
            result = present(result, state.validation_form)
        return JSONResponse(media.absolute_urls(result, str(request.base_url)))

    return handle


async def ping(request: Request) -> Response:
    """Sandbox extra (not in the spec): a trivial route for health checks and benchmarks."""
    return JSONResponse({"status": "ok"})


#: spec §4: (method, path, permission needed, operation, whether it writes)
_OPERATIONS = (
    ("GET", "/v2/register-products/{serial}", "read", registration.check, False),
    ("PUT", "/v2/register-products/{serial}", "read", registration.register, True),
    ("PUT", "/v2/activations/update-api/{key}", "write", activations.set_activated, True),
    ("DELETE", "/v2/activations/destroy-api/{key}", "write", activations.delete, True),
    ("GET", "/v2/activations/{key}", "read", activations.list_for_serial, False),
    ("PUT", "/v2/activations/{key}", "write", activations.set_activated, True),
    ("DELETE", "/v2/activations/{key}", "write", activations.delete, True),
    ("POST", "/v2/licenses/upgrade", "read", licenses.upgrade, True),
    ("POST", "/v2/licenses/products", "write", licenses.products, False),
    ("GET", "/v2/licenses/show-license/{serial}", "read", licenses.show, False),
)

ROUTES = [
    Route("/v2/ping", ping, methods=["GET"]),
    Route(media.PREFIX + "{name}", media.sku_image, methods=["GET"]),
    *(
        Route(path, endpoint(need, operation, writes=writes), methods=[method])
        for method, path, need, operation, writes in _OPERATIONS
    ),
    Route(
        "/v2/licenses/valid",
        endpoint(
            "read", validation.validate, writes=validation.wants_write, present=answers.answer
        ),
        methods=["POST"],
    ),
]


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return error_response(exc.status_code, exc.message)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if exc.status_code == 404:
        return error_response(404, f"Unknown route: {request.method} {request.url.path}")
    if exc.status_code == 405:
        return error_response(405, f"Method {request.method} not allowed here.", exc.headers)
    return error_response(exc.status_code, str(exc.detail))


async def _server_error(request: Request, exc: Exception) -> Response:
    return error_response(500, "Internal sandbox error.")


def create_app(state: SandboxState) -> ASGIApp:
    """The full ASGI app: access log → path guard → latency → faults → routes."""
    routes_app = Starlette(
        routes=ROUTES,
        exception_handlers={
            ApiError: _api_error,
            HTTPException: _http_error,
            Exception: _server_error,
        },
    )
    routes_app.state.sandbox = state
    app: ASGIApp = FaultMiddleware(routes_app, state.faults)
    app = LatencyMiddleware(app, lambda: state.latency_ms)
    app = PathGuardMiddleware(app)
    return AccessLogMiddleware(app, state.requests)
