"""A licence's timeline: every change the book saw on it and every change the desk made
to it, newest first, each seen change matched against the history. No Qt.

The service keeps no events, so who made a change is read off the history. A seen
:class:`~.changes.Change` happened after ``since`` and by ``seen_at``; it was made from
License Desk when the history holds an entry that

- would make that kind of change (:data:`MAKES`: a deactivation makes
  ``device_deactivated``, a registration ``registered`` and the licensee and e-mail it
  set…),
- names the same thing: the same device (its activation id; else its host ID, as the
  entry's before-row holds it), the same licence and service,
- was sent in the change's window (``since`` < sent ≤ ``seen_at``, or still on its way
  at ``since``: its ``finished`` after it),
- and ended ``done``, or ``unknown``/``pending`` (it may have: said so).

With no such entry the change was *not made from License Desk* only when the history
can vouch for the window: it could be read, and it reaches back before ``since``
(:func:`licensedesk.history.retention.complete_from`). Otherwise the history cannot
say, and the item says why. It never guesses. The entries that made a change no
sighting shows (the book has not seen the licence since, or the change was undone
before it looked) are items of their own.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from licensedesk import clock
from licensedesk.history.model import Entry
from licensedesk.i18n import N_plural, _, ngettext

from .changes import DEVICE_KINDS, KINDS, Change
from .sighting import utc_text

__all__ = [
    "CHANGE_ACTIONS",
    "MAKES",
    "Item",
    "build",
    "devices_since",
    "summary",
]

#: the kinds of change each recorded action can make at the service. A validation that
#: names a host records it (a new, activated device: DESIGN.md §2) and so may explain a
#: device added; it is not listed on its own when it matches nothing, as most
#: validations of a known host change nothing.
MAKES: dict[str, tuple[str, ...]] = {
    "activate": ("device_activated", "device_added"),
    "deactivate": ("device_deactivated",),
    "delete": ("device_removed",),
    "validate_record": ("device_added",),
    "register": ("registered", "licensee", "email"),
    "upgrade": ("upgraded",),
}
#: the actions listed as changes made even when no sighting shows them. Not a batch
#: check or a validation (they read; a validation may record a host, see :data:`MAKES`),
#: nor a note: the team's note is the desk's own text beside the licence, which the
#: service never holds and the card shows itself.
CHANGE_ACTIONS = ("activate", "deactivate", "delete", "upgrade", "register")
#: the kind an entry listed on its own is shown as (to_dict's ``kind``): the first its
#: action makes
_KIND_OF = {action: MAKES[action][0] for action in CHANGE_ACTIONS}
#: outcomes of an entry that may have changed the licence (done; or sent, no answer)
_MAY_HAVE = ("done", "unknown", "pending")
#: device actions, which move a product's seats used
_SEAT_ACTIONS = ("activate", "deactivate", "delete", "validate_record")

#: why the history cannot say (Item.cannot_say), for to_dict
HISTORY_UNREADABLE = "history_unreadable"
HISTORY_TOO_SHORT = "history_does_not_reach_back"
SEATS_PARTLY = "seats_partly_from_license_desk"
DEVICES_UNSEEN = "devices_not_seen"

DayWriter = Callable[[date], str]


def iso_day(day: date) -> str:
    """A calendar day as the command line writes it in every language: ``2026-11-12``
    (docs/translations.md). The window passes its locale's writer instead."""
    return day.isoformat()


