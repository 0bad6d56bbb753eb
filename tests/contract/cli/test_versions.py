"""``--version`` on all three commands prints the package's version and exits 0."""

from __future__ import annotations

import subprocess
import sys

import pytest

from licensedesk import __version__


@pytest.mark.parametrize("module, prog", [("licensedesk", "licensedesk"),
                                          ("licensedesk.sandbox", "licensedesk-sandbox"),
                                          ("licensedesk.cli", "licensedesk-cli")])
def test_version(module, prog):
    done = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{prog} {__version__}"
