"""The release target (scripts/release_repo.py) refuses what would publish a repository no
bundle can trust, or leak the keys: each refusal is one sentence and changes nothing."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.support.update_release import SCRIPT, make_bundle

pytestmark = pytest.mark.slow


def release(*args) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *map(str, args)], capture_output=True, text=True, timeout=120
    )


@pytest.fixture(scope="module")
def keys(tmp_path_factory):
    folder = tmp_path_factory.mktemp("release") / "keys"
    assert release("keys", folder).returncode == 0
    return folder


def test_keys_are_private_files_and_never_replaced(keys):
    assert sorted(p.name for p in keys.iterdir()) == [
        "root.pem",
        "snapshot.pem",
        "targets.pem",
        "timestamp.pem",
    ]
    assert {p.stat().st_mode & 0o777 for p in keys.iterdir()} == {0o600}
    before = (keys / "root.pem").read_bytes()
    again = release("keys", keys)
    assert again.returncode == 1
    assert again.stderr.startswith(f"release_repo.py: {keys} already holds keys (")
    assert (keys / "root.pem").read_bytes() == before


def test_keys_inside_the_published_folder_are_refused(tmp_path, keys):
    inside = tmp_path / "repo" / "keys"
    assert release("keys", inside).returncode == 0
    done = release("init", "--keys", inside, tmp_path / "repo")
    assert done.returncode == 1
    assert "must not be inside the published folder" in done.stderr
    assert not (tmp_path / "repo" / "metadata").exists()


def test_publishing_with_keys_the_root_does_not_name_is_refused(tmp_path, keys):
    other = tmp_path / "other-keys"
    assert release("keys", other).returncode == 0
    assert release("init", "--keys", keys, tmp_path / "repo").returncode == 0
    bundle = make_bundle(tmp_path / "build" / "licensedesk", "1.1")

    done = release("publish", "--keys", other, "--version", "1.1", tmp_path / "repo", bundle)
    assert done.returncode == 1
    assert done.stderr == (
        f"release_repo.py: {other / 'targets.pem'} is not this repository's targets key\n"
    )
    assert list((tmp_path / "repo" / "targets").iterdir()) == []


def test_publishing_before_init_says_so(tmp_path, keys):
    bundle = make_bundle(tmp_path / "build" / "licensedesk", "1.1")
    done = release("publish", "--keys", keys, "--version", "1.1", tmp_path / "repo", bundle)
    assert done.returncode == 1
    assert "is no repository yet: run `init` first" in done.stderr


def test_the_keys_folder_may_come_from_the_environment(tmp_path, keys, monkeypatch):
    monkeypatch.setenv("LICENSEDESK_RELEASE_KEYS", str(keys))
    assert release("init", tmp_path / "repo").returncode == 0
    assert (tmp_path / "repo" / "metadata" / "1.root.json").is_file()


def test_refreshing_before_the_first_release_says_so(tmp_path, keys):
    assert release("init", "--keys", keys, tmp_path / "repo").returncode == 0
    done = release("refresh", "--keys", keys, tmp_path / "repo")
    assert done.returncode == 1
    assert done.stderr == (
        f"release_repo.py: {tmp_path / 'repo'} has no release yet: `publish` one first\n"
    )
