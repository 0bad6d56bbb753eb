"""A keyring backend that is there but locked: every use fails as a dismissed unlock
prompt does. Loaded by a CLI subprocess through ``PYTHON_KEYRING_BACKEND``."""

from __future__ import annotations

import keyring.errors

from tests.support.memory_keyring import MemoryKeyring


class LockedKeyring(MemoryKeyring):
    def __init__(self) -> None:
        super().__init__()
        self.fail_with = keyring.errors.KeyringLocked("the unlock prompt was dismissed")
