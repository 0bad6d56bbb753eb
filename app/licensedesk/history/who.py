"""Who and where, as the history names them: the OS user name and this machine's name.

Never raises: a locked-down system without a user name in its environment (getpass
fails) is "unknown", which is still better than an entry not written.
"""

from __future__ import annotations

import functools
import getpass
import socket

__all__ = ["machine_name", "os_user"]


@functools.cache
def os_user() -> str:
    try:
        return getpass.getuser() or "unknown"
    except Exception:  # no USER/LOGNAME and no passwd entry (containers)
        return "unknown"


@functools.cache
def machine_name() -> str:
    try:
        return socket.gethostname() or "unknown"
    except OSError:
        return "unknown"
