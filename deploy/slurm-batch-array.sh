#!/usr/bin/env bash
# A data-driven batch on Slurm: a job array in which each task renders its share of the rows of
# a data file (contiguous, near-equal ranges) into a shared folder, one output per row.
#
#   sbatch deploy/slurm-batch-array.sh speakers.yaml speakers.csv 'videos/{name}.mp4'
#   sbatch deploy/slurm-batch-array.sh speakers.yaml speakers.csv 'frames/{name}' --width 1920
#
# An output template ending in .mp4, .mov, .webm, .mkv or .gif makes videos (batch --video),
# anything else frame folders (batch -o); options after it go to kinetype batch. Every task checks
# every row before it renders (a bad row stops each task, naming it in the data file), and writes
# its own manifest, kinetype-batch.K-of-N.json beside the outputs.
#
# Slurm sets SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT for each task; `--shard auto` reads
# them and prints which share of the rows it took. Submitting the same array again renders only
# the rows whose output is missing, failed, or made from another spec, data or font. A failed
# task again: give the count, as for renders (deploy/slurm-array.sh):
#
#   sbatch --array=5 --export=ALL,KINETYPE_SHARDS=8 deploy/slurm-batch-array.sh speakers.yaml speakers.csv 'videos/{name}.mp4'
#
# CPUs: each task asks for 4 and renders that many rows at once; on smaller nodes give what they
# have (sbatch --cpus-per-task=2 …). scripts/test-slurm runs this script on a one-node cluster.
#SBATCH --job-name=kinetype-batch
#SBATCH --array=0-7
#SBATCH --cpus-per-task=4
#SBATCH --mem=4G
#SBATCH --time=02:00:00
#SBATCH --output=kinetype-batch-%A_%a.log
set -euo pipefail

usage="usage: sbatch deploy/slurm-batch-array.sh SPEC ROWS OUTPUT_TEMPLATE [kinetype batch options]"
spec="${1:?$usage}"
rows="${2:?$usage}"
outputs="${3:?$usage}"
shift 3
case "$outputs" in
    *.mp4 | *.mov | *.webm | *.mkv | *.gif) target=(--video "$outputs") ;;
    *) target=(--output "$outputs") ;;
esac

# --jobs: the cores Slurm gave this task, not the node's.
exec kinetype batch "$spec" "$rows" "${target[@]}" --shard auto --jobs "${SLURM_CPUS_PER_TASK:-1}" "$@"
