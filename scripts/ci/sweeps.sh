#!/usr/bin/env bash
# CI stage "sweeps": the cluster recipes, run for real on this machine.
#  1. GNU parallel, local jobs: scripts/sweep-parallel.sh runs a sweep as shards, is interrupted
#     (a part cut as a kill leaves it) and run again — with the same shard count, with another -j,
#     with another shard count; a part whose lock is held fails its shard alone (counted); the
#     recipe's process group is SIGKILLed and SIGHUPed while shards run, and no shard outlives it.
#     Every merge equals the unsharded output. Then it prints the wall-time speed-up of one sweep
#     from 1 to 2 local jobs (not asserted).
#  2. GNU parallel over ssh (--sshlogin) to an sshd started on localhost with a throw-away key;
#     SIGKILLed while its remote shards run, none outlives it; run again, it completes.
#  3. Slurm: munged, slurmctld and slurmd on localhost (a one-node cluster with this machine's
#     CPUs, no cgroups: proctrack/linuxproc), packaging/slurm/submit-sweep.sh submits the array
#     and the merge; one shard is resubmitted (it resumes: nothing left to compute).
# Every comparison is byte for byte. Where ssh or Slurm cannot start here (no root, a container
# without the needed kernel features), the stage says so in a SKIPPED line and goes on; the GNU
# parallel part never skips.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
source scripts/common.sh

install_missing "${BUILD_PACKAGES[@]}" parallel rsync openssh-client openssh-server \
    munge slurmctld slurmd slurm-client
# The main build's mrsim when there (CI builds it first: no second build in CI's 90 minutes),
# else a Release build of mrsim alone.
bindir="$root/build-test/app"
if [ ! -x "$bindir/mrsim" ]; then
    cmake -S . -B build-sweeps -DCMAKE_BUILD_TYPE=Release -DMRX_BUILD_GUI=OFF \
        -DMRX_BUILD_TESTS=OFF -DMRX_BUILD_BENCH=OFF -DMRX_WARNINGS_AS_ERRORS=ON >/dev/null
    cmake --build build-sweeps -j"$(nproc)" --target mrsim
    bindir="$root/build-sweeps/app"
fi
mrsim="$bindir/mrsim"
built=$SECONDS

work=$(mktemp -d /tmp/mrx-sweeps-ci.XXXXXX)
pids=()
cleanup() {  # stop the daemons this stage started (by their pids), then remove their files
    local pid
    for pid in ${pids[@]+"${pids[@]}"}; do kill "$pid" 2>/dev/null || true; done
    for pid in ${pids[@]+"${pids[@]}"}; do
        for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    done
    rm -rf "$work" || true
}
trap cleanup EXIT
cd "$work"
skipped=()
fail() { echo "sweeps: FAILED: $*" >&2; exit 1; }
same() {  # same EXPECTED ACTUAL WHAT
    cmp -s "$1" "$2" || { diff "$1" "$2" | head -20 >&2; fail "$3 differs from the unsharded output"; }
    echo "sweeps: ok: $3 equals the unsharded output ($(wc -c <"$1") bytes)"
}
free_port() {  # a TCP port nothing listens on
    local port
    for _ in $(seq 100); do
        port=$((20000 + RANDOM % 20000))
        (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return; }
    done
    return 1
}

# ---- 1. GNU parallel, local jobs -----------------------------------------------------------
sweep=(sweep --generate synthetic-bimodal --jobs 20 --runs 6 --nodes 5:50:5
       -a johnson,balanced-pools,fifo)
"$mrsim" "${sweep[@]}" >whole.txt
"$mrsim" "${sweep[@]}" --csv >whole.csv
recipe() { PATH="$bindir:$PATH" "$root/scripts/sweep-parallel.sh" "$@"; }
recipe -j 2 -n 5 -d local -- "${sweep[@]}" >local.txt
same whole.txt local.txt "GNU parallel, 5 shards on 2 local jobs"
# Interrupted: shard 3's part as a killed writer leaves it (2 whole lines and a torn one), shard 1's
# lost; running the recipe again computes only what is missing.
cut_part() {  # cut_part FILE: its first 2 lines and 40 bytes of the third, as a kill leaves it
    head -n 2 "$1" >cut && head -c 40 <(sed -n 3p "$1") >>cut && mv cut "$1"
}
cut_part local/part-3-of-5.jsonl
rm local/part-1-of-5.jsonl
recipe -j 2 -n 5 -d local --csv -- "${sweep[@]}" >local.csv 2>local.log
grep -q "shard 3/5.*were in local/part-3-of-5.jsonl" local.log || { cat local.log >&2; fail "shard 3 did not resume"; }
same whole.csv local.csv "GNU parallel, resumed after an interruption"