@dataclass(frozen=True, slots=True)
class Item:
    """One line of the timeline: a change seen (``change``), with the history entry that
    made it when one did (``entry``), or a change made from the desk that no sighting
    has shown (``change`` None). ``ours``: True, made from License Desk (``entry`` says
    who, when, from which desk); False, not made from License Desk (the history covers
    the time and holds nothing that made it); None, the history cannot say
    (``cannot_say``: why; ``history_problem``, ``history_from``: what the history said).
    ``at``: when it was made (the entry's time), else when it was seen."""

    at: datetime
    change: Change | None
    entry: Entry | None
    ours: bool | None
    serial: str = ""
    cannot_say: str = ""
    history_problem: str | None = None
    history_from: datetime | None = None

    @property
    def kind(self) -> str:
        if self.change is not None:
            return self.change.kind
        return _KIND_OF.get(self.entry.action, self.entry.action) if self.entry else ""

    def what(self, *, day: DayWriter = iso_day) -> str:
        """What changed, in the language in use; dates are days in the reader's zone,
        written by ``day``."""
        if self.change is not None:
            return _change_text(self.change, day)
        return _entry_text(self.entry, self.serial) if self.entry is not None else ""

    def who(self, *, day: DayWriter = iso_day) -> str:
        """Who made it, in the language in use."""
        if self.ours is None:
            return _cannot_say(self, day)
        if not self.ours or self.entry is None:
            return _("not made from License Desk")
        if self.entry.outcome != "done":
            # TRANSLATORS: who made a change: a request was sent, its answer never came
            return _("sent by {person}, outcome was unknown").format(person=self.entry.person)
        return self.entry.person

    def to_dict(self) -> dict[str, Any]:
        """English keys and values, times ISO 8601 in UTC (JSON and CSV): one flat row."""
        c, e = self.change, self.entry
        before = (e.before or {}) if e is not None else {}
        ids: Iterable[int] = (
            (c.activation_id,) if c is not None and c.activation_id is not None else ()
        )
        if c is None and e is not None:
            ids = e.activation_ids
        return {
            "at": utc_text(self.at),
            "serial": self.serial or (c.serial if c else (e.serial if e else "")),
            "service": (c.service if c else "") or (e.service if e else "") or "",
            "kind": self.kind,
            "seen_at": utc_text(c.seen_at) if c else None,
            "since": utc_text(c.since) if c else None,
            "host_id": c.host_id if c else before.get("host_id") or "",
            "tag": c.tag if c else before.get("device_tag") or "",
            "product": c.product if c else before.get("product") or (e.product if e else "") or "",
            "activation_ids": ",".join(str(i) for i in ids),
            "old": c.old if c else "",
            "new": c.new if c else "",
            "ours": self.ours,
            "cannot_say": self.cannot_say or None,
            "history_problem": self.history_problem,
            "history_from": utc_text(self.history_from) if self.history_from else None,
            "by": e.person if e else None,
            "by_machine": e.machine if e else None,
            "profile": e.profile if e else None,
            "entry_id": e.id if e else None,
            "action": e.action if e else None,
            "made_at": utc_text(e.time) if e else None,
            "outcome": e.outcome if e else None,
        }


def devices_since(changes: Sequence[Change]) -> datetime | None:
    """The earliest ``since`` of the device changes (None: none): from when the history's
    device actions may explain them (:func:`licensedesk.history.explaining.explaining`)."""
    return min((c.since for c in changes if c.device), default=None)


def build(
    changes: Sequence[Change],
    entries: Sequence[Entry],
    *,
    history_from: datetime | None = None,
    history_problem: str | None = None,
    serial: str | None = None,
) -> list[Item]:
    """The timeline of one licence, newest first.

    ``entries``: the history's entries of the licence (an entry that names no serial, as
    ``licensedesk-cli deactivate ID`` records, is matched by its activation ids only).
    ``history_from``: from when the history holds every entry (None: from its start;
    :func:`licensedesk.history.retention.complete_from`); ``history_problem``: the
    sentence of why it could not be read (then ``entries`` is what could be). ``serial``:
    the licence (default: its changes' or entries'). An entry of another service (the
    same serial at the sandbox) is not the licence's."""
    serial = serial or next((c.serial for c in changes), None) or _serial_of(entries)
    service = next((c.service for c in changes if c.service), "")
    said = [e for e in entries if e.outcome in _MAY_HAVE]
    said.sort(key=lambda e: (e.outcome != "done", -e.time.timestamp()))  # best first
    used: set[tuple[str, object]] = set()  # (entry id, what it explained)
    items: list[Item] = []
    seats: list[Change] = []
    candidates = _Candidates(said)
    for c in changes:
        if c.kind == "seats_used":
            seats.append(c)
            continue
        entry = next(
            (e for e in candidates.of(c) if (e.id, _thing(c)) not in used and _made(e, c)), None
        )
        if entry is not None:
            used.add((entry.id, _thing(c)))
            items.append(Item(entry.time, c, entry, True, serial=c.serial))
        else:
            items.append(_unmatched(c, serial, history_from, history_problem))
    items += [_seats_item(c, items, said, history_from, history_problem) for c in seats]
    explained = {entry_id for entry_id, _thing_ in used}
    items += [
        Item(e.time, None, e, True, serial=serial or "")
        for e in said
        if e.id not in explained
        and e.action in CHANGE_ACTIONS
        and _of_licence(e, serial)
        and _same_service(e, service)
    ]
    items.sort(key=lambda i: i.at, reverse=True)
    return items


