"""Test-wide set-up: Qt without a screen, and the Qt binding for qasync.

Both must be set before anything imports Qt or qasync (PLATFORM.md).
"""

import os
import re
from contextlib import ExitStack
from functools import cache
from pathlib import Path

import pytest

from licensedesk.ui.shell.qt_environment import prepare  # imports no Qt

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
prepare()  # QT_API, QT_NO_GUI_THREADPOOL: as the app starts Qt
# the suite reads English words; a German desktop running it must not change that (the
# German tests ask for it: tests/ui/shell/test_language.py, tests/contract/cli/...)
os.environ["LANGUAGE"] = "en"

#: words of a test module that deals with dates, days or zones: its tests are marked
#: ``clock`` and run under a shifted clock by scripts/test-clock.sh (a module that starts
#: to touch dates joins the matrix by itself)
DATE_WORDS = re.compile(
    r"datetime|timedelta|\bdate\b|today|QDate|zone\(|india_time|"
    r"expire|days.left|start_at|end_at|validity|strftime|isoformat|"
    r"--since|--until|renewal|clock"
)


@cache
def _touches_dates(path: Path) -> bool:
    return bool(DATE_WORDS.search(path.read_text(encoding="utf-8")))


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if _touches_dates(item.path):
            item.add_marker(pytest.mark.clock)


@pytest.fixture
def zone():
    """Sets the process's local time zone for the rest of the test: ``zone("Asia/Kolkata")``
    (``TZ`` and ``tzset``: what the code under test and Qt read); restored afterwards."""
    from tests.support.zones import local_zone

    with ExitStack() as stack:
        yield lambda name: stack.enter_context(local_zone(name))


# --- Sandbox fixture (owned by the sandbox; docs/CONTRACTS.md) -------------------------

#: the team-history PostgreSQL fixtures (pg_server, team_db) and the notification daemon
#: (notification_bus) for every folder of tests
pytest_plugins = ["tests.support.postgres_fixtures", "tests.support.notification_daemon"]


@pytest.fixture(scope="session")
def _sandbox_session(tmp_path_factory):
    """One sandbox server for the whole session (started on first use)."""
    from licensedesk.sandbox.testing import SandboxSession

    session = SandboxSession(tmp_path_factory.mktemp("sandbox"))
    yield session
    session.close()


@pytest.fixture
def sandbox(_sandbox_session, tmp_path):
    """A ``SandboxHandle`` on a fresh demo database, no faults, no latency, empty request log."""
    return _sandbox_session.fresh(tmp_path)


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switched the language (a German window, ``--lang de`` run in-process)
    leaves English behind: the language in use also stands in for the environment's
    ``LANGUAGE`` (argparse's words, children), which must not reach the next test."""
    yield
    from licensedesk import i18n

    if i18n.current_language() != i18n.SOURCE_LANGUAGE:
        i18n.use_language(i18n.SOURCE_LANGUAGE)
