"""Whether update checks may run: the user's setting and the administrator's switch.

Two switches turn checks off, and either is enough:

- the user's, in the window (Help > Check for updates): a file ``updates.json`` in the
  config folder (``licensedesk.paths.config_dir``) holding ``{"check": false}``;
- the administrator's, which the user's cannot turn back on: the environment variable
  ``LICENSEDESK_NO_UPDATE_CHECK`` set to anything but ``""`` or ``0``, or a system-wide
  file ``updates.json`` with ``{"check": false}`` in :func:`system_config_dir`.

Qt-free and cheap: read at start and before every check.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from licensedesk.i18n import N_
from licensedesk.paths import config_dir, replace_file

ADMIN_ENV = "LICENSEDESK_NO_UPDATE_CHECK"
SETTING_FILE = "updates.json"

OFF_BY_USER = N_("Update checks are off (Help > Check for Updates).")
OFF_BY_ENV = N_("Update checks are turned off by the administrator ({variable} is set).")
OFF_BY_FILE = N_("Update checks are turned off by the administrator ({path}).")


def system_config_dir() -> Path:
    """Where an administrator puts settings for every user of the machine:
    ``/etc/licensedesk`` (Linux and other Unix), ``/Library/Application Support/licensedesk``
    (macOS), ``%ProgramData%\\licensedesk`` (Windows)."""
    if sys.platform == "win32":
        return Path(os.environ.get("PROGRAMDATA", r"C:\ProgramData")) / "licensedesk"
    if sys.platform == "darwin":
        return Path("/Library/Application Support/licensedesk")
    return Path("/etc/licensedesk")


@dataclass(frozen=True)
class Decision:
    """Whether checks run, and if not, the sentence (untranslated, with its values) why."""

    allowed: bool
    reason: str = ""
    values: tuple[tuple[str, str], ...] = ()

    def sentence(self) -> str:
        from licensedesk.i18n import _

        return _(self.reason).format(**dict(self.values)) if self.reason else ""


def _check_in(path: Path) -> bool | None:
    """The ``check`` of a settings file: True/False, or None when the file is missing or
    says nothing usable (an unreadable file does not turn checks off or on)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    value = data.get("check") if isinstance(data, dict) else None
    return value if isinstance(value, bool) else None


def admin_decision(
    environ: dict[str, str] | None = None, system_dir: Path | None = None
) -> Decision:
    """The administrator's switch alone (the environment variable first, then the file)."""
    environ = os.environ if environ is None else environ
    if environ.get(ADMIN_ENV, "").strip() not in ("", "0"):
        return Decision(False, OFF_BY_ENV, (("variable", ADMIN_ENV),))
    path = (system_dir or system_config_dir()) / SETTING_FILE
    if _check_in(path) is False:
        return Decision(False, OFF_BY_FILE, (("path", str(path)),))
    return Decision(True)


def user_allows(folder: Path | None = None) -> bool:
    """The user's setting: on unless the user turned it off."""
    return _check_in((folder or config_dir()) / SETTING_FILE) is not False


def save_user_setting(allowed: bool, folder: Path | None = None) -> None:
    """Keep the user's choice for every later start. Raises OSError."""
    folder = folder or config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    replace_file(folder / SETTING_FILE, json.dumps({"check": allowed}) + "\n")


def decide(
    folder: Path | None = None,
    environ: dict[str, str] | None = None,
    system_dir: Path | None = None,
) -> Decision:
    """Whether a check may run now: the administrator's switch, then the user's."""
    admin = admin_decision(environ, system_dir)
    if not admin.allowed:
        return admin
    if not user_allows(folder):
        return Decision(False, OFF_BY_USER)
    return Decision(True)
