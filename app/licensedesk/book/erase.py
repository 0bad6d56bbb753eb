"""Erasing a licensee's personal data on request: from the book, its notes and the
history, in the same store (this computer's file, or the team's database), in one
transaction.

Who is named by an e-mail, a name or a serial. The words erased are that e-mail or
name, the names and e-mails of the book records it names, and the pairs the history
kept of a registration that hold one of them (:func:`_person_words`). They are then
erased wherever the store keeps them (:mod:`.erased_text`: case and accents ignored,
whole words): a record whose licensee or e-mail is one of them (of any licence, an
older one too) loses both; any other record, any note and any history entry's detail
and before-row get "[erased]" where they named the person.
The records and entries stay. A later lookup of a licence keeps its licensee again:
the service still has it.

What is counted is what was changed, and before the transaction ends the store is
asked again: a word still found anywhere rolls everything back ("nothing was
changed"). After it, the store removes the old copies it can reach (SQLite: the
write-ahead log, emptied by a checkpoint; PostgreSQL: the old row versions, by
VACUUM) and says which it could not (:attr:`Forgotten.left`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from licensedesk.history.store import StoreError
from licensedesk.i18n import N_, _, ngettext

from .changes import PERSON_KINDS
from .erased_text import erased_json, erased_text, erased_value, holds, words_of
from .folding import fold
from .sighting import Sighting
from .sql import who_column

__all__ = ["Forgotten", "Place", "erase_person", "nothing_named", "question", "said"]

#: the keys of a history before-row that hold a person's name or e-mail
_PERSON_KEYS = ("licensee", "name", "email")


class Forgotten(NamedTuple):
    """What an erasure changed (or, asked first, would change), and what it left."""

    licences: int  # book records that named the person (other than through a note)
    notes: int
    history: int
    #: what could not be removed: ``"wal"`` (SQLite's log, kept by another program's
    #: read); on PostgreSQL ``"readers"`` (old row versions other connections may still
    #: read), ``"rewrite"`` (tables another connection held: not written anew),
    #: ``"owner"`` (tables this role may not vacuum), ``"vacuum"`` (VACUUM failed)
    left: tuple[str, ...] = ()
    #: changes seen on a licence (:mod:`.changes`) whose old or new name or e-mail was theirs
    changes: int = 0

    @property
    def total(self) -> int:
        return self.licences + self.notes + self.history + self.changes


@dataclass
class Place:
    """How the erasure talks to one store's connection, inside its transaction."""

    run: Callable[[str, Sequence[Any]], list[Any]]  # a statement; its rows ([] for none)
    p: str  # the placeholder
    #: SQL that is true where a text column may name one of the words (a superset of
    #: :func:`~.erased_text.holds`, which then decides), and its parameters
    may_hold: Callable[[str, frozenset[str]], tuple[str, list[Any]]]
    history: bool  # the store has a history table
    lock: str = ""  # " FOR UPDATE" where rows read are to be changed
    before_text: str = "before_json"  # the before-row as JSON text
    before_param: str = "{p}"  # a JSON text as the before-row
    #: only count: nothing is written (a read, no write lock held while it reads)
    dry_run: bool = False

    def write(self, sql: str, params: Sequence[Any]) -> None:
        if not self.dry_run:
            self.run(sql, params)


def nothing_named(who: str) -> str:
    """What an erasure that found nobody says (the window and the command line)."""
    return _(
        "Nothing in the book, its notes or the history names {who}: nothing was changed."
    ).format(who=who)


def question(who: str, counted: Forgotten) -> str:
    """What is asked before erasing, with what was counted (the window and the command line)."""
    return ngettext(
        "Erase the name and e-mail of {who} from {n} record: licences {licences}, "
        "notes {notes}, history entries {history}, changes seen {changes}? "
        "The records stay, without them.",
        "Erase the name and e-mail of {who} from {n} records: licences {licences}, "
        "notes {notes}, history entries {history}, changes seen {changes}? "
        "The records stay, without them.",
        counted.total,
    ).format(
        who=who,
        n=counted.total,
        licences=counted.licences,
        notes=counted.notes,
        history=counted.history,
        changes=counted.changes,
    )


def said(done: Forgotten, *, team: bool) -> str:
    """What an erasure did, as the command line and the window say it: the counts, what
    it could not remove of its own copies, and what it never reaches."""
    # TRANSLATORS: each placeholder is a counted phrase: "1 licence record", "2 notes"…
    counts = _("Erased: {licences}, {notes}, {history}, {changes}.").format(
        licences=ngettext("{n} licence record", "{n} licence records", done.licences).format(
            n=done.licences
        ),
        notes=ngettext("{n} note", "{n} notes", done.notes).format(n=done.notes),
        history=ngettext("{n} history entry", "{n} history entries", done.history).format(
            n=done.history
        ),
        changes=ngettext("{n} change seen", "{n} changes seen", done.changes).format(
            n=done.changes
        ),
    )
    sentences = [counts, *(_(_LEFT[why]) for why in done.left if why in _LEFT)]
    sentences.append(
        _(
            "Not erased, out of the desk's reach: exports already written, other programs' "
            "copies, backups and the database's own write-ahead log and archive."
        )
        if team
        else _(
            "Not erased, out of the desk's reach: exports already written, other programs' "
            "copies and backups of the history file."
        )
    )
    return " ".join(sentences)


