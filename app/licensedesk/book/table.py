"""The book's writes and reads that say the same in both dialects: each store
(:mod:`.sqlite_book`, :mod:`.postgres_book`) gives its placeholder, its row lock and
how it passes and reads a time; the statements are made here once."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from .changes import Change, changes_between
from .sighting import Sighting
from .sql import (
    AT_LIMIT,
    CHANGE_COLUMNS,
    COLUMNS,
    ENDING,
    change_of,
    change_row,
    narrowed,
    row,
)
from .store import Note, RenewalsQuery

__all__ = ["BookTable", "upsert"]


def upsert(p: str) -> str:
    """The INSERT of a sighting's :data:`COLUMNS` that replaces the stored licence."""
    values = ", ".join([p] * len(COLUMNS))
    return (
        f"INSERT INTO book_licences ({', '.join(COLUMNS)}) VALUES ({values}) "
        "ON CONFLICT (serial, service) DO UPDATE SET "
        + ", ".join(f"{c} = excluded.{c}" for c in COLUMNS[2:])
    )


class BookTable:
    """The book's writes and reads that say the same in both dialects: a store gives its
    placeholder, its row lock and how it passes and reads a time."""

    #: the placeholder of a parameter
    PH: ClassVar[str]
    #: what locks the rows a write reads before it changes them ("" where the
    #: transaction holds the whole file)
    LOCK: ClassVar[str] = ""
    #: how the store writes a time, and reads one back as a datetime
    _time_param: Callable[[datetime | None], Any]
    _time_of: Callable[[Any], datetime]
    #: how the store writes a change's times: to the microsecond, for they are matched
    #: against the history's (:mod:`.timeline`)
    _exact_time: Callable[[datetime], Any]

    if TYPE_CHECKING:  # the store's own (its database layer)

        def _read(self, sql: str, params: Any = ...) -> list[Any]: ...
        def _writing(self) -> AbstractContextManager[Any]: ...

    # ------------------------------------------------------------ writes

    def keep(self, sightings: Iterable[Sighting]) -> list[Sighting]:
        """Also keeps what changed since the stored copy (:mod:`.changes`), in the same
        transaction."""
        p, unknown = self.PH, []
        add_change = (
            f"INSERT INTO book_changes ({', '.join(CHANGE_COLUMNS)}) "
            f"VALUES ({', '.join([p] * len(CHANGE_COLUMNS))})"
        )
        with self._writing() as db:
            for s in sightings:
                older = db.execute(
                    f"SELECT body FROM book_licences WHERE serial = {p} AND service = {p}"
                    + self.LOCK,
                    (s.serial, s.service or ""),
                ).fetchone()
                if s.partial and older is None:
                    unknown.append(s)
                    continue
                note = db.execute(
                    f"SELECT text FROM book_notes WHERE serial = {p}", (s.serial,)
                ).fetchone()
                was = Sighting.from_json(older[0]) if older else None
                merged = replace(s.merged(was), note=note[0] if note else None)
                seen, end = self._time_param(merged.seen_at), self._time_param(merged.end_at)
                db.execute(upsert(p), row(merged, seen, end))
                changed = [] if was is None else changes_between(was, merged)
                if changed:
                    t = self._exact_time
                    db.executemany(
                        add_change, [change_row(c, t(c.seen_at), t(c.since)) for c in changed]
                    )
        return unknown

    def set_note(self, serial: str, text: str, who: str, at: datetime) -> None:
        p, text = self.PH, text.strip()
        with self._writing() as db:
            if text:
                db.execute(
                    f"INSERT INTO book_notes VALUES ({p}, {p}, {p}, {p}) ON CONFLICT (serial) "
                    "DO UPDATE SET text = excluded.text, who = excluded.who, at = excluded.at",
                    (serial, text, who, self._time_param(at)),
                )
            else:
                db.execute(f"DELETE FROM book_notes WHERE serial = {p}", (serial,))
            # the note is part of what a licence is found by: its rows' search text again
            rows = db.execute(
                f"SELECT id, body FROM book_licences WHERE serial = {p}" + self.LOCK, (serial,)
            ).fetchall()
            for rowid, body in rows:
                s = replace(Sighting.from_json(body), note=text or None)
                db.execute(
                    f"UPDATE book_licences SET search = {p}, body = {p} WHERE id = {p}",
                    (s.search(), s.to_json(), rowid),
                )

    def drop_unseen(self, before: datetime) -> int:
        with self._writing() as db:
            return self._drop_unseen(db, before)

    def _drop_unseen(self, db: Any, before: datetime) -> int:
        """The licences not seen since ``before``, in the caller's transaction, and the
        notes and changes they leave behind: a licence's changes outlive it no longer than
        it (its retention)."""
        p = self.PH
        dropped: int = db.execute(
            f"DELETE FROM book_licences WHERE seen_at < {p}", (self._time_param(before),)
        ).rowcount
        db.execute("DELETE FROM book_notes WHERE serial NOT IN (SELECT serial FROM book_licences)")
        db.execute(
            f"DELETE FROM book_changes WHERE seen_at < {p} AND NOT EXISTS (SELECT 1 FROM "
            "book_licences b WHERE b.serial = book_changes.serial "
            "AND b.service = book_changes.service)",
            (self._exact_time(before),),
        )
        return dropped

    # ------------------------------------------------------------ reads

    def copy(self, serial: str, service: str | None = None) -> Sighting | None:
        rows = self._read(
            f"SELECT body FROM book_licences WHERE serial = {self.PH} "
            f"ORDER BY service = {self.PH} DESC, seen_at DESC LIMIT 1",
            (serial, service or ""),
        )
        return Sighting.from_json(rows[0][0]) if rows else None

    def changes(self, serial: str, *, since: datetime | None = None) -> list[Change]:
        sql = f"SELECT {', '.join(CHANGE_COLUMNS)} FROM book_changes WHERE serial = {self.PH}"
        params: list[Any] = [serial]
        if since is not None:
            sql += f" AND seen_at > {self.PH}"
            params.append(self._exact_time(since))
        rows = self._read(sql + " ORDER BY seen_at DESC, id", params)
        return [change_of(r, self._time_of) for r in rows]

    def note(self, serial: str) -> Note | None:
        sql = f"SELECT text, who, at FROM book_notes WHERE serial = {self.PH}"
        rows = self._read(sql, (serial,))
        if not rows:
            return None
        text, who, at = rows[0]
        return Note(text, who, self._time_of(at))

    def ending(self, query: RenewalsQuery) -> list[Sighting]:
        tail, values = narrowed(query.dealer, query.profile, self.PH)
        sql = ENDING.format(p=self.PH) + tail
        times = [self._time_param(query.after), self._time_param(query.before)]
        rows = self._read(sql, [*times, *values])
        return [Sighting.from_json(body) for (body,) in rows]

    def at_limit(self) -> list[Sighting]:
        return [Sighting.from_json(body) for (body,) in self._read(AT_LIMIT)]

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM book_licences")[0][0])
