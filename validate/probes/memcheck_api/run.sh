#!/usr/bin/env bash
# Records compute-sanitizer's memcheck on programs outside the sanitizer suite whose API errors,
# asserts and traps Loom's memcheck is compared with: tests/cuda/device_malloc.cu (two deliberate
# API errors) and tests/cuda/faults.cu's assert_fail and trap cases (with the leak check). Each
# log ends with the tool's exit status.
#   validate/probes/memcheck_api/run.sh OUT-DIR
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
bin=$(mktemp -d)
nvcc -arch=sm_90 -O2 -lineinfo "$root/tests/cuda/device_malloc.cu" -o "$bin/device_malloc" || exit 1
nvcc -arch=sm_90 -O2 -lineinfo -I"$root/tests/cuda" "$root/tests/cuda/faults.cu" -o "$bin/faults" || exit 1
compute-sanitizer --tool memcheck --show-backtrace device "$bin/device_malloc" > "$out/device_malloc_memcheck.txt" 2>&1
echo "exit $?" >> "$out/device_malloc_memcheck.txt"
for c in assert_fail trap; do
  compute-sanitizer --tool memcheck --leak-check full --show-backtrace device "$bin/faults" $c \
    > "$out/faults_${c}_memcheck.txt" 2>&1
  echo "exit $?" >> "$out/faults_${c}_memcheck.txt"
done