#: what an erasure could not remove of the store's own copies (:attr:`Forgotten.left`)
_LEFT = {
    "wal": N_(
        "Another program is using the history file, so its write-ahead log "
        "(history.sqlite3-wal) still holds the erased text until that program closes it."
    ),
    "readers": N_(
        "Other connections to the team database are still reading, so old versions of the "
        "changed rows stay in its files until autovacuum removes them after those end."
    ),
    "owner": N_(
        "This role does not own the tables, so old versions of the changed rows stay in "
        "the team database's files until autovacuum removes them."
    ),
    "rewrite": N_(
        "Another connection was using the team database's tables, so the erased text may "
        "stay in their files' free space until PostgreSQL writes over it."
    ),
    "vacuum": N_(
        "The team database could not be vacuumed now, so old versions of the changed rows "
        "stay in its files until autovacuum removes them."
    ),
}


def erase_person(place: Place, who: str) -> Forgotten:
    """Everything of :mod:`this module <.erase>` inside the caller's transaction (the
    store commits it, or rolls it back for a dry run)."""
    words = _person_words(place, who)
    if not words:
        return Forgotten(0, 0, 0)
    licences = _erase_records(place, words)
    notes = _erase_notes(place, words)
    history = _erase_history(place, words) if place.history else 0
    changes = _erase_changes(place, words)
    if not place.dry_run and _still_named(place, words):
        raise StoreError(
            _("the name or e-mail could still be found after erasing it: nothing was changed")
        )
    return Forgotten(licences, notes, history, changes=changes)


def _in(place: Place, column: str, values: Sequence[str]) -> tuple[str, list[str]]:
    if not values:
        return "1 = 0", []
    return f"{column} IN ({', '.join([place.p] * len(values))})", list(values)


def _person_words(place: Place, who: str) -> frozenset[str]:
    """The folded names and e-mails to erase: ``who`` (unless a serial), the names and
    e-mails of the records it names, and the pairs of those the history's registrations
    (:func:`_registered`) and the book's changes (:func:`_changed_pairs`) kept. One step, not a closure: two people may share a name, and
    the other one's e-mail must not lead on to her records."""
    column, value = who_column(who)
    rows = place.run(f"SELECT body FROM book_licences WHERE {column} = {place.p}", [value])
    words = (frozenset() if column == "serial" else words_of([who])) | _fields(rows)
    name = value if column == "licensee_f" else None
    if words and place.history:
        words |= _registered(place, words, name)
    return words | _changed_pairs(place, words, name) if words else words


def _fields(rows: list[Any]) -> frozenset[str]:
    """The folded names and e-mails of the records (their bodies) in ``rows``."""
    return words_of(field for (body,) in rows for field in _name_and_email(json.loads(body)))


def _registered(place: Place, words: frozenset[str], name: str | None) -> frozenset[str]:
    """The licensee and e-mail of each history before-row (a registration's, as it was:
    the pair is one person) whose e-mail is one of ``words``, or whose name is the
    ``name`` given (folded; None when an e-mail or a serial was given)."""
    before, params = place.may_hold(place.before_text, words)
    found: list[str] = []
    for (text,) in place.run(f"SELECT {place.before_text} FROM history WHERE {before}", params):
        try:
            row = json.loads(text)
        except ValueError:
            continue
        if not isinstance(row, dict):
            continue
        pair = [v for v in (row.get(key) for key in _PERSON_KEYS) if isinstance(v, str)]
        email = row.get("email")
        by_email = isinstance(email, str) and fold(email) in words
        if by_email or (name is not None and name in words_of(pair)):
            found += pair
    return words_of(found)


def _changed_pairs(place: Place, words: frozenset[str], name: str | None) -> frozenset[str]:
    """The licensee and e-mail a licence had together before, or after, a look that saw
    them change (:mod:`.changes`: both changed, the licence passed from one person to
    another), where the e-mail is one of ``words`` or the name is the ``name`` given."""
    p = place.p
    kinds, kind_params = _in(place, "kind", PERSON_KINDS)
    looks = {(serial, seen) for _id, _old, _new, serial, seen in _changed_names(place, words)}
    found: list[str] = []
    for serial, seen in looks:
        rows = place.run(
            f"SELECT kind, old_value, new_value FROM book_changes WHERE serial = {p} "
            f"AND seen_at = {p} AND {kinds}",
            [serial, seen, *kind_params],
        )
        for side in (1, 2):  # as it was, as it became
            pair = {row[0]: row[side] for row in rows}
            by_email = fold(pair.get("email")) in words
            if by_email or (name is not None and fold(pair.get("licensee")) == name):
                found += pair.values()
    return words_of(found)


