"""Connection profiles (a JSON settings file) and their api_keys (the OS keyring). No Qt.

- :class:`Profile`: where and how to connect; never a key.
- :class:`ProfileStore`: ``profiles.json`` in the user config folder.
- :class:`SecretStore`: api_keys in the OS keyring, or in memory for this session.
- :func:`client_config`: a profile plus its keys → ``licensedesk.api.ClientConfig``.

See docs/profiles.md. The names are loaded on first use (PEP 562): reading the
profiles file must not import the keyring (~6 MB with what it pulls in: ssl, http,
email), which the window's welcome page does not need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from licensedesk.lazy_names import lazy_names

if TYPE_CHECKING:
    from .connect import client_config
    from .model import Profile, ProfileError, is_loopback_host
    from .secrets import PAIRS, SecretStore, SecretStoreError, describe_backend
    from .store import ProfileStore

#: public name -> the module that defines it
_WHERE = {
    "client_config": ".connect",
    **dict.fromkeys(("Profile", "ProfileError", "is_loopback_host"), ".model"),
    **dict.fromkeys(("PAIRS", "SecretStore", "SecretStoreError", "describe_backend"), ".secrets"),
    "ProfileStore": ".store",
}


__getattr__, __dir__ = lazy_names(__name__, _WHERE)


__all__ = list(_WHERE)
