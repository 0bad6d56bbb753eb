"""What the two book stores share: the row a sighting is stored as, and the find query's
words, patterns, order and tiers (the statements said once: :mod:`.table`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from licensedesk.history.sql import like_pattern

from .changes import Change
from .folding import fold, search_words
from .sighting import Sighting

#: the columns of ``book_licences`` a sighting fills, in :func:`row` order
COLUMNS = (
    "serial",
    "service",
    "profile",
    "seen_at",
    "licensee_f",
    "email_f",
    "dealer",
    "type",
    "end_at",
    "full_seats",
    "linked",
    "search",
    "body",
)


def row(s: Sighting, seen_at: Any, end_at: Any) -> tuple[Any, ...]:
    """``s`` as the values of :data:`COLUMNS` (times as the store writes them)."""
    return (
        s.serial,
        s.service or "",
        s.profile,
        seen_at,
        s.folded("licensee"),
        s.folded("email"),
        s.dealer,
        s.type,
        end_at,
        s.full,
        s.linked,
        s.search(),
        s.to_json(),
    )


#: the columns of ``book_changes`` a change fills, in :func:`change_row` order
CHANGE_COLUMNS = (
    "serial",
    "service",
    "seen_at",
    "since",
    "kind",
    "old_value",
    "new_value",
    "host_id",
    "tag",
    "product",
    "activation_id",
)


def change_row(c: Change, seen_at: Any, since: Any) -> tuple[Any, ...]:
    """``c`` as the values of :data:`CHANGE_COLUMNS` (times as the store writes them)."""
    return (
        c.serial,
        c.service,
        seen_at,
        since,
        c.kind,
        c.old,
        c.new,
        c.host_id,
        c.tag,
        c.product,
        c.activation_id,
    )


def change_of(values: Any, time_of: Any) -> Change:
    """A row of :data:`CHANGE_COLUMNS` as a change (``time_of`` reads a stored time)."""
    serial, service, seen_at, since, kind, old, new, host_id, tag, product, aid = values
    return Change(
        serial,
        service,
        time_of(seen_at),
        time_of(since),
        kind,
        old,
        new,
        host_id,
        tag,
        product,
        aid,
    )


class Find(NamedTuple):
    """A find's words, split by how the store looks them up."""

    long: list[str]  # looked up in the trigram index
    short: list[str]  # too short for it: they narrow what the index found
    serial: str  # the text as a serial, for "an exact serial first"
    pattern: str  # the whole text, for "then e-mail, then name"


def find_words(text: str) -> Find | None:
    """None when ``text`` has no word long enough to look up."""
    words = search_words(text)
    if not words:
        return None
    folded = fold(text)
    return Find(
        long=[w for w in words if len(w) >= 3],
        short=[w for w in words if len(w) < 3],
        serial=text.strip().upper(),
        pattern=like_pattern(folded),
    )


#: a find's order, one tier after the other: exact serial, then the whole text in the
#: e-mail, then in the name, then the rest (placeholders: the serial, then the pattern
#: once or twice); within each, the most recently seen first (:data:`NEWEST`). A
#: store reads them one tier at a time, each with its own LIMIT, and stops when it has
#: enough: a common word's newest licences then come through an index on ``seen_at``
#: instead of all of them being ranked. The first two tiers' text holds every word
#: already; the others need "holds every word" besides.
TIERS = (
    "b.serial = {p}",
    "b.serial <> {p} AND b.email_f LIKE {p} ESCAPE '\\'",
    "b.serial <> {p} AND b.email_f NOT LIKE {p} ESCAPE '\\' AND b.licensee_f LIKE {p} ESCAPE '\\'",
    "b.serial <> {p} AND b.email_f NOT LIKE {p} ESCAPE '\\' "
    "AND b.licensee_f NOT LIKE {p} ESCAPE '\\'",
)
NEWEST = "b.seen_at DESC, b.id"
#: the tiers whose text may lack a word: they also need "holds every word"
NEED_WORDS = (0, 3)


def tier_where(words: Find, tier: int, p: str) -> tuple[str, list[str]]:
    """``TIERS[tier]`` with the placeholder ``p``, and its parameters; "holds every
    word" (on the folded search text) before it where the tier needs it."""
    where, params = TIERS[tier].format(p=p), [words.serial] + [words.pattern] * min(tier, 2)
    if tier in NEED_WORDS:
        every = words.long + words.short
        holds = " AND ".join([f"b.search LIKE {p} ESCAPE '\\'"] * len(every))
        where, params = f"{holds} AND {where}", [*map(like_pattern, every), *params]
    return where, params


def who_column(who: str) -> tuple[str, str]:
    """(the column ``who`` is matched in, the value): a serial, an e-mail or a name."""
    from licensedesk.api.serials import SERIAL_RE

    text = who.strip()
    if SERIAL_RE.fullmatch(text.upper()):
        return "serial", text.upper()
    return ("email_f" if "@" in text else "licensee_f"), fold(text)


#: the renewals' query, without its placeholders' style (``{p}``) and its narrowing
ENDING = (
    "SELECT b.body FROM book_licences b WHERE b.type IN ('subscription', 'trial') "
    "AND b.end_at >= {p} AND b.end_at < {p}"
)
AT_LIMIT = "SELECT b.body FROM book_licences b WHERE b.full_seats ORDER BY b.seen_at DESC"


def narrowed(dealer: str | None, profile: str | None, p: str) -> tuple[str, list[str]]:
    """The renewals' narrowing by dealer (a fragment) and profile, and its values."""
    sql, values = "", []
    if dealer:
        sql += f" AND lower(b.dealer) LIKE {p} ESCAPE '\\'"
        values.append(like_pattern(dealer.strip().lower()))
    if profile:
        sql += f" AND b.profile = {p}"
        values.append(profile)
    return sql + " ORDER BY b.end_at, b.serial", values
