#!/usr/bin/env bash
# One shard of one search per task of a Slurm job array. Submit it with
# as many tasks as shards, then merge once they are all done:
#   sbatch --array=1-SHARDS --wait docs/cluster/slurm-array.sh PUZZLE FOLDER [solve options...]
#   scramble merge FOLDER/shard-*.json
# Submit the same array again after failures or preemption: finished shards
# do nothing, the others continue from their checkpoints. On SIGTERM
# (scancel, preemption, the time limit) a shard saves its checkpoint and
# exits 3; --requeue lets Slurm start it again by itself.
#SBATCH --job-name=scramble-shard
#SBATCH --cpus-per-task=1
#SBATCH --requeue
#SBATCH --output=slurm-%A_%a.out
set -euo pipefail
puzzle=$1 dir=$2
shift 2
i=$SLURM_ARRAY_TASK_ID
mkdir -p "$dir"
exec "${SCRAMBLE:-scramble}" solve "$puzzle" "$@" --shard "$i/$SLURM_ARRAY_TASK_COUNT" \
    -o "$dir/shard-$i.json" --checkpoint "$dir/shard-$i.checkpoint" \
    --checkpoint-every "${EVERY:-300}"
