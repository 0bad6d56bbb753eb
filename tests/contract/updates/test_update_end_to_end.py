"""A bundle updates itself from a real TUF repository on a loopback web server.

The repository is made by the release target with throw-away keys; the bundles are
stand-ins laid out as PyInstaller builds, whose program runs the bundle's own start step
and then one check (tests/support/update_release.py). What is refused is refused with a
sentence while the installed version goes on, unchanged and with nothing staged.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from licensedesk.updates.bundle import bundle_version
from tests.support.net import free_port
from tests.support.update_release import SCRIPT, Release

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    """Throw-away release keys, made by the release target's own ``keys`` command."""
    folder = tmp_path_factory.mktemp("release-keys") / "keys"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "keys", str(folder)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return folder


@pytest.fixture
def release(tmp_path, keys):
    made = Release(tmp_path, keys)
    yield made
    made.close()


def assert_untouched(release: Release, version: str = "1.0") -> None:
    """The installed version as it was: its folder, nothing staged, no previous folder."""
    assert bundle_version(release.install) == version
    workspace = release.install.parent / "licensedesk.updates"
    assert not (workspace / "staged").exists()
    assert not (release.install.parent / "licensedesk.previous").exists()


def test_version_1_0_updates_itself_to_1_1_and_keeps_1_0_until_1_1_has_started(release):
    release.installed("1.0")
    release.publish("1.0")
    release.publish("1.1")

    first = release.run()
    assert first.code == 0, first.err
    assert first.lines == [
        "version 1.0",
        "previous: none",
        "Version 1.1 will be used from the next start.",
    ]
    assert bundle_version(release.install) == "1.0"  # nothing replaced while it runs

    second = release.run()
    assert second.code == 0, second.err
    # started as 1.1, with 1.0 kept until then; confirmed, so 1.0 is gone now
    assert second.lines == [
        "version 1.1",
        "previous: kept",
        "License Desk 1.1 is the newest version.",
    ]
    assert "version 1.1 started; the previous version 1.0 was removed" in second.err
    assert not (release.install.parent / "licensedesk.previous").exists()
    assert bundle_version(release.install) == "1.1"


def test_a_new_version_that_never_finishes_starting_is_rolled_back(release):
    release.installed("1.0")
    release.publish("1.1")
    assert release.run().code == 0
    crashed = release.run("--crash")  # 1.1 dies before its window shows
    assert crashed.code == 70
    assert crashed.lines == ["version 1.1", "previous: kept"]
    assert bundle_version(release.install.parent / "licensedesk.previous") == "1.0"

    again = release.run()  # started again; the first start never confirmed
    assert again.lines == [
        "version 1.0",
        "previous: none",
        "Version 1.1 is not installed again: it could not start here before.",
    ]
    assert "version 1.1 did not finish its first start" in again.err
    assert bundle_version(release.install) == "1.0"


def test_a_tampered_archive_is_refused(release):
    release.installed("1.0")
    release.publish("1.1")
    archive = next((release.repo / "targets").glob("licensedesk-1.1-*.tar.gz"))
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0xFF  # one byte changed on the server
    archive.write_bytes(bytes(data))

    run = release.run()
    assert run.code == 0
    assert run.lines == [
        "version 1.0",
        "previous: none",
        "The update to version 1.1 was refused: the downloaded file is not the one "
        "the release signed.",
    ]
    assert_untouched(release)


def test_metadata_signed_with_another_key_is_refused(release):
    from securesystemslib.signer import CryptoSigner
    from tuf.api.metadata import Metadata

    release.installed("1.0")
    release.publish("1.1")
    path = release.repo / "metadata" / "timestamp.json"
    forged = Metadata.from_file(str(path))
    forged.signed.version += 1
    forged.signatures.clear()
    forged.sign(CryptoSigner.generate_ed25519())  # a key the root does not name
    forged.to_file(str(path))

    run = release.run()
    assert run.lines == [
        "version 1.0",
        "previous: none",
        "The update was refused: the update server's information is not signed by the "
        "release keys this version trusts.",
    ]
    assert_untouched(release)


def test_expired_metadata_is_refused(release):
    release.installed("1.0")
    release.publish("1.1", "--timestamp-days=-1")

    run = release.run()
    assert run.lines == [
        "version 1.0",
        "previous: none",
        "The update was refused: the update server's information has expired (an old "
        "copy may be served).",
    ]
    assert_untouched(release)


