"""UI test set-up (PLATFORM.md): one qasync loop on pytest-qt's QApplication for tests/ui,
leftover tasks cancelled after each test, QSettings / profiles / keyring / logs in
tmp dirs, and a ``desk`` fixture: the real window and controllers on a profile
pointing at the ``sandbox`` fixture."""

from __future__ import annotations

import asyncio

import pytest

from licensedesk.ui.shell.qt_environment import prepare

from ..support.zones import local_zone

prepare()  # also in tests/conftest.py; here for a run of tests/ui alone


@pytest.fixture(scope="package")
def event_loop_qt(qapp):
    """The loop of the UI tests (the app's: qasync's, with timers that go when cancelled),
    this thread's running and current loop from the first UI test to the last, as the
    app's is from its start to its quit. It is made as the app makes it:
    ``already_running=True`` makes it the running loop at once (qtbot's waits drive it).
    After the last UI test it is let go (:func:`_let_go`): a later test of the same process
    that calls ``asyncio.run()`` (tests/unit, the CLI's ``main()``) needs no loop running."""
    from licensedesk.ui.shell.event_loop import DeskEventLoop

    loop = DeskEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    yield loop
    _let_go(loop, qapp)


def _let_go(loop, qapp) -> None:
    """No longer the running loop, with public calls only: qasync forgets a loop as the
    running one at the end of its ``run_forever()``, so it is stopped (its ``stop()``
    calls ``qapp.exit()``, after which Qt's loops end at once until the next ``exec()``:
    PLATFORM.md), run once to a stop of its own, and closed. The application's signals
    are held meanwhile: ``aboutToQuit`` (emitted by ``exit()`` and at the end of
    ``exec()``) would tell the app's objects that the application quits."""
    was_blocked = qapp.blockSignals(True)
    try:
        loop.stop()
        loop.call_soon(loop.stop)
        loop.run_forever()
    finally:
        qapp.blockSignals(was_blocked)
    asyncio.set_event_loop(None)
    loop.close()


