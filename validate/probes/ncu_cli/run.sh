#!/usr/bin/env bash
# What Nsight Compute's command line prints, recorded for loom-ncu's format tests: two corpus
# programs (template kernels launched several times; two plain kernels) under the ncu options
# loom-ncu takes. Each run's stdout and stderr go to OUT/<name>.stdout / .stderr, with the
# command in OUT/commands.txt. Run from the repository root: validate/probes/ncu_cli/run.sh OUT
set -u
out="$1"
mkdir -p "$out"
flags="-O2 -std=c++17 --extended-lambda -arch=sm_90 -Itests/corpus/include"
nvcc $flags -o /tmp/ncu_reduction tests/corpus/samples_reduction.cu || exit 1
nvcc $flags -o /tmp/ncu_transpose tests/corpus/samples_transpose.cu || exit 1
m=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
m=$m,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
m=$m,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
m=$m,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
m=$m,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
m=$m,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_inst_executed_op_global_ld.sum
: >"$out/commands.txt"
probe() {  # name, then ncu's arguments
  local name=$1
  shift
  echo "$name: ncu $*" >>"$out/commands.txt"
  (cd /tmp && ncu "$@") >"$out/$name.stdout" 2>"$out/$name.stderr"
  echo "$name: exit $?" >>"$out/commands.txt"
}
probe transpose_csv --csv --metrics "$m" ./ncu_transpose
probe transpose_text --metrics "$m" ./ncu_transpose
probe transpose_raw --csv --page raw --metrics "$m" ./ncu_transpose
probe transpose_base --csv --print-units base --metrics "$m" ./ncu_transpose
probe transpose_kernel --csv --metrics "$m" -k transposeNoBankConflicts ./ncu_transpose
probe transpose_mangled --csv --kernel-name-base mangled --metrics "$m" ./ncu_transpose
probe transpose_unknown --csv --metrics foo__bar.sum ./ncu_transpose
probe transpose_export --csv --metrics "$m" -c 1 --log-file /tmp/ncu_log.txt ./ncu_transpose
cp /tmp/ncu_log.txt "$out/transpose_export.log" 2>/dev/null
probe reduction_regex --csv --metrics "$m" -k regex:reduce5 -c 3 ./ncu_reduction
probe reduction_skip --csv --metrics "$m" -k regex:reduce -s 2 -c 2 ./ncu_reduction
probe reduction_demangled --csv --kernel-name-base demangled --metrics "$m" -k regex:reduce[34] -c 2 ./ncu_reduction
probe reduction_skip_before --csv --metrics "$m" -k regex:reduce2 --launch-skip-before-match 1 -c 1 ./ncu_reduction
probe reduction_id --csv --metrics "$m" --kernel-id ::regex:reduce1:2 ./ncu_reduction
ncu --version >"$out/version.txt" 2>&1
