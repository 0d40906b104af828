#!/usr/bin/env bash
# The two settings apart, and their defaults, on the suite's programs (run_case.sh runs them
# together): LOOM_SCHEDULE=random:<seed> alone makes the chained scan that relies on block index
# order wrong under some of seeds 1-20, each seed replaying its output, and leaves its ticketed
# twin right; in index order (LOOM_SERIAL=1, also with LOOM_SCHEDULE=index) it is right.
# LOOM_MEMORY=weak alone makes the message passed without its fence wrong and leaves the fenced
# one right; the default memory computes even the unfenced last-block sum and message right.
# Malformed values are refused with the variable's name.
#   modes.sh BIN-DIR (holding memory_model_<program>)
set -u
bin=$1
status=0
result() { "$@" 2>/dev/null | awk '{print $2}'; }
wrong=0
for seed in $(seq 1 20); do
  out=$(LOOM_SCHEDULE=random:$seed "$bin/memory_model_chained_scan_order" bug)
  again=$(LOOM_SCHEDULE=random:$seed "$bin/memory_model_chained_scan_order" bug)
  [ "$out" = "$again" ] || { echo "seed $seed did not replay: '$out' then '$again'"; status=1; }
  case $out in *wrong) wrong=$((wrong + 1)) ;; esac
  [ "$(LOOM_SCHEDULE=random:$seed result "$bin/memory_model_chained_scan_order" fixed)" = right ] ||
    { echo "ticketed chain wrong under seed $seed"; status=1; }
done
echo "chained scan by index, random order alone: wrong under $wrong of 20 seeds"
[ "$wrong" -gt 0 ] || status=1
[ "$(LOOM_SERIAL=1 result "$bin/memory_model_chained_scan_order" bug)" = right ] || { echo "index order: wrong"; status=1; }
[ "$(LOOM_SERIAL=1 LOOM_SCHEDULE=index result "$bin/memory_model_chained_scan_order" bug)" = right ] ||
  { echo "LOOM_SCHEDULE=index: wrong"; status=1; }
[ "$(LOOM_MEMORY=weak result "$bin/memory_model_message_flag" bug)" = wrong ] || { echo "weak memory alone: unfenced message right"; status=1; }
[ "$(LOOM_MEMORY=weak result "$bin/memory_model_message_flag" fixed)" = right ] || { echo "weak memory alone: fenced message wrong"; status=1; }
for p in last_block_sum message_flag; do
  [ "$(result "$bin/memory_model_$p" bug)" = right ] || { echo "$p bug wrong in the default memory"; status=1; }
done
for v in "LOOM_SCHEDULE=random LOOM_SCHEDULE=random is not \`index\` or \`random:<seed>\`" \
         "LOOM_MEMORY=relaxed LOOM_MEMORY=relaxed is not \`sc\` or \`weak\`"; do
  setting=${v%% *} expected=${v#* }
  msg=$(env "$setting" "$bin/memory_model_last_block_sum" fixed 2>&1)
  case $msg in *"$expected"*) ;; *) echo "$setting was not refused: $msg"; status=1 ;; esac
done
exit $status
