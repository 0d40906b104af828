#!/usr/bin/env bash
# The device campaign for the foundation: build every probe, kernel case and conformance test
# with nvcc for sm_90, run them on the GPU, and write what they print under $1 (a results dir).
# Usage (on a machine with a GPU and nvcc):  validate/device_run.sh validate/results/<gpu>-sm90
# Through Loom's device tool:  run(command="validate/device_run.sh $OUT/h100-sm90")
set -u
out=${1:?results directory}
mkdir -p "$out"
build=$(mktemp -d)
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

{
  echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  echo "nvcc: $(nvcc --version | tail -2 | head -1)"
  echo "date: $(date -u +%Y-%m-%d)"
} > "$out/environment.txt"

# Build everything in parallel; a program that fails to build is recorded as such.
sources=$(ls validate/probes/*.cu kernels/*/*.cu tests/cuda/*.cu 2>/dev/null)
printf '%s\n' $sources | xargs -P 16 -I{} sh -c \
  'n=$(echo {} | tr / _ | sed "s/\.cu$//"); nvcc -O2 -arch=sm_90 -Wno-deprecated-gpu-targets -o '"$build"'/$n {} > '"$build"'/$n.buildlog 2>&1 || echo "BUILD FAILED" >> '"$build"'/$n.buildlog'

runone() {  # runone <name> <args...>: stdout+exit code into the record
  local n=$1; shift
  if [ ! -x "$build/$n" ]; then echo "== $n $*"; echo "build failed:"; cat "$build/$n.buildlog"; return; fi
  echo "== $n $*"
  timeout 120 "$build/$n" "$@" 2>/dev/null
  echo "exit $?"
}

for s in $sources; do
  n=$(echo "$s" | tr / _ | sed 's/\.cu$//')
  case "$n" in
    validate_probes_kernel_faults)
      for c in null_write oob_far assert_fail trap oob_near misaligned stack_overflow; do runone "$n" "$c"; done ;;
    tests_cuda_faults)
      for c in null_write oob_far use_after_free assert_fail trap stack_overflow divide_by_zero; do runone "$n" "$c"; done ;;
    *) runone "$n" ;;
  esac
done > "$out/programs.txt"
echo "records written to $out"
