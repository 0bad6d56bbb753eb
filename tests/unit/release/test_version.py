"""The version has one source, ``version`` in pyproject.toml, read at run time from the
installed package's metadata (``licensedesk/version.py``), and costs nothing until asked."""

from __future__ import annotations

import importlib.metadata
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import licensedesk
from licensedesk.version import installed_version, source_tree_version

ROOT = Path(__file__).resolve().parents[3]
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def _dist_info(folder: Path, name: str, version: str | None) -> Path:
    info = folder / name
    info.mkdir(parents=True)
    if version is not None:
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.4\nName: licensedesk\nVersion: {version}\n\nVersion: 9.9\n"
        )
    return info


def test_the_version_is_pyprojects_as_installed():
    assert licensedesk.__version__ == PYPROJECT_VERSION
    assert licensedesk.__version__ == importlib.metadata.version("licensedesk")


def test_installed_version_reads_the_first_dist_info_on_the_path(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    _dist_info(first, "licensedesk-1.2.3.dist-info", "1.2.3")
    _dist_info(second, "licensedesk-4.5.6.dist-info", "4.5.6")
    assert installed_version([str(first), str(second)]) == "1.2.3"
    assert installed_version([str(second), str(first)]) == "4.5.6"


def test_installed_version_skips_what_is_not_an_installation(tmp_path):
    stale = tmp_path / "app"
    (stale / "licensedesk.egg-info").mkdir(parents=True)  # an old build's leftover
    (stale / "licensedesk.egg-info" / "PKG-INFO").write_text("Version: 0.0.1\n")
    _dist_info(tmp_path / "broken", "licensedesk-2.0.dist-info", None)  # no METADATA
    _dist_info(tmp_path / "other", "licensedesk_tools-3.0.dist-info", "3.0")  # another dist
    real = tmp_path / "site"
    _dist_info(real, "LicenseDesk-0.7.dist-info", "0.7")  # a tool that kept the case
    path = [
        str(tmp_path / "missing"),
        str(tmp_path / "file.zip"),
        str(stale),
        str(tmp_path / "broken"),
        str(tmp_path / "other"),
        str(real),
    ]
    assert installed_version(path) == "0.7"
    assert installed_version(path[:-1]) is None


def test_a_source_tree_without_metadata_reads_pyproject():
    assert source_tree_version() == PYPROJECT_VERSION
    # no site-packages (-S), the source tree on the path: nothing installed to read
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app")}
    code = "import licensedesk, sys; print(licensedesk.__version__); print('site' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-S", "-c", code],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.split() == [PYPROJECT_VERSION, "False"]


def test_importing_the_package_reads_no_version():
    """The window's first paint and every command import licensedesk: the metadata is
    read only when someone asks, and never through importlib.metadata (~65 ms)."""
    code = (
        "import sys, licensedesk\n"
        "print(sorted(m for m in sys.modules if m in ('licensedesk.version', "
        "'importlib.metadata', 'tomllib')))\n"
        "licensedesk.__version__\n"
        "print(sorted(m for m in sys.modules if m in ('licensedesk.version', "
        "'importlib.metadata')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.splitlines() == ["[]", "['licensedesk.version']"]
