"""One history entry: what was done to a licence, by whom, from where, and how it ended.

An entry is made on the desk (its id is a UUID made here, so the same entry
exported from one store and imported into another is recognised: no
duplicates) and written twice: as an *intent* (outcome ``pending``) before the
request is sent, then completed with the outcome. A ``pending`` entry that
stays pending (the desk crashed, the process was killed) reads "sent, outcome
unknown": the request may or may not have reached the service.

Stored in English, in every language: the action and outcome keys, and ``detail`` (the
service's own message, or our sentence in English: a team's database is read by desks
in several languages). :func:`outcome_words` is that English (exports);
:func:`outcome_text` and :attr:`Entry.outcome_text` say it in the language in use.
"""

from __future__ import annotations

import dataclasses
import json
import re
import uuid
from collections.abc import Mapping
from dataclasses import InitVar, dataclass, field
from datetime import UTC, datetime
from typing import Any

from licensedesk.i18n import N_, _

__all__ = [
    "ACTIONS",
    "OUTCOMES",
    "Entry",
    "EntryError",
    "HistoryQuery",
    "new_entry_id",
    "outcome_text",
    "outcome_words",
]

#: What can be recorded: every change sent, a validation that recorded a host, a batch check,
#: and a change of the team's note on a licence (the licence book's; ``detail``: the note).
ACTIONS = (
    "activate",
    "deactivate",
    "delete",
    "upgrade",
    "register",
    "validate_record",
    "batch_check",
    "note",
)

#: pending: intent written, no outcome yet (after a crash: "sent, outcome unknown");
#: done; refused (the service said no, its message in ``detail``); unknown (time-out,
#: dropped connection, cancelled in flight); failed (never sent: refused before sending,
#: could not connect).
OUTCOMES = ("pending", "done", "refused", "unknown", "failed")

# How a recorded change ended (the history's "Outcome" column).
_WORDS = {
    # TRANSLATORS: a recorded change's outcome: sent, then the desk stopped before the answer
    "pending": N_("sent, outcome unknown"),
    # TRANSLATORS: a recorded change's outcome: the service did it
    "done": N_("done"),
    # TRANSLATORS: a recorded change's outcome: the service said no
    "refused": N_("refused"),
    # TRANSLATORS: a recorded change's outcome: it may or may not have been done
    "unknown": N_("outcome unknown"),
    # TRANSLATORS: a recorded change's outcome: it never left this computer
    "failed": N_("not sent"),
}


class EntryError(ValueError):
    """An entry (or an exported line) that is not valid; ``str()`` says why."""


def new_entry_id() -> str:
    return str(uuid.uuid4())


def outcome_words(outcome: str, detail: str | None = None) -> str:
    """The outcome in English, as exports write it: "done", "refused: License does not
    exist!", "sent, outcome unknown"… (:func:`outcome_text` is what people are shown)."""
    words = _WORDS.get(outcome, outcome)
    return f"{words}: {detail}" if detail and outcome != "pending" else words


def outcome_text(outcome: str, detail: str | None = None) -> str:
    """:func:`outcome_words` in the language in use. ``detail`` is stored in English: one
    of the desk's own sentences, with or without values in it, is said in the language in
    use (:func:`licensedesk.api.sentence.in_use`); the service's words and a detail stored
    in another language by an older desk are shown as stored."""
    from licensedesk.api.sentence import in_use

    word = _WORDS.get(outcome)
    words = _(word) if word is not None else outcome
    if not detail or outcome == "pending":
        return words
    # TRANSLATORS: an outcome ("refused") and what it was about (often the service's words)
    return _("{outcome}: {detail}").format(outcome=words, detail=in_use(detail))


