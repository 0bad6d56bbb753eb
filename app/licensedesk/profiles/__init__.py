"""Connection profiles (a JSON settings file) and their api_keys (the OS keyring). No Qt.

- :class:`Profile`: where and how to connect; never a key.
- :class:`ProfileStore`: ``profiles.json`` in the user config folder.
- :class:`SecretStore`: api_keys in the OS keyring, or in memory for this session.
- :func:`client_config`: a profile plus its keys → ``licensedesk.api.ClientConfig``.

See docs/profiles.md.
"""

from .connect import client_config
from .model import TRANSPORTS, Profile, ProfileError, is_loopback_host
from .secrets import PAIRS, SERVICE, SecretStore, SecretStoreError, describe_backend
from .store import CONFIG_DIR_ENV, ProfileStore, default_config_dir

__all__ = [
    "CONFIG_DIR_ENV",
    "PAIRS",
    "SERVICE",
    "TRANSPORTS",
    "Profile",
    "ProfileError",
    "ProfileStore",
    "SecretStore",
    "SecretStoreError",
    "client_config",
    "default_config_dir",
    "describe_backend",
    "is_loopback_host",
]
