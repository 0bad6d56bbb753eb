"""A lookup while another program holds the desk's SQLite file: the licence is shown,
and the window says once, in its banner, that the book is not being kept and why."""

from __future__ import annotations

import subprocess
import sys

from licensedesk.book.sqlite_book import SqliteBook
from licensedesk.history.sqlite_store import SqliteStore

from ..helpers import look_up

#: a second program holding the file: BEGIN EXCLUSIVE until its stdin closes
HOLDER = (
    "import sqlite3, sys; db = sqlite3.connect(sys.argv[1], isolation_level=None); "
    "db.execute('BEGIN EXCLUSIVE'); print('held', flush=True); sys.stdin.read()"
)


def test_a_lookup_with_a_locked_book_shows_the_licence_and_says_why_once(
    make_desk, sandbox_profile, sandbox, tmp_path, qtbot
):
    path = tmp_path / "data" / "history.sqlite3"
    for made in (SqliteStore(path), SqliteBook(path)):  # both schemas there, as after a day
        made.migrate()
        made.close()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout.readline().strip() == "held"
        desk = make_desk(profile=sandbox_profile)
        ws = desk.window.workspace
        said: list[str] = []
        desk.book.problemFound.connect(said.append)
        serial = sandbox.serial("perpetual")  # Maria Jensen
        look_up(desk, qtbot, serial)
        qtbot.waitUntil(lambda: bool(said), timeout=20000)
        assert said == [
            f"The licence book is not being kept: the licence book in {path} cannot be "
            "written (locked by another program)."
        ]
        assert ws.banner.text() == said[0]  # in the window, above the licence it shows
        assert ws.card.license.serial == serial
        assert "Maria" in ws.card.labels["licensee"].text()
    finally:
        holder.stdin.close()
        holder.wait(30)
