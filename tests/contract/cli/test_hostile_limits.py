"""Memory and time bounds of a call, checked from OUTSIDE the process (issue #13).

``licensedesk-cli show SERIAL`` runs as a child against a hostile server of the tests
(tests/contract/client/hostile_server.py, real loopback socket) that announces 2 GB,
sends chunks for ever, trickles a byte every 0.2 s for ever, or nests 10^5 arrays.
The child must end by itself with exit 3 and a sentence; its wall clock and its peak
RSS (``ru_maxrss`` from ``wait4`` of that very child) are bounded. A watchdog kills
it after :data:`KILL_AFTER` s, and its address space is capped (:data:`ADDRESS_SPACE`)
so that a client without limits fails the test instead of eating the machine.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.contract.client.hostile_server import HostileServer

ROOT = Path(__file__).resolve().parents[3]
SERIAL = "LEWX-6XUC-N5G5-Q8F9-Q2R5"
KEY = "sk_hostile_canary_5f1c2e"
KILL_AFTER = 20.0  # s: the child must have ended long before
MAX_RSS_MB = 300
ADDRESS_SPACE = 3 * 1024**3  # a client that reads 2 GB fails with MemoryError, not OOM


@dataclass
class Child:
    code: int
    out: str
    err: str
    seconds: float
    max_rss_mb: float


def run_child(url: str, tmp_path: Path, *argv: str) -> Child:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LICENSEDESK_")}
    env.update(
        LICENSEDESK_API_KEY=KEY,
        LICENSEDESK_CONFIG_DIR=str(tmp_path / "config"),
        LICENSEDESK_DATA_DIR=str(tmp_path / "data"),
        PYTHON_KEYRING_BACKEND="keyring.backends.fail.Keyring",
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    )

    def cap_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

    out_path, err_path = tmp_path / "out.txt", tmp_path / "err.txt"
    with out_path.open("wb") as out, err_path.open("wb") as err:
        started = time.monotonic()
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "licensedesk.cli",
                "show",
                SERIAL,
                "--base-url",
                url,
                "--app-id",
                "app",
                *argv,
            ],
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=err,
            env=env,
            preexec_fn=cap_memory,
        )
        watchdog = threading.Timer(KILL_AFTER, proc.kill)
        watchdog.start()
        try:
            _pid, status, usage = os.wait4(proc.pid, 0)  # this child's own rusage
        finally:
            watchdog.cancel()
        seconds = time.monotonic() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    child = Child(
        proc.returncode,
        out_path.read_text(errors="replace"),
        err_path.read_text(errors="replace"),
        seconds,
        usage.ru_maxrss / 1024,
    )
    print(
        f"\n{' '.join(argv) or 'defaults'}: exit {child.code} after {child.seconds:.2f} s, "
        f"peak RSS {child.max_rss_mb:.0f} MB"
    )  # the figures (pytest -s shows them)
    assert KEY not in child.out + child.err
    return child


@pytest.fixture
def server():
    with HostileServer() as hostile:
        yield hostile


def ended_cleanly(child: Child, sentence: str) -> None:
    assert child.code == 3, child.err
    assert child.err.startswith(f"Error: {sentence}"), child.err
    assert "Traceback" not in child.err and "Internal error" not in child.err
    assert child.seconds < KILL_AFTER  # it ended by itself
    assert child.max_rss_mb < MAX_RSS_MB, child.max_rss_mb


def test_a_2_gb_content_length_is_refused_without_reading_it(server, tmp_path):
    server.default = "huge_length"
    child = run_child(server.url, tmp_path)
    ended_cleanly(
        child,
        "The licence service announced an answer of 2,048 MB, more than "
        "the 4 MB accepted for one answer: it was not read.",
    )


def test_an_endless_chunked_answer_stops_at_the_limit(server, tmp_path):
    server.default = "endless_chunks"
    child = run_child(server.url, tmp_path)
    ended_cleanly(
        child, "The licence service sent more than 4 MB in one answer: the rest was not read."
    )


@pytest.mark.parametrize("bomb", ["gzip_endless", "deflate_endless"])
def test_a_compressed_answer_is_counted_as_it_inflates(server, tmp_path, bomb):
    """About a thousand to one: the 4 MB limit is reached after a few KB on the wire, and
    the client stops reading there, not after inflating what the server sends."""
    server.default = bomb
    child = run_child(server.url, tmp_path)
    ended_cleanly(
        child, "The licence service sent more than 4 MB in one answer: the rest was not read."
    )
    assert server.compressed_sent < 4 * 1024**2 // 50  # far less than inflated: it stopped


def test_a_trickle_of_one_byte_every_200_ms_ends_at_the_deadline(server, tmp_path):
    server.default = "trickle"
    child = run_child(server.url, tmp_path, "--deadline", "2", "--read-timeout", "5")
    ended_cleanly(
        child, "The licence service did not answer in time: no complete answer within 2 s."
    )
    assert child.seconds >= 2.0  # not some other, earlier failure


@pytest.mark.parametrize("kind", ["deep_arrays", "deep_objects"])
def test_100k_nested_levels_are_an_answer_not_understood(server, tmp_path, kind):
    server.default = kind
    child = run_child(server.url, tmp_path)
    ended_cleanly(
        child,
        "The server's answer could not be read: its data is nested more "
        "than 64 levels deep (HTTP 200).",
    )
