#!/usr/bin/env bash
# Kill test for saves: kill -9 at random moments during large saves — mrsim generate
# and import swim (the workload writers, also the explorer's File > Save), run --tasks-csv, and
# the explorer's chart export — and check every time that the target is the old file or the new
# one, never a torn mix, and that no temporary survives the next save into the folder.
#   KILLS=N (default 12 per kind)
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/common.sh
install_missing "${BUILD_PACKAGES[@]}"
kills=${KILLS:-12}

# The main build's binaries when there (CI builds them first), else a Release build of them.
bin=build-test/app
if [ ! -x "$bin/mrsim" ]; then
    build build-savekill -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_TESTS=OFF -DMRX_BUILD_BENCH=OFF
    bin=build-savekill/app
fi
mrsim=$(realpath "$bin/mrsim")
mrx=$(realpath "$bin/mrx" 2>/dev/null || true)

dir=$(mktemp -d /tmp/mrx-savekill.XXXXXX)
trap 'rm -rf "$dir"' EXIT
cd "$dir"

# A SWIM trace large enough that its import writes for a while (streamed, job by job).
awk 'BEGIN { for (i = 0; i < 150000; i++)
    printf "job%d\t%d\t1\t%d\t%d\t%d\n", i, i, 64000000 * (1 + i % 7), 900000000 * (i % 3), 1000 }' \
    > trace.tsv

# Each kind: the command that writes TARGET, in two variants (1: the old file, 2: the new one).
kinds=(generate import csv)
[ -n "$mrx" ] && kinds+=(export)
command_for() {  # KIND VARIANT TARGET
    case $1 in
        generate) echo "$mrsim generate facebook --jobs 20000 --seed $2 -o $3" ;;
        import) echo "$mrsim import swim trace.tsv --block-size $((64000000 * $2)) -o $3" ;;
        csv) echo "$mrsim run ref-$2.json -a fifo --tasks-csv $3" ;;
        export) echo "$mrx --workload ref-$2.json --algorithm fifo --export-gantt $3 --size 3000x2000" ;;
    esac
}
suffix_for() {
    case $1 in generate | import) echo "json" ;; csv) echo "csv" ;; export) echo "svg" ;; esac
}
"$mrsim" generate facebook --jobs 3000 --seed 1 -o ref-1.json > /dev/null
"$mrsim" generate facebook --jobs 3000 --seed 2 -o ref-2.json > /dev/null
export QT_QPA_PLATFORM=offscreen XDG_RUNTIME_DIR="$dir/xdg"
mkdir -p -m 700 "$dir/xdg"

# Milliseconds since an arbitrary start.
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
temporary_of() { compgen -G ".$1.mrx-tmp-*" > /dev/null; }

failures=0
stale=0  # temporaries kill -9 left behind (each removed by the next save)
for kind in "${kinds[@]}"; do
    ext=$(suffix_for "$kind")
    target="target.$ext"
    # The two complete files; how long a save takes, and how long its writing (from the moment
    # its temporary appears) lasts.
    $(command_for "$kind" 1 "old.$ext") > /dev/null 2>&1
    start=$(now_ms)
    $(command_for "$kind" 2 "$target") > /dev/null 2>&1 &
    pid=$!
    until temporary_of "$target" || ! kill -0 "$pid" 2>/dev/null; do sleep 0.002; done
    written=$(now_ms)
    wait "$pid"
    total=$(( $(now_ms) - start ))
    writing=$(( $(now_ms) - written ))
    mv "$target" "new.$ext"
    old=$(sha256sum < "old.$ext")
    new=$(sha256sum < "new.$ext")
    [ "$old" != "$new" ] || { echo "savekill: $kind: old and new are the same"; exit 1; }
    seen_old=0 seen_new=0
    for ((k = 0; k < kills; k++)); do
        cp "old.$ext" "$target"
        $(command_for "$kind" 2 "$target") > /dev/null 2>&1 &
        pid=$!
        if (( k % 4 == 3 )); then
            # Anywhere in the run (before the writing too).
            sleep "$(awk -v ms="$total" -v r="$RANDOM" 'BEGIN { printf "%.3f", ms * r / 32768 / 1000 }')"
        else
            # While it writes: from its temporary's appearance to a little past the writing's end.
            until temporary_of "$target" || ! kill -0 "$pid" 2>/dev/null; do sleep 0.002; done
            sleep "$(awk -v ms="$writing" -v r="$RANDOM" 'BEGIN { printf "%.3f", ms * 1.2 * r / 32768 / 1000 }')"
        fi
        kill -9 "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        now=$(sha256sum < "$target")
        if [ "$now" = "$old" ]; then
            seen_old=$((seen_old + 1))
        elif [ "$now" = "$new" ]; then
            seen_new=$((seen_new + 1))
        else
            echo "savekill: $kind: kill $k left a torn $target ($(stat -c %s "$target") bytes)"
            failures=$((failures + 1))
        fi
        # The next save into the folder (a small one, to another file) removes what kill -9 left.
        stale=$((stale + $(find . -maxdepth 1 -name '.*.mrx-tmp-*' | wc -l)))
        "$mrsim" generate facebook --jobs 2 --seed 1 -o next.json > /dev/null
        left=$(find . -maxdepth 1 -name '.*.mrx-tmp-*' | wc -l)
        if [ "$left" -ne 0 ]; then
            echo "savekill: $kind: $left temporaries survived the next save"
            failures=$((failures + 1))
        fi
    done
    echo "savekill: $kind (a save $total ms, its writing $writing ms): $kills kills," \
         "target old $seen_old times, new $seen_new times"
done
echo "savekill: kill -9 left $stale temporaries; the next save removed each"
[ "$stale" -gt 0 ] || { echo "savekill: no kill landed while a file was written"; exit 1; }
[ "$failures" -eq 0 ] || { echo "savekill: $failures failures"; exit 1; }