def summary(items: Sequence[Item], *, day: DayWriter = iso_day) -> str:
    """The licence card's line for what the latest sighting found: "Since 2026-11-12:
    1 device added, not from License Desk; 1 device deactivated by Ana Lima; ends 30 days
    later, renewed". "" when it found nothing.

    The latest sighting's changes are those of the same look as the newest change
    (:func:`same_look`: a lookup's licence, products and devices are read and kept a
    moment apart, each part's changes dated by its own read): the card shows the
    licence as that look saw it, so its line says what it found since the look before
    (the earliest ``since`` of them, a day in the reader's zone).
    A product's seats used are left out when that sighting's device changes of the
    product add up to them: the count follows from the devices already said, and
    saying both would tell one change twice. Only the kinds the desk can make say by
    whom; an end, a start, a limit or a count the vendor sets says what it became."""
    seen = [i for i in items if i.change is not None]
    if not seen:
        return ""
    newest = max((i.change for i in seen), key=lambda c: c.seen_at)
    found = [i for i in seen if same_look(i.change, newest)]
    devices = [i.change for i in found if i.change.device]
    phrases = _device_phrases([i for i in found if i.change.device])
    for kind in KINDS:
        for i in found:
            c = i.change
            if c.kind != kind or c.device:
                continue
            if c.kind == "seats_used" and _seat_delta(devices, c.product) == _delta(c):
                continue
            phrase = _licence_phrase(c, day)
            if c.kind in MADE_BY_DESK:
                phrase = _attributed(phrase, i)
            phrases.append(phrase)
    if not phrases:
        return ""
    since = day(clock.day_of(min(i.change.since for i in found)))
    # TRANSLATORS: the licence card's line of what changed since the desk last looked:
    # "Since 2026-11-12: 1 device added, not from License Desk; ends 30 days later, renewed"
    return _("Since {date}: {changes}").format(date=since, changes="; ".join(phrases))


# ---------------------------------------------------------------- matching


def same_look(a: Change, b: Change) -> bool:
    """Whether two changes were seen by one look at the licence. A lookup keeps its
    licence, products and devices a moment apart, so the changes of each part are dated
    by that part's own reads (:mod:`.changes`). Two changes are of one look when their
    windows overlap and their ends lie closer together than half the shorter window:
    the parts of one look are a moment apart, two looks a window apart."""
    if not (a.since < b.seen_at and b.since < a.seen_at):
        return False
    shorter = min(a.seen_at - a.since, b.seen_at - b.since)
    return abs(a.seen_at - b.seen_at) * 2 < shorter


class _Candidates:
    """The entries that may have made a change, best first (the order given): those of
    an action that makes its kind and, for a device named by its activation id, only
    those naming that id or none (matched by host then). Asking every entry of every
    change took seconds for a site licence seen a hundred times."""

    def __init__(self, said: Sequence[Entry]) -> None:
        self._said = said
        self._rank = {id(e): n for n, e in enumerate(said)}
        self._by_kind: dict[str, list[Entry]] = defaultdict(list)
        self._by_id: dict[tuple[str, int], list[Entry]] = defaultdict(list)
        for e in said:
            for kind in MAKES.get(e.action, ()):
                if kind in DEVICE_KINDS and e.activation_ids:
                    for aid in e.activation_ids:
                        self._by_id[(kind, aid)].append(e)
                else:
                    self._by_kind[kind].append(e)

    def of(self, c: Change) -> Iterable[Entry]:
        if not c.device:
            return self._by_kind.get(c.kind, ())
        if c.activation_id is None:  # matched by host: any entry may name it
            return self._said
        return heapq.merge(
            self._by_id.get((c.kind, c.activation_id), ()),
            self._by_kind.get(c.kind, ()),
            key=lambda e: self._rank[id(e)],
        )


