#!/usr/bin/env bash
# Installs Loom under a fresh prefix (not the one it was configured with: the installed
# loom-cc.conf names its paths relative to itself) and builds a CUDA program against the
# installation: with the installed loom-cc, with find_package(Loom) and loom_add_executable, and
# with CMake's CUDA language (the installed loom-cc as CMAKE_CUDA_COMPILER). Usage: install_test.sh <build dir> <source dir>
set -euo pipefail
build=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
"$work/prefix/bin/loom-cc" -O2 "$src/tests/install/project/app.cu" -o "$work/app"
"$work/app"
cmake -S "$src/tests/install/project" -B "$work/project" -DCMAKE_PREFIX_PATH="$work/prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/project" >/dev/null
"$work/project/app"
"$src/tests/cmake_cuda/cmake_cuda_test.sh" "$work/prefix/bin/loom-cc" "$src"
