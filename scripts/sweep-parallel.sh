#!/usr/bin/env bash
# sweep-parallel.sh — run one mrsim sweep (sweep, sweep-load, sweep-faults or cost-sweep) as N
# shards with GNU parallel, on this computer's cores or on remote hosts over ssh, then merge the
# parts into exactly what the unsharded sweep prints. Interrupted? Run the same command again: every
# shard resumes its part file (mrsim --resume) and only the missing points are computed — with the
# same or another shard count (parts are DIR/part-I-of-N.jsonl; points of other layouts are reused).
# Killed (HUP, INT, TERM, or even SIGKILL of its process group)? No shard outlives it: the script
# stops GNU parallel's jobs, and each shard ends with its parent (mrsim --exit-with-parent); a part
# has one writer at a time (mrsim locks it).
#
#   scripts/sweep-parallel.sh [OPTIONS] -- SWEEP ARGS...
#
#   -n, --shards N        shards (default: the N of the parts already in DIR, else 4 x --jobs)
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
# Example ([Verma12] Fig. 8 style, 2000 generated workloads, two hosts):
#   scripts/sweep-parallel.sh -S 8/alice@node1,8/alice@node2 -n 64 --csv -o fig8.csv -- \
#       sweep --generate facebook --jobs 100 --runs 2000 --nodes 10:100:10 -a johnson,balanced-pools
# Exit: 0 merged; 2 bad input or points missing after the run (run the command again); 129,
# 130, 143 stopped by HUP, INT, TERM (the shards stopped too).
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
    sweep|sweep-load|sweep-faults|cost-sweep) ;;
    *) echo "sweep-parallel.sh: '$1' is not a sweep command (sweep, sweep-load, sweep-faults, cost-sweep)" >&2; exit 2 ;;
esac
command -v parallel >/dev/null || { echo "sweep-parallel.sh: GNU parallel is not installed (apt install parallel)" >&2; exit 2; }
for value in "$shards" "$jobs" "$threads"; do
    [[ -z "$value" || "$value" =~ ^[1-9][0-9]*$ ]] || { echo "sweep-parallel.sh: '$value' is not a positive whole number" >&2; exit 2; }
