#!/usr/bin/env bash
# nvcc's answer to each probe of this folder: `nvcc -arch=sm_90 -c`, its exit status and its
# messages (paths stripped to the file name). Writes frontend_errors.txt to the folder given.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-.}/frontend_errors.txt"
: >"$out"
for f in "$here"/*.cu; do
  name=$(basename "$f")
  (cd "$here" && nvcc -arch=sm_90 -c "$name" -o /tmp/frontend_probe.o) >/tmp/frontend_probe.log 2>&1
  echo "== $name exit=$?" >>"$out"
  sed -e "s|$here/||g" /tmp/frontend_probe.log >>"$out"
done
nvcc --version | tail -2 >>"$out"