@dataclass(slots=True)
class Entry:
    """A recorded action. ``before``: what the row looked like before (a small dict given
    by the caller); ``counts``: for a batch check, how many serials and per status.

    Treat it as a value: make a changed copy with :meth:`replace`. (Not a frozen
    dataclass on purpose: a frozen one takes several times longer to make, and a long
    history must read without a wait.)"""

    id: str
    time: datetime
    user: str
    machine: str
    action: str
    outcome: str = "pending"
    display_name: str | None = None
    profile: str | None = None
    service: str | None = None
    serial: str | None = None
    activation_ids: tuple[int, ...] = ()
    product: str | None = None
    before: dict[str, Any] | None = None
    detail: str | None = None
    counts: dict[str, int] | None = None
    finished: datetime | None = field(default=None)
    #: False for an entry read from a store: an action or outcome that a newer License
    #: Desk of the team wrote is kept as it is (shown by its key), where checking it
    #: would refuse the entry and every page that holds it
    checked: InitVar[bool] = True

    def __post_init__(self, checked: bool) -> None:
        if checked and self.action not in ACTIONS:
            raise EntryError(_unknown_action(self.action))
        if checked and self.outcome not in OUTCOMES:
            raise EntryError(_unknown_outcome(self.outcome))
        if self.time.tzinfo is None:
            raise EntryError(_("the time of an entry must carry its UTC offset"))

    # ------------------------------------------------------------ words

    @property
    def person(self) -> str:
        """Who, for people: "Ana Lima (ana@desk-3)" or "ana@desk-3"."""
        where = f"{self.user}@{self.machine}"
        return f"{self.display_name} ({where})" if self.display_name else where

    @property
    def outcome_text(self) -> str:
        """How it ended, in the language in use (:func:`outcome_text`)."""
        return outcome_text(self.outcome, self.detail)

    def replace(self, **changes: Any) -> Entry:
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------------------ JSON (export / import)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: times as ISO 8601 with offset, ids as a list."""
        return {
            "id": self.id,
            "time": self.time.isoformat(),
            "user": self.user,
            "display_name": self.display_name,
            "machine": self.machine,
            "profile": self.profile,
            "service": self.service,
            "action": self.action,
            "serial": self.serial,
            "activation_ids": list(self.activation_ids),
            "product": self.product,
            "before": self.before,
            "outcome": self.outcome,
            "detail": self.detail,
            "counts": self.counts,
            "finished": self.finished.isoformat() if self.finished else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Entry:
        """An entry from :meth:`to_dict`'s shape; EntryError names what is wrong."""
        if not isinstance(data, Mapping):
            raise EntryError(_("not a JSON object"))
        try:
            entry_id = str(data["id"])
            if not _CANONICAL_ID.fullmatch(entry_id):  # already as str(UUID) gives it
                entry_id = str(uuid.UUID(entry_id))
            return cls(
                id=entry_id,
                time=_time(data["time"]),
                user=_text(data.get("user")) or "unknown",
                machine=_text(data.get("machine")) or "unknown",
                action=str(data["action"]),
                outcome=str(data.get("outcome") or "pending"),
                display_name=_text(data.get("display_name")),
                profile=_text(data.get("profile")),
                service=_text(data.get("service")),
                serial=_text(data.get("serial")),
                activation_ids=tuple(int(i) for i in data.get("activation_ids") or ()),
                product=_text(data.get("product")),
                before=_dict(data.get("before"), "before"),
                detail=_text(data.get("detail")),
                counts=_counts(data.get("counts")),
                finished=_time(data["finished"]) if data.get("finished") else None,
            )
        except KeyError as exc:
            raise EntryError(
                _("the field {name} is missing").format(name=repr(exc.args[0]))
            ) from None
        except (TypeError, ValueError) as exc:
            if isinstance(exc, EntryError):
                raise
            raise EntryError(str(exc)) from None

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))


#: an entry id as ``str(uuid.UUID(...))`` writes it
_CANONICAL_ID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _time(value: Any) -> datetime:
    moment = datetime.fromisoformat(str(value))
    if moment.tzinfo is None:
        raise EntryError(_("the time {value} has no UTC offset").format(value=repr(value)))
    return moment.astimezone(UTC)


def _text(value: Any) -> str | None:
    return None if value is None or value == "" else str(value)


def _dict(value: Any, name: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise EntryError(_("{name} must be a JSON object").format(name=repr(name)))
    return value


def _counts(value: Any) -> dict[str, int] | None:
    counts = _dict(value, "counts")
    return None if counts is None else {str(k): int(v) for k, v in counts.items()}


@dataclass(frozen=True)
class HistoryQuery:
    """A filtered list, newest first. Every field narrows; None means any.

    ``person`` matches the OS user name or the display name (case-insensitive);
    ``text`` is a case-insensitive search in serial, person, machine, profile,
    product, activation ids, what the row looked like and the detail text;
    ``since`` is inclusive, ``until`` exclusive; ``limit`` None: all."""

    serial: str | None = None
    person: str | None = None
    action: str | None = None
    outcome: str | None = None
    since: datetime | None = None
    until: datetime | None = None
    text: str | None = None
    limit: int | None = None

    def __post_init__(self) -> None:
        if self.action is not None and self.action not in ACTIONS:
            raise EntryError(_unknown_action(self.action))
        if self.outcome is not None and self.outcome not in OUTCOMES:
            raise EntryError(_unknown_outcome(self.outcome))
        for moment in (self.since, self.until):
            if moment is not None and moment.tzinfo is None:
                raise EntryError(_("since/until must carry their UTC offset"))


def _unknown_action(action: str) -> str:
    return _("unknown action {action} (known: {known})").format(
        action=repr(action), known=", ".join(ACTIONS)
    )


def _unknown_outcome(outcome: str) -> str:
    return _("unknown outcome {outcome} (known: {known})").format(
        outcome=repr(outcome), known=", ".join(OUTCOMES)
    )
