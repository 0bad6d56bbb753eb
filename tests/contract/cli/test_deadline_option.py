"""``--deadline S``: a profile field like ``--read-timeout`` (issue #13), saved by
``profile add``, shown by ``profile show``, checked before anything is saved."""

from __future__ import annotations

import json


def test_profile_add_saves_the_deadline_and_show_says_it(sandbox, cli, config_dir):
    app_id, key = sandbox.creds("read")
    cli.secrets.add(key)
    r = cli(
        "profile",
        "add",
        "slowpoke",
        "--base-url",
        sandbox.url,
        "--app-id",
        app_id,
        "--deadline",
        "7.5",
        env={"LICENSEDESK_API_KEY": key},
    )
    assert r.code == 0, r.err
    saved = json.loads((config_dir / "profiles.json").read_text())
    assert saved["profiles"][0]["deadline"] == 7.5
    r = cli("profile", "show", "slowpoke")
    assert "Deadline of a call:" in r.out and "7.5 s" in r.out
    assert cli("profile", "show", "slowpoke", "--json").json["deadline"] == 7.5
    r = cli("show", sandbox.serial("perpetual"), "--profile", "slowpoke")
    assert r.code == 0, r.err


def test_a_deadline_out_of_bounds_is_a_usage_error(sandbox, cli, config_dir):
    app_id, key = sandbox.creds("read")
    cli.secrets.add(key)
    r = cli(
        "show",
        sandbox.serial("perpetual"),
        "--base-url",
        sandbox.url,
        "--app-id",
        app_id,
        "--deadline",
        "0",
        env={"LICENSEDESK_API_KEY": key},
    )
    assert r.code == 2 and "deadline" in r.err
    assert sandbox.request_count() == 0