def _serial_of(entries: Sequence[Entry]) -> str | None:
    return next((e.serial for e in entries if e.serial), None)


def _thing(c: Change) -> object:
    """What a change is about: one entry explains each thing once."""
    if c.device:
        return ("device", c.activation_id if c.activation_id is not None else c.host_id)
    return ("licence", c.kind)


def _in_window(e: Entry, since: datetime, seen_at: datetime) -> bool:
    """Sent by ``seen_at``, and sent or still on its way after ``since``."""
    return e.time <= seen_at and max(e.time, e.finished or e.time) > since


def _same_service(e: Entry, service: str) -> bool:
    return not (e.service and service and e.service != service)


def _made(e: Entry, c: Change) -> bool:
    """Whether entry ``e`` would have made change ``c`` (kind, thing, window)."""
    if c.kind not in MAKES.get(e.action, ()) or not _same_service(e, c.service):
        return False
    if not _in_window(e, c.since, c.seen_at):
        return False
    before = e.before or {}
    if c.device:
        return _same_device(e, c, before)
    if c.kind == "upgraded":
        target = before.get("upgrade_serial")
        if e.serial == c.serial:
            return bool(c.new) and target in (None, c.new)
        return target == c.serial and bool(c.new) and c.new == e.serial
    if e.serial != c.serial:
        return False
    if c.kind == "registered":
        return c.new == "true"
    # the licensee or e-mail: not one the registration found as it was
    return not (c.kind in before and (before[c.kind] or "") == c.new)


def _same_device(e: Entry, c: Change, before: dict[str, Any]) -> bool:
    """By activation id when both name one; else by host ID (and product, where both
    name one) from the entry's before-row, for an entry of this licence."""
    if c.activation_id is not None and e.activation_ids:
        return c.activation_id in e.activation_ids
    host = before.get("host_id")
    if not host or not c.host_id or host != c.host_id or e.serial != c.serial:
        return False
    product = before.get("product")  # a validation names a product code, not its name
    return not (product and c.product and product != c.product)


def _of_licence(e: Entry, serial: str | None) -> bool:
    if serial is None:
        return False
    return e.serial == serial or (e.before or {}).get("upgrade_serial") == serial


def _vouches(since: datetime, history_from: datetime | None, problem: str | None) -> str:
    """ "" when the history can vouch for a window after ``since``, else why not."""
    if problem is not None:
        return HISTORY_UNREADABLE
    if history_from is not None and history_from > since:
        return HISTORY_TOO_SHORT
    return ""


def _unmatched(
    c: Change, serial: str | None, history_from: datetime | None, problem: str | None
) -> Item:
    why = _vouches(c.since, history_from, problem)
    return Item(
        c.seen_at,
        c,
        None,
        None if why else False,
        serial=c.serial or serial or "",
        cannot_say=why,
        history_problem=problem if why == HISTORY_UNREADABLE else None,
        history_from=history_from if why == HISTORY_TOO_SHORT else None,
    )


