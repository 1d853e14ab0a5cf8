#!/usr/bin/env bash
# CI stage "bench": every benchmark program built and run once — one iteration
# of each benchmark (--benchmark_min_time=0) — so that none rots unnoticed. The numbers printed
# here mean nothing (one iteration, a shared machine); docs/performance.md's table comes from real runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/common.sh

install_missing "${BUILD_PACKAGES[@]}" libbenchmark-dev
# scripts/test.sh has already built the benchmarks in build-test (MRX_BUILD_BENCH=ON): use that
# build as it is (no second build of the project in CI's 90 minutes); otherwise build them alone.
dir=build-test
if ! grep -q '^MRX_BUILD_BENCH:BOOL=ON' "$dir/CMakeCache.txt" 2>/dev/null; then
    dir=build-bench
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_TESTS=OFF -DMRX_BUILD_BENCH=ON \
        -DMRX_WARNINGS_AS_ERRORS=ON >/dev/null
fi
mapfile -t targets < <(sed -n 's/^ *add_executable(\(bench_[a-z_]*\) .*/\1/p' bench/CMakeLists.txt)
[ ${#targets[@]} -gt 0 ] || { echo "bench: FAILED: no benchmark found in bench/CMakeLists.txt" >&2; exit 1; }
cmake --build "$dir" -j"$(nproc)" --target "${targets[@]}"
for target in "${targets[@]}"; do
    echo "== bench: $target (one iteration each)"
    QT_QPA_PLATFORM=offscreen "$dir/bench/$target" --benchmark_min_time=0 \
        --benchmark_format=console >/tmp/mrx-bench-$$.txt 2>&1 \
        || { cat /tmp/mrx-bench-$$.txt >&2; rm -f /tmp/mrx-bench-$$.txt; echo "bench: FAILED: $target" >&2; exit 1; }
    # Google Benchmark 1.7 has no "skip": a row that cannot run here (a trace outside the
    # repository, a row of minutes behind MRX_BENCH_FULL=1) reports an error whose message starts
    # with "skipped: "; every other error fails the stage.
    if grep "ERROR OCCURRED" /tmp/mrx-bench-$$.txt | grep -vq "ERROR OCCURRED: 'skipped: "; then
        cat /tmp/mrx-bench-$$.txt >&2; rm -f /tmp/mrx-bench-$$.txt
        echo "bench: FAILED: $target reported an error" >&2; exit 1
    fi
    echo "bench: ok: $target ($(grep -c '^BM_\|^[A-Za-z].*/' /tmp/mrx-bench-$$.txt || true) lines," \
        "$(grep -c "ERROR OCCURRED: 'skipped: " /tmp/mrx-bench-$$.txt || true) skipped)"
    rm -f /tmp/mrx-bench-$$.txt
done
