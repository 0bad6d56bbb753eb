"""The release tools, run for real (the desktop validators, NSIS's makensis). Missing ones
skip the test on a developer's machine (``scripts/system-deps.sh`` installs them) but
fail it in CI (``CI`` set, as .ci/run is run): there they must have run."""

from __future__ import annotations

import os
import shutil

import pytest


def need(tool: str, group: str = "desktop") -> str:
    """The path of ``tool`` (of ``scripts/system-deps.sh GROUP``); skip (or fail in CI)
    without it."""
    path = shutil.which(tool)
    if path is None:
        message = f"{tool} is not installed (scripts/system-deps.sh {group})"
        if os.environ.get("CI"):
            pytest.fail(f"{message}: CI must run it")
        pytest.skip(message)
    return path
