"""Unpacking a release archive (``.tar.gz`` of one bundle folder) without trusting its names.

The archive was verified against the signed metadata before it is opened; still, a member
that would land outside the destination (an absolute name, ``..``, a link pointing out)
or is not a plain file, folder or link is refused, so a mistake in a release cannot write
anywhere else. Python 3.11.4+ has tarfile's ``data`` filter; Debian's 3.11.2 does not,
so the checks are made here and the filter is added where it exists.
"""

from __future__ import annotations

import os
import tarfile
from pathlib import Path


class BadArchive(Exception):
    """The archive cannot be unpacked as a bundle (the message names the member)."""


def _inside(base: Path, target: Path) -> bool:
    try:
        target.relative_to(base)
    except ValueError:
        return False
    return True


def _checked(tar: tarfile.TarFile, dest: Path) -> list[tarfile.TarInfo]:
    base = dest.resolve()
    members = []
    for member in tar.getmembers():
        where = Path(os.path.normpath(base / member.name))
        if os.path.isabs(member.name) or not _inside(base, where):
            raise BadArchive(member.name)
        if member.issym():
            if not _inside(base, Path(os.path.normpath(where.parent / member.linkname))):
                raise BadArchive(member.name)
        elif member.islnk():
            if not _inside(base, Path(os.path.normpath(base / member.linkname))):
                raise BadArchive(member.name)
        elif not (member.isfile() or member.isdir()):
            raise BadArchive(member.name)
        members.append(member)
    return members


def unpack(archive: Path, dest: Path) -> Path:
    """Unpack ``archive`` into the new folder ``dest``; returns the one folder it holds
    (the bundle). Raises BadArchive, or OSError (disk full, no permission)."""
    dest.mkdir(parents=True)
    try:
        with tarfile.open(archive, "r:gz") as tar:
            members = _checked(tar, dest)
            if hasattr(tarfile, "data_filter"):
                tar.extractall(dest, members=members, filter="data")
            else:
                tar.extractall(dest, members=members)  # members checked above
    except (tarfile.TarError, EOFError, ValueError) as exc:
        raise BadArchive(str(exc)) from exc
    tops = list(dest.iterdir())
    if len(tops) != 1 or not tops[0].is_dir() or tops[0].is_symlink():
        raise BadArchive(", ".join(p.name for p in tops) or "(empty)")
    return tops[0]
