"""What the command line says when the service refuses: the client's sentence of what was
refused, and where to fix a key with the command line's own ``profile`` command (never
the window's menu); a 403 in the service's own words is a refusal of the request."""

from __future__ import annotations

import pytest

from .child import ChildCli

NO_FREE_LICENSES = (
    "You do not have any free licenses for this sku. Please generate new licenses for this sku!"
)
WINDOW_WORDS = ("File", "\u2192", "Connection profiles", "menu")


def one_line(text: str) -> str:
    return " ".join(text.split())


def an_activation(sandbox) -> int:
    licence = next(
        r for r in sandbox.data["licenses"] if r["serial"] == sandbox.serial("perpetual")
    )
    return next(a["id"] for a in sandbox.data["activations"] if a["license_id"] == licence["id"])


@pytest.fixture
def read_only(sandbox, cli):
    """A profile "ro" whose only pair is the demo's read pair (a reseller's read-only key)."""
    app_id, key = sandbox.creds("read")
    cli.secrets.add(key)
    r = cli(
        "profile",
        "add",
        "ro",
        "--base-url",
        sandbox.url,
        "--app-id",
        app_id,
        env={"LICENSEDESK_API_KEY": key},
    )
    assert r.code == 0, r.err
    return "ro"


def test_a_refused_write_with_a_read_only_key_names_the_cli_command(sandbox, cli, read_only):
    r = cli("deactivate", str(an_activation(sandbox)), "--profile", read_only)
    assert r.code == 1
    said = one_line(r.err)
    assert said.startswith(
        "Error: The service refused this profile's key for a change: the key lacks write "
        "permission. To add a write pair, run 'licensedesk-cli profile add ro --replace'"
    ), said
    assert "--write-app-id ID" in said and "$LICENSEDESK_WRITE_API_KEY" in said
    assert not any(word in r.err for word in WINDOW_WORDS), r.err

    r = cli("deactivate", str(an_activation(sandbox)), "--profile", read_only, "--json")
    assert r.code == 1
    assert "'licensedesk-cli profile add ro --replace'" in r.json["error"]["sentence"]
    assert not any(word in r.json["error"]["sentence"] for word in WINDOW_WORDS)


def test_a_write_pair_whose_key_is_read_only_is_to_be_checked_with_profile_test(sandbox, cli):
    app_id, key = sandbox.creds("read")
    cli.secrets.add(key)
    env = {"LICENSEDESK_API_KEY": key, "LICENSEDESK_WRITE_API_KEY": key}
    added = cli(
        "profile",
        "add",
        "both",
        "--base-url",
        sandbox.url,
        "--app-id",
        app_id,
        "--write-app-id",
        app_id,
        env=env,
    )
    assert added.code == 0, added.err
    r = cli("activate", str(an_activation(sandbox)), "--profile", "both")
    assert r.code == 1
    said = one_line(r.err)
    assert "may lack write permission, or the app ID or key is wrong." in said
    assert "Check the write pair with 'licensedesk-cli profile test both'" in said
    assert not any(word in r.err for word in WINDOW_WORDS), r.err


def test_a_connection_given_by_options_is_fixed_with_the_options(sandbox, cli):
    app_id, key = sandbox.creds("read")
    cli.secrets.add(key)
    r = cli(
        "deactivate",
        str(an_activation(sandbox)),
        "--base-url",
        sandbox.url,
        "--app-id",
        app_id,
        env={"LICENSEDESK_API_KEY": key},
    )
    assert r.code == 1
    assert one_line(r.err).endswith(
        "the key lacks write permission. Give a write pair too: --write-app-id ID, its key "
        "in $LICENSEDESK_WRITE_API_KEY."
    ), r.err
    assert not any(word in r.err for word in WINDOW_WORDS), r.err


def test_the_documented_403_is_said_in_the_services_words(sandbox, tmp_path):
    """As a user's shell runs it: a child process, the sandbox answering the live service's
    documented 403 (a fault rule: no situation of the sandbox's own gives it)."""
    child = ChildCli(sandbox, tmp_path)
    sandbox.faults.add("no_free_licenses", path="/v2/activations", method="PUT")
    done = child("deactivate", str(an_activation(sandbox)), *child.conn)
    child.assert_quiet(done)
    assert done.code == 1
    assert one_line(done.err) == (
        f"Error: The licence service refused the request: {NO_FREE_LICENSES}"
    )
    assert "app ID" not in done.err and "profile" not in done.err
