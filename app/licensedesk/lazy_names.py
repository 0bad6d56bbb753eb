"""A package's public names loaded on first use (PEP 562), for ``api``, ``book``,
``history`` and ``profiles``.

Why: importing ``licensedesk.api.serials`` or ``licensedesk.profiles.store`` alone must
not pull in httpx, the models or the keyring through the package's ``__init__``. The
package lists where each name lives; this module gives it the ``__getattr__`` and
``__dir__`` that import the defining module when a name is first asked for, then keep
the name in the package. The package's ``__all__`` is made from the same table, so the
names are written once for the runtime (and once more under ``TYPE_CHECKING`` for type
checkers).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any


def lazy_names(
    package: str, where: dict[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__, __dir__ = lazy_names(__name__, {"Name": ".module", ...})``."""
    namespace = sys.modules[package].__dict__

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module, package), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(where))

    return __getattr__, __dir__
