"""The history in the window: how fast a serial's History tab shows, and what a recorded change
costs the UI thread with the tab following it. Prints figures; asserts nothing.

1. A serial holding 10,000 entries (among 30,000): from asking the workspace's History tab
   to load it to the table painted with its rows, through the window's own path (the
   desk's recorder, the feature's controller and runner, the tab's model and view), from
   the local file and from PostgreSQL on loopback (goal < 100 ms). Also the UI thread's
   CPU time in that span (the read itself runs on the history's worker thread).
2. UI-thread CPU time per recorded action through the desk's recorder (the block the
   controllers use), with the History tab reading the serial again after changes as the
   window does (once per burst, ``AFTER_CHANGE_MS``): a bulk of ACTIONS changes,
   recorded minus bare, per action (goal <= 2 ms: issue #16); and one change alone,
   from its start to the tab repainted (for information: most of it is the repaint).
   The serial holds 10 entries, then 10,000. The action is a stand-in request
   (``await asyncio.sleep(0)``).

Offscreen Qt and qasync's loop, as the window runs; medians of RUNS runs with the spread.
PostgreSQL comes from tests/support/postgres.py; without one its figures say why they are
missing. About 30 s.

Run: .venv/bin/python tests/bench/bench_ui_history.py
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from _figures import figure
from _ui_bench_support import make_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repo root: tests.support
from tests.support.postgres import PostgresServer, why_unavailable

RUNS = 9
ACTIONS = 100
SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
SMALL = "L89U-P6Z8-MZ6Z-MABG-Q3RR"
IN_SERIAL = 10_000
OTHERS = 20_000
BEFORE = {
    "activated": True,
    "host_id": "294b106a4a099802248d0bcfc974791c",
    "device_tag": "Windows 11__64bits",
    "product": "Studio Essentials",
}


def entries():
    from licensedesk.history import Entry
    from licensedesk.history.model import new_entry_id

    start = datetime(2026, 1, 1, tzinfo=UTC)
    made = []
    for i in range(IN_SERIAL + OTHERS):
        mine = i % 3 == 0 and i // 3 < IN_SERIAL
        serial = SERIAL if mine else SMALL if i < 30 else f"AAAA-BBBB-CCCC-DDDD-{i % 9000:04d}"
        made.append(
            Entry(
                id=new_entry_id(),
                time=start + timedelta(seconds=i),
                user="ana",
                machine="desk-1",
                action=("activate", "deactivate", "delete")[i % 3],
                outcome="done",
                serial=serial,
                display_name="Ana Lima",
                profile="prod",
                service="https://licences.example.com",
                activation_ids=(i % 50,),
                before=BEFORE,
                detail="Activation successfully updated.",
                finished=start + timedelta(seconds=i, milliseconds=80),
            )
        )
    return made


class Harness:
    """The window's history path without the network: the desk's recorder, the feature's
    controller on its own runner, the workspace's History tab shown in a window."""

    def __init__(self, settings) -> None:
        from PySide6.QtWidgets import QMainWindow

        from licensedesk.ui.history.controller import HistoryController
        from licensedesk.ui.history.desk_recorder import DeskRecorder
        from licensedesk.ui.history.panel import HistoryPanel
        from licensedesk.ui.shared.tasks import TaskRunner

        self.recorder = DeskRecorder(None, None, settings)
        self.recorder.use_connection("prod", "https://licences.example.com")
        self.runner = TaskRunner()
        self.controller = HistoryController(self.runner, self.recorder)
        self.window = QMainWindow()
        self.panel = HistoryPanel()
        self.window.setCentralWidget(self.panel)
        self.window.resize(1100, 500)
        self.window.show()
        self.serial = SERIAL
        self.controller.serialLoaded.connect(
            lambda serial, found: self.panel.show_entries(serial, found)
        )
        self.recorder.recorded.connect(  # as the feature's wiring does
            lambda serial: (
                self.controller.after_change(serial, None) if serial == self.serial else None
            )
        )

    async def show(self, serial: str) -> tuple[float, float]:
        """(wall, UI-thread CPU) seconds from asking to the rows painted."""
        self.panel.clear()
        self.panel.table.viewport().repaint()
        wall, cpu = time.perf_counter(), time.thread_time()
        await self.controller.load_serial(serial)
        self.panel.table.viewport().repaint()  # what the person sees: painted now
        return time.perf_counter() - wall, time.thread_time() - cpu

    async def idle(self) -> None:
        """Until the tab has read the list again and painted it (waiting on the tab's own
        signal: polling would cost the loop thread more than what is measured)."""
        if self.controller.is_running():
            loaded = asyncio.get_running_loop().create_future()
            done = self.controller.serialLoaded.connect(
                lambda *_a: loaded.done() or loaded.set_result(None)
            )
            await loaded
            self.controller.serialLoaded.disconnect(done)
        self.panel.table.viewport().repaint()

    def close(self) -> None:
        self.recorder.recorder.close()
        self.window.close()


