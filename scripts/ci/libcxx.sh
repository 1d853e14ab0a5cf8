#!/usr/bin/env bash
# CI stage "libcxx": mrsim built with clang and LLVM's libc++ (Debian packages)
# next to the gcc/libstdc++ build, and the outputs that depend on random draws and number parsing
# compared byte for byte: every generator kind (with arrivals and deadlines), a cost model, a
# generated sweep, a load sweep, a random order and a locality run. The project draws its random
# numbers through its own distributions (model/SeededRandom.h) and reads numbers with one parser
# (model/Numbers.h), so the two standard libraries must agree exactly. Builds mrsim alone with
# clang and libc++ (the gcc side is test.sh's build-test, or mrsim alone when there is none).
# Timed cold (no ccache) on the shared 2-core machine at load ~14: 7.6 min wall, 4.3 min CPU;
# on CI's 2 idle cores about 2.5 min plus the clang and libc++ packages.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
source scripts/common.sh

install_missing "${BUILD_PACKAGES[@]}" clang libc++-dev libc++abi-dev
# The GUI and the tests link Debian's Qt and GoogleTest, which are built against libstdc++: the
# libc++ build is the command-line program, which is what writes the files compared here.
configure() {  # configure DIR CMAKE_ARGS...
    local dir=$1; shift
    cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_GUI=OFF -DMRX_BUILD_TESTS=OFF \
        -DMRX_BUILD_BENCH=OFF -DMRX_BUILD_PYTHON=OFF -DMRX_WARNINGS_AS_ERRORS=ON "$@" >/dev/null
    cmake --build "$dir" -j"$(nproc)" --target mrsim
}
start=$SECONDS
configure build-libcxx -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_CXX_FLAGS=-stdlib=libc++ \
    -DCMAKE_EXE_LINKER_FLAGS=-stdlib=libc++
if ! ldd build-libcxx/app/mrsim | grep -q 'libc++\.so'; then
    echo "libcxx: FAILED: build-libcxx/app/mrsim is not linked against libc++" >&2
    exit 1
fi
# The gcc side: the mrsim test.sh has built in build-test (CI runs it first), else mrsim alone.
if [ -x build-test/app/mrsim ]; then
    gcc_mrsim=$root/build-test/app/mrsim
else
    configure build-gcc -DCMAKE_CXX_COMPILER=g++
    gcc_mrsim=$root/build-gcc/app/mrsim
fi
echo "libcxx: built in $((SECONDS - start)) s; comparing with $gcc_mrsim"

work=$(mktemp -d "${TMPDIR:-/tmp}/mrx-libcxx-ci.XXXXXX")
trap 'rm -rf "$work"' EXIT
# outputs NAME MRSIM: every file the comparison covers, written by that toolchain's mrsim.
outputs() {
    local mrsim=$2 out="$work/$1"
    mkdir -p "$out"
    for kind in yahoo-unimodal yahoo-bimodal synthetic-unimodal synthetic-bimodal facebook \
        facebook-1000 testbed; do
        "$mrsim" generate "$kind" --jobs 40 --seed 7 --nodes 20 -o "$out/$kind.json"
        "$mrsim" generate "$kind" --jobs 40 --seed 8 --nodes 20 --interarrival 30.5 \
            --deadline-factor 1.5:3 -o "$out/$kind-deadlines.json"
    done
    "$mrsim" generate-cost --machines 6 --jobs 12 --seed 5 -o "$out/cost.json"
    "$mrsim" run "$out/facebook.json" --algorithm random --seed 11 --json >"$out/random.json"
    "$mrsim" compare "$out/testbed-deadlines.json" --algorithms fifo,edf,min-edf-wc,fair \
        --csv >"$out/compare.csv"
    "$mrsim" sweep --generate synthetic-bimodal --jobs 12 --runs 3 --seed 4 --nodes 5:20:5 \
        --algorithms fifo,johnson,balanced-pools --csv >"$out/sweep.csv"
    "$mrsim" sweep-load facebook --jobs 30 --interarrival 10:40:15 --deadline-factor 1.2:2.5 \
        --algorithms edf,min-edf --runs 2 --seed 3 --nodes 20 --csv >"$out/sweep-load.csv"
    "$mrsim" run "$out/testbed-deadlines.json" --algorithm completion-time --locality --seed 9 \
        --json >"$out/locality.json"
    "$mrsim" cost-sweep --machines 2:6:2 --runs 2 --seed 3 --csv >"$out/cost-sweep.csv"
    "$mrsim" import swim tests/data/traces/swim/FB-2009_samples_24_times_1hr_0.tsv --jobs 200 \
        -o "$out/swim.json" >/dev/null
    "$mrsim" import rumen tests/data/traces/rumen/2jobs2min-rumen-jh.json -o "$out/rumen.json" \
        >/dev/null 2>&1
    # Scenarios draw failures, straggler factors and failure fractions from one seeded source;
    # node classes divide durations by a speed.
    "$mrsim" run "$out/facebook.json" --algorithm fair --scenario tests/fuzz/fixtures/sc.json \
        --json >"$out/scenario.json"
    "$mrsim" sweep-faults "$out/facebook-1000.json" --axis straggler-prob --values 0:0.2:0.1 \
        --runs 2 --straggler-factor 2:5 --algorithms fifo,johnson --csv >"$out/sweep-faults.csv"
    "$mrsim" run tests/data/unequal-nodes.json --algorithm fair --json >"$out/node-classes.json"
}
outputs gcc "$gcc_mrsim"
outputs libcxx "$root/build-libcxx/app/mrsim"
status=0
for file in "$work"/gcc/*; do
    name=$(basename "$file")
    if cmp -s "$file" "$work/libcxx/$name"; then
        echo "libcxx: ok: $name is the same with libc++ ($(wc -c <"$file") bytes)"
    else
        echo "libcxx: FAILED: $name differs between libstdc++ and libc++:" >&2
        diff "$file" "$work/libcxx/$name" | head -10 >&2 || true
        status=1
    fi
done
echo "libcxx: $((SECONDS - start)) s in all"
exit $status
