"""Another encoding on the terminal or in the input: what the terminal cannot show is escaped
(never a crash), and input in any common encoding is read, from a file or a pipe alike."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from .child import ChildCli

NAME = "Zoë 王小明"


@pytest.fixture(scope="session")
def latin1_env(tmp_path_factory) -> dict[str, str]:
    """An ISO-8859-1 locale built with localedef into a private LOCPATH (no root needed;
    Debian's ``locales`` package has the sources); else Python told the same encoding."""
    folder = tmp_path_factory.mktemp("locale")
    name = "en_US.ISO-8859-1"
    if shutil.which("localedef"):
        made = subprocess.run(
            ["localedef", "-i", "en_US", "-f", "ISO-8859-1", str(folder / name)],
            capture_output=True,
            check=False,
        )
        if made.returncode == 0:
            return {"LOCPATH": str(folder), "LC_ALL": name, "LANGUAGE": ""}
    return {"PYTHONIOENCODING": "iso-8859-1", "LANGUAGE": ""}


@pytest.fixture
def child(sandbox, tmp_path):
    return ChildCli(sandbox, tmp_path)


@pytest.fixture
def registered(sandbox, child) -> str:
    """The offline licence, its licensee now a name Latin-1 cannot write."""
    serial = sandbox.serial("offline")
    done = child("register", serial, "--name", NAME, "--email", "zoe@example.com", *child.conn)
    assert done.code == 0, done.err
    return serial


def test_show_in_a_latin1_locale_escapes_what_it_cannot_write(child, registered, latin1_env):
    done = child("show", registered, *child.conn, env=latin1_env, encoding="latin-1")
    child.assert_quiet(done)
    assert done.code == 0
    licensee = next(line for line in done.out.splitlines() if line.startswith("Licensee:"))
    assert licensee.split(":", 1)[1].strip() == "Zoë \\u738b\\u5c0f\\u660e"


def test_json_in_a_latin1_locale_stays_valid_and_exact(child, registered, latin1_env):
    done = child("--json", "show", registered, *child.conn, env=latin1_env, encoding="latin-1")
    child.assert_quiet(done)
    assert done.code == 0
    assert json.loads(done.out)["name"] == NAME


def test_latin1_bytes_on_stdin_read_like_the_same_file_by_name(sandbox, child, tmp_path):
    serial = sandbox.serial("perpetual")
    data = f"Kunde;Seriennummer\nJos\xe9 M\xfcller;{serial}\nStra\xdfe;ABCD-1234-EFGH-5678-IJK\n"
    raw = data.encode("latin-1")
    (tmp_path / "serials.csv").write_bytes(raw)
    strict = {"PYTHONIOENCODING": "utf-8:strict"}  # as a UTF-8 terminal reads a pipe
    piped = child("check", "-", *child.conn, stdin=raw, env=strict)
    named = child("check", str(tmp_path / "serials.csv"), *child.conn, env=strict)
    child.assert_quiet(piped)
    assert piped.code == 0, piped.err
    assert piped.out.splitlines()[0].startswith(f"{serial}  active")
    assert piped.out == named.out


def test_utf16_with_its_mark_is_read(sandbox, child):
    serial = sandbox.serial("perpetual")
    done = child("check", "-", *child.conn, stdin=f"Name\tSerial\nAna\t{serial}\n".encode("utf-16"))
    assert done.code == 0, done.err
    assert done.out.startswith(f"{serial}  active")


@pytest.mark.parametrize(
    ("pasted", "shown"),
    [
        ("LEWX-6XUC\u200b-N5G5-Q8F9-Q2R5", "LEWX-6XUC\\u200b-N5G5-Q8F9-Q2R5"),
        ("\ufeffLEWX-6XUC-N5G5-Q8F9-Q2R5", "\\ufeffLEWX-6XUC-N5G5-Q8F9-Q2R5"),
        ("LEWX-6XUC-N5G5-Q8\u00adF9-Q2R5", "LEWX-6XUC-N5G5-Q8\\u00adF9-Q2R5"),
    ],
)
def test_a_refused_look_alike_serial_shows_its_invisible_character(child, pasted, shown):
    done = child("show", pasted, *child.conn)
    child.assert_quiet(done)
    assert done.code == 2 and child.sandbox.request_count() == 0
    assert done.err_lines == [
        f"Error: \u201c{shown}\u201d is not a serial. A serial has five "
        "groups of four letters or digits, like ABCD-1234-EFGH-5678-IJKL."
    ]