# Run again with another -j (and no -n): the folder's shard count is kept.
cut_part local/part-2-of-5.jsonl
recipe -j 1 -d local -- "${sweep[@]}" >again.txt 2>again.log
grep -q "holds the parts of 5 shards" again.log || { cat again.log >&2; fail "-j 1 without -n did not keep 5 shards"; }
same whole.txt again.txt "GNU parallel, run again with -j 1 (the parts' 5 shards kept)"
# Run again with another shard count: the earlier parts' points are reused (mrsim --done), only
# the lost ones computed; the merge reads both layouts. Before, stale parts made it fail for ever.
cut_part local/part-4-of-5.jsonl
recipe -j 2 -n 3 -d local -- "${sweep[@]}" >three.txt 2>three.log
grep -q "part(s) of another shard count" three.log || { cat three.log >&2; fail "-n 3 did not reuse the 5 parts"; }
grep -q "were in 5 earlier parts" three.log || { cat three.log >&2; fail "the 3 shards did not skip the earlier points"; }
same whole.txt three.txt "GNU parallel, run again with 3 shards over the parts of 5"

# A part has one writer at a time: with its lock held (as an orphaned shard would hold it), that
# shard refuses with one line, the others run, the script counts the real failures (not GNU
# parallel's exit status) and exits 2; once the lock is gone, the same command completes.
rm -rf locked && mkdir locked && : >locked/part-2-of-4.jsonl
exec {lockfd}<locked/part-2-of-4.jsonl
flock -n "$lockfd" || fail "could not lock a part for the test"
set +e
recipe -j 2 -n 4 -d locked -- "${sweep[@]}" >locked.txt 2>locked.log
code=$?
set -e
exec {lockfd}<&-
[ "$code" -eq 2 ] || { cat locked.log >&2; fail "a held part lock did not fail the recipe (exit $code)"; }
grep -q "part-2-of-4.jsonl: is being written by another mrsim" locked.log \
    || { cat locked.log >&2; fail "the second writer of a part did not refuse"; }
grep -q "sweep-parallel.sh: 1 of 4 shard(s) failed" locked.log || { cat locked.log >&2; fail "the failed shards were not counted"; }
recipe -j 2 -n 4 -d locked -- "${sweep[@]}" >locked.txt
same whole.txt locked.txt "GNU parallel, after a part's lock was released"

