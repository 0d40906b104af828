#!/usr/bin/env bash
# LOOM_SCHEDULE=random:<seed> on tests/loom/schedule_random.cu: under seeds 1-20, the chained sum
# (which relies on block order) is wrong for at least one seed, the ticketed one right for all;
# a seed replays its output exactly; index order (serial) is the default.
#   schedule_random.sh PROGRAM
set -u
program=$1
status=0
wrongSeeds=0
for seed in $(seq 1 20); do
  out=$(LOOM_SCHEDULE=random:$seed "$program" chained)
  [ "$(echo "$out" | tail -1)" = wrong ] && wrongSeeds=$((wrongSeeds + 1))
  again=$(LOOM_SCHEDULE=random:$seed "$program" chained)
  if [ "$out" != "$again" ]; then echo "seed $seed did not replay: '$out' then '$again'"; status=1; fi
  ticketed=$(LOOM_SCHEDULE=random:$seed LOOM_WATCHDOG=10 "$program" ticketed | tail -1)
  if [ "$ticketed" != right ]; then echo "ticketed: $ticketed under seed $seed"; status=1; fi
done
echo "chained: wrong under $wrongSeeds of 20 seeds"
[ "$wrongSeeds" -gt 0 ] || status=1
[ "$(LOOM_SERIAL=1 "$program" chained | tail -1)" = right ] || { echo "chained: wrong in index order"; status=1; }
[ "$(LOOM_SERIAL=1 LOOM_SCHEDULE=index "$program" chained | tail -1)" = right ] || { echo "LOOM_SCHEDULE=index: wrong"; status=1; }
msg=$(LOOM_SCHEDULE=random "$program" chained 2>&1)
case $msg in
  *"LOOM_SCHEDULE=random is not \`index\` or \`random:<seed>\`"*) ;;
  *) echo "a malformed LOOM_SCHEDULE was not refused: $msg"; status=1 ;;
esac
exit $status
