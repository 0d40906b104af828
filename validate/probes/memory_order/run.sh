#!/usr/bin/env bash
# Records what the device does with tests/loom/weak_memory.cu: the last-block sum and the
# message passing, each without (bug) and with (fixed) its __threadfence(), 20 runs each on the
# GPU, one line per run (the result and "right"/"wrong"). And compute-sanitizer's memcheck on
# tests/cuda/device_malloc.cu, whose deliberate API errors it reports ("Program hit" lines).
#   validate/probes/memory_order/run.sh OUT-DIR
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
bin=$(mktemp -d)
nvcc -arch=sm_90 -O2 "$root/tests/loom/weak_memory.cu" -o "$bin/weak_memory" || exit 1
{
  echo "# nvcc -arch=sm_90 -O2 tests/loom/weak_memory.cu; $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  for c in "lastblock bug" "lastblock fixed" "message bug" "message fixed"; do
    for run in $(seq 1 20); do echo "$c $run $("$bin/weak_memory" $c)"; done
  done
} > "$out/record.txt"
nvcc -arch=sm_90 -O2 -lineinfo "$root/tests/cuda/device_malloc.cu" -o "$bin/device_malloc" || exit 1
compute-sanitizer --tool memcheck --show-backtrace device "$bin/device_malloc" > "$out/device_malloc_memcheck.txt" 2>&1
echo "exit $?" >> "$out/device_malloc_memcheck.txt"