# Killed: the recipe's whole process group (the script and GNU parallel) gets SIGKILL, then in a
# second run SIGHUP (a closed terminal), while the shards run. No shard may outlive it (each ends
# with its parent: mrsim --exit-with-parent; on HUP the script stops GNU parallel's jobs), and
# the same command run again completes the sweep.
# (90 points, about 5 CPU-seconds: balanced-pools searches; killed after its first 2 points.)
slow=(sweep --generate facebook --jobs 60 --runs 3 --nodes 10:100:10 -a johnson,balanced-pools)
"$mrsim" "${slow[@]}" >slow-whole.txt
killed() {  # killed SIG DIR RECIPE-OPTIONS...: the recipe on ${slow[@]} into DIR, SIG to its group
    local sig=$1 dir=$2 leader group lines
    shift 2
    rm -rf "$dir"
    setsid "$root/scripts/sweep-parallel.sh" --mrsim "$mrsim" -d "$dir" "$@" -- "${slow[@]}" \
        >/dev/null 2>"$dir.log" &
    leader=$!
    for _ in $(seq 600); do  # until two points are written (at most a minute)
        [ "$(cat "$dir"/part-*.jsonl 2>/dev/null | grep -c '"index"')" -ge 2 ] && break
        sleep 0.1
    done
    group=$(ps -o pgid= -p "$leader" | tr -d ' ')
    [ "$group" = "$leader" ] || fail "the recipe did not lead its own process group"
    kill -"$sig" -- "-$group"
    wait "$leader" 2>/dev/null || true
    # Two seconds later no shard runs and no part has grown (a running shard writes a point every
    # few tens of milliseconds). Counted after half a second: a shard over ssh learns of the kill
    # only when its connection closes, and may finish the point it was writing meanwhile.
    sleep 0.5
    lines=$(cat "$dir"/part-*.jsonl | wc -l)
    sleep 2
    if pgrep -af -- "--resume $dir/part-" >&2; then
        fail "shards outlived the recipe killed with SIG$sig (see above)"
    fi
    [ "$(cat "$dir"/part-*.jsonl | wc -l)" -eq "$lines" ] \
        || fail "the parts grew after the recipe was killed with SIG$sig: a shard outlived it"
    # The shards were stopped, not finished: points are missing (else the check proved nothing,
    # or the shards ran on and completed the sweep).
    if "$mrsim" merge "$dir"/part-*.jsonl >/dev/null 2>&1; then
        fail "the parts are complete after SIG$sig: the shards ran on (or the sweep is too short)"
    fi
    echo "sweeps: ok: no shard outlived the recipe ($*) killed with SIG$sig"
}
for sig in KILL HUP; do
    killed "$sig" "killed-$sig" -j 2 -n 5
    recipe -j 2 -n 5 -d "killed-$sig" -- "${slow[@]}" >"killed-$sig.txt" 2>>"killed-$sig.log" \
        || { cat "killed-$sig.log" >&2; fail "the run after SIG$sig"; }
    same slow-whole.txt "killed-$sig.txt" "GNU parallel, run again after SIG$sig to its process group"
done

# The speed-up from 1 to 2 local workers, printed (never asserted: wall time on a shared machine
# is noise). On a busy machine with the kernel's autogroup scheduling, one session gets the same
# CPU share with 1 or 2 workers, so the ratio says more on an idle machine.
timed=(sweep --generate facebook --jobs 100 --runs 2 --nodes 10:100:10
       -a johnson,balanced-pools,hscheduler,fifo)
"$mrsim" "${timed[@]}" --threads 1 >timed-whole.txt
walls=()
for jobs in 1 2; do
    start=$(date +%s.%N)
    PATH="$bindir:$PATH" "$root/scripts/sweep-parallel.sh" -j "$jobs" -n 8 \
        -d "timed-$jobs" -- "${timed[@]}" >"timed-$jobs.txt" 2>/dev/null
    walls+=("$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }')")
    same timed-whole.txt "timed-$jobs.txt" "GNU parallel, 8 shards on $jobs local job(s)"
done
echo "sweeps: speed-up from 1 to 2 local workers: ${walls[0]} s / ${walls[1]} s =" \
    "$(awk -v a="${walls[0]}" -v b="${walls[1]}" 'BEGIN { printf "%.2f", a / b }')x" \
    "(load $(cut -d' ' -f1-3 /proc/loadavg))"

echo "sweeps: ($SECONDS s)"
# ---- 2. GNU parallel over ssh --------------------------------------------------------------
ssh_ok=""
if [ "$(id -u)" -ne 0 ]; then
    skipped+=("GNU parallel over ssh: starting an sshd needs root")
elif port=$(free_port); then
    mkdir -p ssh /run/sshd
    ssh-keygen -q -t ed25519 -N '' -f ssh/host && ssh-keygen -q -t ed25519 -N '' -f ssh/user
    cp ssh/user.pub ssh/authorized_keys
    cat >ssh/sshd_config <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $work/ssh/host
