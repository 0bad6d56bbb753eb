#!/usr/bin/env bash
# Checks a built bundle (packaging/build.sh first). Not part of the test suite.
#
#   packaging/smoke.sh                 # what the bundle holds + a --demo run, offscreen
#   packaging/smoke.sh --gui OUTDIR    # and the real window under Xvfb: a demo lookup
#                                      # and the profiles dialog, screenshots in OUTDIR
#   packaging/smoke.sh --bare          # (root) the same offscreen checks on a bare Debian:
#                                      # a debootstrap'd minbase chroot, first without,
#                                      # then with the `bundle` packages of system-deps.sh
#
# System libraries: `ldd` of Qt's GUI libraries and the platform plugins, with the
# bundle's own folder on the library path as at run time, must find every library on
# this machine (offscreen, X11; Wayland only warns), with fontconfig's configuration
# and a font; what is missing is named with its Debian package (packaging/README.md).
#
# Offscreen: the bundle must hold the app's icons (licensedesk/ui/icons/*.svg, the
# same set as app/), Qt's SVG image plugin and QtSvg, keyring's entry points, and for
# every language of licensedesk/locale our licensedesk.mo and Qt's qtbase_<lang>.qm;
# `--lang <lang> --help` must differ from the English help (the catalogue is read).
# Then, in a temp HOME and (when dbus-daemon and gnome-keyring-daemon are there) a private
# D-Bus session with an unlocked gnome-keyring: the bundle's desktop file is installed for
# that user (install-desktop.sh), the licensedesk scheme's handler must be in
# mimeinfo.cache, and its Exec= line, run with licensedesk://lookup/SERIAL for %U and
# --demo, must look the serial up (the log shows the request, 200) and exit 0 on SIGTERM
# with no traceback on stderr; its log must show the demo sandbox started and stopped, no
# WARNING/ERROR, and name the keyring: the Secret Service (not keyring's fail backend)
# when one runs, else the warning that keys are memory-only. A Qt slot's traceback does
# not change the exit code, and a missing icon at start-up is reported before the log
# file exists, so stderr is checked too. Single instance: with a --demo window open,
# `licensedesk --demo licensedesk://lookup/SERIAL` must exit 0 without a window of its
# own, the open window must look the serial up, and its socket must be gone after it quits.
# --gui (needs xvfb-run, xdotool, ImageMagick's import; uses dbus-run-session and
# gnome-keyring-daemon when present, so the keyring is a real Secret Service): looks
# up L89U-P6Z8-MZ6Z-MABG-Q3RR and opens File > Connection profiles. The log must show
# the lookup and the licence image fetched; LOOK at the PNGs for the rest: icons on
# the buttons, the SKU badge on the licence card, "API keys are kept in: Secret
# Service keyring" in the dialog (without a keyring daemon: "memory only").
# Settings, profiles and logs go to a temp dir; nothing of the user's is touched.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bundle=${BUNDLE:-$here/dist/licensedesk}
serial=L89U-P6Z8-MZ6Z-MABG-Q3RR
# The same checks on each OS (.github/workflows/bundles.yml runs them on Windows, in Git's
# bash, and on macOS, there against the .app's executable: BIN=".../License Desk.app/
# Contents/MacOS/licensedesk"); the system libraries, the desktop file and the D-Bus
# keyring are Linux's only. PySide6's wheels lay Qt out per OS.
case $(uname -s) in
    Linux) os=linux ;;
    Darwin) os=macos ;;
    MINGW* | MSYS* | CYGWIN*) os=windows ;;
    *) os=other ;;
esac
case $os in
    windows) exe=licensedesk.exe qt_plugins=PySide6/plugins qt_translations=PySide6/translations
             svg_plugin=qsvg.dll qtsvg=PySide6/QtSvg.pyd ;;
    macos) exe=licensedesk qt_plugins=PySide6/Qt/plugins qt_translations=PySide6/Qt/translations
           svg_plugin=libqsvg.dylib qtsvg=PySide6/QtSvg.abi3.so ;;
    *) exe=licensedesk qt_plugins=PySide6/Qt/plugins qt_translations=PySide6/Qt/translations
       svg_plugin=libqsvg.so qtsvg=PySide6/QtSvg.abi3.so ;;