def _seats_item(
    c: Change,
    items: Sequence[Item],
    said: Sequence[Entry],
    history_from: datetime | None,
    problem: str | None,
) -> Item:
    """A product's seats used follow its devices. When the changes of its devices seen in
    the same look (:func:`same_look`) that moved a seat add up to the count's, the count
    is theirs: made from License Desk when
    all of them were, not when none was. Else the entries that moved that product's
    devices in the window are asked: none (and a history that vouches) is not made from
    License Desk; some cannot say which devices changed, so the history cannot say."""
    same = [
        i
        for i in items
        if i.change is not None
        and i.change.device
        and i.change.product == c.product
        and same_look(i.change, c)
        and _seat_effect(i.change)
    ]
    if same and _seat_delta([i.change for i in same], c.product) == _delta(c):
        verdicts = {i.ours for i in same}
        if verdicts == {True}:
            return Item(same[0].at, c, same[0].entry, True, serial=c.serial)
        if verdicts == {False}:
            return Item(c.seen_at, c, None, False, serial=c.serial)
        if None in verdicts:
            first = next(i for i in same if i.ours is None)
            return Item(
                c.seen_at,
                c,
                None,
                None,
                serial=c.serial,
                cannot_say=first.cannot_say,
                history_problem=first.history_problem,
                history_from=first.history_from,
            )
        return Item(c.seen_at, c, None, None, serial=c.serial, cannot_say=SEATS_PARTLY)
    unmatched = _unmatched(c, c.serial, history_from, problem)
    if unmatched.ours is None:
        return unmatched
    moved = any(
        e.action in _SEAT_ACTIONS
        and (e.serial in (None, c.serial))
        and _same_service(e, c.service)
        and _may_be_product(e, c.product)
        and _in_window(e, c.since, c.seen_at)
        for e in said
    )
    if moved:
        return Item(c.seen_at, c, None, None, serial=c.serial, cannot_say=DEVICES_UNSEEN)
    return unmatched


def _may_be_product(e: Entry, product: str) -> bool:
    """Whether ``e`` may have moved a device of ``product``: it names it, or no product
    (``licensedesk-cli deactivate ID`` records only the activation id)."""
    named = (e.before or {}).get("product") or e.product
    return not named or named == product


def _delta(c: Change) -> int | None:
    try:
        return int(c.new) - int(c.old)
    except ValueError:
        return None


_SEAT_EFFECT = {"device_activated": 1, "device_deactivated": -1}


def _seat_effect(d: Change) -> int:
    """How a device change moves its product's seats used (an inactive device none)."""
    if d.kind in _SEAT_EFFECT:
        return _SEAT_EFFECT[d.kind]
    if d.kind == "device_added":
        return 1 if d.new == "active" else 0
    if d.kind == "device_removed":
        return -1 if d.old == "active" else 0
    return 0


def _seat_delta(devices: Iterable[Change], product: str) -> int:
    """How the device changes of ``product`` move its seats used."""
    return sum(_seat_effect(d) for d in devices if d.product == product)


# ---------------------------------------------------------------- words


def _when(text: str, day: DayWriter) -> str:
    """A stored UTC time (a change's value) as the day it falls on in the reader's zone."""
    return day(clock.day_of(datetime.fromisoformat(text)))


def device_name(host_id: str, tag: str = "", product: str = "") -> str:
    """``host-7 (tag 'Front desk', Product X)``: the host, then what tells it apart."""
    if tag and product:
        # TRANSLATORS: a device: its host ID, its tag (a name people gave it), its product
        return _("{host} (tag '{tag}', {product})").format(host=host_id, tag=tag, product=product)
    if tag:
        return _("{host} (tag '{tag}')").format(host=host_id, tag=tag)
    if product:
        return _("{host} ({product})").format(host=host_id, product=product)
    return host_id


#: a device change said on its own (``{device}``: its name, or activation ids), by kind
_DEVICE_SENTENCES = {
    "device_added": N_plural("Device {device} added", "Devices {device} added"),
    "device_removed": N_plural("Device {device} removed", "Devices {device} removed"),
    "device_activated": N_plural("Device {device} activated", "Devices {device} activated"),
    "device_deactivated": N_plural("Device {device} deactivated", "Devices {device} deactivated"),
}
#: device changes counted in a summary, by kind
_DEVICES_COUNTED = {
    "device_added": N_plural("{n} device added", "{n} devices added"),
    "device_removed": N_plural("{n} device removed", "{n} devices removed"),
    "device_activated": N_plural("{n} device activated", "{n} devices activated"),
    "device_deactivated": N_plural("{n} device deactivated", "{n} devices deactivated"),
}


def _device_sentence(kind: str, device: str, n: int) -> str:
    return ngettext(*_DEVICE_SENTENCES[kind], n).format(device=device)


