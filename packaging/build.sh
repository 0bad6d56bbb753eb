#!/usr/bin/env bash
# Builds dist/licensedesk/ (one folder) with PyInstaller into packaging/dist.
# The app and PyInstaller are installed at the versions of requirements/bundle.txt (the
# app's run-time lock plus PyInstaller; `make lock`), so every build bundles the tested set.
set -euo pipefail
cd "$(dirname "$0")"
venv=${1:-../.venv}
"$venv/bin/python" -m pip install -q -c ../requirements/bundle.txt -e .. pyinstaller
"$venv/bin/python" -m PyInstaller --noconfirm --clean licensedesk.spec
echo "bundle: $(pwd)/dist/licensedesk"
