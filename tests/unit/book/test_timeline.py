"""A licence's timeline: each change the book saw matched against the history (made from
License Desk, not made from it, or the history cannot say), the changes made that no
sighting shows, and the card's one line. Real entries, real changes; no store."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

from licensedesk.book.changes import Change, changes_between
from licensedesk.book.sighting import Device, ProductSeats, Sighting
from licensedesk.book.timeline import build, summary
from licensedesk.history.model import Entry, new_entry_id
from licensedesk.history.retention import complete_from, cutoff

SERIAL = "ABCD-1234-EFGH-5678-IJKL"
OTHER = "WXYZ-9876-WXYZ-9876-WXYZ"
SERVICE = "https://licences.example"
SINCE = datetime(2026, 11, 12, 23, 30, tzinfo=UTC)  # 13 Nov in Berlin
SEEN = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


def entry(action: str, at: datetime, outcome: str = "done", **fields) -> Entry:
    fields.setdefault("serial", SERIAL)
    fields.setdefault("service", SERVICE)
    return Entry(
        id=new_entry_id(),
        time=at,
        user="ana",
        machine="desk-3",
        display_name="Ana Lima",
        action=action,
        outcome=outcome,
        finished=at + timedelta(seconds=1),
        **fields,
    )


def change(kind: str, old: str = "", new: str = "", **fields) -> Change:
    return Change(SERIAL, SERVICE, SEEN, SINCE, kind, old, new, **fields)


def deactivated(aid: int | None = 9, host: str = "host-7") -> Change:
    return change(
        "device_deactivated",
        "active",
        "inactive",
        host_id=host,
        tag="Front desk",
        product="Studio Pro",
        activation_id=aid,
    )


DURING = SINCE + timedelta(days=2)


def test_a_change_is_ours_when_an_entry_names_its_device_by_activation_id():
    made = entry("deactivate", DURING, activation_ids=(9,))
    other = entry("deactivate", DURING, activation_ids=(10,))
    [item, unmatched] = build([deactivated()], [made, other])
    assert (item.change, item.entry, item.ours, item.at) == (deactivated(), made, True, DURING)
    assert item.who() == "Ana Lima (ana@desk-3)"
    assert item.what() == "Device host-7 (tag 'Front desk', Studio Pro) deactivated"
    assert (unmatched.change, unmatched.entry) == (None, other)  # made, not seen: listed


def test_a_device_is_found_by_its_host_id_where_the_entry_recorded_no_activation_id():
    # a validation that names a host records it: a new, activated device
    added = change("device_added", "", "active", host_id="host-7", product="Studio Pro")
    validated = entry("validate_record", DURING, product="STUDIO-PRO", before={"host_id": "host-7"})
    by_row = entry("deactivate", DURING, activation_ids=(5,), before={"host_id": "host-8"})
    seen = deactivated(aid=None, host="host-8")
    items = build([added, seen], [validated, by_row])
    assert {(i.change.kind, i.entry.id) for i in items} == {
        ("device_added", validated.id),
        ("device_deactivated", by_row.id),
    }
    assert all(i.ours for i in items)


def test_an_entry_outside_the_window_or_refused_does_not_explain_a_change():
    before_since = entry("deactivate", SINCE - timedelta(hours=1), activation_ids=(9,))
    after_seen = entry("deactivate", SEEN + timedelta(seconds=1), activation_ids=(9,))
    refused = entry("deactivate", DURING, "refused", activation_ids=(9,), detail="no")
    failed = entry("deactivate", DURING, "failed", activation_ids=(9,))
    items = build([deactivated()], [before_since, after_seen, refused, failed])
    [seen] = [i for i in items if i.change is not None]
    assert (seen.ours, seen.entry) == (False, None)
    assert seen.who() == "not made from License Desk"
    # the two that were done are changes made; refused and not sent changed nothing
    assert [i.entry for i in items if i.change is None] == [after_seen, before_since]


def test_an_entry_still_on_its_way_when_the_book_looked_explains_the_change_after():
    on_its_way = entry("deactivate", SINCE - timedelta(seconds=5), activation_ids=(9,))
    on_its_way = on_its_way.replace(finished=SINCE + timedelta(seconds=20))
    [item] = build([deactivated()], [on_its_way])
    assert item.ours is True


def test_an_unknown_outcome_is_said_as_such():
    sent = entry("deactivate", DURING, "unknown", activation_ids=(9,), detail="timed out")
    [item] = build([deactivated()], [sent])
    assert item.ours is True
    assert item.who() == "sent by Ana Lima (ana@desk-3), outcome was unknown"
    assert item.to_dict()["outcome"] == "unknown"


def test_a_done_entry_is_preferred_to_one_whose_outcome_is_unknown():
    unsure = entry("deactivate", DURING + timedelta(hours=1), "pending", activation_ids=(9,))
    done = entry("deactivate", DURING, activation_ids=(9,))
    items = build([deactivated()], [unsure, done])
    assert [(i.change is not None, i.entry) for i in items] == [(False, unsure), (True, done)]


def test_a_history_that_cannot_be_read_cannot_say():
    problem = "the history file cannot be opened (Permission denied)"
    [item] = build([deactivated()], [], history_problem=problem)
    assert item.ours is None
    assert item.who() == f"the history cannot say: {problem}"
    assert item.to_dict()["ours"] is None
    assert item.to_dict()["cannot_say"] == "history_unreadable"


def test_a_history_pruned_after_since_cannot_say(zone):
    zone("Europe/Berlin")
    pruned_to = SINCE + timedelta(hours=1)
    [item] = build([deactivated()], [], history_from=pruned_to)
    assert item.ours is None
    assert item.who() == "the history cannot say: it does not reach back to 2026-11-13"
    zone("UTC")
    assert item.who() == "the history cannot say: it does not reach back to 2026-11-12"
    # reaching back to since itself is enough
    [vouched] = build([deactivated()], [], history_from=SINCE)
    assert vouched.ours is False


def test_kinds_the_desk_cannot_make_are_not_ours_when_the_history_vouches():
    renewed = change("end", "2026-12-01T00:00:00+00:00", "2026-12-31T00:00:00+00:00")
    limit = change("seat_limit", "3", "5", product="Studio Pro")
    items = build([renewed, limit], [entry("deactivate", DURING, activation_ids=(9,))])
    assert [i.ours for i in items if i.change is not None] == [False, False]


def test_one_deactivation_of_two_devices_explains_both_and_each_only_once():
    both = entry("deactivate", DURING, activation_ids=(9, 10))
    nine, ten = deactivated(9), deactivated(10, host="host-8")
    items = build([nine, ten], [both])
    assert [(i.change, i.entry, i.ours) for i in items] == [(nine, both, True), (ten, both, True)]
    later = Change(SERIAL, SERVICE, SEEN + timedelta(days=1), SEEN, "device_activated", "", "")
    assert build([later], [both], history_from=None)[0].ours is False


def test_a_registration_explains_what_it_set_not_what_it_found():
    reg = entry("register", DURING, before={"licensee": "Maria", "email": "m@example.com"})
    name = change("licensee", "Maria", "Maria Jensen")
    mail = change("email", "", "m@example.com")  # as the registration found it
    registered = change("registered", "false", "true")
    items = build([name, mail, registered], [reg])
    assert {i.change.kind: i.ours for i in items} == {
        "licensee": True,
        "email": False,
        "registered": True,
    }
    assert len(items) == 3  # the registration explained what it set: not listed again


def test_an_upgrade_is_found_from_both_serials():
    up = entry("upgrade", DURING, before={"upgrade_serial": OTHER})
    on_current = change("upgraded", "", OTHER)
    on_target = Change(OTHER, SERVICE, SEEN, SINCE, "upgraded", "", SERIAL)
    assert build([on_current], [up])[0].entry == up
    [item] = build([on_target], [up])
    assert (item.ours, item.entry) == (True, up)
    [listed] = build([], [up], serial=OTHER)
    assert listed.what() == f"Upgraded from {SERIAL}"


def test_entries_of_another_service_or_licence_are_not_theirs():
    elsewhere = entry("deactivate", DURING, activation_ids=(9,), service="https://sandbox:8443")
    notes = entry("note", DURING, detail="call back")
    check = entry("batch_check", DURING, serial=None)
    assert [i.ours for i in build([deactivated()], [elsewhere, notes, check])] == [False]


def test_the_timeline_is_newest_first():
    early = entry("activate", SINCE - timedelta(days=30), activation_ids=(3,))
    late = entry("delete", SEEN + timedelta(days=1), activation_ids=(4,))
    made = entry("deactivate", DURING, activation_ids=(9,))
    unseen = change("end", "", "2027-01-01T00:00:00+00:00")
    items = build([unseen, deactivated()], [early, late, made])
    assert [i.at for i in items] == [late.time, SEEN, DURING, early.time]
    assert [i.ours for i in items] == [True, False, True, True]


def test_seats_used_follow_the_devices_that_moved_them():
    seats = change("seats_used", "3", "2", product="Studio Pro")
    made = entry("deactivate", DURING, activation_ids=(9,))
    items = build([deactivated(), seats], [made])
    assert [(i.change.kind, i.ours) for i in items] == [
        ("device_deactivated", True),
        ("seats_used", True),
    ]
    # without the devices' changes, an entry on the product's devices cannot tell
    [alone, _made] = build([seats], [made.replace(before={"product": "Studio Pro"})])
    assert (alone.ours, alone.cannot_say) == (None, "devices_not_seen")
    assert build([seats], [])[0].ours is False
    both = change("seats_used", "3", "1", product="Studio Pro")
    partly = build([deactivated(), deactivated(10, "host-8"), both], [made])
    assert {(i.kind, i.change.activation_id): i.ours for i in partly} == {
        ("device_deactivated", 9): True,
        ("device_deactivated", 10): False,
        ("seats_used", None): None,
    }
    [count] = [i for i in partly if i.kind == "seats_used"]
    assert count.who() == "partly from License Desk: see the changes of the devices"
    by_id_only = entry("deactivate", DURING, activation_ids=(9,), serial=None)  # the CLI's
    assert build([seats], [by_id_only])[0].cannot_say == "devices_not_seen"
    of_another = entry("deactivate", DURING, activation_ids=(9,), before={"product": "Other"})
    assert [i.ours for i in build([seats], [of_another]) if i.change] == [False]


def test_to_dict_is_english_and_utc(zone):
    zone("America/New_York")
    made = entry("deactivate", DURING, activation_ids=(9,))
    row = build([deactivated()], [made])[0].to_dict()
    assert row == {
        **row,
        "at": "2026-11-14T23:30:00+00:00",
        "seen_at": "2026-11-20T09:00:00+00:00",
        "since": "2026-11-12T23:30:00+00:00",
        "kind": "device_deactivated",
        "serial": SERIAL,
        "host_id": "host-7",
        "tag": "Front desk",
        "product": "Studio Pro",
        "activation_ids": "9",
        "old": "active",
        "new": "inactive",
        "ours": True,
        "by": "Ana Lima (ana@desk-3)",
        "by_machine": "desk-3",
        "entry_id": made.id,
        "outcome": "done",
    }
    json.dumps(row)  # JSON as it is


def sighting(at: datetime, devices: tuple[Device, ...], end: datetime) -> Sighting:
    products = (ProductSeats("Studio Pro", None, 5, id=1),)
    return Sighting(
        serial=SERIAL,
        service=SERVICE,
        profile="Shop",
        seen_at=at,
        end_at=end,
        products=products,
        devices=devices,
    ).counted()


def two_sightings() -> list[Change]:
    def dev(aid: int, host: str, on: bool, tag: str = "") -> Device:
        return Device(host, tag, "Studio Pro", product_id=1, id=aid, activated=on)

    end = datetime(2026, 12, 1, 12, tzinfo=UTC)
    older = sighting(SINCE, (dev(9, "host-7", True, "Front desk"),), end)
    newer = sighting(
        SEEN,
        (dev(9, "host-7", False, "Front desk"), dev(12, "host-9", False)),
        end + timedelta(days=30),
    )
    return changes_between(older, newer)


def test_the_summary_says_what_the_latest_sighting_found_by_whom(zone):
    zone("Europe/Berlin")
    made = entry("deactivate", DURING, activation_ids=(9,))
    items = build(two_sightings(), [made])
    seats = next(i for i in items if i.kind == "seats_used")
    assert (seats.change.old, seats.change.new, seats.ours) == ("1", "0", True)
    assert summary(items) == (
        "Since 2026-11-13: 1 device added, not from License Desk; "
        "1 device deactivated by Ana Lima; ends 30 days later, renewed"
    )  # the seats used (1 → 0) moved with the device deactivated: not said again
    zone("America/Los_Angeles")
    assert summary(items).startswith("Since 2026-11-12: ")
    assert summary(items, day=lambda d: f"{d.day}.{d.month}.").startswith("Since 12.11.: ")


def test_the_summary_counts_and_says_only_the_latest_sighting(zone):
    zone("UTC")
    older = Change(SERIAL, SERVICE, SINCE, SINCE - timedelta(days=9), "registered", "", "true")
    added = [
        change("device_added", "", "active", host_id=f"h{n}", product="Studio Pro")
        for n in range(3)
    ]
    seats = change("seats_used", "1", "5", product="Studio Pro")  # 3 added do not make 4
    text = summary(build([older, *added, seats], []))
    assert text == (
        "Since 2026-11-12: 3 devices added, not from License Desk; seats used of Studio Pro: 5"
    )
    assert summary([]) == ""


def test_the_summary_in_german(zone, german):
    zone("Europe/Berlin")
    made = entry("deactivate", DURING, "unknown", activation_ids=(9,))
    items = build(two_sightings(), [made])
    assert summary(items) == (
        "Seit 2026-11-13: 1 Gerät hinzugefügt, nicht über License Desk; "
        "1 Gerät deaktiviert, gesendet von Ana Lima, Ergebnis unbekannt; "
        "endet 30 Tage später, verlängert"
    )
    deactivation = next(i for i in items if i.entry is not None)
    assert deactivation.what() == "Gerät host-7 (Kennung „Front desk“, Studio Pro) deaktiviert"
    assert deactivation.who() == "gesendet von Ana Lima (ana@desk-3), Ergebnis unbekannt"


def test_the_history_vouches_from_the_cut_off_of_the_months_it_keeps(zone):
    zone("Pacific/Kiritimati")  # UTC+14: its cut-off is the earliest of any zone's
    today = datetime(2026, 11, 29, tzinfo=UTC).date()
    assert complete_from(None, today) is None
    later = complete_from(24, today)
    assert later == cutoff(24, datetime(2026, 12, 1, tzinfo=UTC).date())
    zone("Pacific/Pago_Pago")  # UTC-11: a teammate there prunes to a later instant
    assert cutoff(24, today) <= later


def look(at: datetime, *, name: str, on: bool, end: datetime, limit: int) -> Sighting:
    """One lookup whose licence, products and devices were kept a second apart."""
    device = Device("host-7", "Front desk", "Studio Pro", product_id=1, id=9, activated=on)
    return Sighting(
        serial=SERIAL,
        service=SERVICE,
        profile="Shop",
        seen_at=at,
        licensee=name,
        end_at=end,
        products=(ProductSeats("Studio Pro", None, limit, id=1),),
        devices=(device,),
        licence_at=at,
        products_at=at + timedelta(seconds=1),
        devices_at=at + timedelta(seconds=2),
    ).counted()


def test_the_summary_takes_every_part_of_the_latest_look_and_none_of_the_one_before(zone):
    zone("UTC")
    end = datetime(2026, 12, 1, 12, tzinfo=UTC)
    first = look(SINCE - timedelta(days=7), name="Maria", on=True, end=end, limit=3)
    second = look(SINCE, name="Maria Jensen", on=True, end=end, limit=5)
    third = look(SEEN, name="Maria Jensen", on=False, end=end + timedelta(days=365), limit=5)
    changes = changes_between(first, second) + changes_between(second, third)
    assert {c.kind for c in changes} == {
        "licensee",
        "seat_limit",
        "device_deactivated",
        "seats_used",
        "end",
    }
    items = build(changes, [entry("deactivate", DURING, activation_ids=(9,))])
    assert summary(items) == (
        "Since 2026-11-12: 1 device deactivated by Ana Lima; ends 365 days later, renewed"
    )  # the seats used (1 → 0, read a second before the devices) are the deactivation's
    [seats] = [i for i in items if i.kind == "seats_used"]
    assert seats.ours is True
