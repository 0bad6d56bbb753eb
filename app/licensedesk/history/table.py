"""The history table's writes and reads that say the same in both dialects: each store
(:mod:`.sqlite_store`, :mod:`.postgres_store`) gives its placeholder, its SELECT and
how it passes a time, a list of ids and a JSON value; the statements are made here once."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar

from licensedesk.storage.scrub import scrub_text

from .model import Entry, HistoryQuery
from .paging import PAGE, Sort, count_sql, page_sql
from .scrub import clean_entry
from .sql import WRITTEN, EntryList, order_and_limit, other_serial
from .streaming import stream_entries

__all__ = ["HistoryTable", "insert"]


def insert(ph: str, *, replace: bool) -> str:
    """The INSERT of an entry's :data:`.sql.WRITTEN` columns; one already stored (by
    its id) is replaced, or (an import) kept."""
    values = ", ".join([ph] * len(WRITTEN))
    head = f"INSERT INTO history ({', '.join(WRITTEN)}) VALUES ({values}) ON CONFLICT (id) "
    if not replace:
        return head + "DO NOTHING"
    return head + "DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in WRITTEN[1:])


class HistoryTable:
    """Writes, reads and counts of the history table, in the store's dialect."""

    #: the placeholder of a parameter
    PH: ClassVar[str]
    #: SELECT of :data:`.sql.COLUMNS` as :class:`.sql.EntryList` reads them
    ROWS_SELECT: ClassVar[str]
    #: a cast for an id's placeholder (``::uuid``) where ids are not text
    ID_CAST: ClassVar[str] = ""
    #: how the store writes a time, activation ids and a JSON value
    _time_param: Callable[[datetime], Any]
    _ids_param: Callable[[tuple[int, ...]], Any]
    _json_param: Callable[[Any], Any]

    if TYPE_CHECKING:  # the store's own (its database layer and its dialect)

        def _read(self, sql: str, params: Any = ...) -> list[Any]: ...
        def execute_write(self, sql: str, params: Any = ...) -> int: ...
        def where_clause(
            self, query: HistoryQuery, *, indexed: bool = True
        ) -> tuple[str, list[Any]]: ...
        def time_of(self, stored: Any) -> datetime: ...

    def _row(self, entry: Entry) -> tuple[Any, ...]:
        """``entry`` as the values of :data:`.sql.WRITTEN`."""
        return (
            entry.id,
            self._time_param(entry.time),
            entry.user,
            entry.display_name,
            entry.machine,
            entry.profile,
            entry.service,
            entry.action,
            entry.serial,
            self._ids_param(entry.activation_ids),
            entry.product,
            self._json_param(entry.before) if entry.before is not None else None,
            entry.outcome,
            entry.detail,
            self._json_param(entry.counts) if entry.counts is not None else None,
            self._time_param(entry.finished) if entry.finished else None,
            other_serial(entry),
        )

    # ------------------------------------------------------------ writes

    def write(self, entry: Entry) -> None:
        entry = clean_entry(entry)  # the canary rule: no key, password or URL query stored
        self.execute_write(insert(self.PH, replace=True), self._row(entry))

    def complete(
        self,
        entry_id: str,
        outcome: str,
        detail: str | None,
        counts: dict[str, int] | None,
        finished: datetime,
    ) -> bool:
        p = self.PH
        changed = self.execute_write(
            f"UPDATE history SET outcome = {p}, detail = {p}, counts = {p}, finished = {p} "
            f"WHERE id = {p}",
            (
                outcome,
                scrub_text(detail),
                self._json_param(counts) if counts is not None else None,
                self._time_param(finished),
                entry_id,
            ),
        )
        return changed > 0

    def remove_before(self, before: datetime) -> int:
        """Remove the entries older than ``before`` (:mod:`.retention`); how many."""
        sql = f"DELETE FROM history WHERE time < {self.PH}"
        return self.execute_write(sql, [self._time_param(before)])

    # ------------------------------------------------------------ reads

    def _select(self, sql: str, params: Any) -> EntryList:
        return EntryList(self._read(sql, params), self.time_of)

    def get(self, entry_id: str) -> Entry | None:
        found = self._select(self.ROWS_SELECT + f" WHERE id = {self.PH}", (entry_id,))
        return found[0] if found else None

    def history(self, serial: str, limit: int | None = None) -> EntryList:
        return self.query(HistoryQuery(serial=serial, limit=limit))

    def query(self, query: HistoryQuery) -> EntryList:
        clause, params = self.where_clause(query)
        tail, more = order_and_limit(query.limit, self.PH)
        return self._select(self.ROWS_SELECT + clause + tail, params + more)

    def export(self, since: datetime | None = None) -> Iterator[Entry]:
        yield from stream_entries(self, HistoryQuery(since=since), oldest_first=True)  # type: ignore[arg-type]

    def page(
        self,
        query: HistoryQuery,
        sort: Sort = Sort(),  # noqa: B008
        after: Any = None,
        limit: int = PAGE,
        offset: int = 0,
    ) -> EntryList:
        """The ``limit`` entries matching ``query`` after the entry ``after`` (None: from
        the first) and the ``offset`` next to it, in ``sort``'s order (:mod:`.paging`)."""
        clause, params = self.where_clause(query)
        tail, params = page_sql(
            clause,
            params,
            sort,
            after,
            limit,
            ph=self.PH,
            time_param=self._time_param,
            id_param=self.ID_CAST,
            offset=offset,
        )
        return self._select(self.ROWS_SELECT + tail, params)

    def count_matching(self, query: HistoryQuery) -> int:
        clause, params = self.where_clause(query)
        return int(self._read(count_sql(clause), params)[0][0])

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM history")[0][0])
