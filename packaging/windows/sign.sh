#!/usr/bin/env bash
# Signs a Windows executable with Authenticode (signtool, SHA-256, timestamped) when the
# signing secret is set, as .github/workflows/bundles.yml passes it: WINDOWS_CERTIFICATE
# (the .pfx, base64) and WINDOWS_CERTIFICATE_PASSWORD. Without it: one line, and the file
# stays unsigned (Windows SmartScreen then warns whoever runs it). Git's bash on Windows.
#
#   packaging/windows/sign.sh FILE.exe
set -euo pipefail
file=${1:?usage: sign.sh FILE.exe}
if [[ -z ${WINDOWS_CERTIFICATE:-} ]]; then
    echo "signing skipped: no WINDOWS_CERTIFICATE secret; $file stays unsigned"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
base64 -d <<<"$WINDOWS_CERTIFICATE" >"$work/cert.pfx"
signtool=$(ls "/c/Program Files (x86)/Windows Kits/10/bin/"*/x64/signtool.exe | sort -V | tail -1)
"$signtool" sign //f "$(cygpath -w "$work/cert.pfx")" //p "${WINDOWS_CERTIFICATE_PASSWORD:-}" \
    //fd sha256 //tr http://timestamp.digicert.com //td sha256 "$(cygpath -w "$file")"
"$signtool" verify //pa "$(cygpath -w "$file")"
echo "signed: $file"