esac
bin=${BIN:-$bundle/$exe}
now_ms() {  # milliseconds (macOS's date has no %N: whole seconds there)
    local t
    t=$(date +%s%N)
    [[ $t == *N ]] && t=$(($(date +%s) * 1000000000))
    echo $((t / 1000000))
}
limited() {  # $1 seconds, then the command (macOS has no `timeout`: no limit there)
    if command -v timeout >/dev/null; then timeout "$@"; else shift; "$@"; fi
}

if [[ ${1:-} == --_drive ]]; then  # inside xvfb-run: $2 out dir, $3 log file
    out=$2 log=$3
    "$bin" --demo --quit-after 20000 >"$out/app.stderr" 2>&1 &
    pid=$!
    wid=
    for _ in $(seq 100); do
        wid=$(xdotool search --name "License Desk" 2>/dev/null | head -1) || true
        [[ -n $wid ]] && break
        sleep 0.1
    done
    [[ -n $wid ]] || { echo "FAIL: no window"; kill "$pid"; exit 1; }
    for _ in $(seq 100); do  # the demo service is up
        grep -q "demo sandbox listening" "$log" 2>/dev/null && break
        sleep 0.1
    done
    sleep 1
    xdotool windowfocus --sync "$wid"
    import -window root "$out/1-demo.png"
    xdotool key ctrl+l
    sleep 0.3
    xdotool type --delay 20 "$serial"
    xdotool key Return
    for _ in $(seq 100); do
        grep -q "GET /media/sku/" "$log" 2>/dev/null && break
        sleep 0.1
    done
    sleep 1.5
    import -window root "$out/2-lookup.png"
    xdotool key alt+f
    sleep 0.7
    xdotool key p
    sleep 2
    import -window root "$out/3-profiles.png"
    wait "$pid"  # --quit-after ends it
    exit $?
fi

# --- --bare: a minimal Debian (debootstrap --variant=minbase), the bundle copied in
if [[ ${1:-} == --bare ]]; then
    [[ $(id -u) == 0 ]] || { echo "--bare needs root (debootstrap, chroot)" >&2; exit 2; }
    command -v debootstrap >/dev/null || { echo "--bare needs debootstrap" >&2; exit 2; }
    [[ -x $bundle/licensedesk ]] || { echo "$bundle missing: run packaging/build.sh" >&2; exit 1; }
    suite=${BARE_SUITE:-bookworm}
    root=$(mktemp -d /tmp/licensedesk-bare.XXXXXX)
    cleanup_bare() {
        umount "$root/proc" 2>/dev/null || true
        if mountpoint -q "$root/proc"; then  # never rm -rf through a mount
            echo "left $root: $root/proc is still mounted" >&2
            return
        fi
        rm -rf "$root"
    }
    trap cleanup_bare EXIT
    echo "bare: debootstrap --variant=minbase $suite into $root"
    debootstrap --variant=minbase "$suite" "$root" "${BARE_MIRROR:-http://deb.debian.org/debian}" \
        >"$root.log" 2>&1 || { tail "$root.log" >&2; exit 1; }
    rm -f "$root.log"
    mkdir -p "$root/opt/ld/packaging" "$root/opt/ld/app/licensedesk/ui" "$root/opt/ld/scripts"
    mkdir -p "$root/opt/ld/packaging/dist"
    cp -a "$bundle" "$root/opt/ld/packaging/dist/"
    cp "$0" "$root/opt/ld/packaging/smoke.sh"
    cp -a "$here/../app/licensedesk/ui/icons" "$root/opt/ld/app/licensedesk/ui/"
    cp "$here/../scripts/system-deps.sh" "$root/opt/ld/scripts/"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    mount -t proc proc "$root/proc"  # the device nodes are debootstrap's own
    in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root "$@"; }
    echo "bare: without the bundle packages the check must name what is missing:"
    if in_root bash /opt/ld/packaging/smoke.sh --libs-only >"$root/bare.out" 2>&1; then
        echo "FAIL: the system-library check passed on a bare system" >&2; exit 1
    fi
    grep -q "missing system libraries" "$root/bare.out" || { cat "$root/bare.out" >&2; exit 1; }
    sed 's/^/    /' "$root/bare.out"
    echo "bare: scripts/system-deps.sh bundle"
    in_root bash /opt/ld/scripts/system-deps.sh bundle
    in_root bash /opt/ld/packaging/smoke.sh
    echo "ok: the bundle runs on a bare $suite with the bundle packages only"
    exit 0
