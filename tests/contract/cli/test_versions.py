"""``--version`` on all three commands prints the package's version and exits 0; the
version is read from the installed metadata without importlib.metadata (~65 ms of imports)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from licensedesk import __version__


@pytest.mark.parametrize(
    "module, prog",
    [
        ("licensedesk", "licensedesk"),
        ("licensedesk.sandbox", "licensedesk-sandbox"),
        ("licensedesk.cli", "licensedesk-cli"),
    ],
)
def test_version(module, prog):
    done = subprocess.run(
        [sys.executable, "-m", module, "--version"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{prog} {__version__}"


@pytest.mark.parametrize(
    ("argv", "light"),
    [
        (
            ["--version"],
            (
                "argparse",
                "asyncio",
                "httpx",
                "keyring",
                "licensedesk.api",
                "licensedesk.history",
                "licensedesk.profiles",
                "importlib.metadata",
                "email",
                "tomllib",
            ),
        ),
        # --help reads the saved language (licensedesk.paths: platformdirs, which loads tempfile
        # itself), so the history commands are named instead of the tempfile they import
        (
            ["--help"],
            (
                "asyncio",
                "httpx",
                "keyring",
                "licensedesk.api",
                "licensedesk.history",
                "licensedesk.profiles",
                "licensedesk.cli.history_cmds",
                "importlib.metadata",
                "email",
            ),
        ),
    ],
)
def test_version_and_help_load_only_what_they_need(argv, light):
    """``--version`` does not even build the parser; ``--help`` builds it, nothing more."""
    code = "\n".join(
        [
            "import sys",
            "from licensedesk.cli import main",
            f"assert main({argv!r}) == 0",
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {light!r}"
            f" or m.startswith({light!r})), file=sys.stderr)",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "[]"
