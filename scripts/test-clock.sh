#!/usr/bin/env bash
# The clock matrix: the tests run under a shifted wall clock (libfaketime) at the instants
# where dates go wrong, each in a time zone that makes it riskier.
#
# Usage: scripts/test-clock.sh VENV [ROW...] [-- PYTEST-ARGS...]
#   ROW: a name from the table below (default: every row)
#   PYTEST-ARGS: default `-m clock` (the tests that touch dates: tests/conftest.py marks
#   them); `--` alone, or `-- tests`, runs the whole suite at each instant.
#
# The clock is shifted by an offset, so it keeps running (a run that starts at 23:50
# crosses midnight) and every child (the sandbox, PostgreSQL, the CLI) shares it. The
# monotonic clock is left alone: time-outs and the event loop keep their real pace.
# PLATFORM.md says why the small preloaded shim (scripts/clock/) is needed.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:?usage: scripts/test-clock.sh VENV [ROW...] [-- PYTEST-ARGS...]}
shift

# name              instant (UTC)            TZ                   why
ROWS="
year-end            2026-12-31T23:50:00Z     UTC                  the last minutes of a year, then the next
new-year-plus14     2027-01-01T00:10:00Z     Pacific/Kiritimati   UTC+14: a day ahead of UTC all day
eu-spring-forward   2027-03-28T00:55:00Z     Europe/Berlin        02:00 does not exist that night
us-fall-back        2027-11-07T10:55:00Z     America/Adak         UTC-10 with DST: 01:00 to 02:00 happens twice
leap-day            2028-02-29T23:55:00Z     UTC                  29 February, then 1 March
"

rows=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do rows+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
pytest_args=("$@")
[ $# -eq 0 ] && pytest_args=(-m clock)

faketime_lib=$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -n 1 || true)
if [ -z "$faketime_lib" ] || ! command -v cc >/dev/null 2>&1; then
    echo "the clock matrix needs Debian's faketime and a C compiler: scripts/system-deps.sh clock" >&2
    exit 2
fi
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
cc -shared -fPIC -O2 -o "$build/sleep_passthrough.so" scripts/clock/sleep_passthrough.c -ldl

failed=()
summary=()
while read -r name instant zone _why; do
    [ -n "$name" ] || continue
    if [ ${#rows[@]} -gt 0 ] && [[ ! " ${rows[*]} " == *" $name "* ]]; then continue; fi
    offset=$(( $(date -u -d "$instant" +%s) - $(date -u +%s) ))
    sign=+
    [ "$offset" -lt 0 ] && sign=-
    echo "== $name: $instant in $zone (clock shifted by ${offset} s)"
    status=0
    LD_PRELOAD="$build/sleep_passthrough.so:$faketime_lib" FAKETIME="$sign${offset#-}s" \
        FAKETIME_DONT_FAKE_MONOTONIC=1 TZ="$zone" \
        scripts/run-tests.sh "$venv" -q -p no:cacheprovider "${pytest_args[@]}" || status=$?
    summary+=("$name ($instant, $zone): exit $status")
    [ "$status" -eq 0 ] || failed+=("$name")
done <<< "$ROWS"

printf '%s\n' "== clock matrix" "${summary[@]}"
[ ${#summary[@]} -gt 0 ] || { echo "no such row: ${rows[*]}" >&2; exit 2; }
[ ${#failed[@]} -eq 0 ] || { echo "failed at: ${failed[*]}" >&2; exit 1; }
