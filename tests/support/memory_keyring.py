"""An in-memory ``keyring`` backend for tests: behaves like a real one, keeps nothing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import keyring
import keyring.backend
import keyring.errors
from keyring.backend import KeyringBackend


class MemoryKeyring(keyring.backend.KeyringBackend):
    """Passwords in a dict. ``fail_with``: an exception every call raises (a locked keyring)."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.entries: dict[tuple[str, str], str] = {}
        self.fail_with: BaseException | None = None

    def _maybe_fail(self) -> None:
        if self.fail_with is not None:
            raise self.fail_with

    def get_password(self, service: str, username: str) -> str | None:
        self._maybe_fail()
        return self.entries.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self._maybe_fail()
        self.entries[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self._maybe_fail()
        try:
            del self.entries[(service, username)]
        except KeyError:
            raise keyring.errors.PasswordDeleteError("not found") from None


class PlaintextKeyring(MemoryKeyring):
    """Stands in for keyrings.alt's PlaintextKeyring (refused by name)."""


@contextmanager
def keyring_backend(backend: KeyringBackend) -> Iterator[KeyringBackend]:
    """``backend`` as the process-wide keyring for the block; the one before comes back
    (``keyring.get_keyring()`` picks it first if none was chosen yet)."""
    previous = keyring.get_keyring()
    keyring.set_keyring(backend)
    try:
        yield backend
    finally:
        keyring.set_keyring(previous)
