#!/usr/bin/env bash
# The explorer's window as a desktop shows it: Xvfb with a window manager (openbox), so that the
# title bar and borders count. At 1280x800, and at 1920x1080 with QT_SCALE_FACTOR=1.5, `mrx` on a
# sample opens with its whole frame inside the screen's available area (_NET_WORKAREA): the
# status line at the bottom is seen without maximising. Uses the main build's build-test/app/mrx
# (a Release build of it when that is missing); exits non-zero on a failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/common.sh
install_missing xvfb openbox x11-utils xdotool

mrx=build-test/app/mrx
if [ ! -x "$mrx" ]; then
    build build-xwindow -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_TESTS=OFF -DMRX_BUILD_BENCH=OFF
    mrx=build-xwindow/app/mrx
fi
mrx=$(realpath "$mrx")
sample=$(realpath samples/figure4-scenario2.json)

dir=$(mktemp -d /tmp/mrx-xwindow.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$dir"
}
trap cleanup EXIT

# A display number no other X server uses.
free_display() {
    for n in $(seq 140 199); do
        [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || { echo ":$n"; return; }
    done
    echo "no free X display number" >&2
    return 1
}

# Waits (up to 10 s) until CHECK succeeds.
until_ok() {
    for _ in $(seq 1 100); do "$@" && return 0; sleep 0.1; done
    return 1
}

# frame_fits DISPLAY WINDOW: the window's frame lies inside the work area; prints the numbers.
frame_fits() {
    local d=$1 w=$2 x y width height l r t b wx wy ww wh
    read -r x y width height < <(DISPLAY=$d xwininfo -id "$w" | awk '
        /Absolute upper-left X/ {x=$NF} /Absolute upper-left Y/ {y=$NF}
        /Width:/ {wd=$NF} /Height:/ {h=$NF} END {print x, y, wd, h}')
    read -r l r t b < <(DISPLAY=$d xprop -id "$w" _NET_FRAME_EXTENTS | tr -d ',' |
        awk '{print $3, $4, $5, $6}')
    read -r wx wy ww wh < <(DISPLAY=$d xprop -root _NET_WORKAREA | tr -d ',' |
        awk '{print $3, $4, $5, $6}')
    [ -n "$t" ] && [ -n "$wh" ] || return 1
    last="frame $((width + l + r))x$((height + t + b))+$((x - l))+$((y - t)) (client ${width}x${height}, title bar ${t} px) in work area ${ww}x${wh}+${wx}+${wy}"
    [ $((x - l)) -ge "$wx" ] && [ $((y - t)) -ge "$wy" ] &&
        [ $((x + width + r)) -le $((wx + ww)) ] && [ $((y + height + b)) -le $((wy + wh)) ] &&
        [ "$t" -gt 0 ]
}

# check NAME SCREEN [ENV=VALUE...]: mrx on the sample under openbox on a SCREEN display.
check() {
    local name=$1 screen=$2
    shift 2
    local d
    d=$(free_display)
    Xvfb "$d" -screen 0 "${screen}x24" -nolisten tcp >/dev/null 2>&1 &
    local xvfb=$!
    pids+=("$xvfb")
    until_ok xdpyinfo -display "$d" >/dev/null 2>&1 || { echo "$name: Xvfb did not start"; return 1; }
    # openbox can exit at once when it starts as the X server is still settling (seen under
    # load): start it again, up to three times, before calling the check failed.
    local started=0 wm
    for _ in 1 2 3; do
        DISPLAY=$d openbox >>"$dir/$name-openbox.log" 2>&1 &
        wm=$!
        pids+=("$wm")
        if until_ok sh -c "DISPLAY=$d xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null |
                           grep -q 'window id'"; then
            started=1
            break
        fi
        kill "$wm" 2>/dev/null || true
    done
    [ "$started" = 1 ] || { echo "$name: openbox did not start"; cat "$dir/$name-openbox.log";
                            return 1; }
    mkdir -p "$dir/$name"
    env "$@" DISPLAY="$d" QT_QPA_PLATFORM=xcb XDG_CONFIG_HOME="$dir/$name" \
        XDG_RUNTIME_DIR="$dir/$name" "$mrx" "$sample" >"$dir/$name.log" 2>&1 &
    local app=$!
    pids+=("$app")
    local w=""
    for _ in $(seq 1 150); do
        w=$(DISPLAY=$d xdotool search --onlyvisible --name 'MR Schedule Explorer' 2>/dev/null |
            head -n 1) && [ -n "$w" ] && break
        sleep 0.1
    done
    [ -n "$w" ] || { echo "$name: no window"; cat "$dir/$name.log"; return 1; }
    last=""
    local ok=0
    until_ok frame_fits "$d" "$w" || ok=1
    if DISPLAY=$d xprop -id "$w" _NET_WM_STATE | grep -q MAXIMIZED; then
        echo "$name: FAIL: the window was maximised, not fitted"
        ok=1
    fi
    kill "$app" "$wm" "$xvfb" 2>/dev/null || true
    wait "$app" "$wm" "$xvfb" 2>/dev/null || true
    if [ "$ok" = 0 ]; then
        echo "$name: ok: $last"
    else
        echo "$name: FAIL: the window's frame is not inside the screen's available area: ${last:-no frame reported}"
    fi
    return "$ok"
}

failures=0
check laptop-1280x800 1280x800 || failures=$((failures + 1))
check hidpi-1920x1080-x1.5 1920x1080 QT_SCALE_FACTOR=1.5 || failures=$((failures + 1))
[ "$failures" = 0 ] || { echo "xwindow: $failures failure(s)"; exit 1; }
echo "xwindow: every window fits its screen with its frame"
