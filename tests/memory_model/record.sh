#!/usr/bin/env bash
# Records the suite on a GPU machine: each program built with nvcc, `bug` and `fixed` run 10
# times each, one line per run: "<program> <mode> <run> <result> right|wrong".
#   tests/memory_model/record.sh OUT-FILE
set -u
src=$(cd "$(dirname "$0")" && pwd)
bin=$(mktemp -d)
{
  echo "# nvcc -arch=sm_90 -O2 tests/memory_model/<program>.cu; $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  for f in "$src"/*.cu; do
    n=$(basename "$f" .cu)
    nvcc -arch=sm_90 -O2 "$f" -o "$bin/$n" || { echo "$n build failed"; continue; }
    for mode in bug fixed; do
      for run in $(seq 1 10); do echo "$n $mode $run $(timeout 20 "$bin/$n" $mode)"; done
    done
  done
} > "$1"