@pytest.fixture(autouse=True)
def _isolate(tmp_path, monkeypatch, event_loop_qt, qtbot):
    """Every test: its own config/log/data dirs; the loop as the current one; afterwards
    no task of ours keeps running."""
    monkeypatch.setenv("LICENSEDESK_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("LICENSEDESK_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.setenv("LICENSEDESK_DATA_DIR", str(tmp_path / "data"))  # the local history
    asyncio.set_event_loop(event_loop_qt)
    yield
    pending = [t for t in asyncio.all_tasks(event_loop_qt) if not t.done()]
    for task in pending:
        task.cancel()
    if pending:
        qtbot.waitUntil(lambda: all(t.done() for t in pending), timeout=5000)


@pytest.fixture
def loop(event_loop_qt):
    return event_loop_qt


@pytest.fixture
def run(loop, qtbot):
    """``run(coro_or_task, timeout=10000)``: drive it to the end, return its result."""

    def _run(work, timeout: int = 10000):
        task = work if isinstance(work, asyncio.Future) else loop.create_task(work)
        qtbot.waitUntil(task.done, timeout=timeout)
        return task.result()

    return _run


@pytest.fixture
def locale_named():
    """``locale_named("de_DE")`` sets QLocale's default (and returns it); the old one
    comes back after the test."""
    from PySide6.QtCore import QLocale

    old = QLocale()

    def _set(name: str) -> QLocale:
        QLocale.setDefault(QLocale(name))
        return QLocale()

    yield _set
    QLocale.setDefault(old)


@pytest.fixture
def qsettings(tmp_path):
    """The window's settings in a file of the test; the renewals notification off: it
    would reach the desktop of whoever runs the suite (its own tests turn it on, on a
    private bus: tests/ui/renewals_notice)."""
    from PySide6.QtCore import QSettings

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("notifications/renewals", False)
    return settings


@pytest.fixture
def secrets():
    """A SecretStore on an in-memory keyring (the real one: tests marked ``keyring``)."""
    from licensedesk.profiles import SecretStore
    from tests.support.memory_keyring import MemoryKeyring

    return SecretStore(backend=MemoryKeyring())


@pytest.fixture
def store(tmp_path, secrets):
    from licensedesk.profiles import ProfileStore

    return ProfileStore(tmp_path / "config", secrets=secrets)


THIS_HOST_INDEX = 0  # the activation of the perpetual licence marked as "this computer"


@pytest.fixture
def make_desk(qtbot, qsettings, store, secrets, loop, run):
    """Build the window + DeskApp as the app does (``start_desk``); ``make_desk(profile=...)``;
    closed after the test."""
    from licensedesk.ui.profiles.connections import Connections
    from licensedesk.ui.shell.main_window import MainWindow
    from licensedesk.ui.shell.settings import WindowSettings
    from licensedesk.ui.shell.start import start_desk

    made = []

    def _make(*, host_id=None, profile=None, demo=False):
        # what licensedesk.__main__ does before start_desk: geometry, then show
        window = MainWindow()  # closed below, after the desk (not by qtbot: see the end)
        settings = WindowSettings(qsettings)
        settings.restore_geometry(window)
        window.show()
        qtbot.waitExposed(window)
        desk = start_desk(
            window,
            settings,
            Connections(store, secrets),
            host_id=host_id,
            log_path="/tmp/licensedesk-test.log",
            profile=profile,
            demo=demo,
        )
        made.append(desk)
        return desk

    yield _make
    # As the app quits: the desk closes (nothing more is read or shown), then the window
    # goes. pytest-qt closes the widgets it was given before any fixture's teardown: a
    # read still in flight at the test's end (the History tab's, after the lookup) would
    # then land in deleted widgets.
    try:
        for desk in made:
            desk.runner.cancel_all()
            run(desk.aclose())
            assert desk.connections.open_clients() == 0
            assert not desk.lookup.image.fetcher.is_open
    finally:
        for desk in made:
            desk.window.close()
            desk.window.deleteLater()


@pytest.fixture
def sandbox_profile(sandbox, store, secrets):
    """A stored profile "Sandbox" on the sandbox fixture, read_write key in the keyring."""
    from licensedesk.profiles import Profile

    app_id, key = sandbox.creds("read_write")
    store.save(
        Profile(
            name="Sandbox",
            base_url=sandbox.url,
            read_app_id=app_id,
            write_app_id=app_id,
            read_timeout=5.0,
            connect_timeout=2.0,
        )
    )
    secrets.set("Sandbox", "read", key)
    secrets.set("Sandbox", "write", key)
    return "Sandbox"


@pytest.fixture
def reseller(make_desk, sandbox, store, secrets):
    """The window on a profile "Reseller" that holds the demo's read pair only."""
    from licensedesk.profiles import Profile

    app_id, key = sandbox.creds("read")
    store.save(Profile(name="Reseller", base_url=sandbox.url, read_app_id=app_id))
    secrets.set("Reseller", "read", key)
    desk = make_desk(profile="Reseller")
    desk.sandbox = sandbox
    return desk


@pytest.fixture
def india_time():
    """Local time UTC+05:30 for the test (a POSIX TZ string: no zone database needed)."""
    with local_zone("IST-5:30"):
        yield


@pytest.fixture
def desk(make_desk, sandbox_profile, sandbox):
    """The window on the sandbox; ``desk.sandbox`` for the test's convenience."""
    this_host = _host_of_first_activation(sandbox)
    d = make_desk(host_id=this_host, profile=sandbox_profile)
    d.sandbox = sandbox
    d.this_host = this_host
    return d


def _host_of_first_activation(sandbox) -> str:
    serial = sandbox.serial("perpetual")
    lic = next(x for x in sandbox.data["licenses"] if x["serial"] == serial)
    acts = [a for a in sandbox.data["activations"] if a["license_id"] == lic["id"]]
    return acts[THIS_HOST_INDEX]["host_id"]


@pytest.fixture
def german():
    """The window's language German (catalogue and QLocale) for the test."""
    from PySide6.QtCore import QLocale

    from licensedesk import i18n

    before = QLocale()
    assert i18n.use_language("de") == "de", "the German catalogue is not compiled"
    QLocale.setDefault(QLocale(QLocale.Language.German, QLocale.Country.Germany))
    yield
    i18n.use_language("en")
    QLocale.setDefault(before)
