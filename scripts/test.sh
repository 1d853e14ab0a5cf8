#!/usr/bin/env bash
# The README's second command (and CI's): install what is missing, build everything (warnings are
# errors), run every test with CTest, then the extra stages under scripts/ci/ (sanitizer, clang
# and fuzzing builds, recipes), each building only what it tests.
#   --quick   only the main build and CTest (a developer's inner loop; CI always runs everything)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

quick=0
[ "${1:-}" = "--quick" ] && quick=1

install_missing "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
build build-test -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_TESTS=ON -DMRX_BUILD_BENCH=ON \
    -DMRX_WARNINGS_AS_ERRORS=ON
ctest --test-dir build-test --output-on-failure -j"$(nproc)"

[ "$quick" = 1 ] && exit 0
# Extra stages, in this order: scripts/ci/NAME.sh each install what they need, build into their
# own build-NAME/ folder only what they test, and exit non-zero on failure. One line per stage.
STAGES=(
    sanitizers  # ASan + UBSan over every test executable, TSan over the parallel ones
    fuzz        # the libFuzzer targets of tests/fuzz: replay seeds and crashers, 60 s each
    savekill    # kill -9 during large saves: the target is always the old or the new file
    sweeps      # the cluster recipes for real: GNU parallel (local, ssh) and a one-node Slurm
    libcxx      # mrsim with clang + libc++: generated workloads and sweeps byte-identical to gcc's
    bench       # every benchmark program built and run for one iteration each
    xwindow     # the window under Xvfb + openbox at 1280x800 and 1920x1080 x1.5: its frame fits
    deb-python  # the .deb installed with apt-get: python3 imports mrx outside the tree, removed
)
echo "== main build and tests: $SECONDS s"
for stage in "${STAGES[@]}"; do
    echo "== stage: $stage"
    start=$SECONDS
    "scripts/ci/$stage.sh"
    echo "== stage $stage: $((SECONDS - start)) s (all so far: $SECONDS s)"
done
