"""Test-wide set-up: Qt without a screen, and the Qt binding for qasync.

Both must be set before anything imports Qt or qasync (PLATFORM.md).
"""

import os

import pytest

from licensedesk.ui.shell.qt_environment import prepare  # imports no Qt

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
prepare()  # QT_API, QT_NO_GUI_THREADPOOL: as the app starts Qt
# the suite reads English words; a German desktop running it must not change that (the
# German tests ask for it: tests/ui/shell/test_language.py, tests/contract/cli/...)
os.environ["LANGUAGE"] = "en"

# --- Sandbox fixture (owned by the sandbox; docs/CONTRACTS.md) -------------------------

#: the team-history PostgreSQL fixtures (pg_server, team_db) for every folder of tests
pytest_plugins = ["tests.support.postgres_fixtures"]


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