async def bare(_i: int) -> None:
    await asyncio.sleep(0)  # the request


def recorded(h: Harness):
    async def action(i: int) -> None:
        async with h.recorder.record(
            "deactivate", serial=h.serial, activation_ids=[i], before=BEFORE
        ) as rec:
            await asyncio.sleep(0)  # the request
            rec.done("Activation successfully updated.")

    return action


async def cpu_per_action(action, h: Harness, n: int) -> float:
    cpu = time.thread_time()
    for i in range(n):
        await action(i)
    await h.idle()  # the tab's read and its painting count too
    return (time.thread_time() - cpu) / n


async def measure(name: str, h: Harness) -> None:
    await h.show(SERIAL)  # open, migrate, warm outside the timing
    walls, cpus = [], []
    for _ in range(RUNS):
        wall, cpu = await h.show(SERIAL)
        walls.append(wall * 1000)
        cpus.append(cpu * 1000)
    assert h.panel.model.rowCount() == IN_SERIAL, h.panel.model.rowCount()
    key = name.lower().replace(" ", "_")
    figure(
        f"ui_history_tab_{key}",
        f"History tab: 10,000 entries shown, {name}",
        statistics.median(walls),
        100.0,
        unit="ms",
        runs=walls,
    )
    print(
        f"  {'':<4} UI-thread CPU in that span: {statistics.median(cpus):.1f} ms "
        f"({min(cpus):.1f}-{max(cpus):.1f})"
    )
    for serial, words in ((SMALL, "10 entries"), (SERIAL, "10,000 entries")):
        h.serial = serial
        await h.show(serial)
        added, single = [], []
        for _ in range(RUNS):
            base = await cpu_per_action(bare, h, ACTIONS)
            rec = await cpu_per_action(recorded(h), h, ACTIONS)
            added.append((rec - base) * 1000)
            single.append(await cpu_per_action(recorded(h), h, 1) * 1000)
        short = "10" if serial == SMALL else "10k"
        figure(
            f"ui_history_action_{key}_{short}",
            f"History: UI-thread time per recorded action in a bulk of {ACTIONS}, "
            f"tab following ({words}), {name}",
            statistics.median(added),
            2.0,
            unit="ms",
            runs=added,
        )
        figure(
            f"ui_history_single_{key}_{short}",
            f"History: one change, UI-thread time to record it and repaint the tab "
            f"({words}), {name}",
            statistics.median(single),
            None,
            unit="ms",
            runs=single,
        )


def seeded_local(folder: str):
    from licensedesk.history import HistorySettings, local_history_path
    from licensedesk.history.sqlite_store import SqliteStore

    store = SqliteStore(local_history_path(Path(folder)))
    store.migrate()
    store.import_entries(entries())
    store.close()
    return HistorySettings()


def main() -> None:
    import os

    app, loop = make_app()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LICENSEDESK_DATA_DIR"] = tmp
        settings = seeded_local(tmp)
        with loop:
            h = Harness(settings)
            print("local file:")
            loop.run_until_complete(measure("local file", h))
            h.close()
            why = why_unavailable()
            if why is not None:
                print(f"PostgreSQL: no figures ({why})")
                return
            server = PostgresServer().start()
            try:
                from licensedesk.history import HistorySettings
                from licensedesk.history.postgres_store import PostgresStore

                name = server.create_database("bench")
                store = PostgresStore(server.url(name))
                store.migrate()
                store.import_entries(entries())
                store.close()
                h = Harness(HistorySettings(store="team", team_url=server.url(name)))
                print("PostgreSQL on loopback:")
                loop.run_until_complete(measure("PostgreSQL", h))
                h.close()
            finally:
                server.stop()
    del app


if __name__ == "__main__":
    main()