done
[ -n "$jobs" ] || jobs=$(nproc)
if [ -n "$sshlogin" ] && [[ "$dir" = /* ]]; then
    echo "sweep-parallel.sh: with --sshlogin, --dir must be a relative path (parts come back to ./DIR)" >&2
    exit 2
fi
mkdir -p "$dir"

# Parts are named by their layout: DIR/part-I-of-N.jsonl. A rerun with the same N resumes each
# shard's own part. Without -n, a folder that holds the parts of one layout keeps its N (so -j
# may change); with another N the earlier parts stay, every new shard skips the points they hold
# (mrsim --done: points are global indices, any layout resumes from any other) and the merge
# reads them all (a point in two parts with the same results is kept once).
layouts=$(find "$dir" -maxdepth 1 -name 'part-*-of-*.jsonl' -printf '%f\n' \
    | sed -n 's/^part-[0-9]*-of-\([0-9]*\)\.jsonl$/\1/p' | sort -u)
if [ -z "$shards" ]; then
    if [ -n "$layouts" ] && [ "$(wc -l <<<"$layouts")" -eq 1 ]; then
        shards=$layouts
        echo "sweep-parallel.sh: $dir holds the parts of $shards shards: running those $shards shards" >&2
    else
        shards=$((4 * jobs))
    fi
fi
earlier=()
for f in "$dir"/part-*.jsonl; do
    [ -e "$f" ] || continue
    [[ "${f##*/}" =~ ^part-[0-9]+-of-${shards}\.jsonl$ ]] || earlier+=("$f")
done
if [ ${#earlier[@]} -gt 0 ]; then
    echo "sweep-parallel.sh: $dir holds ${#earlier[@]} part(s) of another shard count: their points are reused, not computed again" >&2
fi

# The same command for every shard, quoted once for the shell that runs it; {} is the shard index.
# Each shard resumes its part file, so running this script again continues an interrupted sweep.
# --exit-with-parent: a shard ends when GNU parallel ends, even by SIGKILL (no orphan keeps
# appending to its part); and each part has one writer at a time (mrsim locks it).
quoted=$(printf '%q ' "$mrsim" "$@" --threads "$threads")
for f in ${earlier[@]+"${earlier[@]}"}; do quoted+="--done $(printf %q "$f") "; done
part="$(printf %q "$dir")/part-{}-of-$shards.jsonl"
sweep="$quoted--shard {}/$shards --exit-with-parent --resume $part"
status=0
runner=""
watcher=""
# HUP, INT, TERM (a closed terminal, Ctrl-C, kill): GNU parallel stops the running shards on
# TERM; wait for that before leaving, so that no shard writes after this script has ended.
stop() {
    trap - HUP INT TERM
    [ -z "$watcher" ] || kill "$watcher" 2>/dev/null || true
    if [ -n "$runner" ]; then
        kill -TERM "$runner" 2>/dev/null || true
        wait "$runner" 2>/dev/null || true
    fi
    echo "sweep-parallel.sh: interrupted (SIG$1): the shards were stopped; run the same command again to continue" >&2
    exit $((128 + $2))
}
trap 'stop HUP 1' HUP
trap 'stop INT 2' INT
trap 'stop TERM 15' TERM
# The job log counts the shards that failed (parallel's own exit status is a count only up to
# 100, and 255 for its other errors).
joblog=$(mktemp "${TMPDIR:-/tmp}/sweep-parallel.XXXXXX")
trap 'rm -f "$joblog"' EXIT
run=(parallel --jobs "$jobs" --halt never --tagstring "shard {}/$shards" --joblog "$joblog")
if [ -n "$sshlogin" ]; then
    # Remote: the part file goes out (empty for a fresh shard) and comes back with rsync.
    for ((i = 0; i < shards; i++)); do touch "$dir/part-$i-of-$shards.jsonl"; done
    run+=(--sshlogin "$sshlogin" --transferfile "$dir/part-{}-of-$shards.jsonl"
          --return "$dir/part-{}-of-$shards.jsonl" --cleanup)
    for f in ${files[@]+"${files[@]}"} ${earlier[@]+"${earlier[@]}"}; do run+=(--basefile "$f"); done
fi
# In the background, so that the traps above run while the shards do (bash runs a trap only
# once its foreground command has ended).
seq 0 $((shards - 1)) | "${run[@]}" "$sweep" &
runner=$!
if [ -n "$sshlogin" ]; then
    # A SIGKILL cannot be trapped, and GNU parallel's remote jobs (a local shell running ssh and
    # rsync, each in a process group of its own) would outlive it, their shards running on. A
    # watcher outside this script's process group notes the jobs' groups while the script lives
    # and stops them if the script ends without its traps; it is stopped on every other way out.
    setsid bash -c 'script=$1 runner=$2 groups=""
        while kill -0 "$script" 2>/dev/null; do
            groups=$(pgrep -P "$runner" | tr "\n" " ")
            sleep 0.5
        done
        for g in $groups; do kill -TERM -- "-$g" 2>/dev/null; done' watcher $$ "$runner" \
        </dev/null >/dev/null 2>&1 &
    watcher=$!
fi
wait "$runner" || status=$?
runner=""
if [ -n "$watcher" ]; then
    kill "$watcher" 2>/dev/null || true
    watcher=""
fi
if [ "$status" -ne 0 ]; then
    # Job log columns: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command.
    failed=$(awk -F'\t' 'NR > 1 && ($7 != 0 || $8 != 0)' "$joblog" | wc -l)
    unstarted=$((shards - $(awk 'NR > 1' "$joblog" | wc -l)))
    note=""
    [ "$unstarted" -le 0 ] || note=", $unstarted not started"
    echo "sweep-parallel.sh: $failed of $shards shard(s) failed$note (GNU parallel exit status $status); merging what there is" >&2
fi

merge=("$mrsim" merge "$dir"/part-*.jsonl ${format[@]+"${format[@]}"})
[ -z "$output" ] || merge+=(-o "$output")
if ! "${merge[@]}"; then
    echo "sweep-parallel.sh: the sweep is not complete; run the same command again to compute the missing points" >&2
    exit 2
fi