fi

gui_out=
libs_only=
[[ ${1:-} == --libs-only ]] && libs_only=1
if [[ ${1:-} == --gui ]]; then
    gui_out=${2:?usage: smoke.sh --gui OUTDIR}
    mkdir -p "$gui_out"
    gui_out=$(cd "$gui_out" && pwd)
fi

fail() { echo "FAIL: $*" >&2; exit 1; }
[[ -x $bin ]] || fail "$bin missing: run packaging/build.sh"
internal=$bundle/_internal

# --- what the bundle holds
want=$(cd "$here/../app/licensedesk/ui/icons" && ls ./*.svg | sort)
have=$(cd "$internal/licensedesk/ui/icons" 2>/dev/null && ls ./*.svg | sort) || true
[[ $want == "$have" ]] || fail "icons in the bundle differ from app/licensedesk/ui/icons"
echo "ok: $(echo "$have" | wc -l) icons at _internal/licensedesk/ui/icons"
for f in "$qt_plugins/imageformats/$svg_plugin" "$qtsvg"; do
    [[ -e $internal/$f ]] || fail "$f missing"
    echo "ok: $f"
done
compgen -G "$internal/keyring-*.dist-info/entry_points.txt" >/dev/null \
    || fail "keyring's entry points (dist-info) missing"
echo "ok: keyring dist-info (backend entry points)"
# our catalogues and Qt's own for the same languages (licensedesk.spec keeps only those)
langs=$(cd "$internal/licensedesk/locale" 2>/dev/null && ls) || true
[[ -n $langs ]] || fail "no catalogues at _internal/licensedesk/locale"
for lang in $langs; do
    for f in "licensedesk/locale/$lang/LC_MESSAGES/licensedesk.mo" \
             "$qt_translations/qtbase_$lang.qm"; do
        [[ -s $internal/$f ]] || fail "$f missing"
    done
done
echo "ok: translations ($(echo $langs)): licensedesk.mo and Qt's qtbase_*.qm"

# --- the system libraries it takes from this machine (scripts/system-deps.sh bundle)
if [[ $os == linux ]]; then
declare -A package_of=(
    [libGL.so.1]=libgl1 [libEGL.so.1]=libegl1 [libxcb.so.1]=libxcb1
    [libwayland-client.so.0]=libwayland-client0 [libwayland-cursor.so.0]=libwayland-cursor0
    [libwayland-egl.so.1]=libwayland-egl1 [libdrm.so.2]=libdrm2
    [glibc]="a glibc as new as the build machine's"
)
missing_libs() {  # $@: files under _internal; prints "lib (package)" per missing library
    local f
    for f in "$@"; do
        LD_LIBRARY_PATH=$internal ldd "$internal/$f" 2>&1 | awk '
            /version .* not found/ { print "glibc"; next }
            /not found/ { print $1 }'
    done | sort -u | while read -r lib; do
        echo "$lib (${package_of[$lib]:-?})"
    done
}
qt=PySide6/Qt/plugins
required=(PySide6/QtCore.abi3.so PySide6/QtGui.abi3.so PySide6/QtWidgets.abi3.so
          PySide6/QtSvg.abi3.so "$qt/platforms/libqoffscreen.so" "$qt/platforms/libqxcb.so"
          "$qt/imageformats/libqsvg.so" "$qt/iconengines/libqsvgicon.so")
mapfile -t gone < <(missing_libs "${required[@]}")
[[ ${#gone[@]} == 0 ]] || fail "missing system libraries (offscreen/X11): ${gone[*]}"
echo "ok: system libraries for offscreen and X11 (Qt core, xcb and SVG plugins)"
mapfile -t gone < <(missing_libs "$qt/platforms/libqwayland.so" \
    "$qt/wayland-shell-integration/libxdg-shell.so")
if [[ ${#gone[@]} == 0 ]]; then
    echo "ok: system libraries for Wayland"
else
    echo "warning: a Wayland session needs: ${gone[*]}"
fi
[[ -e /etc/fonts/fonts.conf ]] || fail "no fontconfig configuration (package libfontconfig1 / fontconfig-config): text would be boxes"
compgen -G "/usr/share/fonts/*/*/*" >/dev/null || compgen -G "/usr/share/fonts/*/*" >/dev/null \
    || fail "no font in /usr/share/fonts (package fonts-dejavu-core): text would be boxes"
echo "ok: fontconfig configuration and fonts"
fi
[[ -z $libs_only ]] || exit 0

top=(LICENSE)
[[ $os != linux ]] || top+=(share/applications/io.licensedesk.LicenseDesk.desktop
    share/metainfo/io.licensedesk.LicenseDesk.metainfo.xml
    share/icons/hicolor/scalable/apps/io.licensedesk.LicenseDesk.svg install-desktop.sh)
for f in "${top[@]}"; do
    [[ -e $bundle/$f ]] || fail "$f missing at the top of the bundle"
done
echo "ok: at the top of the bundle: ${top[*]}"
want_version=
if [[ -f $here/../pyproject.toml ]]; then  # not in --bare's copy
    want_version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$here/../pyproject.toml" | head -1)
fi
if [[ $os == windows ]]; then
    # a windowed Windows executable has no standard output to print --version or --help on
    echo "not checked on Windows: --version and the translated --help (no console)"
else
    have_version=$("$bin" --version 2>/dev/null) || fail "licensedesk --version failed"
    [[ -z $want_version || $have_version == "licensedesk $want_version" ]] \
        || fail "--version says '$have_version', pyproject.toml $want_version"
    echo "ok: $have_version"
    english=$("$bin" --lang en --help)
    for lang in $langs; do  # the catalogue is read in the frozen app: --help is translated
        translated=$("$bin" --lang "$lang" --help)
        [[ $translated != "$english" ]] || fail "--lang $lang --help is the English text"
    done
    echo "ok: --help in $(echo $langs)"
fi

# --- the app's runs, offscreen, in a temp HOME
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export HOME=$scratch/home XDG_CONFIG_HOME=$scratch/home/.config \
       XDG_DATA_HOME=$scratch/home/.local/share XDG_CACHE_HOME=$scratch/home/.cache \
       XDG_STATE_HOME=$scratch/home/.local/state
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
export LICENSEDESK_CONFIG_DIR=$scratch/config LICENSEDESK_LOG_DIR=$scratch/logs
log=$LICENSEDESK_LOG_DIR/licensedesk.log

check_log() {  # $1: what ran
    [[ -s $log ]] || fail "$1: no log at $log"
    grep -q "demo sandbox listening" "$log" || fail "$1: the demo sandbox did not start"
    grep -q "demo sandbox stopped" "$log" || fail "$1: the demo sandbox was not stopped"
    # without a keyring its warning is expected (checked by offscreen_runs), nothing else
    if grep -E "WARNING|ERROR|CRITICAL|Traceback|no icon named" "$log" \
            | grep -vF "API keys are kept in memory only, this session"; then
        fail "$1: warnings or errors in the log (above)"
    fi
}

# the window's pages (and their icons) are built before logging is set up: a
# missing icon's "no icon named …" then goes to stderr, not to the log
bad_stderr="Traceback|Error|no icon named|WARNING|CRITICAL"

# --- the app's runs, offscreen (in a private D-Bus session with a Secret Service when
# there is one: see below); $1 is the scratch folder
offscreen_runs() {
    local scratch=$1 rc took start first
    log=$LICENSEDESK_LOG_DIR/licensedesk.log
    # where API keys go is said at start (ui/shell/keyring_notice.py): with a Secret Service
    # the bundle's keyring backend must be it, not keyring's fail backend (backends missing
    # from the frozen build); without one the bundle must say so, in a warning
    local keyring_line="API keys are kept in the OS keyring: keyring.backends.SecretService.Keyring"
    local memory_line="API keys are kept in memory only, this session"
    case $os in  # the OS's own keyring (macOS: the Keychain; Windows: the Credential Manager)
        macos) keyring_line="API keys are kept in the OS keyring: keyring.backends.macOS.Keyring" ;;
        windows) keyring_line="API keys are kept in the OS keyring: keyring.backends.Windows.WinVaultKeyring" ;;
    esac
    check_keyring() {  # $1: what ran
        if [[ $SMOKE_KEYRING == 1 ]]; then
            grep -qF "$keyring_line" "$log" \
                || fail "$1: the keyring backend is not the OS's: $(grep -F 'API keys' "$log")"
        else
            grep -qF "$memory_line" "$log" || fail "$1: no keyring, and the start did not say so"
        fi
    }

    # the licensedesk:// scheme as a desktop opens a link: the bundle's desktop file installed
    # for this (scratch) user, its handler in mimeinfo.cache, its Exec= line run with the link
    # for %U; the --demo window must look the serial up
    local link="licensedesk://lookup/$serial" exec_line
    if [[ $os == linux ]]; then
        "$bundle/install-desktop.sh" >/dev/null
        local apps=$HOME/.local/share/applications
        local desktop_file=$apps/io.licensedesk.LicenseDesk.desktop
        if command -v update-desktop-database >/dev/null; then
            grep -q "^x-scheme-handler/licensedesk=\(.*;\)\?io\.licensedesk\.LicenseDesk\.desktop;" \
                "$apps/mimeinfo.cache" || fail "scheme: no licensedesk handler in mimeinfo.cache"
        fi
        exec_line=$(sed -n 's/^Exec=//p' "$desktop_file")
        [[ $exec_line == *%U* ]] || fail "scheme: Exec= of the desktop file takes no %U: $exec_line"
        eval "set -- ${exec_line//%U/\"\$link\"}"
        [[ $1 == "$bin" ]] || fail "scheme: Exec= does not start this bundle's licensedesk: $1"
    else  # what the OS runs for a link: Windows' registry command, "licensedesk.exe" "%1"
        set -- "$bin" "$link"
    fi
    # Git's bash on Windows cannot send a native program SIGTERM: it quits by itself there
    [[ $os != windows ]] || set -- "$@" --quit-after 20000
    start=$(now_ms)
    QT_QPA_PLATFORM=offscreen "$@" --demo >"$scratch/stdout" 2>"$scratch/stderr" &
    first=$!
    for _ in $(seq 600); do  # the lookup in the log (or the window gone)
        grep -q "GET /v2/licenses/show-license/$serial.* 200" "$log" 2>/dev/null && break
        kill -0 "$first" 2>/dev/null || break
        sleep 0.1
    done
    took=$(($(now_ms) - start))
    [[ $os == windows ]] || kill -TERM "$first" 2>/dev/null || true
    rc=0
    wait "$first" || rc=$?
    [[ $rc == 0 ]] || { cat "$scratch/stderr" >&2; fail "offscreen --demo LINK exited $rc"; }
    if grep -E "$bad_stderr" "$scratch/stderr"; then fail "offscreen --demo LINK: errors on stderr"; fi
    grep -q "GET /v2/licenses/show-license/$serial.* 200" "$log" \
        || { cat "$log" >&2; fail "offscreen --demo LINK: the serial was not looked up"; }
    check_log "offscreen --demo LINK"
    check_keyring "offscreen --demo LINK"
    echo "ok: $link with --demo looked the serial up (${took} ms to the lookup); exit 0;" \
        "clean log:"
    sed 's/^/    /' "$log"

    if [[ $os == windows ]]; then
        echo "not checked on Windows: the single instance (a named pipe, no socket file to wait for)"
        return
    fi

    # single instance: a second start hands its serial to the window open and exits
    # a short private folder: a socket path holds ~100 bytes, and macOS's temp folders are
    # long (/var/folders/…), so the app would fall back to /tmp, where this does not look
    XDG_RUNTIME_DIR=$(mktemp -d /tmp/ld-smoke.XXXXXX)
    export XDG_RUNTIME_DIR
    chmod 700 "$XDG_RUNTIME_DIR"
    rm -rf "$LICENSEDESK_LOG_DIR"
    QT_QPA_PLATFORM=offscreen "$bin" --demo --quit-after 30000 >/dev/null 2>"$scratch/first.stderr" &
    first=$!
    for _ in $(seq 300); do  # the window listens once built (its socket appears)
        compgen -G "$XDG_RUNTIME_DIR/licensedesk-*-demo.sock" >/dev/null && break
        sleep 0.1
    done
    compgen -G "$XDG_RUNTIME_DIR/licensedesk-*-demo.sock" >/dev/null \
        || { kill "$first"; fail "single instance: the first window does not listen"; }
    start=$(now_ms)
    rc=0
    QT_QPA_PLATFORM=offscreen LICENSEDESK_LOG_DIR=$scratch/second-logs limited 30 \
        "$bin" --demo "$link" 2>"$scratch/second.stderr" || rc=$?
    took=$(($(now_ms) - start))
    [[ $rc == 0 && ! -e $scratch/second-logs ]] \
        || { kill "$first"; cat "$scratch/second.stderr" >&2; fail "single instance: the second start exited $rc or opened a window"; }
    for _ in $(seq 300); do
        grep -q "GET /v2/licenses/show-license/$serial" "$log" 2>/dev/null && break
        sleep 0.1
    done
    kill -TERM "$first"
    rc=0
    wait "$first" || rc=$?
    grep -q "GET /v2/licenses/show-license/$serial" "$log" \
        || fail "single instance: the first window did not look up the serial handed over"
    [[ $rc == 0 ]] || { cat "$scratch/first.stderr" >&2; fail "single instance: the first window exited $rc"; }
    ! compgen -G "$XDG_RUNTIME_DIR/licensedesk-*.sock" >/dev/null \
        || fail "single instance: the socket was not removed on quit"
    rmdir "$XDG_RUNTIME_DIR"
    echo "ok: single instance: a second --demo start handed its link over in ${took} ms and exited 0"
}

