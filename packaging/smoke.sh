#!/usr/bin/env bash
# Checks a built bundle (packaging/build.sh first). Not part of the test suite.
#
#   packaging/smoke.sh                 # what the bundle holds + a --demo run, offscreen
#   packaging/smoke.sh --gui OUTDIR    # and the real window under Xvfb: a demo lookup
#                                      # and the profiles dialog, screenshots in OUTDIR
#
# Offscreen: the bundle must hold the app's icons (licensedesk/ui/icons/*.svg, the
# same set as app/), Qt's SVG image plugin and QtSvg, keyring's entry points; then
# `licensedesk --demo --quit-after 4000` must exit 0, print no traceback, and its
# log must show the demo sandbox started and stopped with no WARNING/ERROR. A Qt
# slot's traceback does not change the exit code, and a missing icon at start-up
# is reported before the log file exists, so stderr is checked too.
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
bin=$bundle/licensedesk
serial=L89U-P6Z8-MZ6Z-MABG-Q3RR

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

gui_out=
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
for f in PySide6/Qt/plugins/imageformats/libqsvg.so PySide6/QtSvg.abi3.so; do
    [[ -e $internal/$f ]] || fail "$f missing"
    echo "ok: $f"
done
compgen -G "$internal/keyring-*.dist-info/entry_points.txt" >/dev/null \
    || fail "keyring's entry points (dist-info) missing"
echo "ok: keyring dist-info (backend entry points)"

# --- a --demo run, offscreen
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
    if grep -E "WARNING|ERROR|CRITICAL|Traceback|no icon named" "$log"; then
        fail "$1: warnings or errors in the log (above)"
    fi
}

# the window's pages (and their icons) are built before logging is set up: a
# missing icon's "no icon named …" then goes to stderr, not to the log
bad_stderr="Traceback|Error|no icon named|WARNING|CRITICAL"
start=$(date +%s%N)
rc=0
QT_QPA_PLATFORM=offscreen timeout 60 "$bin" --demo --quit-after 4000 \
    >"$scratch/stdout" 2>"$scratch/stderr" || rc=$?
took=$(( ($(date +%s%N) - start) / 1000000 ))
[[ $rc == 0 ]] || { cat "$scratch/stderr" >&2; fail "offscreen --demo exited $rc"; }
if grep -E "$bad_stderr" "$scratch/stderr"; then fail "offscreen --demo: errors on stderr"; fi
check_log "offscreen --demo"
echo "ok: offscreen --demo --quit-after 4000: exit 0 in ${took} ms, clean log:"
sed 's/^/    /' "$log"

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
