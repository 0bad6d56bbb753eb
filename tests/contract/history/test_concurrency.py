"""Several desks at once: two processes writing 1,000 entries each lose nothing (team
database and local file); two desks migrating an empty database at the same moment."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from licensedesk.history.postgres_store import PostgresStore
from licensedesk.history.sqlite_store import SqliteStore

ROOT = Path(__file__).resolve().parents[3]
PER_PROCESS = 1000

WRITER = textwrap.dedent("""
    import asyncio, sys
    from licensedesk.history import Recorder
    from licensedesk.history.postgres_store import PostgresStore
    from licensedesk.history.sqlite_store import SqliteStore

    kind, where, name, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

    def opener():
        store = PostgresStore(where) if kind == "team" else SqliteStore(where)
        store.migrate()
        return store

    async def main():
        recorder = Recorder(opener, display_name=name)
        async with recorder.record("activate", serial="AAAA-BBBB-CCCC-DDDD-EEEE"):
            pass  # connected and migrated before the start
        print("ready", flush=True)
        sys.stdin.readline()  # both start together
        for i in range(count - 1):
            async with recorder.record("deactivate", serial="AAAA-BBBB-CCCC-DDDD-EEEE",
                                       activation_ids=[i]) as rec:
                rec.done(f"{name} {i}")
        assert recorder.close(timeout=60)
        print("problem:", recorder.problem, flush=True)

    asyncio.run(main())
""")


def _together(commands: list[list[str]]) -> list[str]:
    """Start the processes, wait until each says ready, let them all go at once."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "app")}
    pipes = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    children = [subprocess.Popen(c, text=True, env=env, **pipes) for c in commands]
    for child in children:
        line = child.stdout.readline()
        assert line.strip() == "ready", (line, child.stderr.read())
    for child in children:
        child.stdin.write("go\n")
        child.stdin.flush()
    outputs = []
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
        outputs.append(out)
    return outputs


@pytest.mark.parametrize("kind", ["team", "local"])
def test_two_processes_writing_lose_nothing(kind, request, tmp_path):
    if kind == "team":
        team_db = request.getfixturevalue("team_db")
        where = team_db.admin_url
        check = PostgresStore(where)
    else:
        where = str(tmp_path / "history.sqlite3")
        check = SqliteStore(where)
    outputs = _together(
        [
            [sys.executable, "-c", WRITER, kind, where, name, str(PER_PROCESS)]
            for name in ("desk-a", "desk-b")
        ]
    )
    assert all("problem: None" in out for out in outputs), outputs
    entries = check.history("AAAA-BBBB-CCCC-DDDD-EEEE")
    check.close()
    assert len(entries) == 2 * PER_PROCESS
    assert len({e.id for e in entries}) == 2 * PER_PROCESS
    assert {e.outcome for e in entries} == {"done"}
    for name in ("desk-a", "desk-b"):
        mine = [e for e in entries if e.display_name == name and e.action == "deactivate"]
        assert sorted(e.activation_ids[0] for e in mine) == list(range(PER_PROCESS - 1))


MIGRATOR = textwrap.dedent("""
    import sys
    from licensedesk.history.postgres_store import PostgresStore

    store = PostgresStore(sys.argv[1])
    store._conn()            # connected first, so that both migrate at the same moment
    print("ready", flush=True)
    sys.stdin.readline()
    print("version", store.migrate(), flush=True)
    store.close()
""")


@pytest.mark.parametrize("attempt", range(3))
def test_two_desks_migrating_an_empty_database_at_once(pg_server, attempt):
    name = pg_server.create_database("race")
    url = pg_server.url(name)
    outputs = _together([[sys.executable, "-c", MIGRATOR, url]] * 2)
    assert [o.split()[-1] for o in outputs] == ["2", "2"]
    with pg_server.connect(name) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(1,), (2,)]
        assert db.execute("SELECT count(*) FROM history").fetchone() == (0,)