# a private D-Bus session with an unlocked gnome-keyring in the temp HOME when there is one
# (as scripts/run-tests.sh): the keyring the bundle picks must then be the Secret Service
SMOKE_KEYRING=0
if [[ $os != linux ]]; then
    SMOKE_KEYRING=1  # the Keychain, the Credential Manager: always there for a logged-in user
elif command -v dbus-daemon >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
    bus=$(dbus-daemon --session --fork --print-address=1 --print-pid=1)
    DBUS_SESSION_BUS_ADDRESS=$(sed -n 1p <<<"$bus")
    export DBUS_SESSION_BUS_ADDRESS
    bus_pid=$(sed -n 2p <<<"$bus")
    # the keyring daemon leaves with its bus
    trap 'kill "$bus_pid" 2>/dev/null; rm -rf "$scratch"' EXIT
    echo -n smoke | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    SMOKE_KEYRING=1
    echo "offscreen: a private D-Bus session with an unlocked gnome-keyring"
else
    unset DBUS_SESSION_BUS_ADDRESS
    echo "offscreen: no dbus-daemon/gnome-keyring-daemon: the start must say keys are memory-only"
fi
offscreen_runs "$scratch"

[[ -n $gui_out ]] || exit 0

# --- the real window under Xvfb, with a Secret Service when there is one
rm -rf "$LICENSEDESK_LOG_DIR"
for tool in xvfb-run xdotool import; do
    command -v "$tool" >/dev/null || fail "--gui needs $tool"
