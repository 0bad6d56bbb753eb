"""``ProfileStore``: the profiles file (``profiles.json``), never a key.

Where: ``config_dir`` if given, else ``$LICENSEDESK_CONFIG_DIR``, else
platformdirs' user config folder for "licensedesk" (``~/.config/licensedesk``
on Linux, ``~/Library/Application Support/licensedesk`` on macOS,
``%LOCALAPPDATA%\\licensedesk`` on Windows).

File shape (version 1)::

    {"version": 1, "last_used": "demo" | null, "profiles": [ {Profile fields}, ... ]}

Writes go to a temporary file in the same folder and replace the old file with
``os.replace`` (atomic), so a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import _
from licensedesk.paths import CONFIG_DIR_ENV, replace_file
from licensedesk.paths import config_dir as default_config_dir

from .model import Profile, ProfileError

if TYPE_CHECKING:
    from .secrets import SecretStore

__all__ = ["CONFIG_DIR_ENV", "FILE_NAME", "FILE_VERSION", "ProfileStore", "default_config_dir"]

FILE_NAME = "profiles.json"
FILE_VERSION = 1
# Never written, and refused if someone puts them into the file by hand.
_SECRET_FIELDS = {"api_key", "read_api_key", "write_api_key", "key", "password", "secret"}


class ProfileStore:
    """Profiles kept in ``<config_dir>/profiles.json``.

    Problems with the file (unreadable, not JSON, from a newer version) raise
    :class:`ProfileError` with a sentence. ``secrets``: when given, ``remove``
    also deletes the profile's api_keys from it.
    """

    def __init__(
        self,
        config_dir: str | os.PathLike[str] | None = None,
        *,
        secrets: SecretStore | None = None,
    ) -> None:
        self.config_dir = Path(config_dir) if config_dir is not None else default_config_dir()
        self.path = self.config_dir / FILE_NAME
        self._secrets = secrets

    # ------------------------------------------------------------ file

    def _load(self) -> dict[str, Any]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {"version": FILE_VERSION, "last_used": None, "profiles": []}
        except OSError as exc:
            raise ProfileError(_("The profiles file {path} cannot be read ({problem}).").format(
                path=self.path, problem=exc.strerror)) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ProfileError(_(
                "The profiles file {path} is damaged (not valid JSON at line {line}). "
                "Fix or remove it."
            ).format(path=self.path, line=exc.lineno)) from None
        if not isinstance(data, dict) or not isinstance(data.get("profiles", []), list):
            raise ProfileError(_("The profiles file {path} does not have the expected shape.")
                               .format(path=self.path))
        version = data.get("version", FILE_VERSION)
        if not isinstance(version, int) or version > FILE_VERSION:
            raise ProfileError(_(
                "The profiles file {path} was written by a newer License Desk "
                "(format {format}); this version reads format {known}."
            ).format(path=self.path, format=version, known=FILE_VERSION))
        data.setdefault("profiles", [])
        data.setdefault("last_used", None)
        return data

    def _write(self, data: dict[str, Any]) -> None:
        data = {"version": FILE_VERSION, "last_used": data.get("last_used"),
                "profiles": data["profiles"]}  # fmt: skip
        for entry in data["profiles"]:
            leaked = _SECRET_FIELDS & set(entry)
            if leaked:  # defence in depth: Profile has no such field
                raise AssertionError(f"refusing to write secret fields {sorted(leaked)}")
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        try:
            self.config_dir.mkdir(parents=True, exist_ok=True)
            replace_file(self.path, text)
        except OSError as exc:
            raise ProfileError(_("The profiles file {path} cannot be written ({problem}).").format(
                path=self.path, problem=exc.strerror or exc)) from None

    @staticmethod
    def _parse(entries: list[Any]) -> list[Profile]:
        profiles = []
        for entry in entries:
            try:
                profiles.append(Profile.from_dict(entry))
            except (ProfileError, TypeError) as exc:
                name = entry.get("name") if isinstance(entry, dict) else None
                if name:
                    # TRANSLATORS: {problem} is the sentence of what is wrong with it
                    said = _("Profile {name} in the profiles file is not valid: {problem}")
                    raise ProfileError(said.format(name=repr(name), problem=exc)) from None
                raise ProfileError(_("A profile in the profiles file is not valid: {problem}")
                                   .format(problem=exc)) from None
        return profiles

    # ------------------------------------------------------------ api

    def list(self) -> list[Profile]:
        """All profiles, in the order they were added."""
        return self._parse(self._load()["profiles"])

    def names(self) -> list[str]:
        return [p.name for p in self.list()]

    def get(self, name: str) -> Profile:
        """The profile called ``name``; ProfileError if there is none."""
        for profile in self.list():
            if profile.name == name.strip():
                return profile
        known = ", ".join(self.names())
        if not known:
            raise ProfileError(_("There is no profile called {name} (profiles: none yet).")
                               .format(name=repr(name)))
        raise ProfileError(_("There is no profile called {name} (profiles: {known}).").format(
            name=repr(name), known=known))

    def find(self, name: str) -> Profile | None:
        try:
            return self.get(name)
        except ProfileError:
            return None

    def save(self, profile: Profile) -> None:
        """Add a profile, or replace the one with the same name."""
        data = self._load()
        profiles = self._parse(data["profiles"])
        for i, existing in enumerate(profiles):
            if existing.name == profile.name:
                profiles[i] = profile
                break
        else:
            profiles.append(profile)
        data["profiles"] = [p.to_dict() for p in profiles]
        self._write(data)

    def add(self, profile: Profile) -> None:
        """Add a new profile; ProfileError if the name is taken (names are unique)."""
        if profile.name in self.names():
            raise ProfileError(_(
                "A profile called {name} already exists: choose another name or replace it."
            ).format(name=repr(profile.name)))
        self.save(profile)

    def remove(self, name: str) -> None:
        """Remove a profile (and its api_keys, when the store was given a SecretStore)."""
        data = self._load()
        profiles = self._parse(data["profiles"])
        kept = [p for p in profiles if p.name != name.strip()]
        if len(kept) == len(profiles):
            raise ProfileError(_("There is no profile called {name}.").format(name=repr(name)))
        data["profiles"] = [p.to_dict() for p in kept]
        if data.get("last_used") == name.strip():
            data["last_used"] = None
        self._write(data)
        if self._secrets is not None:
            self._secrets.delete_profile(name.strip())

    @property
    def last_used(self) -> str | None:
        """The name of the profile used last (None if unknown or since removed)."""
        data = self._load()
        name = data.get("last_used")
        if isinstance(name, str) and any(
            isinstance(p, dict) and p.get("name") == name for p in data["profiles"]
        ):
            return name
        return None

    @last_used.setter
    def last_used(self, name: str | None) -> None:
        data = self._load()
        if name is not None and not any(
            isinstance(p, dict) and p.get("name") == name for p in data["profiles"]
        ):
            raise ProfileError(_("There is no profile called {name}.").format(name=repr(name)))
        data["last_used"] = name
        self._write(data)
