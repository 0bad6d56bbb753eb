"""``licensedesk-cli check`` against the sandbox: input from a file or stdin, one result per
serial in input order (text, JSON lines, CSV), exit codes, the profile's concurrency,
Ctrl+C, and no network code for ``--help``. The ``cli`` fixture checks every output for keys.
"""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys

import pytest

from ...support.waiting import default_sigint

UNKNOWN = "AAAA-BBBB-CCCC-DDDD-EEEE"
KINDS = ("perpetual", "subscription_expired", "trial", "no_activations", "host_limit")


def input_text(sandbox) -> str:
    """A CSV export with a header, a repeat, an unknown and a malformed serial."""
    rows = ["customer,serial"] + [f"c{n},{sandbox.serial(k)}" for n, k in enumerate(KINDS)]
    rows += [
        f"again,{sandbox.serial('trial').lower()}",
        f"nobody,{UNKNOWN}",
        "typo,ABCD-1234-EFGH-5678-IJK",
    ]
    return "\n".join(rows) + "\n"


def expected_order(sandbox) -> list[str]:
    return [sandbox.serial(k) for k in KINDS] + [UNKNOWN]


@pytest.fixture
def infile(sandbox, tmp_path):
    path = tmp_path / "serials.csv"
    path.write_text(input_text(sandbox), encoding="utf-8")
    return str(path)


def test_text_output_in_input_order_with_summary(sandbox, cli, conn, infile):
    args, env = conn
    write_id, write_key = sandbox.creds("write")  # a write pair: seat maximums are listed
    r = cli(
        "check",
        infile,
        *args,
        "--write-app-id",
        write_id,
        env={**env, "LICENSEDESK_WRITE_API_KEY": write_key},
    )
    assert r.code == 1, r.err  # an expired and an unknown serial
    lines = r.out.splitlines()
    assert [line.split()[0] for line in lines[:6]] == expected_order(sandbox)
    assert lines[1].startswith(f"{sandbox.serial('subscription_expired')}  expired 35 days ago")
    assert lines[2].startswith(f"{sandbox.serial('trial')}  expires in 25 days")
    assert "seats Studio Pro 2/3; Studio Pro Effects Pack 0/3" in lines[0]
    assert lines[5] == f"{UNKNOWN}  not found"
    assert lines[6] == "ABCD-1234-EFGH-5678-IJK  not a serial (not sent)"
    assert lines[7] == (
        "Checked 6 serials: 3 active, 1 expiring soon, 1 expired, 1 not found. 1 repeat checked once."
    )
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 0
    assert sandbox.request_count("POST", "/v2/licenses/products") == 5
    assert {m for m, _ in sandbox.server.request_log} == {"GET", "POST"}


def test_json_lines_in_input_order(sandbox, cli, conn, infile):
    args, env = conn
    r = cli("check", infile, "--json", *args, env=env)
    assert r.code == 1, r.err
    rows = [json.loads(line) for line in r.out.splitlines()]
    assert [row["serial"] for row in rows] == expected_order(sandbox)
    assert [row["status"] for row in rows] == [
        "active",
        "expired",
        "expiring",
        "active",
        "active",
        "not_found",
    ]
    assert "Not a serial (not sent): ABCD-1234-EFGH-5678-IJK" in r.err
    assert "1 repeated serial checked once." in r.err


def test_csv_with_header_from_stdin(sandbox, cli, conn, monkeypatch):
    args, env = conn
    monkeypatch.setattr(sys, "stdin", io.StringIO(input_text(sandbox)))
    r = cli("check", "--csv", *args, env=env)  # no FILE: standard input
    assert r.code == 1, r.err
    rows = list(csv.DictReader(io.StringIO(r.out)))
    assert r.out.splitlines()[0].startswith("serial,status,words,found,type,licensee")
    assert [row["serial"] for row in rows] == expected_order(sandbox)
    assert rows[0]["seats"] == "Studio Pro 2/?; Studio Pro Effects Pack 0/?"  # read pair only
    assert rows[5]["found"] == "false"
    assert sandbox.request_count("POST", "/v2/licenses/products") == 0