done
drive=(xvfb-run -a -s "-screen 0 1280x800x24" "$0" --_drive "$gui_out" "$log")
rc=0
if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
    echo "gui: private D-Bus session with an unlocked gnome-keyring"
    QT_QPA_PLATFORM=xcb dbus-run-session -- sh -c '
        echo -n smoke | gnome-keyring-daemon --unlock --components=secrets >/dev/null
        exec "$@"' sh "${drive[@]}" 2>"$scratch/gui.stderr" || rc=$?
else
    echo "gui: no dbus-run-session/gnome-keyring-daemon: the dialog will say memory only"
    QT_QPA_PLATFORM=xcb "${drive[@]}" 2>"$scratch/gui.stderr" || rc=$?
fi
[[ $rc == 0 ]] || { cat "$scratch/gui.stderr" "$gui_out/app.stderr" >&2; fail "gui run exited $rc"; }
if grep -E "$bad_stderr" "$gui_out/app.stderr"; then fail "gui run: errors on stderr"; fi
check_log "gui run"
grep -q "GET /v2/licenses/show-license/$serial.* 200" "$log" || fail "gui run: no lookup in the log"
grep -q "GET /media/sku/.* 200" "$log" || fail "gui run: the licence image was not fetched"
cp "$log" "$gui_out/licensedesk.log"
echo "ok: gui run: exit 0, lookup and licence image in the log; look at:"
ls -1 "$gui_out"/*.png | sed 's/^/    /'
