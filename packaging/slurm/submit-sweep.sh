#!/bin/bash
# submit-sweep.sh — submit a sharded mrsim sweep to Slurm: an array of N shard tasks
# (sweep-array.sbatch) and a merge job that runs once they have all ended.
#
#   packaging/slurm/submit-sweep.sh N DIR [MERGE OPTIONS] -- SWEEP ARGS...
#     MERGE OPTIONS: -o OUT, --json, --csv (as mrsim merge); without -o the merged result is in
#     the merge job's log (DIR/merge-JOBID.log)
#   SBATCH_OPTIONS (environment): more sbatch options for both jobs, e.g. "--partition=long"
#
# Prints the two job ids. Example:
#   MRSIM=$HOME/bin/mrsim packaging/slurm/submit-sweep.sh 32 parts -o fig2.csv --csv -- \
#       sweep-load facebook-1000 --jobs 1000 --interarrival 100:1000:100 --runs 100
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards=${1:?"usage: submit-sweep.sh N DIR [-o OUT] [--json|--csv] -- SWEEP ARGS..."}
dir=${2:?"usage: submit-sweep.sh N DIR [-o OUT] [--json|--csv] -- SWEEP ARGS..."}
shift 2
merge=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do merge+=("$1"); shift; done
[ "${1:-}" = "--" ] || { echo "submit-sweep.sh: expected -- before the sweep" >&2; exit 2; }
shift
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "submit-sweep.sh: N must be a positive whole number" >&2; exit 2; }
mkdir -p "$dir"
# shellcheck disable=SC2086  # SBATCH_OPTIONS is a list of options
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array=0-$((shards - 1)) \
    --output="$dir/shard-%a.log" "$here/sweep-array.sbatch" "$shards" "$dir" -- "$@")
array=${array%%;*}
# shellcheck disable=SC2086
merged=$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency=afterany:"$array" \
    --output="$dir/merge-%j.log" "$here/sweep-array.sbatch" --merge "$dir" ${merge[@]+"${merge[@]}"})
echo "array $array (shards 0-$((shards - 1))), merge ${merged%%;*}"
