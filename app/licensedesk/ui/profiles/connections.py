"""Connections: the profiles the window can use and one LicenseClient per profile.

Profiles come from the ProfileStore (keys from the SecretStore), plus
session-only profiles kept in memory (the demo). A client is made on first use
and reused for every call of that profile; editing a profile closes its
client; :meth:`Connections.aclose` closes them all (the app calls it on
quit). Loaded after the first paint: it imports the api.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)

#: the requests at once of a batch check without a usable profile (the model's default)
DEFAULT_BATCH_CONCURRENCY = 8


class NoProfile(Exception):
    pass


class Connections(QObject):
    profilesChanged = Signal()
    currentChanged = Signal(str)
    writeRefused = Signal(str)  # profile name: its only pair was refused for a write

    def __init__(self, store=None, secrets=None, parent=None) -> None:
        super().__init__(parent)
        self.store = store  # ProfileStore | None
        self.secrets = secrets  # SecretStore | None
        self._memory: dict[str, tuple[Any, dict[str, str]]] = {}  # name -> (Profile, keys)
        self._clients: dict[str, Any] = {}
        self._closing: set[asyncio.Task] = set()
        self._forgotten: dict[str, int] = {}  # name -> times its client was forgotten
        self._warming: set[str] = set()  # names whose client is being made ahead
        self._closed = False
        self._no_write: set[str] = set()  # single-pair profiles refused for a write
        self.current: str | None = None
        #: ``seen_by(profile, base_url)`` gives each new client its ``on_seen`` (the book)
        self.seen_by: Callable[[str, str | None], Callable[[str, str, Any], None]] | None = None

    # -- profiles --------------------------------------------------------------
    def names(self) -> list[str]:
        stored = self.store.names() if self.store is not None else []
        return [*self._memory, *[n for n in stored if n not in self._memory]]

    def refused(self) -> list[str]:
        """A sentence for each stored entry this version refuses, as of the last
        :meth:`names` (which reads the file and leaves them out; the others stay usable)."""
        return list(self.store.problems) if self.store is not None else []

    def profile(self, name: str):
        if name in self._memory:
            return self._memory[name][0]
        if self.store is None:
            raise NoProfile(name)
        return self.store.get(name)

    def batch_concurrency(self) -> int:
        """The requests at once a check of many serials sends with the profile in use: its
        ``batch_concurrency``, which the profile model keeps within 1..32 (as the command
        line passes it); without a profile 8, and the check says so when it asks for the
        client."""
        try:
            return self.profile(self.current).batch_concurrency
        except Exception:
            return DEFAULT_BATCH_CONCURRENCY

    def follow_write_access(self, follow: Callable[[], object]) -> None:
        """Call ``follow`` whenever whether the profile in use may write can have changed:
        another profile chosen, the profiles edited, a single pair refused for a write."""
        self.currentChanged.connect(lambda _name: follow())
        self.profilesChanged.connect(follow)
        self.writeRefused.connect(lambda _name: follow())

    def can_write(self, name: str | None) -> bool:
        """Whether writes are offered for profile ``name``: it holds a write pair, or its
        only pair has not been refused for a write in this session (DESIGN §3: with one
        pair, that one is tried)."""
        if not name:
            return False
        try:
            profile = self.profile(name)
        except Exception:  # a profile removed meanwhile
            return False
        if profile.write_app_id:
            return True
        return bool(profile.read_app_id) and name not in self._no_write

    def _write_refused(self, name: str) -> None:
        if name not in self._no_write:
            self._no_write.add(name)
            self.writeRefused.emit(name)

    def is_memory_only(self, name: str | None) -> bool:
        return name in self._memory

    def add_memory_profile(self, profile, keys: dict[str, str]) -> None:
        """A profile for this session only (never written to the store or keyring)."""
        self._memory[profile.name] = (profile, dict(keys))
        self.forget_client(profile.name)
        self.profilesChanged.emit()

    def save_profile(self, profile, keys: dict[str, str | None], old_name: str | None = None):
        """Store a profile; ``keys``: pair -> api_key (None: unchanged, "": delete)."""
        if old_name and old_name != profile.name:
            self.remove_profile(old_name)
        self.store.save(profile)
        for pair, key in keys.items():
            if key:
                self.secrets.set(profile.name, pair, key)
            elif key == "":
                self.secrets.delete(profile.name, pair)
        self._no_write.discard(profile.name)
        self.forget_client(profile.name)
        self.profilesChanged.emit()

    def remove_profile(self, name: str) -> None:
        if name in self._memory:
            del self._memory[name]
        elif self.store is not None:
            self.store.remove(name)
            if self.secrets is not None:
                self.secrets.delete_profile(name)
        self.forget_client(name)
        if self.current == name:
            self.current = None
        self.profilesChanged.emit()

    def keys_to_ask(self, name: str | None) -> dict[str, str]:
        """pair -> app_id of a stored profile's pairs whose key must be asked for.

        Only when keys live in memory (no OS keyring, DESIGN.md §3): then a
        profile saved in an earlier session has its app IDs but no keys.
        """
        if not name or name in self._memory or self.secrets is None or self.secrets.persistent:
            return {}
        try:
            profile = self.profile(name)
        except Exception:
            return {}
        return {
            pair: profile.app_id(pair) for pair in profile.pairs if not self.secrets.has(name, pair)
        }

    def stored_key(self, name: str, pair: str) -> str | None:
        """The api_key of ``name``'s ``pair`` (memory-only profile or SecretStore), or None."""
        if name in self._memory:
            return self._memory[name][1].get(pair)
        return self.secrets.get(name, pair) if self.secrets is not None else None

    def set_session_keys(self, name: str, keys: dict[str, str]) -> None:
        """Keys typed in for this session (memory only when there is no keyring)."""
        for pair, key in keys.items():
            self.secrets.set(name, pair, key)
        self._no_write.discard(name)
        self.forget_client(name)

    def select(self, name: str | None) -> None:
        if name != self.current:
            self.current = name
            self.currentChanged.emit(name or "")

    # -- clients -----------------------------------------------------------------
    def config_for(self, name: str):
        from licensedesk.profiles import client_config

        profile = self.profile(name)
        if name in self._memory:
            return client_config(profile, None, keys=self._memory[name][1])
        return client_config(profile, self.secrets)

    def client(self, name: str | None = None):
        """The LicenseClient of ``name`` (default: the current profile), made once."""
        name = name or self.current
        if not name:
            from licensedesk.api.errors import InvalidInput
            from licensedesk.api.sentence import say
            from licensedesk.i18n import N_

            raise InvalidInput(say(N_("Choose a connection profile first.")), field="profile")
        client = self._clients.get(name)
        if client is None:
            client = self._clients[name] = self._new_client(name)
        return client

    async def warm(self, name: str | None, executor) -> bool:
        """Make ``name``'s client in ``executor``'s thread before the first call needs it.

        On the UI thread that costs its keys read from the keyring and a TLS context
        built, which the first lookup would pay, with more that its calls and the
        licence image load (:meth:`_new_client_ahead`; figures in docs/ui.md). Errors are
        left for :meth:`client` to report when the client is used. A client made here is
        dropped (and closed) when one was made meanwhile, the profile changed
        (:meth:`forget_client`) or the connections closed. True if it is kept.
        """
        if not name or name in self._clients or name in self._warming or self._closed:
            return False
        forgotten = self._forgotten.get(name, 0)
        loop = asyncio.get_running_loop()
        self._warming.add(name)
        try:
            client = await loop.run_in_executor(executor, self._new_client_ahead, name)
        except Exception as exc:  # the lookup will say it in words
            log.debug("no client made ahead for %s: %s", name, type(exc).__name__)
            return False
        finally:
            self._warming.discard(name)
        if name in self._clients or self._closed or self._forgotten.get(name, 0) != forgotten:
            await client.aclose()
            return False
        self._clients[name] = client
        return True

    def _new_client_ahead(self, name: str):
        """:meth:`_new_client`, and what the first lookup would load on the UI thread
        (worker thread): the TLS context of the licence image's fetch
        (``images.load_ahead``)."""
        from licensedesk.api import images

        client = self._new_client(name)
        images.load_ahead(client.config)
        return client

    def _new_client(self, name: str):
        """A LicenseClient for profile ``name`` (blocking: reads its keys)."""
        from licensedesk.api import LicenseClient

        try:
            config = self.config_for(name)
        except ValueError as exc:  # ProfileError: a sentence for a person
            from licensedesk.api.errors import InvalidInput

            raise InvalidInput(getattr(exc, "sentence", str(exc)), field="profile") from exc
        client = LicenseClient(config)
        if self.seen_by is not None:
            client.on_seen = self.seen_by(name, self.profile(name).base_url)
        client.permissions.write_refused = name in self._no_write
        client.permissions.on_refused = lambda: self._write_refused(name)
        return client

    def forget_client(self, name: str) -> None:
        self._forgotten[name] = self._forgotten.get(name, 0) + 1
        client = self._clients.pop(name, None)
        if client is not None:
            task = asyncio.get_event_loop().create_task(client.aclose())
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    async def aclose(self) -> None:
        self._closed = True
        clients, self._clients = list(self._clients.values()), {}
        for client in clients:
            try:
                await client.aclose()
            except Exception:
                log.exception("closing a client failed")
        if self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)

    def open_clients(self) -> int:
        return len(self._clients)

    def server_of(self, name: str | None) -> str:
        if not name:
            return ""
        try:
            return self.profile(name).base_url
        except Exception:
            return ""
