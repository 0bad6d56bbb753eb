"""``ProfileStore``: the profiles file (``profiles.json``), never a key.

Where: ``config_dir`` if given, else ``$LICENSEDESK_CONFIG_DIR``, else
platformdirs' user config folder for "licensedesk" (``~/.config/licensedesk``
on Linux, ``~/Library/Application Support/licensedesk`` on macOS,
``%LOCALAPPDATA%\\licensedesk`` on Windows).

File shape (version 1)::

    {"version": 1, "last_used": "demo" | null, "profiles": [ {Profile fields}, ... ]}

Writes go to a temporary file in the same folder and replace the old file with
``os.replace`` (atomic), so a crash never leaves half a file; each change reads
the file again under a lock (``profiles.json.lock``), so two programs saving at
once both keep what the other saved. An entry this version refuses stays in the
file untouched and is said in :attr:`ProfileStore.problems`.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from licensedesk.i18n import N_, _
from licensedesk.paths import config_dir as default_config_dir
from licensedesk.paths import replace_file

from .model import Profile, ProfileError

if TYPE_CHECKING:
    from .secrets import SecretStore

__all__ = ["FILE_NAME", "FILE_VERSION", "ProfileStore", "default_config_dir"]

FILE_NAME = "profiles.json"
#: seconds to wait for another program that is saving the profiles (then a sentence)
LOCK_WAIT = 10.0
FILE_VERSION = 1
# Never written, and refused if someone puts them into the file by hand.
_SECRET_FIELDS = {"api_key", "read_api_key", "write_api_key", "key", "password", "secret"}
#: a profile asked for by name that the file does not hold (the window says it too)
NO_PROFILE = N_("There is no profile called {name}.")


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
        #: one sentence for each entry the last read refused (the others are usable)
        self.problems: list[str] = []

    # ------------------------------------------------------------ file

    def _load(self) -> dict[str, Any]:
        try:
            text = self.path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            raise ProfileError(
                _("The profiles file {path} is damaged (it is not text). Fix or remove it.").format(
                    path=self.path
                )
            ) from None
        except FileNotFoundError:
            return {"version": FILE_VERSION, "last_used": None, "profiles": []}
        except OSError as exc:
            raise ProfileError(
                _("The profiles file {path} cannot be read ({problem}).").format(
                    path=self.path, problem=exc.strerror
                )
            ) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ProfileError(
                _(
                    "The profiles file {path} is damaged (not valid JSON at line {line}). "
                    "Fix or remove it."
                ).format(path=self.path, line=exc.lineno)
            ) from None
        if not isinstance(data, dict) or not isinstance(data.get("profiles", []), list):
            raise ProfileError(
                _("The profiles file {path} does not have the expected shape.").format(
                    path=self.path
                )
            )
        version = data.get("version", FILE_VERSION)
        if not isinstance(version, int) or version > FILE_VERSION:
            raise ProfileError(
                _(
                    "The profiles file {path} was written by a newer License Desk "
                    "(format {format}); this version reads format {known}."
                ).format(path=self.path, format=version, known=FILE_VERSION)
            )
        data.setdefault("profiles", [])
        data.setdefault("last_used", None)
        return data

    def _write(self, data: dict[str, Any]) -> None:
        """Replace the file with ``data`` (raises OSError: :meth:`_editing` says it)."""
        # a key put into an entry by hand is never written back (Profile has no such field)
        entries = [
            {k: v for k, v in e.items() if k not in _SECRET_FIELDS} if isinstance(e, dict) else e
            for e in data["profiles"]
        ]
        data = {"version": FILE_VERSION, "last_used": data.get("last_used"), "profiles": entries}
        replace_file(self.path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")

    def _parse(self, entries: list[Any]) -> list[Profile]:
        """The entries this version can use; each one it refuses is left in the file as it
        is and said in :attr:`problems` (one sentence each), so one bad value does not
        make every other profile unusable."""
        profiles, self.problems = [], []
        for entry in entries:
            try:
                profiles.append(Profile.from_dict(entry))
            except (ProfileError, TypeError) as exc:
                self.problems.append(_refusal(entry, exc))
        return profiles

    @contextlib.contextmanager
    def _editing(self) -> Iterator[dict[str, Any]]:
        """Read, change and write the file under its lock: two writers at once (the window
        and the command line, two ``profile add``) each see what the other wrote."""
        from filelock import FileLock  # loads asyncio and ssl: only when saving, not at start

        try:
            self.config_dir.mkdir(parents=True, exist_ok=True)
            with FileLock(self.path.with_name(FILE_NAME + ".lock"), timeout=LOCK_WAIT):
                data = self._load()
                yield data
                self._write(data)
        except OSError as exc:  # the folder, the lock (Timeout: another program), the file
            raise ProfileError(
                _("The profiles file {path} cannot be written ({problem}).").format(
                    path=self.path, problem=exc.strerror or exc
                )
            ) from None

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
        for entry in self._load()["profiles"]:
            if _name_of(entry) == name.strip():
                self._parse([entry])
                raise ProfileError(self.problems[0])
        known = ", ".join(self.names())
        if not known:
            raise ProfileError(
                _("There is no profile called {name} (profiles: none yet).").format(name=repr(name))
            )
        raise ProfileError(
            _("There is no profile called {name} (profiles: {known}).").format(
                name=repr(name), known=known
            )
        )

    def find(self, name: str) -> Profile | None:
        try:
            return self.get(name)
        except ProfileError:
            return None

    def save(self, profile: Profile) -> None:
        """Add a profile, or replace the one with the same name."""
        with self._editing() as data:
            entries = data["profiles"]
            for i, entry in enumerate(entries):
                if _name_of(entry) == profile.name:
                    entries[i] = profile.to_dict()
                    break
            else:
                entries.append(profile.to_dict())

    def add(self, profile: Profile) -> None:
        """Add a new profile; ProfileError if the name is taken (names are unique)."""
        with self._editing() as data:
            if any(_name_of(entry) == profile.name for entry in data["profiles"]):
                raise ProfileError(
                    _(
                        "A profile called {name} already exists: choose another name or replace it."
                    ).format(name=repr(profile.name))
                )
            data["profiles"].append(profile.to_dict())

    def remove(self, name: str) -> None:
        """Remove a profile (and its api_keys, when the store was given a SecretStore); an
        entry this version refuses can be removed too."""
        name = name.strip()
        with self._editing() as data:
            kept = [entry for entry in data["profiles"] if _name_of(entry) != name]
            if len(kept) == len(data["profiles"]):
                raise ProfileError(_(NO_PROFILE).format(name=repr(name)))
            data["profiles"] = kept
            if data.get("last_used") == name:
                data["last_used"] = None
        if self._secrets is not None:
            self._secrets.delete_profile(name)

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
        with self._editing() as data:
            if name is not None and not any(_name_of(p) == name for p in data["profiles"]):
                raise ProfileError(_(NO_PROFILE).format(name=repr(name)))
            data["last_used"] = name


def _name_of(entry: Any) -> str | None:
    """The name of a raw entry of the file, or None."""
    name = entry.get("name") if isinstance(entry, dict) else None
    return name.strip() if isinstance(name, str) else None


def _refusal(entry: Any, exc: Exception) -> str:
    """The sentence for one entry this version refuses."""
    name = _name_of(entry)
    if name:
        # TRANSLATORS: {problem} is the sentence of what is wrong with it
        said = _("Profile {name} in the profiles file is not valid: {problem}")
        return said.format(name=repr(name), problem=exc)
    return _("A profile in the profiles file is not valid: {problem}").format(problem=exc)
