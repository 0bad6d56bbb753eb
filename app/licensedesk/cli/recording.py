"""The command line's history: every change it sends is recorded (docs/history.md).

``activate``, ``deactivate``, ``delete-activation``, ``upgrade``, ``register``, a
``validate`` that records a host, and each ``check`` (one entry for the batch)
write the intent before the request and the outcome after, into the store the
history settings name (``history.json``: this computer's file by default, or the
team's database). Reads are not recorded.

A history that cannot be written never stops the change: its sentence goes to
stderr once, as a warning, and the command's exit code is unchanged. The
recorder is made only for a command that records, so reads and ``--help`` load
no history code. The blocks are :func:`licensedesk.history.record`'s.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from licensedesk.book import BookKeeper
    from licensedesk.history import Recorder
    from licensedesk.profiles import Profile

    from .output import Printer

#: commands that change something at the service, always recorded
WRITES = frozenset({"activate", "deactivate", "delete-activation", "upgrade", "register"})


def records(args: argparse.Namespace) -> bool:
    """Whether this command's run is recorded (validate only when it records a host)."""
    if args.command in WRITES or args.command == "check":
        return True
    return args.command == "validate" and bool(
        getattr(args, "this_machine", False) or getattr(args, "host_id", None)
    )


def changes(args: argparse.Namespace) -> bool:
    """Whether the command changed something (its exit code stands whatever became of its
    output): a change at the service, a profile saved or removed, entries imported or pruned."""
    if args.command == "profile":
        return args.profile_command in ("add", "remove")
    if args.command == "history":
        return bool(args.words) and args.words[0] in ("import", "prune")
    return args.command != "check" and records(args)


def _settings_and_secrets() -> tuple[Any, Any]:
    """The history settings (None when unreadable) and, for a team store, the keyring."""
    from licensedesk.history import SettingsError, load_settings

    try:
        settings = load_settings()
    except SettingsError:
        return None, None  # from_settings makes the unreadable file the problem sentence
    if settings.store != "team":
        return settings, None
    from licensedesk.profiles import SecretStore

    return settings, SecretStore()


def open_recorder(profile: Profile, printer: Printer) -> Recorder:
    """The recorder of the configured store, naming ``profile`` and its service. The team
    password comes from the keyring, so the keyring is opened only for a team store."""
    from licensedesk.history import Recorder

    settings, secrets = _settings_and_secrets()
    recorder = Recorder.from_settings(settings, secrets=secrets, on_problem=printer.warn)
    recorder.use_connection(profile.name, profile.base_url)
    return recorder


def open_keeper() -> BookKeeper:
    """The licence book where the history is, for what the client reads. Its problem (if
    any) is said by the caller once the command is done."""
    from licensedesk.book import BookKeeper

    settings, secrets = _settings_and_secrets()
    return BookKeeper.from_settings(settings, secrets=secrets)


#: seconds a command waits for the book's last writes: each waits at most the file's busy
#: time-out or the team server's connect time-out, and what came in the meantime is
#: written together, so two writes at most are left when the command is done
BOOK_WAIT = 60


async def close_keeper(keeper: BookKeeper) -> None:
    """Let the book finish its writes (off the event loop), so that what the command says
    it kept, and the book's problem, are known; a book still writing after
    :data:`BOOK_WAIT` seconds is the problem then. Closing twice is closing once."""
    import asyncio

    await asyncio.get_running_loop().run_in_executor(
        None, lambda: keeper.close(BOOK_WAIT, tell=True)
    )


def record(recorder: Recorder | None, action: str, **fields: Any) -> Any:
    """:func:`licensedesk.history.record` (a no-op block when ``recorder`` is None),
    imported only when a command records: reads load no history code."""
    from licensedesk.history.recorder import record as block

    return block(recorder, action, **fields)