def test_dash_reads_stdin_and_all_active_exits_0(sandbox, cli, conn, monkeypatch):
    args, env = conn
    text = f"{sandbox.serial('perpetual')} {sandbox.serial('no_activations').lower()}"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    r = cli("check", "-", "--json", *args, env=env)
    assert r.code == 0, r.err
    assert [json.loads(x)["status"] for x in r.out.splitlines()] == ["active", "active"]


def test_with_a_product(sandbox, cli, conn, infile):
    args, env = conn
    r = cli(
        "check", infile, "--json", "--product", sandbox.product_code("perpetual"), *args, env=env
    )
    assert r.code == 1
    rows = {row["serial"]: row for row in map(json.loads, r.out.splitlines())}
    assert rows[sandbox.serial("perpetual")]["status"] == "active"
    assert rows[sandbox.serial("trial")]["status"] == "invalid"
    assert rows[sandbox.serial("trial")]["reason"] == "The licence does not cover this product."
    assert sandbox.request_count("POST", "/v2/licenses/valid") == 5  # the found ones


def test_a_row_that_could_not_be_checked_exits_3(sandbox, cli, conn, infile):
    args, env = conn
    trial = sandbox.serial("trial")
    sandbox.faults.add("http500_html", path=f"/v2/licenses/show-license/{trial}")
    r = cli("check", infile, "--json", *args, env=env)
    assert r.code == 3
    rows = {row["serial"]: row for row in map(json.loads, r.out.splitlines())}
    assert len(rows) == 6  # the others are answered all the same
    assert rows[trial]["status"] == "error"
    assert rows[trial]["words"].startswith("could not check: The server answered with a web page")
    r = cli("check", infile, "--verbose", *args, env=env)  # the details, key masked
    assert r.code == 3
    assert f"{trial}:\nRequest: GET {sandbox.url}/v2/licenses/show-license/{trial}" in r.err
    assert "api_key=***" in r.err and "HTTP status: 500" in r.err


def test_answers_out_of_order_are_written_in_input_order(sandbox, cli, conn, infile):
    args, env = conn
    first = sandbox.serial("perpetual")
    sandbox.faults.add("slow", path=f"/v2/licenses/show-license/{first}", delay_ms=400)
    r = cli("check", infile, "--json", *args, env=env)
    assert [json.loads(x)["serial"] for x in r.out.splitlines()] == expected_order(sandbox)
    served = sandbox.served()
    slow = next(s for s in served if s.path.endswith(first))
    assert any(s.ended < slow.ended for s in served if s is not slow)  # answered later


def test_concurrency_from_the_profile_and_from_the_option(sandbox, cli, tmp_path):
    app_id, key = sandbox.creds("read")
    cli.secrets.add(key)
    env = {"LICENSEDESK_API_KEY": key}
    r = cli(
        "profile",
        "add",
        "demo",
        "--base-url",
        sandbox.url,
        "--app-id",
        app_id,
        "--batch-concurrency",
        "2",
        env=env,
    )
    assert r.code == 0, r.err
    assert cli("profile", "show", "demo", "--json").json["batch_concurrency"] == 2
    sandbox.set_latency(30)
    path = tmp_path / "many.txt"
    path.write_text("\n".join(f"ZZZZ-{n:04d}-ZZZZ-{n:04d}-ZZZZ" for n in range(12)))
    assert cli("check", str(path), "--profile", "demo", "--json", env=env).code == 1
    assert sandbox.max_in_flight == 2
    sandbox.clear_requests()
    r = cli("check", str(path), "--profile", "demo", "--concurrency", "5", env=env)
    assert r.code == 1
    assert sandbox.max_in_flight == 5


