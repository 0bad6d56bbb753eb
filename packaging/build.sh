#!/usr/bin/env bash
# Builds dist/licensedesk/ (one folder) with PyInstaller into packaging/dist.
set -euo pipefail
cd "$(dirname "$0")"
venv=${1:-../.venv}
"$venv/bin/python" -m pip install -q "pyinstaller>=6.0"
"$venv/bin/python" -m PyInstaller --noconfirm --clean licensedesk.spec
echo "bundle: $(pwd)/dist/licensedesk"
