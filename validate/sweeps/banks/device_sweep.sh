#!/usr/bin/env bash
# The device side of the bank/coalescing sweep (run on an H100 with nvcc, cuobjdump and ncu):
# builds the probe and the seed kernels, records the environment, the probe's SASS, ncu's metric
# list, then profiles the seed kernels and as many sweep patterns (in list order, tier 1 first) as
# fit before the deadline, in chunks whose size follows the measured cost of a profiled launch.
# Usage: device_sweep.sh OUTDIR SECONDS KERNELS_ROOT [INDEX_FILE]
# With INDEX_FILE (one pattern index a line), only those patterns run, and the seed kernels don't.
set -u
out=${1:?output dir}; budget=${2:-240}; kroot=${3:?kernels root}; indexfile=${4:-}
start=$(date +%s); deadline=$((start + budget))
here=$(cd "$(dirname "$0")" && pwd)
bin=$(mktemp -d)
mkdir -p "$out/raw"
{
  echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
  echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
  echo "nvcc: $(nvcc --version | tail -2 | head -1)"
  echo "ncu: $(ncu --version | tail -1)"
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
} > "$out/environment.txt"

nvcc -O2 -arch=sm_90 -std=c++17 -diag-suppress 550 -o "$bin/bank_sweep" "$here/bank_sweep.cu" > "$out/build.log" 2>&1 &
for k in add/add transpose/transpose_shared transpose/transpose_global reduce/reduce; do
  nvcc -O2 -arch=sm_90 -o "$bin/$(basename $k)" "$kroot/$k.cu" > "$out/build_$(basename $k).log" 2>&1 &
done
wait
cuobjdump -sass "$bin/bank_sweep" > "$out/bank_sweep.sass" 2>&1
"$bin/bank_sweep" list > "$out/patterns.txt"
total=$(wc -l < "$out/patterns.txt")
echo "built at +$(( $(date +%s) - start ))s, $total patterns"

ncu --query-metrics > "$out/query_metrics.txt" 2>&1
required="l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom
smsp__sass_inst_executed_op_shared_ld smsp__sass_inst_executed_op_shared_st smsp__sass_inst_executed_op_shared_atom
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st
l1tex__t_sectors_pipe_lsu_mem_global_op_ld l1tex__t_sectors_pipe_lsu_mem_global_op_st
l1tex__t_requests_pipe_lsu_mem_global_op_ld l1tex__t_requests_pipe_lsu_mem_global_op_st"
optional="smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ld smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_st
smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom smsp__sass_inst_executed_op_global_ld smsp__sass_inst_executed_op_global_st"
metrics=""
missing=""
for m in $required; do
  if grep -qw "$m" "$out/query_metrics.txt"; then metrics="$metrics,$m.sum"; else missing="$missing $m"; fi
done
# Metrics the listing does not name: one trial launch with all of them, else one trial each.
trial() { ncu --metrics "$1" "$bin/bank_sweep" run 0 1 > "$out/raw/trial.txt" 2>&1 && ! grep -qi "error\|failed" "$out/raw/trial.txt"; }
if [ -n "$missing" ]; then
  all=$(echo $missing | sed 's/ /.sum,/g').sum
  if trial "$all"; then metrics="$metrics,$all"
  else
    for m in $missing; do
      if trial "$m.sum"; then metrics="$metrics,$m.sum"; else echo "unavailable: $m" >> "$out/missing.txt"; fi
    done
  fi
fi
for m in $optional; do
  if grep -qw "$m" "$out/query_metrics.txt"; then metrics="$metrics,$m.sum"; else echo "not listed: $m" >> "$out/missing.txt"; fi
done
metrics=${metrics#,}
echo "$metrics" > "$out/metrics.txt"
ncuflags="--csv --print-units base --cache-control none --clock-control none --metrics $metrics"
echo "ncu $ncuflags --log-file <chunk>.csv <program> [args]" > "$out/command.txt"
echo "metrics chosen at +$(( $(date +%s) - start ))s"

if [ -z "$indexfile" ]; then
  for p in add transpose_shared transpose_global reduce; do
    t0=$(date +%s)
    ncu $ncuflags --log-file "$out/raw/kernels_$p.csv" "$bin/$p" > "$out/raw/kernels_$p.out" 2>&1
    echo "kernels $p: exit $? in $(( $(date +%s) - t0 ))s"
  done
  seq 0 $((total - 1)) > "$bin/indices"
else
  cp "$indexfile" "$bin/indices"
fi
count=$(wc -l < "$bin/indices")

done_=0; rate_ms=0; chunk=0
while [ "$done_" -lt "$count" ]; do
  left=$(( deadline - $(date +%s) ))
  [ "$left" -lt 12 ] && break
  if [ "$rate_ms" -eq 0 ]; then n=40; else n=$(( (left - 6) * 1000 / rate_ms )); fi
  [ "$n" -gt 150 ] && n=150
  [ "$n" -lt 5 ] && break
  sed -n "$((done_ + 1)),$((done_ + n))p" "$bin/indices" > "$out/raw/sweep_$chunk.idx"
  n=$(wc -l < "$out/raw/sweep_$chunk.idx")
  t0=$(date +%s%N)
  ncu $ncuflags --log-file "$out/raw/sweep_$chunk.csv" "$bin/bank_sweep" runidx $(cat "$out/raw/sweep_$chunk.idx") > "$out/raw/sweep_$chunk.out" 2>&1
  rc=$?
  t1=$(date +%s%N)
  rate_ms=$(( (t1 - t0) / 1000000 / n + 1 ))
  echo "sweep chunk $chunk ($n patterns from #$done_): exit $rc, $(( (t1 - t0) / 1000000 )) ms ($rate_ms ms/launch)"
  done_=$((done_ + n)); chunk=$((chunk + 1))
done
echo "sweep stopped after $done_ of $count patterns, +$(( $(date +%s) - start ))s"
