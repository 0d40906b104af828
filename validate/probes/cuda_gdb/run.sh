#!/usr/bin/env bash
# cuda-gdb on an H100/H200: the sessions that Loom's gdb support mirrors, recorded so that the
# scripted gdb sessions in tests/ can be compared with what cuda-gdb prints. Builds the shipped
# reduction (kernels/reduce/reduce.cu) and the fault program (tests/cuda/faults.cu) with -g -G,
# runs each .gdb script here in batch mode, a command at a time, and writes OUT/<script>.out.
# Run from the repository root: validate/probes/cuda_gdb/run.sh OUT
set -u
out="$1"
here=validate/probes/cuda_gdb
mkdir -p "$out" /tmp/cuda_gdb
cp kernels/reduce/reduce.cu /tmp/cuda_gdb/reduce.cu
cp -r kernels/common /tmp/common
nvcc -g -G -arch=sm_90 -o /tmp/cuda_gdb/reduce /tmp/cuda_gdb/reduce.cu || exit 1
nvcc -g -G -arch=sm_90 -Itests/cuda -o /tmp/cuda_gdb/faults tests/cuda/faults.cu || exit 1
cp "$here"/*.gdb /tmp/cuda_gdb/
# One -ex a line, so that a command cuda-gdb refuses does not end the session (as -x would).
gdbArgs() { while IFS= read -r line; do printf -- "-ex\n%s\n" "$line"; done <"$1"; }
IFS=$'\n'
(cd /tmp/cuda_gdb && timeout 200 cuda-gdb -batch $(gdbArgs reduce_session.gdb) ./reduce) >"$out/reduce_session.out" 2>&1
echo "reduce_session: exit $?" >>"$out/exits.txt"
(cd /tmp/cuda_gdb && timeout 100 cuda-gdb -batch $(gdbArgs fault_session.gdb) --args ./faults oob_far) >"$out/fault_session.out" 2>&1
echo "fault_session: exit $?" >>"$out/exits.txt"
cuda-gdb --version >"$out/version.txt" 2>&1
