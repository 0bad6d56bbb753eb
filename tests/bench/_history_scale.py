"""A team-sized history made by bulk insert: DESKS desks × PER_DESK entries, one second
apart per desk, in SQL (a million entries in seconds, not the minutes that making each
Entry in Python takes). Shared by the scale benchmarks.

Every entry looks like the window's own: a serial among SERIALS, an action and its
outcome, the device's row in ``before`` (tag, host id) or a licensee for a
registration, a detail. RARE is in the detail of RARE_COUNT entries only (what the
"rare text" search looks for).
"""

from __future__ import annotations

DESKS = 10
PER_DESK = 100_000
SERIALS = 50_000
RARE = "quokka-4417"
RARE_COUNT = 3
START = "2025-01-01 00:00:00"

#: (i, desk) -> the columns, as SQL over ``n`` (0-based entry number) and ``d`` (desk)
_SQLITE = """
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {total} - 1)
INSERT INTO history (id, time, user_name, display_name, machine, profile, service, action,
    serial, activation_ids, product, before_json, outcome, detail, counts, finished,
    other_serial)
SELECT printf('%08x-0000-4000-8000-%012x', i % {desks}, i),
    strftime('%Y-%m-%dT%H:%M:%S', '{start}', '+' || (i / {desks}) || ' seconds')
        || '.' || printf('%06d', (i % {desks}) * 1000) || '+00:00',
    'user' || (i % {desks}), 'Person ' || (i % {desks}), 'desk-' || (i % {desks}),
    'prod', 'https://licences.example.com',
    CASE i % 5 WHEN 0 THEN 'activate' WHEN 1 THEN 'deactivate' WHEN 2 THEN 'delete'
        WHEN 3 THEN 'validate_record' ELSE 'register' END,
    printf('AB%02d-CD%02d-EF%02d-GH%02d-J%03d', (i % {serials}) / 1000000 % 100,
           (i % {serials}) / 10000 % 100, (i % {serials}) / 100 % 100, (i % {serials}) % 100,
           i % 1000),
    (i % 97) || '', 'Studio ' || (i % 7),
    CASE WHEN i % 5 = 4 THEN json_object('name', 'Licensee ' || (i % 20000),
            'email', 'buyer' || (i % 20000) || '@example.com')
        ELSE json_object('id', i % 97, 'activated', json('true'),
            'host_id', printf('%016x%016x', i * 2654435761 % 4294967296, i),
            'device_tag', CASE i % 3 WHEN 0 THEN 'Windows 11__64bits'
                WHEN 1 THEN 'macOS 14__64bits' ELSE 'Linux__64bits' END) END,
    CASE WHEN i % 17 = 0 THEN 'refused' ELSE 'done' END,
    CASE WHEN i IN ({rare}) THEN 'The {word} entry: the dongle was swapped.'
        WHEN i % 17 = 0 THEN 'Max host count reached!' ELSE 'Activation successfully updated.'
        END,
    NULL,
    strftime('%Y-%m-%dT%H:%M:%S', '{start}', '+' || (i / {desks}) || ' seconds')
        || '.' || printf('%06d', (i % {desks}) * 1000 + 80) || '+00:00',
    NULL
FROM n
"""

_POSTGRES = """
INSERT INTO history (id, time, user_name, display_name, machine, profile, service, action,
    serial, activation_ids, product, before_json, outcome, detail, counts, finished,
    other_serial)
SELECT (lpad(to_hex(i % {desks}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid,
    timestamptz '{start}+00' + (i / {desks}) * interval '1 second'
        + (i % {desks}) * interval '1 millisecond',
    'user' || (i % {desks}), 'Person ' || (i % {desks}), 'desk-' || (i % {desks}),
    'prod', 'https://licences.example.com',
    (ARRAY['activate', 'deactivate', 'delete', 'validate_record', 'register'])[i % 5 + 1],
    format('AB%s-CD%s-EF%s-GH%s-J%s', lpad(((i % {serials}) / 1000000 % 100)::text, 2, '0'),
           lpad(((i % {serials}) / 10000 % 100)::text, 2, '0'),
           lpad(((i % {serials}) / 100 % 100)::text, 2, '0'),
           lpad(((i % {serials}) % 100)::text, 2, '0'), lpad((i % 1000)::text, 3, '0')),
    ARRAY[i % 97]::bigint[], 'Studio ' || (i % 7),
    CASE WHEN i % 5 = 4 THEN jsonb_build_object('name', 'Licensee ' || (i % 20000),
            'email', 'buyer' || (i % 20000) || '@example.com')
        ELSE jsonb_build_object('id', i % 97, 'activated', true,
            'host_id', lpad(to_hex(i::bigint * 2654435761 % 4294967296), 16, '0')
                || lpad(to_hex(i), 16, '0'),
            'device_tag', (ARRAY['Windows 11__64bits', 'macOS 14__64bits',
                                 'Linux__64bits'])[i % 3 + 1]) END,
    CASE WHEN i % 17 = 0 THEN 'refused' ELSE 'done' END,
    CASE WHEN i IN ({rare}) THEN 'The {word} entry: the dongle was swapped.'
        WHEN i % 17 = 0 THEN 'Max host count reached!' ELSE 'Activation successfully updated.'
        END,
    NULL,
    timestamptz '{start}+00' + (i / {desks}) * interval '1 second'
        + (i % {desks}) * interval '1 millisecond' + interval '80 milliseconds',
    NULL
FROM generate_series(0, {total} - 1) AS i
"""


def _rare(total: int) -> str:
    return ", ".join(str(total * (k + 1) // (RARE_COUNT + 1)) for k in range(RARE_COUNT))


def sqlite_sql(total: int = DESKS * PER_DESK) -> str:
    return _SQLITE.format(
        total=total, desks=DESKS, serials=SERIALS, start=START, rare=_rare(total), word=RARE
    )


def postgres_sql(total: int = DESKS * PER_DESK) -> str:
    return _POSTGRES.format(
        total=total, desks=DESKS, serials=SERIALS, start=START, rare=_rare(total), word=RARE
    )
