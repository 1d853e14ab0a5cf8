#!/usr/bin/env bash
# Fuzzing: the libFuzzer targets of tests/fuzz (the workload loader, the Rumen and
# SWIM importers, the cost-model loader, mrsim's command line), built with clang and
# AddressSanitizer + UndefinedBehaviorSanitizer. Each target first replays its seed corpus and
# its minimized crashers (tests/fuzz/corpus/NAME, regressions/NAME), then fuzzes from them for
# FUZZ_SECONDS (default 60). Any crash, sanitizer report, hang (more than 10 s on one input),
# RSS above 2 GB or broken property (FuzzTargets.h: one-line messages, round trips, exit 0 or 2)
# fails the stage; the input is printed and kept under build-fuzz/artifacts/.
# CI's run is reproducible: libFuzzer's random seed is fixed (FUZZ_SEED, default 1), so the
# mutations CI tries are the first ones of the sequence the longer local runs with that seed
# went through (up to the order a file system lists equal-sized seeds in), and a failure in CI
# is one on any machine. Exploring with other seeds goes on locally.
#   FUZZ_SECONDS=600 scripts/ci/fuzz.sh        a longer local run
#   FUZZ_SEED=0 scripts/ci/fuzz.sh             another random seed each run (libFuzzer's own)
#   FUZZ_TARGETS="cli swim" scripts/ci/fuzz.sh  some targets only
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)  # every path given to a target is absolute: a target works in a scratch folder
source scripts/common.sh
install_missing "${BUILD_PACKAGES[@]}" clang libclang-rt-14-dev llvm

seconds=${FUZZ_SECONDS:-60}
seed=${FUZZ_SEED:-1}
targets=(${FUZZ_TARGETS:-workload rumen swim costmodel cli capacityxml})
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DMRX_BUILD_GUI=OFF -DMRX_BUILD_TESTS=OFF -DMRX_BUILD_BENCH=OFF -DMRX_BUILD_PYTHON=OFF \
    -DMRX_BUILD_FUZZERS=ON
cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]/#/fuzz_}"

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:symbolize=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
limits=(-timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=2048)
mkdir -p build-fuzz/artifacts
for t in "${targets[@]}"; do
    program="$root/build-fuzz/tests/fuzz/fuzz_$t"
    seeds=("$root/tests/fuzz/corpus/$t")
    crashers="$root/tests/fuzz/regressions/$t"
    if [ -d "$crashers" ] && [ -n "$(ls -A "$crashers")" ]; then
        seeds+=("$crashers")
    fi
    echo "== fuzz $t: replay $(find "${seeds[@]}" -type f | wc -l) inputs"
    find "${seeds[@]}" -type f -print0 | xargs -0 "$program" "${limits[@]}" > "build-fuzz/$t-replay.log" 2>&1 \
        || { tail -n 60 "build-fuzz/$t-replay.log"; echo "fuzz $t: a seed or crasher fails"; exit 1; }
    echo "== fuzz $t: ${seconds} s, seed $seed"
    work="$root/build-fuzz/work/$t"
    rm -rf "$work"
    mkdir -p "$work"
    if ! "$program" "${limits[@]}" -max_total_time="$seconds" -seed="$seed" -print_final_stats=1 \
            -dict="$root/tests/fuzz/dicts/$t.dict" -artifact_prefix="$root/build-fuzz/artifacts/$t-" \
            "$work" "${seeds[@]}" > "build-fuzz/$t.log" 2>&1; then
        tail -n 80 "build-fuzz/$t.log"
        for a in build-fuzz/artifacts/"$t"-*; do
            [ -f "$a" ] && { echo "-- $a:"; head -c 2000 "$a" | od -c | head -40; }
        done
        echo "fuzz $t failed; minimize with: $program -minimize_crash=1 -runs=10000 ARTIFACT," \
             "then add it to tests/fuzz/regressions/$t/"
        exit 1
    fi
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "build-fuzz/$t.log" | sed "s/^/   $t /"
done