AuthorizedKeysFile $work/ssh/authorized_keys
PasswordAuthentication no
PermitRootLogin prohibit-password
StrictModes no
UsePAM no
PidFile $work/ssh/sshd.pid
EOF
    if /usr/sbin/sshd -f "$work/ssh/sshd_config" -E "$work/ssh/sshd.log"; then
        for _ in $(seq 50); do [ -s ssh/sshd.pid ] && break; sleep 0.1; done
        pids+=("$(cat ssh/sshd.pid)")
        login="ssh -p $port -i $work/ssh/user -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR root@127.0.0.1"
        if $login true 2>ssh/login.err; then
            ssh_ok=1
        else
            skipped+=("GNU parallel over ssh: ssh to localhost failed: $(head -c 300 ssh/login.err)")
        fi
    else
        skipped+=("GNU parallel over ssh: sshd did not start: $(tail -n 3 ssh/sshd.log | tr '\n' ' ')")
    fi
else
    skipped+=("GNU parallel over ssh: no free port")
fi
if [ -n "$ssh_ok" ]; then
    # A file input travels with --basefile; parts come back with rsync.
    cp "$root/samples/figure4-scenario2.json" fig.json
    file_sweep=(sweep fig.json --nodes 5:60:5 -a johnson,balanced-pools,hscheduler)
    "$mrsim" "${file_sweep[@]}" --json >file-whole.json
    "$root/scripts/sweep-parallel.sh" -j 2 -n 4 -d remote --json --mrsim "$mrsim" -f fig.json \
        -S "$login" -- "${file_sweep[@]}" >remote.json 2>remote.log \
        || { cat remote.log >&2; fail "the ssh recipe"; }
    same file-whole.json remote.json "GNU parallel over ssh (--sshlogin), 4 shards"
    # SIGKILLed: the jobs' local ssh shells are not in the recipe's process group; its watcher
    # stops them, and with their connection the remote shards end.
    killed KILL remote-killed -j 2 -n 5 -S "$login"
    "$root/scripts/sweep-parallel.sh" -j 2 -n 5 -d remote-killed --mrsim "$mrsim" -S "$login" \
        -- "${slow[@]}" >remote-killed.txt 2>>remote-killed.log \
        || { cat remote-killed.log >&2; fail "the ssh recipe after SIGKILL"; }
    same slow-whole.txt remote-killed.txt "GNU parallel over ssh, run again after SIGKILL"
fi