def _change_text(c: Change, day: DayWriter) -> str:
    if c.device:
        return _device_sentence(c.kind, device_name(c.host_id, c.tag, c.product), 1)
    old, new = c.old, c.new
    if c.kind in ("licensee", "email"):
        return _person_text(c.kind, old, new)
    if c.kind == "end":
        return _end_text(old, new, day)
    if c.kind == "start":
        if not old:
            return _("Starts {new}").format(new=_when(new, day))
        if not new:
            return _("No longer has a start (was {old})").format(old=_when(old, day))
        return _("Start moved from {old} to {new}").format(old=_when(old, day), new=_when(new, day))
    if c.kind == "registered":
        return _("Registered") if new == "true" else _("No longer registered")
    if c.kind == "upgraded":
        if not new:
            return _("No longer linked by an upgrade to {serial}").format(serial=old)
        return _("Linked by an upgrade to {serial}").format(serial=new)
    if c.kind == "seats_used":
        return _("Seats used of {product}: {old} → {new}").format(
            product=c.product, old=old or "?", new=new or "?"
        )
    if c.kind == "seat_limit":
        return _("Seat limit of {product}: {old} → {new}").format(
            product=c.product, old=old or _("no limit"), new=new or _("no limit")
        )
    if c.kind == "devices_counted":
        return _("Devices on the licence: {old} → {new}").format(old=old, new=new)
    # TRANSLATORS: a change of a kind this desk does not know (a newer desk wrote it)
    return _("{kind}: {old} → {new}").format(kind=c.kind, old=old, new=new)


def _person_text(kind: str, old: str, new: str) -> str:
    if kind == "licensee":
        if not old:
            return _("Licensee set to {new}").format(new=new)
        if not new:
            return _("Licensee removed (was {old})").format(old=old)
        return _("Licensee changed from {old} to {new}").format(old=old, new=new)
    if not old:
        return _("E-mail set to {new}").format(new=new)
    if not new:
        return _("E-mail removed (was {old})").format(old=old)
    return _("E-mail changed from {old} to {new}").format(old=old, new=new)


def _end_text(old: str, new: str, day: DayWriter) -> str:
    if not old:
        return _("Ends {new} (had no end)").format(new=_when(new, day))
    if not new:
        return _("No longer ends (ended {old})").format(old=_when(old, day))
    days = clock.days_between(datetime.fromisoformat(old), datetime.fromisoformat(new))
    values = {"old": _when(old, day), "new": _when(new, day), "n": abs(days)}
    if days > 0:
        return ngettext(
            "Renewed: ends {new}, {n} day later (was {old})",
            "Renewed: ends {new}, {n} days later (was {old})",
            days,
        ).format(**values)
    if days < 0:
        return ngettext(
            "Ends {new}, {n} day earlier (was {old})",
            "Ends {new}, {n} days earlier (was {old})",
            -days,
        ).format(**values)
    return _("End changed within the day ({new})").format(**values)


def _entry_text(e: Entry, serial: str) -> str:
    """What an entry made (listed on its own): its device from the before-row, else its
    activation ids; an upgrade seen from either serial."""
    before = e.before or {}
    if e.action in ("activate", "deactivate", "delete"):
        kind = _KIND_OF[e.action]
        host = before.get("host_id")
        if host and len(e.activation_ids) <= 1:
            name = device_name(host, before.get("device_tag") or "", before.get("product") or "")
            return _device_sentence(kind, name, 1)
        ids = ", ".join(f"#{i}" for i in e.activation_ids) or "?"
        return _device_sentence(kind, ids, max(len(e.activation_ids), 1))
    if e.action == "register":
        return _("Registered")
    if e.action == "upgrade":
        target = before.get("upgrade_serial")
        if target and target == serial and e.serial:
            return _("Upgraded from {serial}").format(serial=e.serial)
        return _("Upgraded to {serial}").format(serial=target) if target else _("Upgraded")
    return e.action


