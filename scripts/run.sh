#!/usr/bin/env bash
# The README's first command: install what is missing, build in Release, and run MR Schedule
# Explorer. With a display this opens the desktop explorer; without one it runs a headless demo
# that prints the Figure 4 comparison (and writes a chart image once the GUI is built).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

install_missing "${BUILD_PACKAGES[@]}"
build build -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_TESTS=OFF -DMRX_BUILD_BENCH=OFF

echo
echo "== Seed 000, Figure 4: Johnson's rule where the two-stage model holds (scenario 1) ..."
./build/app/mrsim compare samples/figure4-scenario1.json \
    --algorithms fifo,johnson,reverse-johnson,optimal
echo
echo "== ... and where it breaks (scenario 2: J3 and J4 leave slots idle)"
./build/app/mrsim compare samples/figure4-scenario2.json \
    --algorithms fifo,johnson,reverse-johnson,optimal
