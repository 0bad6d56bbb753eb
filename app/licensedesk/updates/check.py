"""One update check: the newest release for this platform, verified and staged.

Everything that comes from the network is verified by python-tuf's client (``ngclient``)
against the root of trust the bundle was built with: the repository's metadata (signed by
the release keys, not expired, never older than what this copy saw before) and every file
it names (length and hashes). Only then is the archive unpacked, beside the install folder,
and marked as staged; the install folder itself is changed by the next start
(``updates.start``), never here.

The release repository (``scripts/release_repo.py``) lists, per platform, a pointer
``latest/<platform>.json`` — ``{"version": "1.1", "archive": "licensedesk-1.1-….tar.gz"}``
— and the archive it names; both are TUF targets.

Blocking (urllib3, files): the window runs it in a worker thread.
"""

from __future__ import annotations

import json
import logging
import os
from dataclasses import dataclass
from pathlib import Path

from licensedesk.i18n import N_, _

from . import policy
from .archive import BadArchive, unpack
from .bundle import Bundle, bundle_version, platform_tag, running_bundle, version_key
from .workspace import claim_in_use, locked, read_state, remove_tree, write_state

log = logging.getLogger("licensedesk.updates")

STAGED = "staged"  # a new version waits for the next start
CURRENT = "current"  # nothing newer
REFUSED = "refused"  # the repository offered something this copy will not install
UNREACHABLE = "unreachable"  # no answer (offline, server down): tried again later
OFF = "off"  # switched off, or this copy cannot update itself
BUSY = "busy"  # another window of this bundle is checking

MSG_STAGED = N_("Version {version} will be used from the next start.")
MSG_CURRENT = N_("License Desk {version} is the newest version.")
MSG_BUSY = N_("Another window of License Desk is checking for updates.")
MSG_NO_SOURCE = N_("This copy of License Desk does not update itself.")
MSG_READ_ONLY = N_(
    "The install folder {folder} cannot be changed by this user: updates come with "
    "a new installation."
)
MSG_UNREACHABLE = N_("The update server could not be reached ({reason}); trying again later.")
MSG_UNSIGNED = N_(
    "The update was refused: the update server's information is not signed by the "
    "release keys this version trusts."
)
MSG_EXPIRED = N_(
    "The update was refused: the update server's information has expired (an old copy "
    "may be served)."
)
MSG_ROLLBACK_METADATA = N_(
    "The update was refused: the update server's information is older than what it gave before."
)
MSG_OTHER_REPOSITORY = N_("The update was refused: the update server's information is invalid.")
MSG_TAMPERED = N_(
    "The update to version {version} was refused: the downloaded file is not the one "
    "the release signed."
)
MSG_OLDER = N_(
    "The update was refused: the server offers version {version}, older than this "
    "version ({current})."
)
MSG_BAD_VERSION = N_("The update was refused: the server offers an unknown version ({version}).")
MSG_BAD_ARCHIVE = N_(
    "The update to version {version} was refused: the archive is not a License Desk "
    "bundle of that version ({detail})."
)
MSG_FAILED_BEFORE = N_("Version {version} is not installed again: it could not start here before.")
MSG_FAILED = N_("The update check failed ({reason}); trying again later.")
MSG_DISK = N_("The update to version {version} could not be saved: {reason}.")


@dataclass(frozen=True)
class Outcome:
    """What a check found: a kind, and a sentence for the log (and, staged, the window)."""

    kind: str
    message: str
    values: tuple[tuple[str, str], ...] = ()
    version: str | None = None

    def sentence(self) -> str:
        return _(self.message).format(**dict(self.values))


def _outcome(kind: str, message: str, offered: str | None = None, /, **values: str) -> Outcome:
    return Outcome(kind, message, tuple(values.items()), offered)


def check_for_update(bundle: Bundle, decision: policy.Decision | None = None) -> Outcome:
    """Check once, and stage a newer version when there is one; never raises for what the
    network, the server or the disk does. Logs the outcome."""
    try:
        outcome = _check(bundle, decision or policy.decide())
    except Exception as exc:  # a check must never take the window down
        log.exception("the update check failed")
        outcome = _outcome(REFUSED, MSG_FAILED, reason=type(exc).__name__)
    level = logging.INFO if outcome.kind in (STAGED, CURRENT, OFF, BUSY) else logging.WARNING
    log.log(level, "update check: %s", outcome.sentence())
    return outcome


def _check(bundle: Bundle, decision: policy.Decision) -> Outcome:
    if not decision.allowed:
        return Outcome(OFF, decision.reason, decision.values)
    source = bundle.source()
    if source is None:
        return _outcome(OFF, MSG_NO_SOURCE)
    if not (os.access(bundle.root.parent, os.W_OK) and os.access(bundle.root, os.W_OK)):
        return _outcome(OFF, MSG_READ_ONLY, folder=str(bundle.root))
    try:
        for sub in ("metadata", "downloads"):
            (bundle.workspace / sub).mkdir(parents=True, exist_ok=True)
    except OSError:
        return _outcome(OFF, MSG_READ_ONLY, folder=str(bundle.root))
    if running_bundle() is bundle:
        claim_in_use(bundle.workspace)  # the folder of this window: not swapped under it
    with locked(bundle.workspace) as mine:
        if not mine:
            return _outcome(BUSY, MSG_BUSY)
        return _check_locked(bundle, source)


