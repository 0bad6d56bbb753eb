"""The install folder of a running bundle: where it is, which version, where updates wait.

A bundle is a folder with the program and its files (PyInstaller's one-folder build;
on macOS the ``.app``). Beside it, never inside (the folder is replaced whole):

- ``<name>.updates/``: the updater's workspace (TUF metadata, downloads, the staged
  version, ``state.json``, a lock);
- ``<name>.previous/``: the version before an update, kept until the new one has started
  once (then removed), so a new version that cannot start is rolled back.

What a bundle needs to update itself sits in its folder ``update/`` (macOS:
``Contents/Resources/update/``), written by the build: ``root.json``, the release
repository's root of trust, and ``repository``, the repository's base URL (metadata under
``metadata/``, archives under ``targets/``). A bundle without them does not check.
"""

from __future__ import annotations

import sys
from pathlib import Path

from licensedesk.version import installed_version

#: where the dist-info (and so the version) of a bundle may sit, relative to its root
_METADATA_DIRS = ("_internal", ".", "Contents/Frameworks", "Contents/Resources")
_UPDATE_DIRS = ("update", "Contents/Resources/update")


def platform_tag() -> str:
    """``linux-x86_64``, ``windows-amd64``, ``macos-arm64``…: which archive fits this machine."""
    import platform

    system = {"darwin": "macos", "win32": "windows"}.get(sys.platform, platform.system().lower())
    return f"{system}-{platform.machine().lower() or 'unknown'}"


def version_key(text: str) -> tuple[int, ...] | None:
    """``"1.10.2"`` as ``(1, 10, 2)`` for ordering (``1.1 == 1.1.0``); None for anything
    else (a pre-release, a local version): such a version is never installed by an update."""
    words = text.split(".")
    if not all(word.isascii() and word.isdigit() for word in words):
        return None
    parts = [int(p) for p in words]
    while len(parts) > 1 and parts[-1] == 0:
        parts.pop()
    return tuple(parts)


def bundle_version(root: Path) -> str | None:
    """The version in the bundle's copy of the package metadata (the build copies it in)."""
    return installed_version([str(root / sub) for sub in _METADATA_DIRS])


def bundle_root(executable: Path) -> Path:
    """The install folder of ``executable``: its folder, or the ``.app`` around it."""
    folder = executable.parent
    if folder.name == "MacOS" and folder.parent.name == "Contents":
        app = folder.parent.parent
        if app.suffix == ".app":
            return app
    return folder


class Source:
    """Where a bundle's updates come from, and the root of trust it was built with."""

    def __init__(self, repository: str, root: bytes) -> None:
        self.repository, self.root = repository, root

    @property
    def metadata_url(self) -> str:
        return self.repository.rstrip("/") + "/metadata/"

    @property
    def targets_url(self) -> str:
        return self.repository.rstrip("/") + "/targets/"


class Bundle:
    """An install folder (``root``), the program in it that was started, its version.
    (A plain class, not a dataclass: this runs before the window, where imports cost.)"""

    def __init__(self, root: Path, executable: Path, version: str) -> None:
        self.root, self.executable, self.version = root, executable, version

    @classmethod
    def of(cls, executable: Path) -> Bundle:
        root = bundle_root(executable)
        from licensedesk.version import UNKNOWN_VERSION

        return cls(root, executable, bundle_version(root) or UNKNOWN_VERSION)

    @property
    def workspace(self) -> Path:
        return self.root.parent / f"{self.root.name}.updates"

    @property
    def previous(self) -> Path:
        return self.root.parent / f"{self.root.name}.previous"

    @property
    def staged(self) -> Path:
        return self.workspace / "staged"

    def executable_in(self, root: Path) -> Path:
        """The same program in another copy of the bundle (the staged or the previous one)."""
        return root / self.executable.relative_to(self.root)

    def source(self) -> Source | None:
        """The update source the build put into the bundle, or None (this build does not
        update itself)."""
        for sub in _UPDATE_DIRS:
            folder = self.root / sub
            try:
                repository = (folder / "repository").read_text(encoding="utf-8").strip()
                root = (folder / "root.json").read_bytes()
            except OSError:
                continue
            if repository:
                return Source(repository, root)
        return None


_running: Bundle | None = None


def running_bundle() -> Bundle | None:
    """The bundle this process was started from (set by the start step), or None: a source
    checkout, a pip install or the command line, which never update themselves."""
    return _running


def set_running(bundle: Bundle | None) -> None:
    global _running
    _running = bundle
