"""A real update repository on a loopback web server, and stand-in bundles that update.

The repository is made by the release target (``scripts/release_repo.py``) with throw-away
keys; the web server is ``http.server`` in a thread, serving that folder as a release host
would. A stand-in bundle is a folder laid out as a PyInstaller one-folder build is (the
package metadata with its version under ``_internal/``, ``update/`` with the root of trust
and the server's address) whose program runs the bundle's real start step
(``licensedesk.updates.start``, as ``packaging/entry.py`` does), prints its version and
whether a previous version is kept, confirms its start (unless ``--crash``: a start that
dies before its window shows) and checks once, as the window does after its paint.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "release_repo.py"

#: the stand-in's program: the start step of packaging/entry.py, then one check
PROGRAM = """#!{python}
import logging, os, sys
from pathlib import Path
here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(here, "_internal"), {app!r}]
logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="log: %(message)s")
from licensedesk.updates.bundle import running_bundle
from licensedesk.updates.start import confirm_started, start_bundle
start_bundle(Path(__file__), handover="--handover" in sys.argv)
bundle = running_bundle()
print("version", bundle.version, flush=True)
print("previous:", "kept" if bundle.previous.is_dir() else "none", flush=True)
if "--crash" in sys.argv:
    os._exit(70)  # dies before its window shows
confirm_started()  # as the window does once it has painted
from licensedesk.updates.check import check_for_update
print(check_for_update(bundle).sentence(), flush=True)
"""


def release_script():
    """``scripts/release_repo.py`` as a module (the same code its command line runs)."""
    spec = importlib.util.spec_from_file_location("release_repo", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        self.server.seen.append(self.path)  # type: ignore[attr-defined]


class RepositoryServer:
    """``http.server`` serving ``folder`` on a free loopback port, in a thread."""

    def __init__(self, folder: Path) -> None:
        handler = functools.partial(_Quiet, directory=str(folder))
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.seen = []  # type: ignore[attr-defined]
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def requests(self) -> list[str]:
        return list(self.httpd.seen)  # type: ignore[attr-defined]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()


def make_bundle(folder: Path, version: str) -> Path:
    """A stand-in bundle of ``version`` in ``folder`` (made here)."""
    meta = folder / "_internal" / f"licensedesk-{version}.dist-info"
    meta.mkdir(parents=True)
    (meta / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: licensedesk\nVersion: {version}\n\n", encoding="utf-8"
    )
    program = folder / "licensedesk"
    program.write_text(PROGRAM.format(python=sys.executable, app=str(ROOT / "app")))
    program.chmod(0o755)
    return folder


class Release:
    """One test's release host: keys, repository, server, bundles and an installed copy."""

    def __init__(self, tmp: Path, keys: Path) -> None:
        self.tmp, self.keys = tmp, keys
        self.script = release_script()
        self.repo = tmp / "repo"
        self.script.init(keys, self.repo)
        self.server = RepositoryServer(self.repo)
        self.config = tmp / "config"
        self.config.mkdir(exist_ok=True)
        self.install = tmp / "apps" / "licensedesk"

    def bundle(self, version: str, url: str | None = None) -> Path:
        """A built bundle of ``version``, stamped with the repository's root and ``url``."""
        folder = self.tmp / "build" / version / "licensedesk"
        if not folder.exists():
            make_bundle(folder, version)
        self.script.stamp(self.repo, url or self.server.url, folder)
        return folder

    def publish(self, version: str, *extra: str) -> None:
        """The release target's command line, as a person making a release runs it."""
        bundle = self.bundle(version)
        done = subprocess.run(
            [
                sys.executable,
                str(SCRIPT),
                "publish",
                "--keys",
                str(self.keys),
                "--version",
                version,
                *extra,
                str(self.repo),
                str(bundle),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr

    def refresh(self, *extra: str) -> None:
        done = subprocess.run(
            [
                sys.executable,
                str(SCRIPT),
                "refresh",
                "--keys",
                str(self.keys),
                *extra,
                str(self.repo),
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr

    def installed(self, version: str, url: str | None = None) -> Path:
        """``version`` installed in ``apps/licensedesk`` (as an installer lays it out)."""
        shutil.copytree(self.bundle(version, url), self.install, symlinks=True)
        return self.install

    def run(self, *args: str, env: dict[str, str] | None = None) -> Run:
        """The installed program, as a desktop starts it."""
        environ = {
            key: value for key, value in os.environ.items() if key != "LICENSEDESK_NO_UPDATE_CHECK"
        }
        environ.update(LICENSEDESK_CONFIG_DIR=str(self.config), LANGUAGE="en", **(env or {}))
        done = subprocess.run(
            [str(self.install / "licensedesk"), *args],
            capture_output=True,
            text=True,
            timeout=120,
            env=environ,
        )
        return Run(done.returncode, done.stdout, done.stderr)

    def close(self) -> None:
        self.server.close()