def _check_locked(bundle: Bundle, source) -> Outcome:
    from tuf.api import exceptions as tuf_errors
    from urllib3.exceptions import HTTPError

    try:
        return _fetch_and_stage(bundle, source)
    except tuf_errors.UnsignedMetadataError:
        return _outcome(REFUSED, MSG_UNSIGNED)
    except tuf_errors.ExpiredMetadataError:
        return _outcome(REFUSED, MSG_EXPIRED)
    except tuf_errors.BadVersionNumberError:
        return _outcome(REFUSED, MSG_ROLLBACK_METADATA)
    except tuf_errors.RepositoryError as exc:
        log.debug("repository error: %s", exc)
        return _outcome(REFUSED, MSG_OTHER_REPOSITORY)
    except (tuf_errors.DownloadError, HTTPError) as exc:
        return _outcome(UNREACHABLE, MSG_UNREACHABLE, reason=_reason(exc))


def _reason(exc: Exception) -> str:
    """A short cause: the HTTP status, or the connection's own error (no URL query
    to redact: the repository's addresses carry none)."""
    status = getattr(exc, "status_code", None)
    if status:
        return f"HTTP {status}"
    reason = getattr(exc, "reason", None) or exc
    return type(reason).__name__


def _fetch_and_stage(bundle: Bundle, source) -> Outcome:
    from tuf.api import exceptions as tuf_errors
    from tuf.ngclient import Updater, UpdaterConfig

    updater = Updater(
        metadata_dir=str(bundle.workspace / "metadata"),
        metadata_base_url=source.metadata_url,
        target_dir=str(bundle.workspace / "downloads"),
        target_base_url=source.targets_url,
        config=UpdaterConfig(app_user_agent=f"LicenseDesk/{bundle.version}"),
        bootstrap=source.root,
    )
    updater.refresh()
    pointer_info = updater.get_targetinfo(f"latest/{platform_tag()}.json")
    if pointer_info is None:
        return _outcome(CURRENT, MSG_CURRENT, version=bundle.version)
    pointer_path = updater.download_target(pointer_info)
    try:
        pointer = json.loads(Path(pointer_path).read_text(encoding="utf-8"))
        offered, archive = str(pointer["version"]), str(pointer["archive"])
    except (OSError, ValueError, KeyError, TypeError):
        return _outcome(REFUSED, MSG_OTHER_REPOSITORY)
    refusal = _judge(bundle, offered)
    if refusal is not None:
        return refusal
    state = read_state(bundle.workspace)
    if state.get("staged") == offered and bundle.staged.is_dir():
        return _outcome(STAGED, MSG_STAGED, offered, version=offered)
    info = updater.get_targetinfo(archive)
    if info is None:
        return _outcome(REFUSED, MSG_OTHER_REPOSITORY)
    try:
        # a download verified before (the window closed while it was unpacked) is kept
        downloaded = Path(updater.find_cached_target(info) or updater.download_target(info))
    except tuf_errors.LengthOrHashMismatchError:
        return _outcome(REFUSED, MSG_TAMPERED, offered, version=offered)
    except OSError as exc:
        return _outcome(REFUSED, MSG_DISK, offered, version=offered, reason=exc.strerror or "")
    try:
        return _stage(bundle, downloaded, offered)
    finally:
        downloaded.unlink(missing_ok=True)


def _judge(bundle: Bundle, offered: str) -> Outcome | None:
    """None when ``offered`` should be installed; else what to say."""
    offered_key, current_key = version_key(offered), version_key(bundle.version)
    if offered_key is None:
        return _outcome(REFUSED, MSG_BAD_VERSION, version=offered)
    if current_key is not None and offered_key == current_key:
        return _outcome(CURRENT, MSG_CURRENT, version=bundle.version)
    if current_key is not None and offered_key < current_key:
        return _outcome(REFUSED, MSG_OLDER, offered, version=offered, current=bundle.version)
    if read_state(bundle.workspace).get("failed") == offered:
        return _outcome(REFUSED, MSG_FAILED_BEFORE, offered, version=offered)
    return None


def _stage(bundle: Bundle, archive: Path, version: str) -> Outcome:
    """Unpack the verified archive beside the staged folder, check it is the bundle it
    claims to be, then make it the staged version (a rename: all or nothing)."""
    unpacking = bundle.workspace / "unpacking"
    try:
        remove_tree(unpacking)
        try:
            root = unpack(archive, unpacking)
        except BadArchive as exc:
            return _outcome(REFUSED, MSG_BAD_ARCHIVE, version, version=version, detail=str(exc))
        found = bundle_version(root)
        if found is None or version_key(found) != version_key(version):
            detail = _("version {found}").format(found=found or "?")
            return _outcome(REFUSED, MSG_BAD_ARCHIVE, version, version=version, detail=detail)
        if not bundle.executable_in(root).is_file():
            detail = bundle.executable.relative_to(bundle.root).as_posix()
            return _outcome(REFUSED, MSG_BAD_ARCHIVE, version, version=version, detail=detail)
        remove_tree(bundle.staged)
        root.rename(bundle.staged)
        write_state(bundle.workspace, {"staged": version})
    except OSError as exc:
        return _outcome(REFUSED, MSG_DISK, version, version=version, reason=exc.strerror or "")
    finally:
        remove_tree(unpacking)
    return _outcome(STAGED, MSG_STAGED, version, version=version)
