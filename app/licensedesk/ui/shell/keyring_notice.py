"""Where API keys go, said at start: a bundle whose keyring backend turns out to be
keyring's *fail* one (no Secret Service on this Linux desktop, a Keychain or Credential
Manager backend missing from a frozen build) must not store nothing silently.

The log names the backend on every start (``packaging/smoke.sh`` checks a bundle's is a
real one); when keys are memory-only the log has a warning and the window's status bar
the store's own sentence (:attr:`SecretStore.warning`), before any profile asks for keys.
"""

from __future__ import annotations

import logging

log = logging.getLogger(__name__)


def announce_keyring(window, secrets) -> None:
    """Log the keyring in use; without one, say so in the log and in ``window``'s status bar."""
    if secrets.persistent:
        log.info("API keys are kept in the OS keyring: %s", secrets.backend_name)
        return
    log.warning("API keys are kept in memory only, this session: %s", secrets.reason)
    window.statusBar().showMessage(secrets.warning)
