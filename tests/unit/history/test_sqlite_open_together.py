"""Desks and commands that open a new local history at the same moment: SQLite answers
"database is locked" at once, without its busy timeout, to a connection that asks for
WAL while another is switching the file to it. The store tries again until its busy
timeout, so none of them finds the history unwritable."""

from __future__ import annotations

import threading

from licensedesk.history.sqlite_store import SqliteStore


def test_four_stores_opening_a_new_file_together_all_open(tmp_path):
    failures: list[str] = []
    for round_ in range(60):  # the race hit about one round in five before the retry
        path = tmp_path / f"history-{round_}.sqlite3"
        start = threading.Barrier(4)

        def open_and_migrate(path=path, start=start) -> None:
            store = SqliteStore(path)
            start.wait()
            try:
                store.migrate()
            except Exception as exc:  # StoreError: "cannot be opened (database is locked)"
                failures.append(str(exc))
            finally:
                store.close()

        threads = [threading.Thread(target=open_and_migrate) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert failures == []