def _name_and_email(data: dict[str, Any]) -> tuple[str | None, str | None]:
    return data.get("licensee"), data.get("email")


def _records(place: Place, words: frozenset[str], lock: str = "") -> list[Any]:
    folded = sorted(words)
    names, name_params = _in(place, "licensee_f", folded)
    mails, mail_params = _in(place, "email_f", folded)
    search, search_params = place.may_hold("search", words)
    body, body_params = place.may_hold("body", words)
    return place.run(
        f"SELECT id, body FROM book_licences WHERE {names} OR {mails} OR {search} OR {body}" + lock,
        [*name_params, *mail_params, *search_params, *body_params],
    )


def _erase_records(place: Place, words: frozenset[str]) -> int:
    """The person's records without name and e-mail; the words erased from every other
    field of any record. Returns the records changed other than in their note."""
    p, changed = place.p, 0
    for rowid, body in _records(place, words, place.lock):
        data = json.loads(body)
        clean = erased_value(data, words)
        if any(fold(field) in words for field in _name_and_email(data)):
            clean["licensee"] = clean["email"] = None
        if clean == data:
            continue
        if {**clean, "note": None} != {**data, "note": None}:
            changed += 1
        s = Sighting.from_json(json.dumps(clean, ensure_ascii=False))
        place.write(
            f"UPDATE book_licences SET licensee_f = {p}, email_f = {p}, search = {p}, "
            f"body = {p} WHERE id = {p}",
            [s.folded("licensee"), s.folded("email"), s.search(), s.to_json(), rowid],
        )
    return changed


def _erase_notes(place: Place, words: frozenset[str]) -> int:
    """Every note that names the person (notes are few: each is read)."""
    p, changed = place.p, 0
    for serial, text in place.run(f"SELECT serial, text FROM book_notes{place.lock}", []):
        clean = erased_text(text, words)
        if clean != text:
            place.write(f"UPDATE book_notes SET text = {p} WHERE serial = {p}", [clean, serial])
            changed += 1
    return changed


def _entries(place: Place, words: frozenset[str], lock: str = "") -> list[Any]:
    detail, detail_params = place.may_hold("detail", words)
    before, before_params = place.may_hold(place.before_text, words)
    return place.run(
        f"SELECT id, detail, {place.before_text} FROM history WHERE {detail} OR {before}" + lock,
        [*detail_params, *before_params],
    )


def _erase_history(place: Place, words: frozenset[str]) -> int:
    """Every history entry whose detail or before-row names the person, of any licence."""
    p, changed = place.p, 0
    param = place.before_param.format(p=p)
    for entry_id, detail, before in _entries(place, words, place.lock):
        new_detail, new_before = erased_text(detail, words), erased_json(before, words)
        if (new_detail, new_before) != (detail, before):
            place.write(
                f"UPDATE history SET detail = {p}, before_json = {param} WHERE id = {p}",
                [new_detail, new_before, entry_id],
            )
            changed += 1
    return changed


def _changed_names(place: Place, words: frozenset[str], lock: str = "") -> list[Any]:
    """The changes of a licensee's name or e-mail that may name the person."""
    old, old_params = place.may_hold("old_value", words)
    new, new_params = place.may_hold("new_value", words)
    kinds, kind_params = _in(place, "kind", PERSON_KINDS)
    return place.run(
        f"SELECT id, old_value, new_value, serial, seen_at FROM book_changes "
        f"WHERE {kinds} AND ({old} OR {new})" + lock,
        [*kind_params, *old_params, *new_params],
    )


def _erase_changes(place: Place, words: frozenset[str]) -> int:
    """Every change seen of a licensee's name or e-mail from or to the person."""
    p, changed = place.p, 0
    for change_id, old, new, _serial, _seen in _changed_names(place, words, place.lock):
        clean = erased_text(old, words), erased_text(new, words)
        if clean != (old, new):
            place.write(
                f"UPDATE book_changes SET old_value = {p}, new_value = {p} WHERE id = {p}",
                [*clean, change_id],
            )
            changed += 1
    return changed


def _still_named(place: Place, words: frozenset[str]) -> bool:
    """Asked again after erasing: does any record, note or entry still name the person?"""
    for _id, body in _records(place, words):
        data = json.loads(body)
        mine = any(fold(field) in words for field in _name_and_email(data))
        if mine or erased_value(data, words) != data:
            return True
    notes = place.run("SELECT serial, text FROM book_notes", [])
    if any(holds(text, words) for _serial, text in notes):
        return True
    if place.history:
        for _id, detail, before in _entries(place, words):
            if holds(detail, words) or erased_json(before, words) != before:
                return True
    changed = _changed_names(place, words)
    return any(holds(old, words) or holds(new, words) for _id, old, new, *_look in changed)
