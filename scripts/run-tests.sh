#!/usr/bin/env bash
# Runs ruff (lint and format check) and the whole pytest suite inside a private D-Bus session with an
# unlocked gnome-keyring, under a throw-away HOME, so the keyring tests use a
# real Secret Service and nothing lands in the user's own keyring or config.
set -euo pipefail
venv=${1:-.venv}
venv=$(cd "$venv" && pwd)
shift || true

"$venv/bin/ruff" check app tests scripts packaging setup.py
"$venv/bin/ruff" format --check app tests scripts packaging setup.py

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" \
       XDG_DATA_HOME="$scratch/home/.local/share" XDG_CACHE_HOME="$scratch/home/.cache" \
       XDG_STATE_HOME="$scratch/home/.local/state"
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
export QT_QPA_PLATFORM=offscreen QT_API=pyside6
export PYTHONDONTWRITEBYTECODE=1

# not `exec`: the shell stays to run the trap that removes the scratch folder
status=0
if command -v dbus-run-session >/dev/null 2>&1 && command -v gnome-keyring-daemon >/dev/null 2>&1; then
    export LICENSEDESK_TEST_REAL_KEYRING=1
    dbus-run-session -- sh -c '
        echo -n ci-keyring | gnome-keyring-daemon --unlock --components=secrets >/dev/null
        exec "$0" -m pytest "$@"' "$venv/bin/python" "$@" || status=$?
else
    echo "no dbus-run-session/gnome-keyring: keyring tests will be skipped" >&2
    "$venv/bin/python" -m pytest "$@" || status=$?
fi
exit "$status"
