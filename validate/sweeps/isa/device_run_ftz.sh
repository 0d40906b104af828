#!/bin/bash
# The isa sweep again with -ftz=true, for the families where flushing f32 subnormals can
# matter (float_round, convert, half, bfloat16). Keeps only the buffers that differ from the
# default (-ftz=false) record, which it expects under records/<family>/ (copies of
# validate/results/h100-sm90/isa.<family>/outputs); writes $OUT/isa_ftz_records.tgz.
set -u
cd "$(dirname "$0")"
[ -d validate/sweeps/isa ] || cd ../../..
R=out_ftz
mkdir -p $R bin_ftz
FAMS="float_round convert half bfloat16"
S=validate/sweeps/isa
T0=$(date +%s)
nvcc -O2 -arch=sm_90 -ftz=true -c $S/isa_sweep.cu -o bin_ftz/main.o > $R/build_main.log 2>&1 &
for f in $FAMS; do nvcc -O2 -arch=sm_90 -ftz=true -c $S/isa_$f.cu -o bin_ftz/$f.o > $R/build_$f.log 2>&1 & done
wait
for f in $FAMS; do
  d=$R/isa.$f.ftz; mkdir -p $d/all $d/outputs
  nvcc -arch=sm_90 -ftz=true bin_ftz/main.o bin_ftz/$f.o -o bin_ftz/isa_$f >> $R/build_$f.log 2>&1 || { echo "build failed" > $d/exit.txt; continue; }
  LOOM_CASE_OUT=$d/all timeout 60 bin_ftz/isa_$f $f > $d/stdout.txt 2> $d/stderr.txt
  echo $? > $d/exit.txt
  for o in $d/all/*; do
    n=$(basename $o)
    if ! gzip -dc records/$f/$n.gz | cmp -s - $o; then gzip -c $o > $d/outputs/$n.gz; echo "$n" >> $d/differs.txt; fi
  done
  rm -rf $d/all
done
cuobjdump -sass bin_ftz/isa_float_round 2>/dev/null | grep -E "Function|FADD|FMUL|FFMA|MUFU|F2F|F2I|I2F" | gzip > $R/float_round_ftz.sass.gz
tar czf $OUT/isa_ftz_records.tgz $R
echo "total: $(( $(date +%s) - T0 )) s"; for f in $FAMS; do echo "$f: exit $(cat $R/isa.$f.ftz/exit.txt), $(wc -l < $R/isa.$f.ftz/differs.txt 2>/dev/null || echo 0) buffers differ"; done; cat $R/isa.*/differs.txt | tr '\n' ' ' | head -c 3000