def _cannot_say(item: Item, day: DayWriter) -> str:
    if item.cannot_say == HISTORY_UNREADABLE:
        # TRANSLATORS: who made a change: {problem} is why the history could not be read
        return _("the history cannot say: {problem}").format(problem=item.history_problem)
    if item.cannot_say == HISTORY_TOO_SHORT and item.change is not None:
        # TRANSLATORS: who made a change: the history's older entries were removed; {date}
        # is the day the change may have been made after
        return _("the history cannot say: it does not reach back to {date}").format(
            date=day(clock.day_of(item.change.since))
        )
    if item.cannot_say == SEATS_PARTLY:
        return _("partly from License Desk: see the changes of the devices")
    # TRANSLATORS: who changed a product's seats used: the history holds changes of its
    # devices, but the book did not see which devices changed
    return _("the history cannot say: the book did not see which devices changed")


#: the kinds the desk can make, whose summary phrase says by whom
MADE_BY_DESK = frozenset(k for kinds in MAKES.values() for k in kinds)


def _who_key(item: Item) -> tuple[int, str]:
    """Items said together in the summary: by one person, not from the desk, unknown."""
    e = item.entry
    if item.ours and e is not None:
        person = e.display_name or f"{e.user}@{e.machine}"
        return (0 if e.outcome == "done" else 1, person)
    return (2, "") if item.ours is False else (3, "")


def _attributed(phrase: str, item: Item) -> str:
    rank, person = _who_key(item)
    if rank == 0:
        # TRANSLATORS: a summary phrase ("1 device deactivated") and who made it
        return _("{changes} by {person}").format(changes=phrase, person=person)
    if rank == 1:
        return _("{changes}, sent by {person}, outcome was unknown").format(
            changes=phrase, person=person
        )
    if rank == 2:
        return _("{changes}, not from License Desk").format(changes=phrase)
    return _("{changes}, the history cannot say by whom").format(changes=phrase)


def _device_phrases(items: Sequence[Item]) -> list[str]:
    """ "2 devices added, not from License Desk", one phrase per kind and who."""
    groups: dict[tuple[str, tuple[int, str]], list[Item]] = {}
    for i in items:
        groups.setdefault((i.change.kind, _who_key(i)), []).append(i)
    out = []
    for kind in DEVICE_KINDS:
        for (k, _key), group in sorted(groups.items(), key=lambda g: g[0][1]):
            if k == kind:
                out.append(_attributed(_counted(kind, len(group)), group[0]))
    return out


def _counted(kind: str, n: int) -> str:
    return ngettext(*_DEVICES_COUNTED[kind], n).format(n=n)


def _licence_phrase(c: Change, day: DayWriter) -> str:
    """A change of the licence itself, short, for the summary."""
    if c.kind == "end" and c.old and c.new:
        days = clock.days_between(datetime.fromisoformat(c.old), datetime.fromisoformat(c.new))
        if days > 0:
            return ngettext(
                "ends {n} day later, renewed", "ends {n} days later, renewed", days
            ).format(n=days)
        if days < 0:
            return ngettext("ends {n} day earlier", "ends {n} days earlier", -days).format(n=-days)
    if c.kind == "end":
        return _("ends {date}").format(date=_when(c.new, day)) if c.new else _("no longer ends")
    if c.kind == "start":
        return _("start changed")
    if c.kind == "licensee":
        return _("licensee changed")
    if c.kind == "email":
        return _("e-mail changed")
    if c.kind == "registered":
        return _("registered") if c.new == "true" else _("no longer registered")
    if c.kind == "upgraded":
        return (
            _("linked by an upgrade to {serial}").format(serial=c.new)
            if c.new
            else _("no longer linked by an upgrade")
        )
    if c.kind == "seats_used":
        return _("seats used of {product}: {n}").format(product=c.product, n=c.new or "?")
    if c.kind == "seat_limit":
        return _("seat limit of {product}: {n}").format(product=c.product, n=c.new or _("no limit"))
    if c.kind == "devices_counted" and c.new.isdigit():
        n = int(c.new)
        return ngettext("{n} device on the licence", "{n} devices on the licence", n).format(n=n)
    return _("{kind}: {old} → {new}").format(kind=c.kind, old=c.old, new=c.new)
