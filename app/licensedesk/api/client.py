"""``LicenseClient``: one method per call of the /v2 spec, over one shared httpx client.

One client per profile; close it with ``await client.aclose()`` or use
``async with``. Inputs are checked before anything is sent (serials.py);
answers become immutable models (models.py); failures become the errors of
errors.py. The client never retries a write.
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import httpx

from licensedesk.i18n import N_

from .activation_rows import Devices, Row, SeenActivations, as_rows
from .config import ClientConfig
from .errors import ApiError, NotAuthorized, NotFound, Remedy
from .list_body import ListBody, unread_list
from .list_stream import ListError
from .models import Activation, License, Product, ValidationResult
from .offload import BIG_LIST, off_loop
from .permissions import NO_WRITE_PERMISSION_PRODUCTS, Permissions
from .redact import get_logger, install_redaction, register_secret
from .responses import says, shape_error
from .sentence import say
from .serials import (
    check_activation_id,
    check_device_tag,
    check_email,
    check_host_id,
    check_name,
    check_product_code,
    check_sku_number,
    normalize_serial,
)
from .transport import Call, Transport
from .verdicts import answered_no
from .wire import ShapeError

log = get_logger("licensedesk.api.client")
T = TypeVar("T")

#: Serial used by :meth:`LicenseClient.check_read`: well-formed, and chosen so no
#: real licence carries it. If one did, the check still reports valid credentials.
CHECK_SERIAL = "ZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZ"
#: Activation id used by :meth:`LicenseClient.check_write`; relies on the service
#: answering 404 "Activation does not exist!" for id 0 (ids start at 1).
CHECK_ACTIVATION_ID = 0
VALIDATION_VERSION = "2.0"
READ_WORKS = N_("The read credentials work.")
WRITE_WORKS = N_("The write credentials work.")


@dataclass(frozen=True)
class ConnectionCheck:
    """Outcome of :meth:`LicenseClient.check_read` / :meth:`check_write`."""

    ok: bool
    sentence: str
    error: ApiError | None = None


class LicenseClient:
    """Async client of the License Management Service /v2 for one profile.

    ``http``: an existing ``httpx.AsyncClient`` to share; it is then *not*
    closed by :meth:`aclose` and its own TLS settings apply (time-outs from
    the config are still passed per request).
    """

    def __init__(self, config: ClientConfig, http: httpx.AsyncClient | None = None) -> None:
        if not isinstance(config, ClientConfig):
            raise TypeError("config must be a ClientConfig")
        install_redaction()
        for pair in (config.read, config.write):
            if pair is not None:
                register_secret(pair.api_key)
        self.config = config
        #: the request layer (tests replace its ``sleep`` to observe back-off)
        self.transport = Transport(config, http)
        self.permissions = Permissions(config)
        #: told what was read or changed about a serial: ``on_seen(part, serial, value)``
        #: with part ``license`` (a License), ``products`` (a list), ``activations`` (a
        #: :class:`~.activation_rows.SeenActivations`: the first devices and the counts),
        #: ``validation`` (a ValidationResult), ``registered`` ((name, e-mail)) or
        #: ``upgraded`` (the other serial). The licence book listens; an error in it never
        #: reaches the caller.
        self.on_seen: Callable[[str, str, Any], None] | None = None

    def __repr__(self) -> str:
        return f"LicenseClient({self.config!r})"

    async def __aenter__(self) -> LicenseClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the connection pool (only if this client created it)."""
        await self.transport.aclose()

    @property
    def has_write_pair(self) -> bool:
        """Whether the profile holds a write pair (without one, write calls go with the
        read pair, DESIGN §3, and the window treats the profile as read-only)."""
        return self.config.write is not None

    @property
    def may_write(self) -> bool | None:
        """True: a write pair; None: a single pair not yet tried for a write (offer the
        write, DESIGN §3); False: no key for writes, or the service refused it already."""
        return self.permissions.may_write

    # -- reads -------------------------------------------------------------

    async def show_license(self, serial: str) -> License:
        """GET licenses/show-license/{serial}; unknown serial → NotFound(what="license")."""
        serial = normalize_serial(serial)
        body = await self._send(Call("GET", ("licenses", "show-license", serial)))
        return self._seen("license", serial, self._model(License, body.get("data"), body))

    async def license_products(self, serial: str) -> list[Product]:
        """POST licenses/products (needs the WRITE pair, spec §5)."""
        serial = normalize_serial(serial)
        try:
            body = await self._send(
                Call("POST", ("licenses", "products"), {"serial": serial}, write=True, reads=True)
            )
        except NotAuthorized as exc:
            if self.has_write_pair:
                raise
            # sent with the only pair, now known to lack write permission: say so plainly
            raise NotAuthorized(
                say(NO_WRITE_PERMISSION_PRODUCTS), exc.details, remedy=Remedy.ADD_WRITE
            ) from None
        return self._seen("products", serial, self._list(Product, body))

    async def activations(self, serial: str) -> list[Activation]:
        """GET activations/{serial}; 404 "Activation does not exist!" → empty list. The
        list also says how many are activated per product (:class:`.activation_rows.Devices`).
        A site licence's hundreds of thousands: :meth:`activation_rows`."""
        devices = Devices()
        seen = await self.activation_rows(
            serial, lambda rows: devices.extend(itertools.starmap(Activation, rows))
        )
        devices.activated = seen.activated
        return devices

    async def activation_rows(
        self, serial: str, each: Callable[[list[Row]], None]
    ) -> SeenActivations:
        """GET activations/{serial}, its devices given to ``each`` as rows (plain tuples,
        :mod:`.activation_rows`), batch by batch while the answer arrives: a site
        licence's hundreds of thousands are never all held here, nor tracked by the
        cyclic GC. Returns what the book is told too: how many (``total``), how many
        are activated per product id (``activated``) and the first devices."""
        serial = normalize_serial(serial)
        readers: list[ListBody] = []

        def reader(status: int) -> ListBody:
            readers.append(ListBody(status, self.config.tz, each))
            return readers[-1]

        call = Call("GET", ("activations", serial), long_list=True, body_reader=reader)
        try:
            body = await self._send(call)
        except NotFound as exc:
            if exc.what == "activation" and says(exc, "Activation does not exist!"):
                return self._seen("activations", serial, SeenActivations())
            raise
        except (ListError, ShapeError) as exc:
            raise unread_list(exc, readers[-1].status) from None
        seen = readers[-1].seen if readers else SeenActivations()
        if not (readers and readers[-1].streamed):  # not a list that starts {"data": [
            rows = as_rows(await self._list_off_loop(Activation, body))
            each(rows)
            seen = SeenActivations()
            seen.add(rows)
        return self._seen("activations", serial, seen)

    async def validate(
        self,
        serial: str,
        product_code: str,
        host_id: str | None = None,
        device_tag: str | None = None,
    ) -> ValidationResult:
        """POST licenses/valid. The service's "no" is a result, not an error, in either
        form: a message other than ``valid``, or the error body the live service sends
        (:func:`.verdicts.answered_no`); ``result.verdict`` says which outcome it is.
        Without a host it only reads, so a 429 is asked again like a GET's."""
        code = check_product_code(product_code)
        args: dict[str, Any] = {
            "code": code,
            "serial": normalize_serial(serial),
            "version": VALIDATION_VERSION,
        }
        if host_id is not None:
            args["host_id"] = check_host_id(host_id)
        if device_tag is not None:
            args["device_tag"] = check_device_tag(device_tag)
        try:
            body = await self._send(
                Call("POST", ("licenses", "valid"), args, reads=host_id is None)
            )
        except ApiError as exc:
            if not answered_no(exc):
                raise
            said = exc.details.server_message or ""
            return ValidationResult(message=said.strip(), product_code=code)
        result = self._model(ValidationResult, body.get("data"), body)
        return self._seen("validation", args["serial"], result)

    async def registration_check(self, serial: str) -> list[License]:
        """GET register-products/{serial}; an empty list means "not suitable"."""
        serial = normalize_serial(serial)
        body = await self._send(Call("GET", ("register-products", serial)))
        return self._list(License, body)

    # -- writes (never retried) ---------------------------------------------

    async def set_activation(self, activation_id: int, activated: bool) -> str:
        """PUT activations/{id} (or update-api/{id} with legacy routes); returns the message."""
        return await self._put_activation(check_activation_id(activation_id), bool(activated))

    async def delete_activation(self, activation_id: int) -> str:
        """DELETE activations/{id} (or destroy-api/{id} with legacy routes)."""
        segments = self._activation_path("destroy-api", check_activation_id(activation_id))
        body = await self._send(Call("DELETE", segments, write=True, not_found_what="activation"))
        return _message(body)

    async def upgrade(self, current_serial: str, upgrade_serial: str) -> str:
        """POST licenses/upgrade (READ pair, spec §5). After a time-out: re-read, never retry."""
        args = {
            "current_serial": normalize_serial(current_serial),
            "upgrade_serial": normalize_serial(upgrade_serial),
        }
        body = await self._send(Call("POST", ("licenses", "upgrade"), args, changes=True))
        self._seen("upgraded", args["current_serial"], args["upgrade_serial"])
        self._seen("upgraded", args["upgrade_serial"], args["current_serial"])
        return _message(body)

    async def register(
        self, serial: str, name: str, email: str, sku_number: str | None = None
    ) -> str:
        """PUT register-products/{serial} (READ pair, spec §5); returns the message."""
        serial = normalize_serial(serial)
        args: dict[str, Any] = {"name": check_name(name), "email": check_email(email)}
        if sku_number is not None:
            args["sku_number"] = check_sku_number(sku_number)
        body = await self._send(Call("PUT", ("register-products", serial), args, changes=True))
        self._seen("registered", serial, (args["name"], args["email"]))
        return _message(body)

    # -- connection checks ---------------------------------------------------

    async def check_read(self) -> ConnectionCheck:
        """show-license of :data:`CHECK_SERIAL`: "License does not exist!" proves the pair."""
        return await _pair_check(
            self.show_license(CHECK_SERIAL),
            "License does not exist!",
            READ_WORKS,
            N_("The service refused the read credentials (app ID or API key)."),
        )

    async def check_write(self) -> ConnectionCheck:
        """PUT activations/0 activated=false: 404 "Activation does not exist!" proves the pair.

        Changes nothing as long as the service answers 404 for id 0.
        """
        return await _pair_check(
            self._put_activation(CHECK_ACTIVATION_ID, False),
            "Activation does not exist!",
            WRITE_WORKS,
            N_(
                "The service refused the write credentials: the app ID or API key is "
                "wrong, or the key lacks write permission."
            ),
            # TRANSLATORS: {problem} is the sentence of what went wrong
            N_("The write credentials could not be confirmed. {problem}"),
        )

    # -- helpers ---------------------------------------------------------------

    def _activation_path(self, legacy: str, aid: int) -> tuple[str, ...]:
        """activations/{id}, or the deprecated activations/{legacy}/{id} (spec §9)."""
        if self.config.legacy_activation_routes:
            return ("activations", legacy, str(aid))
        return ("activations", str(aid))

    async def _put_activation(self, aid: int, activated: bool) -> str:
        segments = self._activation_path("update-api", aid)
        body = await self._send(
            Call("PUT", segments, {"activated": activated}, write=True, not_found_what="activation")
        )
        return _message(body)

    def _seen(self, part: str, serial: str, value: T) -> T:
        """Tell :attr:`on_seen`; returns ``value``."""
        if self.on_seen is not None:
            try:
                self.on_seen(part, serial, value)
            except Exception:
                log.exception("Telling what was read about a serial failed")
        return value

    async def _send(self, call: Call) -> dict[str, Any]:
        try:
            body = await self.transport.send(call)
        except NotAuthorized as exc:
            refused = self.permissions.refused(exc, write=call.write, changes=call.changes)
            if refused is exc:
                raise
            raise refused from None
        if call.write:
            self.permissions.write_worked = True
        return body

    def _model(self, cls: type, data: Any, body: dict[str, Any]) -> Any:
        if isinstance(data, list) and len(data) == 1:  # one object sent as a list of one
            data = data[0]
        if not isinstance(data, dict):
            raise shape_error(cls.__name__)
        try:
            return cls.from_wire(data, self.config.tz)
        except ShapeError as exc:
            raise shape_error(cls.__name__, exc.cause) from None

    async def _list_off_loop(self, cls: type, body: dict[str, Any]) -> list[Any]:
        """:meth:`_list`, in a worker thread when the list is long (see offload.py).

        There the decoded objects are dropped too (``body`` loses its ``data``): freeing
        thousands of them would otherwise take the UI thread once the call had returned."""
        data = body.get("data")
        big = isinstance(data, list) and len(data) > BIG_LIST
        del data  # no reference on this side: the worker frees them
        if big:
            return await off_loop(self._list_then_drop, cls, body)
        return self._list(cls, body)

    def _list_then_drop(self, cls: type, body: dict[str, Any]) -> list[Any]:
        try:
            return self._list(cls, body)
        finally:
            body.pop("data", None)

    def _list(self, cls: type, body: dict[str, Any]) -> list[Any]:
        data = body.get("data")
        if data is None:
            return []
        if isinstance(data, dict):  # a server that sends one object instead of a list of one
            data = [data]
        if not isinstance(data, list):
            raise shape_error(cls.__name__)
        return [self._model(cls, item, body) for item in data]


def _message(body: dict[str, Any]) -> str:
    message = body.get("message")
    return message.strip() if isinstance(message, str) else ""


async def _pair_check(
    call: Awaitable[Any], missing: str, works: str, refused: str, unconfirmed: str | None = None
) -> ConnectionCheck:
    """One key pair's check: ``call`` asks for something that does not exist, and the
    service's ``missing`` answer proves the pair may ask. ``unconfirmed`` (with
    ``{problem}``) wraps any other failure; None: the failure's own sentence."""
    try:
        await call
    except NotFound as exc:
        if says(exc, missing):
            return ConnectionCheck(True, say(works))
        return ConnectionCheck(False, exc.sentence, exc)
    except NotAuthorized as exc:
        return ConnectionCheck(False, say(refused), exc)
    except ApiError as exc:
        said = exc.sentence if unconfirmed is None else say(unconfirmed, problem=exc.sentence)
        return ConnectionCheck(False, said, exc)
    return ConnectionCheck(True, say(works))
