#!/usr/bin/env bash
# The README's second command (and CI's): install what is missing, build everything (warnings are
# errors), and run every test with CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/common.sh

install_missing "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"
build build-test -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_TESTS=ON -DMRX_BUILD_BENCH=ON \
    -DMRX_WARNINGS_AS_ERRORS=ON
ctest --test-dir build-test --output-on-failure -j"$(nproc)"
