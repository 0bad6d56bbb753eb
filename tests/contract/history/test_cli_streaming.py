"""``history``, ``history export`` and ``history import`` stream: a history of 200,000
entries is exported by a child process whose address space is limited (RLIMIT_AS) below
what reading it whole takes; an export that cannot finish (Ctrl+C, a full disk, a closed
pipe) leaves no file under its name; an import adds a page at a time, says how far it
got and, run again, adds only what is missing."""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from licensedesk.history.csv_rows import COLUMNS
from tests.support.history_scale import build_sqlite, entry_id
from tests.support.waiting import wait_for

BIG = 200_000
LIMIT_MB = 200  # the streaming export peaks at ~40 MB RSS; reading the rows whole fails


def _env(tmp: Path, **more: str) -> dict[str, str]:
    env = {
        **os.environ,
        "LICENSEDESK_CONFIG_DIR": str(tmp / "config"),
        "LICENSEDESK_DATA_DIR": str(tmp / "data"),
        **more,
    }
    env.pop("LD_PRELOAD", None)  # a limited address space and a preloaded clock do not mix
    return env


def _limited(limit_mb: int):
    def preexec() -> None:
        limit = limit_mb << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return preexec


def cli(
    tmp: Path, *argv: str, preexec=None, env: dict[str, str] | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "licensedesk.cli", *argv],
        env=env or _env(tmp),
        input=stdin,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=preexec,
        check=False,
    )


@pytest.fixture(scope="module")
def big(tmp_path_factory) -> Path:
    """A local history of 200,000 entries (bulk insert), in ``data/``."""
    tmp = tmp_path_factory.mktemp("big")
    (tmp / "data").mkdir()
    (tmp / "config").mkdir()
    build_sqlite(tmp / "data" / "history.sqlite3", BIG)
    return tmp


def test_the_memory_limit_is_below_what_reading_the_history_whole_takes(big):
    whole = (
        "import sqlite3, sys; rows = sqlite3.connect(sys.argv[1]).execute("
        "'SELECT * FROM history').fetchall(); print(len(rows))"
    )
    done = subprocess.run(
        [sys.executable, "-c", whole, str(big / "data" / "history.sqlite3")],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=_limited(LIMIT_MB),
        check=False,
    )
    assert done.returncode != 0 and "MemoryError" in done.stderr


@pytest.mark.parametrize("name", ["all.jsonl", "all.csv"])
def test_an_export_of_200000_entries_streams_under_a_memory_limit(big, name):
    target = big / name
    done = cli(big, "history", "export", str(target), preexec=_limited(LIMIT_MB))
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == f"Exported {BIG} entries to {target}."
    with open(target, encoding="utf-8") as fh:
        first = fh.readline()
        lines = 1 + sum(1 for _ in fh)
    if name.endswith(".csv"):
        assert first.strip() == ",".join(COLUMNS) and lines == BIG + 1
    else:
        assert json.loads(first)["id"] == entry_id(0) and lines == BIG  # oldest first
    assert not [p.name for p in big.iterdir() if p.name.endswith(".part")]


def test_the_list_streams_newest_first_under_the_memory_limit(big):
    done = cli(big, "history", "--json", preexec=_limited(LIMIT_MB))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == BIG and json.loads(lines[0])["id"] == entry_id(BIG - 1)
    table = cli(big, "history", "--limit", "3")
    assert table.returncode == 0 and len(table.stdout.splitlines()) == 4  # header + 3


def test_a_full_disk_leaves_no_file_under_its_name(big):
    target = big / "full.jsonl"
    target.write_text("the older export\n")

    def small_disk() -> None:  # a file may not grow past 1 MB: "File too large", as ENOSPC
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))

    done = cli(big, "history", "export", str(target), preexec=small_disk)
    assert done.returncode == 2
    assert done.stderr.strip() == f"Error: The file {target} cannot be written (File too large)."
    assert target.read_text() == "the older export\n"  # the older file stays as it was
    assert not [p.name for p in big.iterdir() if p.name.endswith(".part")]


def test_a_closed_pipe_ends_the_export_quietly(big):
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "licensedesk.cli", "history", "export", "-"],
            env=_env(big),
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 141 and done.stderr == ""


def test_ctrl_c_during_an_export_leaves_no_file(tmp_path, team_db):
    """The export waits for a lock the test holds (deterministic), then gets SIGINT."""
    from tests.support.waiting import default_sigint

    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "history.json").write_text(
        json.dumps({"version": 1, "store": "team", "team_url": team_db.url})
    )
    env = _env(
        tmp_path,
        LICENSEDESK_HISTORY_PASSWORD=team_db.password,
        PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
    )
    assert cli(tmp_path, "history", env=env).returncode == 0  # the table is made
    target = tmp_path / "out.jsonl"
    command = [sys.executable, "-m", "licensedesk.cli", "history", "export", str(target)]
    with team_db.connect() as admin:
        admin.execute("BEGIN")
        admin.execute("LOCK TABLE history IN ACCESS EXCLUSIVE MODE")
        proc = subprocess.Popen(
            default_sigint(command),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        with team_db.connect() as watcher:
            wait_for(
                lambda: (
                    watcher.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE application_name = "
                        "'licensedesk' AND wait_event_type = 'Lock'"
                    ).fetchone()[0]
                    > 0
                ),
                what="the export waiting for the lock",
                proc=proc,
            )
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=60)
        admin.execute("ROLLBACK")
    assert proc.returncode == 130, err
    assert err.strip() == "Interrupted."
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config"]  # no file, no .part


def test_an_import_adds_pages_reports_progress_and_resumes(tmp_path):
    (tmp_path / "config").mkdir()
    source = tmp_path / "source"
    (source / "data").mkdir(parents=True)
    build_sqlite(source / "data" / "history.sqlite3", 12_000)
    exported = tmp_path / "all.jsonl"
    assert (
        cli(
            tmp_path,
            "history",
            "export",
            str(exported),
            env=_env(tmp_path, LICENSEDESK_DATA_DIR=str(source / "data")),
        ).returncode
        == 0
    )
    lines = exported.read_text().splitlines(keepends=True)
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("".join(lines[:11_000]) + "{not json\n" + "".join(lines[11_000:]))

    done = cli(tmp_path, "history", "import", str(damaged))
    assert done.returncode == 2
    assert "5,000 of 12,001 lines read (41%), 5,000 entries added so far" in done.stderr
    assert (
        f"Line 11001 of {damaged} is not a history entry (not JSON). The 10,000 entries "
        "before it were added"
    ) in done.stderr

    done = cli(tmp_path, "history", "import", str(exported), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"read": 12_000, "added": 2_000, "already_there": 10_000}
