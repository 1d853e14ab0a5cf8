#!/usr/bin/env bash
# The README's first command: install what is missing, build in Release, and run MR Schedule
# Explorer. With a display this opens the desktop explorer; without one it runs a headless demo:
# it prints the Figure 4 comparison and writes chart images to out/.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

install_missing "${BUILD_PACKAGES[@]}"
build build -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_TESTS=OFF -DMRX_BUILD_BENCH=OFF

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    echo "== starting the explorer (build/app/mrx)"
    exec ./build/app/mrx "$@"
fi

echo
echo "== No display: headless demo."
echo "== [Verma12], Figure 4: Johnson's rule where the two-stage model holds (scenario 1) ..."
./build/app/mrsim compare samples/figure4-scenario1.json \
    --algorithms fifo,johnson,reverse-johnson,optimal
echo
echo "== ... and where it breaks (scenario 2: J3 and J4 leave slots idle), with the two answers"
echo "== to it: BalancedPools ([Verma12], 40) and HScheduler ([Tian16], 35 2/3)"
./build/app/mrsim compare samples/figure4-scenario2.json \
    --algorithms fifo,johnson,reverse-johnson,optimal,balanced-pools,hscheduler
echo
mkdir -p out
# Qt wants a private runtime folder; give it one instead of a warning.
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp/runtime-$(id -u)}"
mkdir -p -m 700 "$XDG_RUNTIME_DIR"
./build/app/mrx --workload samples/figure4-scenario2.json \
    --algorithms johnson,optimal,balanced-pools,hscheduler \
    --export-gantt out/demo-timelines.png --export-comparison out/demo-comparison.png \
    --export-stages out/demo-stages.png --size 1600x1200
echo "== Open out/demo-timelines.png to see every schedule slot by slot."
