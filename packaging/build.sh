#!/usr/bin/env bash
# Builds dist/licensedesk/ (one folder) with PyInstaller into packaging/dist, and on Linux
# the tarball of it, dist/licensedesk-VERSION-linux-ARCH.tar.gz (what a Linux user gets:
# packaging/README.md). The app and PyInstaller are installed at the versions of
# requirements/bundle.txt (the app's run-time lock plus PyInstaller; `make lock`), so
# every build bundles the tested set. On macOS the spec also makes dist/License Desk.app.
#
#   packaging/build.sh [VENV]        # VENV: .venv by default (`make bundle` passes its own)
set -euo pipefail
cd "$(dirname "$0")"
venv=${1:-../.venv}
python=$venv/bin/python
[[ -x $python ]] || python=$venv/Scripts/python.exe  # a Windows venv
"$python" -m pip install -q -c ../requirements/bundle.txt -e .. pyinstaller
"$python" -m PyInstaller --noconfirm --clean licensedesk.spec
echo "bundle: $(pwd)/dist/licensedesk"
if [[ $(uname -s) == Linux ]]; then
    version=$(sed -n 's/^version = "\(.*\)"/\1/p' ../pyproject.toml | head -1)
    tarball=dist/licensedesk-$version-linux-$(uname -m).tar.gz
    tar -C dist -czf "$tarball" licensedesk
    echo "tarball: $(pwd)/$tarball ($(du -m "$tarball" | cut -f1) MB)"
fi
