#!/bin/bash
# isa sweep on the device: one binary per family (so one family's compile error cannot
# cost the others), each run with LOOM_CASE_OUT=<record>/outputs; results gzip'd and tarred
# into $OUT/isa_records.tgz. Run from a directory holding validate/sweeps/isa,
# validate/include and isa/table in this repository's layout (the recorded run:
# a copy of those at .carry/isa-int/, `cd .carry/isa-int && ./device_run.sh`, on an H100,
# nvcc 13.0; see validate/results/h100-sm90/isa.*/command.txt).
set -u
cd "$(dirname "$0")"
[ -d validate/sweeps/isa ] || cd ../../..
R=out
mkdir -p $R bin
{ nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv; nvcc --version; ncu --version; compute-sanitizer --version; } > $R/environment.txt 2>&1
FAMS="int simd dpx float_round convert half bfloat16"
S=validate/sweeps/isa
T0=$(date +%s)
nvcc -O2 -arch=sm_90 -c $S/isa_sweep.cu -o bin/main.o > $R/build_main.log 2>&1 &
for f in $FAMS; do nvcc -O2 -arch=sm_90 -c $S/isa_$f.cu -o bin/$f.o > $R/build_$f.log 2>&1 & done
wait
echo "compile: $(( $(date +%s) - T0 )) s" >> $R/timing.txt
for f in $FAMS; do
  d=$R/isa.$f; mkdir -p $d/outputs
  if nvcc -arch=sm_90 bin/main.o bin/$f.o -o bin/isa_$f >> $R/build_$f.log 2>&1; then
    LOOM_CASE_OUT=$d/outputs timeout 60 bin/isa_$f $f > $d/stdout.txt 2> $d/stderr.txt
    echo $? > $d/exit.txt
  else
    echo "build failed" > $d/exit.txt
  fi
done
echo "run: $(( $(date +%s) - T0 )) s" >> $R/timing.txt
cuobjdump -sass bin/isa_float_round 2>/dev/null | gzip > $R/float_round.sass.gz
cuobjdump -sass bin/isa_convert 2>/dev/null | gzip > $R/convert.sass.gz
gzip -r $R/isa.*/outputs
tar czf $OUT/isa_records.tgz $R
echo "total: $(( $(date +%s) - T0 )) s"; cat $R/timing.txt; cat $R/isa.*/exit.txt | tr '\n' ' '; echo; cat $R/isa.*/stderr.txt | head -20; for f in $FAMS; do tail -5 $R/build_$f.log; done | head -60
