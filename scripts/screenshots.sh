#!/usr/bin/env bash
# Screenshots of the real window (demo mode) under Xvfb into docs/screenshots/.
# Usage: scripts/screenshots.sh [VENV]   (make screenshots calls it with .venv)
# Needs: xvfb xauth (scripts/system-deps.sh qt gui screenshots).
set -euo pipefail
venv=${1:-.venv}
cd "$(dirname "$0")/.."
export QT_QPA_PLATFORM=xcb QT_API=pyside6
shoot() { xvfb-run -a -s "-screen 0 1280x800x24" "$venv/bin/python" scripts/take_screenshots.py docs/screenshots "$@"; }
shoot
shoot --lang de   # the README's German window