@pytest.mark.parametrize(
    ("argv", "stdin", "sentence"),
    [
        (["check", "-"], "customer,serial\nnothing here\n", "No serial found in standard input"),
        (["check", "-"], "ABCD-1234-EFGH-5678-IJK\n", "(1 not a serial)"),
        (["check", "/nonexistent/serials.txt"], "", "Cannot read /nonexistent/serials.txt"),
        (["check", "-", "--json", "--csv"], UNKNOWN, "Give --json or --csv, not both."),
        (["check", "-", "--product", "nope"], UNKNOWN, "A product code looks like"),
    ],
)
def test_usage_errors_exit_2_and_send_nothing(
    sandbox, cli, conn, monkeypatch, argv, stdin, sentence
):
    args, env = conn
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    r = cli(*argv, *args, env=env)
    assert r.code == 2
    assert sentence in r.err
    assert sandbox.request_count() == 0


@pytest.mark.parametrize("value", ["0", "33", "many"])
def test_concurrency_out_of_range_is_a_usage_error(cli, value):
    r = cli("check", "-", "--concurrency", value)
    assert r.code == 2 and "--concurrency" in r.err


def test_help_imports_no_network_code():
    code = "\n".join(
        [
            "import sys",
            "from licensedesk.cli import main",
            "assert main(['check', '--help']) == 0",
            "heavy = ('httpx', 'httpcore', 'keyring', 'licensedesk.api',",
            "         'licensedesk.batch', 'licensedesk.profiles')",
            "print(sorted(m for m in sys.modules if m.startswith(heavy)), file=sys.stderr)",
        ]
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "--concurrency N" in done.stdout
    assert done.stderr.strip() == "[]"


def cli_process(sandbox, tmp_path, *argv: str) -> tuple[subprocess.Popen, str]:
    app_id, key = sandbox.creds("read")
    env = {
        **os.environ,
        "LICENSEDESK_API_KEY": key,
        "PYTHONUNBUFFERED": "1",
        "LICENSEDESK_CONFIG_DIR": str(tmp_path / "config"),
        "LICENSEDESK_DATA_DIR": str(tmp_path / "data"),
    }
    process = subprocess.Popen(
        default_sigint(
            [
                sys.executable,
                "-m",
                "licensedesk.cli",
                "check",
                *argv,
                "--base-url",
                sandbox.url,
                "--app-id",
                app_id,
            ]
        ),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    return process, key


@pytest.mark.skipif(os.name == "nt", reason="SIGINT to a child process is POSIX")
def test_ctrl_c_stops_sending_writes_what_was_answered_and_exits_130(sandbox, tmp_path):
    sandbox.set_latency(40)
    names = [f"ZZZZ-{n:04d}-ZZZZ-{n:04d}-ZZZZ" for n in range(60)]
    process, key = cli_process(sandbox, tmp_path, "-", "--json", "--concurrency", "2")
    process.stdin.write("\n".join(names))
    process.stdin.close()
    process.stdin = None  # communicate() must not flush it
    first = process.stdout.readline()  # the first row is out: the batch is under way
    process.send_signal(signal.SIGINT)
    rest, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    written = [json.loads(line)["serial"] for line in (first + rest).splitlines()]
    assert 1 <= len(written) < len(names)
    assert written == sorted(written, key=names.index)  # input order, nothing twice
    assert "Interrupted:" in err and "Traceback" not in err
    assert sandbox.request_count() < len(names)  # the rest were never sent
    assert key not in first + rest + err


@pytest.mark.skipif(os.name == "nt", reason="a closed pipe is POSIX's SIGPIPE case")
def test_a_reader_that_goes_away_ends_it_quietly(sandbox, tmp_path):
    sandbox.set_latency(20)
    process, _ = cli_process(sandbox, tmp_path, "-", "--concurrency", "2")
    process.stdin.write("\n".join(f"ZZZZ-{n:04d}-ZZZZ-{n:04d}-ZZZZ" for n in range(60)))
    process.stdin.close()
    process.stdout.readline()
    process.stdout.close()  # like `| head -1`
    err = process.stderr.read()
    assert process.wait(timeout=60) == 141
    assert "Traceback" not in err and "Exception ignored" not in err
