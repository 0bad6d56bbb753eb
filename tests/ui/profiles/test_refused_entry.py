"""One entry of profiles.json that this version refuses (a hand edit, an admin's file):
the window lists and uses the others and names the refused one in a sentence."""

from __future__ import annotations

import json

from licensedesk.profiles import Profile


def test_a_refused_entry_is_named_and_the_others_stay_usable(
    make_desk, store, sandbox, secrets, qtbot
):
    app_id, key = sandbox.creds("read")
    store.save(Profile(name="Good", base_url=sandbox.url, read_app_id=app_id))
    secrets.set("Good", "read", key)
    data = json.loads(store.path.read_text(encoding="utf-8"))
    data["profiles"].insert(0, {"name": "Broken", "base_url": "ftp://nowhere", "read_app_id": "r"})
    store.path.write_text(json.dumps(data), encoding="utf-8")

    desk = make_desk(profile="Good")

    bar = desk.window.statusBar()
    qtbot.waitUntil(lambda: "Broken" in bar.currentMessage(), timeout=3000)
    assert bar.currentMessage().startswith("Profile 'Broken' in the profiles file is not valid")
    assert desk.connections.names() == ["Good"]
    assert desk.connections.current == "Good"
    assert "Broken" in json.loads(store.path.read_text(encoding="utf-8"))["profiles"][0]["name"]
