#!/usr/bin/env bash
# The macOS disk image: "License Desk.app" (built by packaging/build.sh on a Mac: the spec's
# BUNDLE) and a link to /Applications to drag it onto, in a compressed read-only DMG.
#
#   packaging/macos/make-dmg.sh [OUT.dmg]   # default: dist/LicenseDesk-VERSION-macos-ARCH.dmg
#
# Run on macOS only (hdiutil). Sign the .app before (codesign), notarise the DMG after
# (.github/workflows/bundles.yml does both when its signing secrets are set).
set -euo pipefail
cd "$(dirname "$0")/.."
app="dist/License Desk.app"
[[ -d $app ]] || { echo "$app missing: run packaging/build.sh on macOS" >&2; exit 1; }
version=$(sed -n 's/^version = "\(.*\)"/\1/p' ../pyproject.toml | head -1)
out=${1:-dist/LicenseDesk-$version-macos-$(uname -m).dmg}
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
cp -R "$app" "$staging/"
ln -s /Applications "$staging/Applications"
rm -f "$out"
hdiutil create -volname "License Desk" -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$out"
echo "dmg: $(pwd)/$out"