echo "sweeps: ($SECONDS s)"
# ---- 3. Slurm on localhost ------------------------------------------------------------------
slurm_skip() { skipped+=("Slurm: $*"); }
start_slurm() {
    [ "$(id -u)" -eq 0 ] || { slurm_skip "starting slurmctld, slurmd and munged needs root"; return 1; }
    local s="$work/slurm" ctld_port d_port host cpus
    mkdir -p "$s/state" "$s/spool" "$s/munge" "$s/log"
    chmod 700 "$s/munge"
    dd if=/dev/urandom of="$s/munge/munge.key" bs=1024 count=1 2>/dev/null
    chmod 400 "$s/munge/munge.key"
    munged --force --socket="$s/munge/socket" --key-file="$s/munge/munge.key" \
        --log-file="$s/log/munged.log" --pid-file="$s/munge/munged.pid" \
        --seed-file="$s/munge/seed" || { slurm_skip "munged did not start: $(tail -n 2 "$s/log/munged.log" 2>/dev/null)"; return 1; }
    for _ in $(seq 50); do [ -s "$s/munge/munged.pid" ] && break; sleep 0.1; done
    pids+=("$(cat "$s/munge/munged.pid")")
    ctld_port=$(free_port) && d_port=$(free_port) || { slurm_skip "no free ports"; return 1; }
    host=$(hostname -s)
    cpus=$(nproc)
    cat >"$s/slurm.conf" <<EOF
ClusterName=mrxci
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$s/munge/socket
StateSaveLocation=$s/state
SlurmdSpoolDir=$s/spool
SlurmctldPidFile=$s/slurmctld.pid
SlurmdPidFile=$s/slurmd.pid
SlurmctldLogFile=$s/log/slurmctld.log
SlurmdLogFile=$s/log/slurmd.log
# No cgroups (containers rarely delegate them): processes tracked through /proc.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=ci Nodes=ALL Default=YES MaxTime=30 State=UP
EOF
    export SLURM_CONF="$s/slurm.conf"
    slurmctld -c -i || { slurm_skip "slurmctld did not start: $(tail -n 3 "$s/log/slurmctld.log" 2>/dev/null | tr '\n' ' ')"; return 1; }
    for _ in $(seq 50); do [ -s "$s/slurmctld.pid" ] && break; sleep 0.1; done
    pids+=("$(cat "$s/slurmctld.pid")")
    slurmd || { slurm_skip "slurmd did not start: $(tail -n 3 "$s/log/slurmd.log" 2>/dev/null | tr '\n' ' ')"; return 1; }
    for _ in $(seq 50); do [ -s "$s/slurmd.pid" ] && break; sleep 0.1; done
    pids+=("$(cat "$s/slurmd.pid")")
    for _ in $(seq 60); do
        if sinfo -h -o %t 2>/dev/null | grep -qx idle; then
            echo "sweeps: Slurm is up: $(sinfo -h -o '%P %D node(s) %c CPUs %t')"
            return 0
        fi
        sleep 1
    done
    slurm_skip "the node never became idle: $(sinfo -h 2>&1 | head -c 200); $(tail -n 3 "$s/log/slurmd.log" | tr '\n' ' ')"
    return 1
}
wait_job() {  # wait_job ID SECONDS: until the job (all its array tasks) has left the queue
    for _ in $(seq "$2"); do
        [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
        sleep 1
    done
    squeue >&2
    fail "Slurm job $1 still queued after $2 s"
}
if start_slurm; then
    load=(sweep-load facebook-1000 --jobs 30 --nodes 16 --interarrival 50:450:100 --runs 4
          -a edf,min-edf,min-edf-wc)
    "$mrsim" "${load[@]}" --json >load-whole.json
    ids=$(MRSIM="$mrsim" "$root/packaging/slurm/submit-sweep.sh" 6 slurm-parts \
        -o "$work/slurm.json" --json -- "${load[@]}")
    echo "sweeps: submitted $ids"
    array=$(echo "$ids" | sed -n 's/^array \([0-9]*\).*/\1/p')
    merge=$(echo "$ids" | sed -n 's/.*merge \([0-9]*\)$/\1/p')
    wait_job "$array" 600
    wait_job "$merge" 120
    [ -s slurm.json ] || { cat slurm-parts/*.log >&2; fail "the Slurm merge wrote nothing"; }
    same load-whole.json slurm.json "Slurm array of 6 shards, then the merge job"
    # A resubmitted task resumes its part: nothing is left to compute.
    again=$(MRSIM="$mrsim" sbatch --parsable --array=2 --output="$work/slurm-parts/again-%a.log" \
        "$root/packaging/slurm/sweep-array.sbatch" 6 slurm-parts -- "${load[@]}")
    wait_job "${again%%;*}" 120
    grep -q "computed 0 of its" slurm-parts/again-2.log \
        || { cat slurm-parts/again-2.log >&2; fail "the resubmitted shard did not resume"; }
    MRSIM="$mrsim" "$root/packaging/slurm/sweep-array.sbatch" --merge slurm-parts --json >slurm2.json
    same load-whole.json slurm2.json "Slurm, after a shard was resubmitted"
    # Submitted again with another shard count: the tasks reuse the 6 parts' points (--done).
    ids=$(MRSIM="$mrsim" "$root/packaging/slurm/submit-sweep.sh" 4 slurm-parts \
        -o "$work/slurm4.json" --json -- "${load[@]}")
    wait_job "$(echo "$ids" | sed -n 's/^array \([0-9]*\).*/\1/p')" 600
    wait_job "$(echo "$ids" | sed -n 's/.*merge \([0-9]*\)$/\1/p')" 120
    grep -q "computed 0 of its .*were in 6 earlier parts" slurm-parts/shard-1.log \
        || { cat slurm-parts/shard-1.log >&2; fail "the 4 Slurm shards did not reuse the 6 parts"; }
    same load-whole.json slurm4.json "Slurm, submitted again as 4 shards over the parts of 6"
fi

for s in ${skipped[@]+"${skipped[@]}"}; do echo "sweeps: SKIPPED: $s"; done
echo "sweeps: done in $SECONDS s ($built s of them building mrsim; load $(cut -d' ' -f1-3 /proc/loadavg))"
