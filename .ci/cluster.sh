#!/usr/bin/env bash
# The recipes of docs/cluster.md, run for real: GNU parallel on this machine
# (one shard killed and the job list run again) and a Slurm job array on a
# one-node Slurm started here from Debian's packages (munge, slurmctld and
# slurmd on localhost), for `solve --shard` and `verify --shard`. Every
# merged answer must be the single run's. Run as root from the crate root
# after `cargo build --release`; what it starts it stops again.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/target/release:$PATH"
step() { printf '\n-- [%ss] %s\n' "$SECONDS" "$*"; }

step "GNU parallel and Slurm from Debian's packages"
if ! command -v parallel sbatch slurmctld slurmd munged >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq parallel slurm-client slurmctld slurmd munge >/dev/null
fi

step "a one-node Slurm on localhost"
host=$(hostname -s)
mkdir -p /etc/slurm /var/lib/slurm/slurmctld /var/lib/slurm/slurmd /var/log/slurm /run/munge
chown munge:munge /run/munge
[ -s /etc/munge/munge.key ] || runuser -u munge -- /usr/sbin/mungekey --create
cat > /etc/slurm/slurm.conf <<CONF
ClusterName=local
SlurmctldHost=$host
SlurmUser=root
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
StateSaveLocation=/var/lib/slurm/slurmctld
SlurmdSpoolDir=/var/lib/slurm/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
started=()
stop_started() {
    for pidfile in "${started[@]}"; do
        [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
    done
}
trap stop_started EXIT
if [ ! -s /run/munge/munged.pid ] || ! kill -0 "$(cat /run/munge/munged.pid)" 2>/dev/null; then
    runuser -u munge -- /usr/sbin/munged
    started+=(/run/munge/munged.pid)
fi
for daemon in slurmctld slurmd; do
    if [ ! -s "/run/$daemon.pid" ] || ! kill -0 "$(cat "/run/$daemon.pid")" 2>/dev/null; then
        "$daemon"
        started+=("/run/$daemon.pid")
    fi
done
for _ in $(seq 60); do
    sinfo -h -o '%t' | grep -q idle && break
    sleep 1
done
sinfo

work=$(mktemp -d)
trap 'stop_started; rm -rf "$work"' EXIT
# The figures a merge must reproduce: solutions and nodes of `solve --json`,
# the totals of `verify --json`, from every JSON document read (JSON Lines
# or pretty).
figures() {
    python3 -c '
import json, sys
text, decoder, at = sys.stdin.read(), json.JSONDecoder(), 0
while text[at:].strip():
    at += len(text[at:]) - len(text[at:].lstrip())
    doc, at = decoder.raw_decode(text, at)
    for key in ("solutions", "nodes", "puzzles", "solvable", "unique"):
        if key in doc:
            print(f"{key}: {doc[key]}")
'
}
same() {
    if [ "$2" != "$3" ]; then
        printf '%s: the merge differs from the single run\nmerged:\n%s\nsingle:\n%s\n' "$1" "$2" "$3"
        exit 1
    fi
    printf '%s: the single run'"'"'s figures\n%s\n' "$1" "$2"
}
puzzle=$PWD/fixtures/hard/s6-k6-seed13-0001.txt
single=$(scramble solve "$puzzle" --json | figures)

step "GNU parallel: 4 shards, 2 at a time; the job list killed mid-run and run again"
setsid env EVERY=0.2 JOBS=2 docs/cluster/parallel.sh "$puzzle" 4 "$work/parallel" >/dev/null 2>&1 &
leader=$!
for _ in $(seq 600); do
    ls "$work"/parallel/shard-*.checkpoint >/dev/null 2>&1 && break
    sleep 0.05
done
kill -KILL -- "-$leader" 2>/dev/null || true
wait "$leader" 2>/dev/null || true
ls "$work/parallel"
EVERY=0.2 JOBS=2 docs/cluster/parallel.sh "$puzzle" 4 "$work/parallel" >/dev/null
cat "$work/parallel/joblog"
same "solve --shard under GNU parallel" "$(scramble merge --json "$work"/parallel/shard-*.json | figures)" "$single"

step "Slurm: a job array of 4 shards (sbatch --array, SLURM_ARRAY_TASK_ID)"
sbatch --array=1-4 --wait --chdir "$work" docs/cluster/slurm-array.sh "$puzzle" "$work/slurm"
same "solve --shard under Slurm" "$(scramble merge --json "$work"/slurm/shard-*.json | figures)" "$single"
sbatch --array=1-4 --wait --chdir "$work" docs/cluster/slurm-array.sh "$puzzle" "$work/slurm"
grep -h "already done" "$work"/slurm-*_*.out | sort | uniq -c

step "verify --shard under GNU parallel and a Slurm job array (K = 3, 4 shards)"
census=$(scramble verify --patterns 3 --json | figures)
mkdir -p "$work/verify-parallel" "$work/verify-slurm"
(cd "$work/verify-parallel" && parallel --joblog joblog --resume-failed \
    'scramble verify --patterns 3 --shard {}/4 --json > v-{}.tmp && mv v-{}.tmp v-{}.json' ::: 1 2 3 4)
same "verify --shard under GNU parallel" "$(scramble merge --json "$work"/verify-parallel/v-*.json | figures)" "$census"
sbatch --array=1-4 --wait --chdir "$work/verify-slurm" --wrap \
    'scramble verify --patterns 3 --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT --json > v-$SLURM_ARRAY_TASK_ID.tmp && mv v-$SLURM_ARRAY_TASK_ID.tmp v-$SLURM_ARRAY_TASK_ID.json'
same "verify --shard under Slurm" "$(scramble merge --json "$work"/verify-slurm/v-*.json | figures)" "$census"
