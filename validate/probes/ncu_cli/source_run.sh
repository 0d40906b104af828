#!/usr/bin/env bash
# What Nsight Compute prints for the parts of loom-ncu beyond the details page: the source page
# (--page source, from a live run and from an exported report), the "==PROF== Profiling" lines
# and their pass counts for each of Loom's metrics alone and together, and the stream IDs of
# launches on each kind of stream. Run from the repository root on a GPU machine:
# validate/probes/ncu_cli/source_run.sh OUT. Each ncu run's stdout and stderr go to
# OUT/<name>.stdout / .stderr, its command to OUT/commands.txt.
set -u
out="$1"
mkdir -p "$out"
flags="-O2 -std=c++17 --extended-lambda -arch=sm_90 -lineinfo -Itests/corpus/include"
nvcc $flags -o /tmp/ncu_reduction tests/corpus/samples_reduction.cu || exit 1
nvcc $flags -o /tmp/ncu_transpose tests/corpus/samples_transpose.cu || exit 1
nvcc $flags -o /tmp/ncu_streams validate/probes/ncu_cli/programs/streams.cu || exit 1
nvcc $flags -o /tmp/ncu_names validate/probes/ncu_cli/programs/names.cu || exit 1
nvcc $flags -o /tmp/ncu_matmul tests/corpus/samples_matrix_mul.cu || exit 1
: >"$out/commands.txt"
probe() {  # name, then ncu's arguments
  local name=$1
  shift
  echo "$name: ncu $*" >>"$out/commands.txt"
  (cd /tmp && timeout 120 ncu "$@") >"$out/$name.stdout" 2>"$out/$name.stderr"
  echo "$name: exit $?" >>"$out/commands.txt"
}
ncu --help >"$out/help.txt" 2>&1
m=$(tr '\n' ',' <validate/probes/ncu_cli/metrics.txt | sed 's/,$//')
# Source page, live and from a report.
probe source_live_cuda --section SourceCounters --page source --csv --print-source cuda -k transposeNoBankConflicts -c 1 ./ncu_transpose
probe source_live_sass --section SourceCounters --page source --csv --print-source sass -k transposeNoBankConflicts -c 1 ./ncu_transpose
probe source_live_text --section SourceCounters --page source --print-source cuda -k transposeNoBankConflicts -c 1 ./ncu_transpose
probe source_live_both --section SourceCounters --page source --csv --print-source cuda,sass -k transposeNoBankConflicts -c 1 ./ncu_transpose
probe source_export --section SourceCounters -k regex:transpose -c 2 -f -o /tmp/ncu_src ./ncu_transpose
probe source_import_cuda -i /tmp/ncu_src.ncu-rep --page source --csv --print-source cuda
probe source_import_default -i /tmp/ncu_src.ncu-rep --page source --csv
probe source_import_details -i /tmp/ncu_src.ncu-rep --page details --csv
probe source_metrics --metrics "$m" --page source --csv --print-source cuda -k regex:reduce5 -c 1 ./ncu_reduction
probe source_reduce --section SourceCounters --page source --csv --print-source cuda -k regex:reduce5 -c 1 ./ncu_reduction
# Pass counts: text mode prints one Profiling line a launch.
probe passes_all --metrics "$m" -c 1 ./ncu_transpose
i=0
while read -r metric; do
  probe "passes_$i" --metrics "$metric" -c 1 ./ncu_transpose
  i=$((i + 1))
done <validate/probes/ncu_cli/metrics.txt
probe passes_reduction --metrics "$m" -k regex:reduce -c 3 ./ncu_reduction
probe passes_unknown --metrics foo__bar.sum -c 1 ./ncu_transpose
# Stream IDs.
probe streams_csv --csv --metrics smsp__sass_inst_executed_op_global_ld.sum ./ncu_streams
probe streams_text --metrics smsp__sass_inst_executed_op_global_ld.sum ./ncu_streams
probe export_plain --metrics "$m" -c 1 -f -o /tmp/ncu_plain ./ncu_transpose
probe import_plain_csv -i /tmp/ncu_plain.ncu-rep --csv
probe import_plain_text -i /tmp/ncu_plain.ncu-rep
sass=smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_global_ld.sum
probe source_both_metrics --metrics "$sass" --page source --csv --print-source cuda,sass -k transposeNoBankConflicts -c 1 ./ncu_transpose
probe source_full_export --set full -k regex:MatrixMul -c 1 -f -o /tmp/ncu_full ./ncu_matmul
probe source_full_both -i /tmp/ncu_full.ncu-rep --page source --csv --print-source cuda,sass
probe source_full_sass -i /tmp/ncu_full.ncu-rep --page source --csv --print-source sass
probe source_full_text -i /tmp/ncu_full.ncu-rep --page source --print-source cuda,sass
# The Profiling line under each launch filter, and kernel names of every length.
probe names_text --metrics smsp__sass_inst_executed_op_global_ld.sum ./ncu_names
probe line_kernel --metrics smsp__sass_inst_executed_op_global_ld.sum -k transposeNaive ./ncu_transpose
probe line_regex_count --metrics smsp__sass_inst_executed_op_global_ld.sum -k regex:transpose -c 2 ./ncu_transpose
probe line_count --metrics smsp__sass_inst_executed_op_global_ld.sum -c 2 ./ncu_transpose
probe line_skip --metrics smsp__sass_inst_executed_op_global_ld.sum -s 1 -c 1 ./ncu_transpose
probe line_skip_only --metrics smsp__sass_inst_executed_op_global_ld.sum -s 1 ./ncu_transpose
probe line_reduce_skip --metrics smsp__sass_inst_executed_op_global_ld.sum -k regex:reduce -s 2 -c 2 ./ncu_reduction
probe line_kernel_id --metrics smsp__sass_inst_executed_op_global_ld.sum --kernel-id ::regex:reduce1:2 ./ncu_reduction
probe line_skip_before --metrics smsp__sass_inst_executed_op_global_ld.sum -k regex:reduce2 --launch-skip-before-match 1 -c 1 ./ncu_reduction
probe line_log --metrics smsp__sass_inst_executed_op_global_ld.sum -c 1 --log-file /tmp/ncu_line_log.txt ./ncu_transpose
cp /tmp/ncu_line_log.txt "$out/line_log.log" 2>/dev/null
# Pass counts of metric families.
hw=$(grep '^l1tex' validate/probes/ncu_cli/metrics.txt | tr '\n' ',' | sed 's/,$//')
sassall=$(grep '^smsp' validate/probes/ncu_cli/metrics.txt | tr '\n' ',' | sed 's/,$//')
probe passes_hw --metrics "$hw" -c 1 ./ncu_transpose
probe passes_sass --metrics "$sassall" -c 1 ./ncu_transpose
probe passes_wavefronts --metrics l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum -c 1 ./ncu_transpose
probe passes_conflicts --metrics l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum -c 1 ./ncu_transpose
probe passes_sectors --metrics l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum -c 1 ./ncu_transpose
probe passes_sass_inst --metrics smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_inst_executed_op_shared_atom.sum,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum -c 1 ./ncu_transpose
probe passes_sass_wave --metrics smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum -c 1 ./ncu_transpose
probe passes_two_sass --metrics smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum -c 1 ./ncu_transpose
probe passes_two_mixed --metrics smsp__sass_inst_executed_op_shared_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum -c 1 ./ncu_transpose
probe passes_three_sass --metrics smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_inst_executed_op_global_ld.sum -c 1 ./ncu_transpose
ncu --version >"$out/version.txt" 2>&1
