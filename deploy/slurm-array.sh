#!/usr/bin/env bash
# A sharded kinetype render on Slurm: a job array renders one shard per task into a shared
# folder, and a dependent job verifies it and encodes the video.
#
#   jobid=$(sbatch --parsable deploy/slurm-array.sh title.yaml frames)
#   sbatch --dependency=afterok:$jobid --wrap "kinetype verify frames title.yaml && kinetype encode frames --video title.mp4"
#
# Slurm sets SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT for each task; `--shard auto` reads
# them (and SLURM_ARRAY_TASK_MIN / _STEP, so --array=1-16 or --array=0-30:2 work too) and prints
# which shard and frames it took. The folder must be on a file system every node sees (NFS,
# Lustre, GPFS…) with flock support.
#
# Retrying a failed task: Slurm counts `sbatch --array=5 …` as an array of one task, so give the
# shard count, and the task ID is then the shard index (with the default --array=0-15):
#
#   sbatch --array=5 --export=ALL,KINETYPE_SHARDS=16 deploy/slurm-array.sh title.yaml frames
#
# (ALL keeps PATH and the rest of your environment; --export=KINETYPE_SHARDS=16 alone would drop
# them.) A shard re-rendered writes the same bytes. Without KINETYPE_SHARDS the retry stops with
# an error rather than render every frame as shard 0/1: kinetype refuses a one-task array whose
# task ID is not 0, and any shard whose count differs from the manifest parts already in the
# folder (naming both counts). To take N from KINETYPE_SHARDS on the first run too, submit it
# with --export=ALL,KINETYPE_SHARDS=16; then the task IDs must be 0-15.
#
# CPUs: each task asks for 4 (--cpus-per-task below) and renders with that many threads. Slurm
# never runs a task on a node with fewer CPUs: on a cluster of smaller nodes sbatch refuses the
# job ("Requested node configuration is not available"). Options on the command line override
# the #SBATCH lines:
#
#   sbatch --cpus-per-task=2 deploy/slurm-array.sh title.yaml frames
#
# Likewise --array=0-7 for another shard count, --mem, --time, --partition.
# scripts/test-slurm runs this script on a one-node cluster it starts on one machine.
#
# kinetype must be on PATH on the nodes (a release build: scripts/setup && swift build -c release),
# or use the container: `apptainer exec kinetype.sif kinetype …` (built from deploy/Dockerfile).
#SBATCH --job-name=kinetype-render
#SBATCH --array=0-15
#SBATCH --cpus-per-task=4
#SBATCH --mem=2G
#SBATCH --time=01:00:00
#SBATCH --output=kinetype-%A_%a.log
set -euo pipefail

spec="${1:?usage: sbatch deploy/slurm-array.sh SPEC FRAMES_DIR}"
frames="${2:?usage: sbatch deploy/slurm-array.sh SPEC FRAMES_DIR}"

# --jobs: the cores Slurm gave this task, not the node's.
exec kinetype render "$spec" --output "$frames" --shard auto --jobs "${SLURM_CPUS_PER_TASK:-1}"
