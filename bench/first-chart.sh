#!/usr/bin/env bash
# first-chart.sh — the explorer's first chart of a workload against the command line's run of the
# same workload, in time and in peak memory (GNU time's "Maximum resident set size"), on the same
# machine in the same run. One row each:
#   cli      mrsim run FILE -a ALGORITHM (read, simulate, print)
#   explorer mrx FILE --algorithm ALGORITHM --export-gantt OUT.png: the real window (offscreen)
#            opens the file, runs the algorithm (beside what the file calls for: min-edf-wc for
#            a workload with deadlines), draws its chart and writes it once that algorithm is
#            done — the first chart, through the window's own code
# Targets (docs/makespan-optimisers.md, "The explorer's speed"): explorer time < 2 × cli time,
# explorer peak RSS < 1.5 × cli peak + 300 MB.
# Usage: bench/first-chart.sh FILE [ALGORITHM] [BUILD]   (defaults: fifo, build-test)
#   A SWIM trace (.tsv) is imported first with `mrsim import swim --nodes ${NODES:-64}`.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:?usage: bench/first-chart.sh FILE [ALGORITHM] [BUILD]}
algorithm=${2:-fifo}
build=${3:-build-test}
[ -x /usr/bin/time ] || apt-get install -y -q time >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ $file == *.tsv ]]; then
    "$build/app/mrsim" import swim "$file" --nodes "${NODES:-64}" -o "$work/workload.json"
    file=$work/workload.json
fi

# Prints "SECONDS MEGABYTES" of one command (its wall time and peak resident memory).
measure() {
    /usr/bin/time -v -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || {
        cat "$work/stderr.txt" >&2
        return 1
    }
    awk -F': ' '/Elapsed \(wall clock\)/ {n = split($2, p, ":"); s = 0;
                    for (i = 1; i <= n; ++i) s = s * 60 + p[i]; wall = s}
                /Maximum resident set size/ {rss = $2 / 1024}
                END {printf "%.2f %.0f\n", wall, rss}' "$work/time.txt"
}

read -r cli_s cli_mb < <(measure "$build/app/mrsim" run "$file" -a "$algorithm")
read -r gui_s gui_mb < <(QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME=$work \
    measure "$build/app/mrx" "$file" --algorithm "$algorithm" --export-gantt "$work/first.png")
echo "cli      $algorithm: ${cli_s} s, ${cli_mb} MB peak"
echo "explorer $algorithm: ${gui_s} s, ${gui_mb} MB peak"
awk -v cs="$cli_s" -v cm="$cli_mb" -v gs="$gui_s" -v gm="$gui_mb" 'BEGIN {
    printf "time %.2f× the cli (target < 2×); memory %.0f MB against a limit of %.0f MB\n",
           gs / cs, gm, 1.5 * cm + 300 }'
