#!/usr/bin/env bash
# Records what the device does with tests/loom/schedule_random.cu: the chained sum (each block
# reads the total its predecessor by index published, without waiting) and its ticketed twin,
# 20 runs each on the GPU, one line per run ("right"/"wrong" and the block totals).
#   validate/probes/block_order/run.sh OUT-FILE
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
bin=$(mktemp -d)
nvcc -arch=sm_90 -O2 "$root/tests/loom/schedule_random.cu" -o "$bin/schedule_random" || exit 1
{
  echo "# nvcc -arch=sm_90 -O2 tests/loom/schedule_random.cu; $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  for mode in chained ticketed; do
    for run in $(seq 1 20); do
      out=$("$bin/schedule_random" $mode)
      echo "$mode $run $(echo "$out" | tail -1) $(echo "$out" | head -1)"
    done
  done
} > "$1"
