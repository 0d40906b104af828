#!/usr/bin/env bash
# LOOM_SCHEDULE=random:<seed> on tests/loom/schedule_warps.cu: in index order every block's last
# writer is its last warp; under seeds 1-20 the winners vary (more than one distinct output, and
# some block won by another warp), and each seed replays its output.
#   schedule_warps.sh PROGRAM
set -u
program=$1
status=0
index=$(LOOM_SERIAL=1 "$program")
[ "$index" = "7 7 7 7 7 7 7 7 " ] || { echo "index order: '$index'"; status=1; }
outputs=$(for seed in $(seq 1 20); do
  out=$(LOOM_SCHEDULE=random:$seed "$program")
  again=$(LOOM_SCHEDULE=random:$seed "$program")
  [ "$out" = "$again" ] || echo "seed $seed did not replay: '$out' then '$again'" >&2
  echo "$out"
done)
distinct=$(echo "$outputs" | sort -u | wc -l)
echo "under 20 seeds: $distinct distinct outputs"
[ "$distinct" -gt 1 ] || status=1
echo "$outputs" | grep -q -E '(^| )[0-6] ' || { echo "no block was won by another warp than the last"; status=1; }
exit $status
