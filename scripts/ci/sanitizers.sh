#!/usr/bin/env bash
# Sanitizer builds. Two builds with gcc, each into its own folder:
#  * build-asan: AddressSanitizer + UndefinedBehaviorSanitizer (+ LeakSanitizer), every test
#    executable under CTest (core, CLI, GUI offscreen). Any report fails the stage.
#  * build-tsan: ThreadSanitizer, the executables whose tests run work in parallel: the thread
#    pool, the searches (optimal, balanced-pools), sweeps, cost sweeps, and the GUI's background
#    runs, sweeps and variants.
# Suppressions live in scripts/ci/sanitizers/*.supp, each with a comment saying why.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/common.sh
install_missing "${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}"

supp="$PWD/scripts/ci/sanitizers"
jobs=$(nproc)

# -Wno-maybe-uninitialized in these builds only: GCC 12's instrumentation (at -O1) makes that
# warning fire inside libstdc++'s own <regex> and <functional> (std::function moved out of a
# regex state), code that is fine in every other build; the Release build keeps it as an error.
sanitizer_warnings="-Wno-maybe-uninitialized"

# No Python module in these builds: python3 would load it without the sanitizer's runtime (the
# main build's CTest runs its tests).
echo "== ASan + UBSan build"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMRX_BUILD_TESTS=ON \
    -DMRX_BUILD_BENCH=OFF -DMRX_BUILD_PYTHON=OFF -DMRX_WARNINGS_AS_ERRORS=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -fno-omit-frame-pointer" \
    -DCMAKE_CXX_FLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all $sanitizer_warnings" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
cmake --build build-asan -j"$jobs"
ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1" \
LSAN_OPTIONS="suppressions=$supp/lsan.supp:print_suppressions=0" \
UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    ctest --test-dir build-asan --output-on-failure -j"$jobs"

echo "== TSan build"
tsan_tests=(core_exec_tests core_scheduler_tests core_experiment_tests core_cost_tests ui_run_tests
            ui_tests ui_deadline_tests ui_cost_tests ui_studio_tests ui_variant_tests)
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMRX_BUILD_TESTS=ON \
    -DMRX_BUILD_BENCH=OFF -DMRX_BUILD_PYTHON=OFF -DMRX_WARNINGS_AS_ERRORS=ON \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -fno-omit-frame-pointer" \
    -DCMAKE_CXX_FLAGS="-fsanitize=thread $sanitizer_warnings" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=thread"
cmake --build build-tsan -j"$jobs" --target "${tsan_tests[@]}"
# Run directly (not through CTest, which may list each test on its own): the same environment.
for t in "${tsan_tests[@]}"; do
    echo "== TSan: $t"
    TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:suppressions=$supp/tsan.supp" \
    QT_QPA_PLATFORM=offscreen MRX_SAMPLES_DIR="$PWD/samples" \
        "build-tsan/tests/$t" > "build-tsan/$t.log" 2>&1 \
        || { tail -n 200 "build-tsan/$t.log"; echo "TSan: $t failed"; exit 1; }
done
