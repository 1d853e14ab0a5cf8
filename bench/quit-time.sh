#!/usr/bin/env bash
# quit-time.sh — how long the explorer takes to quit, measured as a user meets it: mrx on a
# private X display (Xvfb) under a window manager (openbox, so the frame and its close path
# count), File > Quit pressed (Ctrl+Q through xdotool), the time from the key to the process's
# exit. Each case runs RUNS times (default 5); the median is printed, one line per case:
#   idle   the window has drawn every chart of FILE and does nothing
#   sweep  a cluster-size sweep is running (mrx --sweep FROM:TO:STEP opens the Sweep tab and
#          starts it; 31 sizes of the 1000-job batch keep it running)
# Usage: bench/quit-time.sh [MRX [FILE]]   (defaults: build-test/app/mrx, a generated 1000-job
# batch from `mrsim generate facebook-1000`). Needs xvfb, openbox, xdotool (installed if missing).
# Targets: idle < 300 ms, sweep < 500 ms (docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
mrx=${1:-build-test/app/mrx}
file=${2:-}
runs=${RUNS:-5}
settle=${SETTLE:-6}  # seconds for the window to open and draw before Quit is pressed
need=""
command -v Xvfb >/dev/null || need="$need xvfb"
command -v openbox >/dev/null || need="$need openbox"
command -v xdotool >/dev/null || need="$need xdotool"
if [ -n "$need" ]; then apt-get install -y -q $need >/dev/null; fi

work=$(mktemp -d)
if [ -z "$file" ]; then
    file=$work/facebook-1000.json
    "$(dirname "$mrx")/mrsim" generate facebook-1000 --jobs 1000 --nodes 512 --seed 1 -o "$file"
fi
for n in $(seq 90 130); do [ -e /tmp/.X11-unix/X$n ] || { disp=":$n"; break; }; done
Xvfb "$disp" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xpid=$!
wm=""
cleanup() {
    [ -n "$wm" ] && kill "$wm" 2>/dev/null
    kill "$xpid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
sleep 1
DISPLAY=$disp openbox >/dev/null 2>&1 &
wm=$!
sleep 0.5

# One quit: starts mrx (with its own settings folder, so no earlier session changes it), waits
# for its window and `settle` seconds, presses Ctrl+Q and prints the milliseconds to its exit.
quit_once() {
    local home=$work/home-$RANDOM
    mkdir -p "$home"
    XDG_CONFIG_HOME=$home DISPLAY=$disp QT_QPA_PLATFORM=xcb "$mrx" "$@" >/dev/null 2>&1 &
    local pid=$!
    local win
    win=$(DISPLAY=$disp xdotool search --sync --onlyvisible --pid "$pid" 2>/dev/null | head -1)
    sleep "$settle"
    DISPLAY=$disp xdotool windowactivate --sync "$win" >/dev/null 2>&1 || true
    local start end
    start=$(date +%s%N)
    DISPLAY=$disp xdotool key ctrl+q  # to the focused window, as a keyboard does (XTEST)
    wait "$pid" || true  # the process has ended and been reaped
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

median() { sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }

report() {
    local name=$1
    shift
    local times=()
    for _ in $(seq "$runs"); do times+=("$(quit_once "$@")"); done
    echo "quit $name: median $(printf '%s\n' "${times[@]}" | median) ms (runs: ${times[*]})"
}

report idle "$file"
report sweep "$file" --sweep 64:2048:64
