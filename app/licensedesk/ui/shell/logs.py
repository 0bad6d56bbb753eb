"""Logging to a file in the platform's log folder, redacted; and the last-resort excepthook."""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
from pathlib import Path

LOG_DIR_ENV = "LICENSEDESK_LOG_DIR"
_state: dict[str, object] = {}


def log_dir() -> Path:
    """``$LICENSEDESK_LOG_DIR``, else the OS's user log folder (licensedesk.paths)."""
    if os.environ.get(LOG_DIR_ENV):
        return Path(os.environ[LOG_DIR_ENV])
    from licensedesk.paths import app_dir

    return app_dir("log")


def setup_logging(directory: Path | None = None) -> Path | None:
    """A rotating ``licensedesk.log`` with the api's RedactingFilter on the handler
    (a handler filter sees every record, also those of child loggers). Returns
    the log file path, or None when the folder cannot be written."""
    if "path" in _state:
        return _state["path"]  # type: ignore[return-value]
    from licensedesk.api.redact import RedactingFilter, install_redaction

    install_redaction()
    folder = directory or log_dir()
    path: Path | None = folder / "licensedesk.log"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
        )
    except OSError:
        handler, path = logging.StreamHandler(sys.stderr), None
    handler.addFilter(RedactingFilter())
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger("licensedesk")
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    _state["path"] = path
    return path


def install_excepthook(report) -> None:
    """Uncaught exceptions in Qt slots: log (redacted) and ``report(Failure)``; never exit."""

    def hook(exc_type, exc, tb) -> None:
        if issubclass(exc_type, KeyboardInterrupt):
            sys.__excepthook__(exc_type, exc, tb)
            return
        from ..shared.tasks import failure_from  # here: it imports asyncio (~10 MB)

        failure = failure_from(exc.with_traceback(tb))
        logging.getLogger("licensedesk.ui").error("uncaught exception:\n%s", failure.details)
        try:
            report(failure)
        except Exception:
            sys.__excepthook__(exc_type, exc, tb)

    sys.excepthook = hook
