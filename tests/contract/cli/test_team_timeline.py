"""``licensedesk-cli timeline`` on a team database: two desks (two child environments,
each its own person and computer) share the team's history and licence book on a real
PostgreSQL (tests/support/postgres_fixtures.py). What desk A did is named as desk A's
person's on desk B's timeline; what another program did is not License Desk's."""

from __future__ import annotations

import ctypes
import json
import socket
import subprocess
from collections.abc import Callable
from typing import Any

import pytest

from tests.support.behind_the_back import validate_on_new_host

from .child import ChildCli, Done

KIND = "subscription_active"
NO_KEYRING = {"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
CLONE_NEWUTS = 0x04000000


def named_machine(name: str) -> Callable[[], None]:
    """A ``preexec`` that gives the child a computer name of its own (a UTS namespace:
    what ``unshare --uts`` and ``hostname NAME`` do), so two desks on this one computer
    are two machines to the history."""

    def apply() -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        raw = name.encode()
        if libc.unshare(CLONE_NEWUTS) != 0 or libc.sethostname(raw, len(raw)) != 0:
            raise OSError(ctypes.get_errno(), "cannot name the machine")

    return apply


def machine_names() -> tuple[str, str]:
    """("desk-a", "desk-b") where this process may give a child its own computer name
    (root, as CI runs), else this computer's name twice (the users still differ)."""
    try:
        subprocess.run(["true"], preexec_fn=named_machine("probe"), check=True)
    except (subprocess.SubprocessError, OSError):
        return (socket.gethostname(),) * 2
    return ("desk-a", "desk-b")


class Desk(ChildCli):
    """A child environment as one person's computer: its user name and machine name."""

    def __init__(self, sandbox: Any, folder: Any, user: str, machine: str) -> None:
        folder.mkdir()
        super().__init__(sandbox, folder)
        self.user, self.machine = user, machine
        self.env.update(NO_KEYRING, USER=user, LOGNAME=user)
        self._own = None if machine == socket.gethostname() else named_machine(machine)

    def __call__(self, *argv: str, **kwargs: Any) -> Done:
        kwargs.setdefault("preexec", self._own)
        return super().__call__(*argv, **kwargs)


@pytest.fixture
def desks(sandbox, tmp_path, team_db):
    machines = machine_names()
    a = Desk(sandbox, tmp_path / "a", "ana", machines[0])
    b = Desk(sandbox, tmp_path / "b", "bea", machines[1])
    for desk in (a, b):
        desk.env["LICENSEDESK_HISTORY_PASSWORD"] = team_db.password
        done = desk("history", "use", team_db.url)
        assert done.code == 0, done.err
    return a, b


def look(desk: Desk, serial: str) -> list[dict]:
    assert desk("show", serial, *desk.conn).code == 0
    done = desk("--json", "activations", serial, *desk.conn)
    assert done.code == 0, done.err
    return json.loads(done.out)


def test_desk_b_sees_what_desk_a_did_and_what_no_desk_did(sandbox, desks):
    a, b = desks
    serial = sandbox.serial(KIND)
    (old,) = [d["id"] for d in look(b, serial)]
    new = validate_on_new_host(sandbox, KIND, "lab-pc-7")
    done = a("deactivate", str(old), *a.conn)
    assert done.code == 0, done.err
    look(b, serial)

    shown = b("--json", "timeline", serial)
    b.assert_quiet(shown)
    assert shown.code == 0, shown.err
    items = {(i["kind"], i["activation_ids"]): i for i in json.loads(shown.out)}
    deactivated = items[("device_deactivated", str(old))]
    assert (deactivated["ours"], deactivated["by"]) == (True, f"ana@{a.machine}")
    added = items[("device_added", str(new))]
    assert added["ours"] is False

    table = b("timeline", serial)
    assert table.code == 0, table.err
    assert f"ana@{a.machine}" in table.out and "bea@" not in table.out
    assert "not made from License Desk" in table.out
    for said in (shown, table):
        assert b.env["LICENSEDESK_HISTORY_PASSWORD"] not in said.out + said.err
