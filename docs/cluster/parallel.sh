#!/usr/bin/env bash
# Every shard of one search on this machine under GNU parallel, then the
# merge. Run the same line again after a kill, a crash or a reboot: the
# joblog's --resume-failed reruns only the shards that did not finish, each
# from its checkpoint; a shard whose result is written does nothing.
#   docs/cluster/parallel.sh PUZZLE SHARDS FOLDER [solve options...]
# JOBS (default: one per core) and EVERY (seconds between checkpoints,
# default 300) tune it; SCRAMBLE names the binary (default: scramble).
set -euo pipefail
puzzle=$1 shards=$2 dir=$3
shift 3
scramble=${SCRAMBLE:-scramble}
mkdir -p "$dir"
parallel --joblog "$dir/joblog" --resume-failed --jobs "${JOBS:-100%}" --quote \
    "$scramble" solve "$puzzle" "$@" --shard "{}/$shards" \
    -o "$dir/shard-{}.json" --checkpoint "$dir/shard-{}.checkpoint" \
    --checkpoint-every "${EVERY:-300}" \
    ::: $(seq "$shards")
"$scramble" merge "$dir"/shard-*.json
