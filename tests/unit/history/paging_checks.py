"""Pages, sorts, counts and the search index, as both stores must answer them (SQLite in
test_search_paging.py, PostgreSQL in tests/contract/history/test_team_search.py)."""

from __future__ import annotations

from datetime import timedelta

from licensedesk.history import HistoryQuery
from licensedesk.history.paging import SORTS, Sort

from .checks import OTHER, T0, entry

DEVICE = "Windows 11__64bits"


def many(store, n: int = 23) -> list:
    """``n`` entries, several at the same second (the keyset's tie on time), some without
    serial, profile or detail (columns that sort as "")."""
    items = []
    for i in range(n):
        items.append(
            entry(
                time=T0 + timedelta(seconds=i // 3),
                user=("ana", "bo", "cy")[i % 3],
                action=("activate", "deactivate", "delete", "register")[i % 4],
                outcome=("done", "refused")[i % 2],
                serial=None if i % 5 == 0 else OTHER,
                profile=None if i % 4 == 0 else f"p{i % 3}",
                detail=None if i % 2 else f"message {i % 6}",
                before={
                    "host_id": f"{i:032x}",
                    "device_tag": DEVICE,
                    "name": "Jörg Ünal" if i == 7 else "Kim",
                },
            )
        )
    store.import_entries(items)
    return items


def walk(store, query: HistoryQuery, sort: Sort, size: int) -> list[str]:
    """Every page of ``query`` in ``sort``'s order, ``size`` at a time; their ids."""
    ids, after = [], None
    while True:
        page = store.page(query, sort, after, size)
        ids += [e.id for e in page]
        if len(page) < size:
            return ids
        after = page[-1]


def expected(items: list, sort: Sort) -> list[str]:
    _sql, value = SORTS[sort.key]
    keyed = sorted(
        items,
        key=lambda e: (value(e) if sort.key != "time" else "", e.time, e.id),
        reverse=sort.descending,
    )
    return [e.id for e in keyed]


def check_pages_in_every_order(store) -> None:
    """Pages of 4 walk the whole list in each column's order, both ways, each entry once
    (ids are UUID text: their text order is PostgreSQL's uuid order too)."""
    items = many(store)
    for key in SORTS:
        for descending in (True, False):
            sort = Sort(key, descending)
            got = walk(store, HistoryQuery(), sort, 4)
            assert len(got) == len(set(got)) == len(items), (key, descending)
            assert got == expected(items, sort), (key, descending)
    assert walk(store, HistoryQuery(person="bo"), Sort("serial"), 3) == expected(
        [e for e in items if e.user == "bo"], Sort("serial")
    )


def check_pages_backward_and_skipped(store) -> None:
    """The page before an entry is the page after it in the other order, and an offset
    skips entries past the keyset (or past either end), in each column's order both ways:
    how the History window reads a page it forgot, and jumps."""
    items = many(store)
    for key in SORTS:
        for descending in (True, False):
            sort, back = Sort(key, descending), Sort(key, descending).reversed()
            held = list(store.page(HistoryQuery(), sort, None, 100))
            ids = [e.id for e in held]
            assert ids == expected(items, sort), (key, descending)

            def read(order: Sort, after, limit: int, offset: int = 0) -> list[str]:
                return [e.id for e in store.page(HistoryQuery(), order, after, limit, offset)]

            assert read(back, held[12], 5)[::-1] == ids[7:12], (key, descending)
            assert read(back, held[3], 5)[::-1] == ids[:3]  # the top: fewer
            assert read(sort, held[3], 4, 6) == ids[10:14], (key, descending)
            assert read(sort, None, 4, 9) == ids[9:13]
            assert read(back, None, 3, 2)[::-1] == ids[-5:-2]
            assert read(back, held[12], 5, 4)[::-1] == ids[3:8], (key, descending)
            assert read(sort, None, 4, len(ids)) == []


def check_counts(store) -> None:
    items = many(store)
    assert store.count_matching(HistoryQuery()) == len(items)
    assert store.count_matching(HistoryQuery(outcome="refused")) == len(
        [e for e in items if e.outcome == "refused"]
    )
    assert store.count_matching(HistoryQuery(text="Jörg")) == 1
    assert store.count_matching(HistoryQuery(text="nobody has this")) == 0


def check_search_finds_what_the_scan_finds(store) -> None:
    """Each field the search looks in, any case; the index and the scan agree."""
    items = many(store)
    store.write(
        entry(
            serial="ZZZZ-ABCD-EFGH-IJKL-MNOP",
            machine="desk-ô",
            action="register",
            product="Studio Pro",
            activation_ids=(4711,),
            detail="100% done",
        )
    )
    cases = {
        "abcd-efgh": 1,  # serial, any case
        "desk-ô": 1,  # machine
        "studio pro": 1,  # product
        "4711": 1,  # activation ids
        "100%": 1,  # the wildcard taken literally
        "message 4": len([e for e in items if e.detail == "message 4"]),
        "11__64": len(items),  # before's device tag
        "00000000000000000000000000000016": 1,  # a host id
        "Jörg Ünal": 1,  # a licensee in before (letters beyond ASCII: as stored)
        "deactivate": len([e for e in items if e.action == "deactivate"]),
        "ab": None,  # too short for the index: the scan answers
        "nobody has this": 0,
    }
    for text, n in cases.items():
        found = store.page(HistoryQuery(text=text), limit=100)
        if n is not None:
            assert len(found) == n, (text, len(found))
        assert store.count_matching(HistoryQuery(text=text)) == len(found), text
    # no search matches across two fields ("…bo\ndesk-1…" is two fields)
    assert store.page(HistoryQuery(text="bo desk")) == []
