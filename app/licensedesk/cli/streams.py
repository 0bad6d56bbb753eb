"""Standard output that may go away, fill up or not know a character (docs/cli.md, "Exit codes").

A reader that went away (``| head -1``), a closed stdout, a full disk or a
terminal whose encoding cannot show a character are things a user's system
does, not bugs: the command ends as it would have, quietly for a reader that
went away, with one sentence when the output could not be written. A change
that was made keeps its exit code, whatever became of the words about it.
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import os
import sys
from dataclasses import dataclass
from typing import TextIO

from licensedesk.i18n import _

from .errors import OK, USAGE

#: 128 + SIGPIPE: the reader of the output went away (``| head``), as a shell reports it
BROKEN_PIPE = 141


@dataclass(frozen=True)
class OutputLoss:
    """Why stdout could not be written: ``gone`` (the reader went away) or a reason."""

    gone: bool
    reason: str = ""


def prepare_streams() -> OutputLoss | None:
    """Before anything is written: escape (``\\u2026``) what the encoding of stdout and stderr
    cannot show instead of failing, and put ``/dev/null`` where a standard stream is closed
    (else the next file opened would take its number). A closed stdout is returned as lost."""
    lost = None
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            _null_onto(fd)
            if fd == 1:
                lost = OutputLoss(False, _("standard output is closed"))
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError, TypeError):
                reconfigure(errors="backslashreplace")
    return lost


def _null_onto(fd: int) -> None:
    null = os.open(os.devnull, os.O_RDWR)
    if null != fd:
        os.dup2(null, fd)
        os.close(null)


def loss_of(exc: OSError) -> OutputLoss:
    """What an error while writing stdout means for the person."""
    if isinstance(exc, BrokenPipeError) or exc.errno in (errno.EPIPE, errno.ECONNRESET):
        return OutputLoss(True)
    reason = exc.strerror or str(exc)
    return OutputLoss(False, reason[:1].lower() + reason[1:])


def silence_stdout() -> None:
    """stdout is gone or full: what Python still holds for it, and every later write, goes
    to ``/dev/null``, so the interpreter does not complain about it again when it exits."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        _null_onto(sys.stdout.fileno())


def speaks_unicode(stream: TextIO | None) -> bool:
    """Whether ``stream`` can take every character (a UTF encoding), not only Latin-1 or a
    code page."""
    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "ascii").name.startswith("utf")
    except LookupError:
        return False


def write(stream: TextIO | None, text: str) -> OutputLoss | None:
    """``text`` and a newline on ``stream``; the loss when it could not be written."""
    if stream is None:
        return OutputLoss(False, _("standard output is closed"))
    try:
        stream.write(text + "\n")
    except OSError as exc:
        return loss_of(exc)
    except ValueError:  # "I/O operation on closed file"
        return OutputLoss(False, _("standard output is closed"))
    return None


def flush_stdout() -> OutputLoss | None:
    """At the end: what is still buffered for stdout goes out now, where an error can still
    become a sentence instead of Python's "Exception ignored" at exit."""
    if sys.stdout is None:
        return None
    try:
        sys.stdout.flush()
    except OSError as exc:
        silence_stdout()
        return loss_of(exc)
    except ValueError:
        return None
    return None


def final_code(code: int, lost: OutputLoss | None, *, changed: bool) -> int:
    """The exit code once the output is known lost: the command's own when it failed or
    when it made a change (the change happened); else 141 for a reader that went away and
    2 for output that could not be written."""
    if lost is None or code != OK or changed:
        return code
    return BROKEN_PIPE if lost.gone else USAGE


def lost_sentence(lost: OutputLoss) -> str | None:
    """The one sentence on stderr (none for a reader that went away: that is quiet)."""
    if lost.gone:
        return None
    return _("Could not write the output ({reason}).").format(reason=lost.reason)


def after_argparse(code: int) -> int:
    """After argparse answered (help, a usage error): a reader that went away is quiet."""
    lost = flush_stdout()
    return BROKEN_PIPE if lost is not None and lost.gone and code == OK else code
