#!/usr/bin/env bash
# ncu's CSV for the corpus programs written without CUB or Thrust (samples_*, style_*: the
# device's CCCL is not the Debian one Loom builds with, so CUB's kernels differ by name and
# shape), with Loom's metrics, the first 100 launches of each. One file per program:
# OUT/<program>.csv, ncu's stdout as it printed it. Run from the repository root:
# validate/probes/ncu_cli/corpus.sh OUT. style_streams_events hangs under ncu (ncu serializes
# launches, and one of its kernels waits for a kernel of another stream), hence the timeout.
set -u
out="$1"
mkdir -p "$out" /tmp/ncu_corpus
flags="-O2 -std=c++17 --extended-lambda -arch=sm_90 -Itests/corpus/include"
ls tests/corpus/samples_*.cu tests/corpus/style_*.cu |
  xargs -P 16 -I{} sh -c 'nvcc '"$flags"' -o /tmp/ncu_corpus/$(basename {} .cu) {} || echo "nvcc failed: {}"'
m=$(tr '\n' ',' <validate/probes/ncu_cli/metrics.txt | sed 's/,$//')
for program in /tmp/ncu_corpus/*; do
  name=$(basename "$program")
  (cd /tmp/ncu_corpus && timeout 120 ncu --csv --metrics "$m" -c 100 "./$name") >"$out/$name.csv" 2>"$out/$name.stderr"
  echo "$name: exit $?" >>"$out/exits.txt"
done
