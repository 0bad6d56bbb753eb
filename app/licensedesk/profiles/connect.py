"""``client_config(profile, secrets)``: a profile and its keys → the client's ``ClientConfig``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from licensedesk.api.config import ClientConfig, Credentials

from .model import Profile

if TYPE_CHECKING:
    from .secrets import SecretStore

__all__ = ["client_config"]


def client_config(
    profile: Profile,
    secrets: SecretStore | None,
    *,
    keys: Mapping[str, str | None] | None = None,
) -> ClientConfig:
    """The client configuration of ``profile`` with its api_keys from ``secrets``.

    A pair without an app_id, or whose key is missing, is ``None`` (the client
    then uses the other pair, DESIGN.md §3). ``keys`` (``{"read": ..., "write": ...}``)
    fills in keys the secret store does not have, e.g. from environment
    variables; the secret store wins when it has one.
    """
    pairs: dict[str, Credentials | None] = {}
    for pair in ("read", "write"):
        app_id = profile.app_id(pair)
        key = secrets.get(profile.name, pair) if (secrets is not None and app_id) else None
        if not key and keys:
            key = keys.get(pair)
        pairs[pair] = Credentials(app_id, key) if (app_id and key and key.strip()) else None
    return ClientConfig(
        base_url=profile.base_url,
        read=pairs["read"],
        write=pairs["write"],
        transport=profile.transport,
        legacy_activation_routes=profile.legacy_activation_routes,
        connect_timeout=profile.connect_timeout,
        read_timeout=profile.read_timeout,
        deadline=profile.deadline,
        server_timezone=profile.server_timezone,
        verify=profile.verify,
        allow_insecure_http=profile.allow_insecure_http,
    )
