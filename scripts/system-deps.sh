#!/usr/bin/env bash
# Installs the Debian packages a task needs, only those that are missing.
# Usage: scripts/system-deps.sh GROUP...   (groups: venv qt gui test desktop screenshots clock bundle smoke)
# Why a script: `make run`, `make test` and `.ci/run` all need the same lists,
# and a machine that already has them should not be asked for a password.
set -euo pipefail

pkgs_for() {
    case "$1" in
        venv) echo "python3-venv python3-pip" ;;
        # what Qt needs even offscreen (fonts, EGL/GL stubs, xkb, D-Bus for keyring)
        qt) echo "libegl1 libgl1 libfontconfig1 libxkbcommon0 libglib2.0-0 libdbus-1-3 fonts-dejavu-core" ;;
        # Qt's xcb platform plugin, for a real window (PLATFORM.md)
        gui) echo "libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-randr0 libxcb-shape0 libxcb-xfixes0 libxcb-xkb1 libxkbcommon-x11-0" ;;
        # a real Secret Service for the keyring tests; a PostgreSQL server (initdb, pg_ctl)
        # that the team-history tests start in a temporary folder; locales: the CLI tests
        # build a Latin-1 locale with localedef into a temporary LOCPATH (no root needed);
        # a real notification daemon (dunst, on an Xvfb display) that the renewals
        # notification tests start on a private D-Bus; NSIS's makensis, which compiles the
        # Windows installer's script around a stand-in payload
        test) echo "gnome-keyring dbus dbus-x11 libsecret-1-0 postgresql locales xvfb dunst nsis" ;;
        # the validators of the desktop file and the AppStream metainfo (appstreamcli,
        # desktop-file-validate; update-desktop-database for the licensedesk:// handler)
        desktop) echo "appstream desktop-file-utils" ;;
        screenshots) echo "xvfb xauth imagemagick" ;;
        # the clock matrix (scripts/test-clock.sh): libfaketime, the zone database, and a C
        # compiler for its small sleep shim
        clock) echo "faketime tzdata gcc libc6-dev" ;;
        # what the PyInstaller bundle takes from the machine it runs on (packaging/README.md,
        # checked on a bare Debian by `packaging/smoke.sh --bare`): Qt's GUI libraries link
        # libGL, libEGL and libxcb even offscreen; libfontconfig1 brings fontconfig's
        # configuration and a font (fonts-dejavu-core); the three libwayland libraries are
        # for Qt's Wayland platform (a Wayland session; X11 and offscreen do without them)
        bundle) echo "libgl1 libegl1 libxcb1 libfontconfig1 libwayland-client0 libwayland-cursor0 libwayland-egl1" ;;
        # packaging/smoke.sh (make bundle): a private D-Bus session with gnome-keyring, so the
        # bundle's keyring must be the Secret Service
        smoke) echo "gnome-keyring dbus" ;;
        *) echo "unknown group: $1" >&2; exit 2 ;;
    esac
}

command -v dpkg-query >/dev/null 2>&1 || { echo "not a Debian system: install the packages of '$*' yourself" >&2; exit 0; }

missing=()
for group in "$@"; do
    for p in $(pkgs_for "$group"); do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "Installing Debian packages: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
