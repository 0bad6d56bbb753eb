"""The ``User-Agent`` every request carries: ``LicenseDesk/<version> (<OS>; Python <x.y>)``.

The live service blocks requests whose User-Agent is empty and asks that it name the
client application (DESIGN.md, "What the live service is documented to do"); httpx's
own ``python-httpx/…`` names only the library. The client, the image fetcher, the
batch check and the command line all send this one.
"""

from __future__ import annotations

import platform
import sys
from functools import cache

#: platform.system()'s names -> the names people know
_OS_NAMES = {"Darwin": "macOS", "Windows": "Windows", "Linux": "Linux"}


@cache
def user_agent() -> str:
    """This copy's User-Agent (the version is read once, from the package's metadata)."""
    from licensedesk import __version__

    system = platform.system() or "unknown OS"
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    return f"LicenseDesk/{__version__} ({_OS_NAMES.get(system, system)}; Python {python})"


def with_user_agent(headers: dict[str, str] | None = None) -> dict[str, str]:
    """``headers`` plus the User-Agent (for one request: a shared httpx client given by
    the caller has its own defaults)."""
    return {**(headers or {}), "User-Agent": user_agent()}
