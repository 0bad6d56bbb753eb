#!/bin/sh
# Puts License Desk's desktop file, AppStream metainfo and icon where the desktop finds
# them, so it is in the applications menu with its icon and opens licensedesk:// links.
#
#   install-desktop.sh [--prefix DIR] [--exec COMMAND] [--uninstall] [--no-refresh]
#
#   --prefix DIR   DIR/share/{applications,metainfo,icons/hicolor/scalable/apps};
#                  default ~/.local (this user); /usr/local or /usr for everyone (as root)
#   --exec CMD     the command the menu entry starts (written into Exec=); default: the
#                  licensedesk next to this script in a bundle, else `licensedesk` on PATH
#   --uninstall    remove the three files again
#   --no-refresh   do not run update-desktop-database / gtk-update-icon-cache
#
# Runs from the source tree (packaging/, what `make install-desktop` calls) or from the
# top of the PyInstaller bundle (dist/licensedesk/install-desktop.sh, next to share/).
# POSIX sh: a bundle's user may have no bash.
set -eu

APP_ID=io.licensedesk.LicenseDesk
here=$(cd "$(dirname "$0")" && pwd)
prefix=${HOME:?}/.local
exec_cmd=
uninstall=
refresh=1

usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 0 ]; do
    case $1 in
        --prefix) [ $# -ge 2 ] || usage; prefix=$2; shift 2 ;;
        --exec) [ $# -ge 2 ] || usage; exec_cmd=$2; shift 2 ;;
        --uninstall) uninstall=1; shift ;;
        --no-refresh) refresh=; shift ;;
        -h|--help) usage ;;
        *) echo "install-desktop.sh: unknown argument: $1" >&2; usage ;;
    esac
done

if [ -f "$here/share/applications/$APP_ID.desktop" ]; then  # inside a bundle
    desktop_src=$here/share/applications/$APP_ID.desktop
    metainfo_src=$here/share/metainfo/$APP_ID.metainfo.xml
    icon_src=$here/share/icons/hicolor/scalable/apps/$APP_ID.svg
    [ -n "$exec_cmd" ] || exec_cmd=$here/licensedesk
else  # the source tree
    root=$(cd "$here/.." && pwd)
    desktop_src=$root/resources/$APP_ID.desktop
    metainfo_src=$root/resources/$APP_ID.metainfo.xml
    icon_src=$root/app/licensedesk/ui/shell/$APP_ID.svg
    [ -n "$exec_cmd" ] || exec_cmd=licensedesk
fi

share=$prefix/share
desktop=$share/applications/$APP_ID.desktop
metainfo=$share/metainfo/$APP_ID.metainfo.xml
icon=$share/icons/hicolor/scalable/apps/$APP_ID.svg

refresh_caches() {
    [ -n "$refresh" ] || return 0
    # the x-scheme-handler/licensedesk entry of mimeinfo.cache: links find the app
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$share/applications" || true
    fi
    if [ -f "$share/icons/hicolor/index.theme" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache -q -t "$share/icons/hicolor" || true
    fi
}

if [ -n "$uninstall" ]; then
    rm -f "$desktop" "$metainfo" "$icon"
    refresh_caches
    echo "removed License Desk's desktop file, metainfo and icon from $share"
    exit 0
fi

for f in "$desktop_src" "$metainfo_src" "$icon_src"; do
    [ -f "$f" ] || { echo "install-desktop.sh: missing $f" >&2; exit 1; }
done

# Exec= takes one quoted argument when the path has a space or a character the desktop
# entry spec reserves; inside quotes ", `, $ and \ are escaped with a backslash
case $exec_cmd in
    *[!A-Za-z0-9_./+-]*)
        escaped=$(printf '%s' "$exec_cmd" | sed 's/[\\"`$]/\\&/g')
        exec_line="\"$escaped\" %U" ;;
    *) exec_line="$exec_cmd %U" ;;
esac
# a literal backslash in a desktop file's string value is written twice; sed's own
# replacement needs & and \ and | escaped once more
sed_value=$(printf '%s' "$exec_line" | sed 's/\\/\\\\/g; s/[&|\\]/\\&/g')

mkdir -p "$share/applications" "$share/metainfo" "$share/icons/hicolor/scalable/apps"
sed "s|^Exec=.*|Exec=$sed_value|" "$desktop_src" >"$desktop.tmp"
chmod 644 "$desktop.tmp"
mv "$desktop.tmp" "$desktop"
cp "$metainfo_src" "$metainfo" && chmod 644 "$metainfo"
cp "$icon_src" "$icon" && chmod 644 "$icon"
refresh_caches
echo "installed License Desk under $share (Exec=$exec_line)"
