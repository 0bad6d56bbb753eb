#!/usr/bin/env bash
# Signs the .app, then signs and notarises the DMG, when the secrets are set, as
# .github/workflows/bundles.yml passes them: MACOS_CERTIFICATE (a Developer ID Application
# .p12, base64), MACOS_CERTIFICATE_PASSWORD, MACOS_SIGNING_IDENTITY ("Developer ID
# Application: NAME (TEAMID)"); for notarisation MACOS_NOTARY_APPLE_ID,
# MACOS_NOTARY_PASSWORD (an app-specific password) and MACOS_NOTARY_TEAM_ID. Without
# them: one line each, and the result stays unsigned (Gatekeeper then refuses a
# double-click: right-click > Open, packaging/README.md).
#
#   packaging/macos/sign.sh app "dist/License Desk.app"   # imports the certificate first
#   packaging/macos/sign.sh dmg dist/LicenseDesk-….dmg    # after make-dmg.sh
set -euo pipefail
what=${1:?usage: sign.sh app|dmg PATH}
path=${2:?usage: sign.sh app|dmg PATH}
if [[ -z ${MACOS_CERTIFICATE:-} || -z ${MACOS_SIGNING_IDENTITY:-} ]]; then
    echo "signing skipped: no MACOS_CERTIFICATE/MACOS_SIGNING_IDENTITY secret; $path stays unsigned"
    exit 0
fi
case $what in
    app)
        # a keychain of this job's own holding the certificate, searched by codesign
        keychain=$RUNNER_TEMP/signing.keychain-db
        password=$(uuidgen)
        base64 --decode <<<"$MACOS_CERTIFICATE" >"$RUNNER_TEMP/cert.p12"
        security create-keychain -p "$password" "$keychain"
        security set-keychain-settings -lut 21600 "$keychain"
        security unlock-keychain -p "$password" "$keychain"
        security import "$RUNNER_TEMP/cert.p12" -P "${MACOS_CERTIFICATE_PASSWORD:-}" \
            -A -t cert -f pkcs12 -k "$keychain"
        security set-key-partition-list -S apple-tool:,apple: -k "$password" "$keychain" >/dev/null
        existing=()  # the user's keychains stay searched after ours
        while IFS= read -r line; do
            line=${line//\"/}
            existing+=("${line#"${line%%[![:space:]]*}"}")
        done < <(security list-keychains -d user)
        security list-keychains -d user -s "$keychain" "${existing[@]}"
        rm -f "$RUNNER_TEMP/cert.p12"
        # the hardened runtime, which notarisation requires
        codesign --force --deep --options runtime --timestamp \
            --sign "$MACOS_SIGNING_IDENTITY" "$path"
        codesign --verify --strict --deep --verbose=2 "$path"
        echo "signed: $path"
        ;;
    dmg)
        codesign --force --timestamp --sign "$MACOS_SIGNING_IDENTITY" "$path"
        if [[ -z ${MACOS_NOTARY_APPLE_ID:-} || -z ${MACOS_NOTARY_PASSWORD:-} || -z ${MACOS_NOTARY_TEAM_ID:-} ]]; then
            echo "notarisation skipped: no MACOS_NOTARY_* secrets; $path is signed, not notarised"
            exit 0
        fi
        xcrun notarytool submit "$path" --apple-id "$MACOS_NOTARY_APPLE_ID" \
            --password "$MACOS_NOTARY_PASSWORD" --team-id "$MACOS_NOTARY_TEAM_ID" --wait
        xcrun stapler staple "$path"
        echo "signed and notarised: $path"
        ;;
    *) echo "sign.sh: app or dmg, not $what" >&2; exit 2 ;;
esac
