"""The desktop validators, run for real. Missing ones skip the test on a developer's
machine (``scripts/system-deps.sh desktop`` installs them) but fail it in CI
(``CI`` set, as .ci/run is run): there they must have run."""

from __future__ import annotations

import os
import shutil

import pytest


def need(tool: str) -> str:
    """The path of ``tool``; skip (or fail in CI) without it."""
    path = shutil.which(tool)
    if path is None:
        message = f"{tool} is not installed (scripts/system-deps.sh desktop)"
        if os.environ.get("CI"):
            pytest.fail(f"{message}: CI must run the desktop validators")
        pytest.skip(message)
    return path
