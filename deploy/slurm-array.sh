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
# Lustre, GPFS…) with flock support. A failed task can be re-run alone (`sbatch --array=5 …`): a
# shard re-rendered writes the same bytes.
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