def test_an_older_version_offered_as_the_newest_is_refused(release):
    release.installed("1.0")
    release.publish("0.9")

    run = release.run()
    assert run.lines == [
        "version 1.0",
        "previous: none",
        "The update was refused: the server offers version 0.9, older than this version (1.0).",
    ]
    assert_untouched(release)


def test_metadata_older_than_what_the_bundle_saw_before_is_refused(release):
    release.installed("1.0")
    release.publish("1.0")
    timestamp = release.repo / "metadata" / "timestamp.json"
    old = timestamp.read_bytes()
    release.refresh()
    assert release.run().lines[-1] == "License Desk 1.0 is the newest version."
    timestamp.write_bytes(old)  # the server replays what it signed before

    run = release.run()
    assert run.lines == [
        "version 1.0",
        "previous: none",
        "The update was refused: the update server's information is older than what "
        "it gave before.",
    ]
    assert_untouched(release)


def test_a_server_that_is_down_costs_a_log_line(release):
    release.installed("1.0", url=f"http://127.0.0.1:{free_port()}/")

    run = release.run()
    assert run.code == 0
    assert run.lines[0] == "version 1.0"
    assert run.lines[-1].startswith("The update server could not be reached (")
    assert "log: update check: The update server could not be reached" in run.err
    assert_untouched(release)


def test_the_administrator_s_variable_turns_checks_off(release):
    release.installed("1.0")
    release.publish("1.1")

    run = release.run(env={"LICENSEDESK_NO_UPDATE_CHECK": "1"})
    assert run.lines == [
        "version 1.0",
        "previous: none",
        "Update checks are turned off by the administrator (LICENSEDESK_NO_UPDATE_CHECK is set).",
    ]
    assert release.server.requests == []  # not even asked
    assert_untouched(release)


def test_the_user_s_setting_turns_checks_off(release):
    release.installed("1.0")
    release.publish("1.1")
    (release.config / "updates.json").write_text(json.dumps({"check": False}))

    run = release.run()
    assert run.lines == [
        "version 1.0",
        "previous: none",
        "Update checks are off (Help > Check for Updates).",
    ]
    assert release.server.requests == []
    assert_untouched(release)


def test_where_a_running_folder_cannot_be_renamed_the_staged_copy_takes_over(release):
    """Windows' way (updates/handover.py), run here: the old copy starts the staged one
    and ends; that one copies itself into place and starts the new version."""
    release.installed("1.0")
    release.publish("1.1")
    assert release.run("--handover").lines[-1] == "Version 1.1 will be used from the next start."

    run = release.run("--handover")  # ends once the last program of the chain has ended
    assert run.code == 0, run.err
    assert run.lines == [
        "version 1.1",
        "previous: kept",
        "License Desk 1.1 is the newest version.",
    ]
    assert "version 1.1 copied into place; starting it" in run.err
    assert bundle_version(release.install) == "1.1"
    assert not (release.install.parent / "licensedesk.previous").exists()
    assert not (release.install.parent / "licensedesk.updates" / "staged").exists()


def test_a_second_window_does_not_check_while_the_first_does(release, monkeypatch):
    from filelock import FileLock

    from licensedesk.updates.bundle import Bundle
    from licensedesk.updates.check import BUSY, check_for_update

    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(release.config))
    monkeypatch.delenv("LICENSEDESK_NO_UPDATE_CHECK", raising=False)
    release.installed("1.0")
    release.publish("1.1")
    workspace = release.install.parent / "licensedesk.updates"
    workspace.mkdir()
    with FileLock(str(workspace / "lock")):  # the other window's check
        outcome = check_for_update(Bundle.of(release.install / "licensedesk"))
    assert outcome.kind == BUSY
    assert outcome.sentence() == "Another window of License Desk is checking for updates."
    assert release.server.requests == []


def test_nothing_is_swapped_while_a_window_of_the_bundle_is_open(release):
    """A start while 1.0's window is open (it is handed to that window) leaves the folder
    that window reads from alone; the update waits for a start with no window open."""
    from filelock import FileLock

    release.installed("1.0")
    release.publish("1.1")
    assert release.run().lines[-1] == "Version 1.1 will be used from the next start."
    workspace = release.install.parent / "licensedesk.updates"

    with FileLock(str(workspace / "in-use")):  # the open window's hold on its folder
        run = release.run()
    assert run.lines[:2] == ["version 1.0", "previous: none"]
    assert "another window of this copy is open" in run.err
    assert bundle_version(release.install) == "1.0"
    assert (workspace / "staged").is_dir()

    assert release.run().lines[0] == "version 1.1"  # the window closed: now
