#!/usr/bin/env bash
# sweep-parallel.sh — run one mrsim sweep (sweep, sweep-load or cost-sweep) as N shards with GNU
# parallel, on this computer's cores or on remote hosts over ssh, then merge the parts into exactly
# what the unsharded sweep prints. Interrupted? Run the same command again: every shard resumes
# its part file (mrsim --resume) and only the missing points are computed.
#
#   scripts/sweep-parallel.sh [OPTIONS] -- SWEEP ARGS...
#
#   -n, --shards N        shards (default: 4 per job slot: 4 x --jobs)
#   -j, --jobs N          shards at once on each host (default: this computer's cores)
#   -S, --sshlogin LOGINS remote hosts, as GNU parallel's --sshlogin: "host1,2/user@host2" or
#                         "ssh -p 2222 user@host"; ':' is this computer. Each host needs mrsim and
#                         GNU parallel; part files come back with rsync.
#   -f, --file FILE       an input file of the sweep (its WORKLOAD or cost MODEL), copied to every
#                         remote host before its first shard (give the same relative path in ARGS)
#   -d, --dir DIR         where the part files go (default: sweep-parts; relative with -S)
#   -t, --threads N       threads of each shard's mrsim (default 1: GNU parallel runs the jobs)
#   --mrsim PATH          mrsim on the hosts (default: the mrsim in PATH)
#   --json | --csv        the merged result as JSON or CSV (default: the table)
#   -o, --output FILE     write the merged result to FILE (default: stdout)
#
# Example (seed 000 Fig. 8 style, 2000 generated workloads, two hosts):
#   scripts/sweep-parallel.sh -S 8/alice@node1,8/alice@node2 -n 64 --csv -o fig8.csv -- \
#       sweep --generate facebook --jobs 100 --runs 2000 --nodes 10:100:10 -a johnson,balanced-pools
# Exit: 0 merged; 2 bad input or points missing after the run (run the command again).
set -euo pipefail

shards=""
jobs=""
sshlogin=""
files=()
dir="sweep-parts"
threads=1
mrsim="mrsim"
format=()
output=""
usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        -n|--shards) shards=$2; shift 2 ;;
        -j|--jobs) jobs=$2; shift 2 ;;
        -S|--sshlogin) sshlogin=$2; shift 2 ;;
        -f|--file) files+=("$2"); shift 2 ;;
        -d|--dir) dir=$2; shift 2 ;;
        -t|--threads) threads=$2; shift 2 ;;
        --mrsim) mrsim=$2; shift 2 ;;
        --json|--csv) format=("$1"); shift ;;
        -o|--output) output=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        --) shift; break ;;
        *) echo "sweep-parallel.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    esac
done
if [ $# -eq 0 ]; then
    echo "sweep-parallel.sh: give the sweep after --, e.g. -- sweep W.json --nodes 10:50:10 -a johnson" >&2
    exit 2
fi
case "$1" in
    sweep|sweep-load|cost-sweep) ;;
    *) echo "sweep-parallel.sh: '$1' is not a sweep command (sweep, sweep-load, cost-sweep)" >&2; exit 2 ;;
esac
command -v parallel >/dev/null || { echo "sweep-parallel.sh: GNU parallel is not installed (apt install parallel)" >&2; exit 2; }
for value in "$shards" "$jobs" "$threads"; do
    [[ -z "$value" || "$value" =~ ^[1-9][0-9]*$ ]] || { echo "sweep-parallel.sh: '$value' is not a positive whole number" >&2; exit 2; }
done
[ -n "$jobs" ] || jobs=$(nproc)
[ -n "$shards" ] || shards=$((4 * jobs))
if [ -n "$sshlogin" ] && [[ "$dir" = /* ]]; then
    echo "sweep-parallel.sh: with --sshlogin, --dir must be a relative path (parts come back to ./DIR)" >&2
    exit 2
fi
mkdir -p "$dir"

# The same command for every shard, quoted once for the shell that runs it; {} is the shard index.
# Each shard resumes its part file, so running this script again continues an interrupted sweep.
quoted=$(printf '%q ' "$mrsim" "$@" --threads "$threads")
part="$(printf %q "$dir")/part-{}.jsonl"
sweep="$quoted--shard {}/$shards --resume $part"
status=0
if [ -n "$sshlogin" ]; then
    # Remote: the part file goes out (empty for a fresh shard) and comes back with rsync.
    for ((i = 0; i < shards; i++)); do touch "$dir/part-$i.jsonl"; done
    transfer=(--sshlogin "$sshlogin" --transferfile "$dir/part-{}.jsonl" --return "$dir/part-{}.jsonl" --cleanup)
    for f in ${files[@]+"${files[@]}"}; do transfer+=(--basefile "$f"); done
    seq 0 $((shards - 1)) | parallel --jobs "$jobs" --halt never --tagstring "shard {}/$shards" \
        "${transfer[@]}" "$sweep" || status=$?
else
    seq 0 $((shards - 1)) | parallel --jobs "$jobs" --halt never --tagstring "shard {}/$shards" \
        "$sweep" || status=$?
fi
[ "$status" -eq 0 ] || echo "sweep-parallel.sh: $status shard(s) failed; merging what there is" >&2

merge=("$mrsim" merge "$dir"/part-*.jsonl ${format[@]+"${format[@]}"})
[ -z "$output" ] || merge+=(-o "$output")
if ! "${merge[@]}"; then
    echo "sweep-parallel.sh: the sweep is not complete; run the same command again to compute the missing points" >&2
    exit 2
fi
