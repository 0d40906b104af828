#!/usr/bin/env bash
# Configures, builds and runs tests/cmake_cuda/project with CMake's CUDA language and
# -DCMAKE_CUDA_COMPILER=<loom-cc>. Usage: cmake_cuda_test.sh <loom-cc> <source dir>
set -euo pipefail
loomcc=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S "$src/tests/cmake_cuda/project" -B "$work/build" -DCMAKE_CUDA_COMPILER="$loomcc" >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; exit 1; }
grep -E "CUDA compiler identification is NVIDIA|Found CUDAToolkit" "$work/configure.log"
grep -E "^CMAKE_CUDA_ARCHITECTURES" "$work/build/CMakeCache.txt"
cmake --build "$work/build" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
"$work/build/app"
"$work/build/kernels_only"
