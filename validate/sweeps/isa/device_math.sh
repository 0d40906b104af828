#!/usr/bin/env bash
# The device campaign for the isa math cases (validate/cases/isa.{math_f32,math_f64,fast_math,
# half_math,math_f32_fastmath}.case.json): build each with nvcc for sm_90, run it with
# LOOM_CASE_OUT, and pack each case's record (stdout.txt, exit.txt, outputs/*.gz) as
# $1/isa.<case>.tgz, plus $1/environment.txt. Each case is built and run as soon as it can be,
# so a time limit still leaves the finished ones.
# Usage, from the repository root on a GPU machine: validate/sweeps/isa/device_math.sh <outdir>
set -u
out=${1:?output directory}
mkdir -p "$out"
build=$(mktemp -d)
{
  echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  echo "nvcc: $(nvcc --version | tail -2 | head -1)"
  echo "ncu: $(ncu --version 2>/dev/null | tail -1)"
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$out/environment.txt"

one() {  # one <case> <source> <nvcc flags...>
  local name=$1 src=$2; shift 2
  local rec=$build/rec/isa.$name
  mkdir -p "$rec/outputs"
  if ! nvcc -O2 -arch=sm_90 "$@" -o "$build/$name" "$src" > "$build/$name.log" 2>&1; then
    cp "$build/$name.log" "$rec/build_failed.txt"
  else
    LOOM_CASE_OUT="$rec/outputs" "$build/$name" > "$rec/stdout.txt" 2> "$rec/stderr.txt"
    echo $? > "$rec/exit.txt"
    gzip -9 "$rec"/outputs/*
    if [ "$name" = fast_math ]; then cuobjdump -sass "$build/$name" | gzip -9 > "$rec/sass.txt.gz"; fi
  fi
  tar czf "$out/isa.$name.tgz" -C "$build/rec" "isa.$name"
}

one half_math validate/sweeps/isa/half_math.cu &
one math_f64 validate/sweeps/isa/math_f64.cu &
one math_f32 validate/sweeps/isa/math_f32.cu &
one fast_math validate/sweeps/isa/fast_math.cu &
one math_f32_fastmath validate/sweeps/isa/math_f32.cu --use_fast_math &
wait
ls -la "$out"
