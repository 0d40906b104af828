#!/usr/bin/env bash
# One case of the memory-model suite: PROGRAM bug and PROGRAM fixed, each under 20 seeds of
# LOOM_SCHEDULE=random:<seed> with LOOM_MEMORY=weak, and each under loom-sanitizer's racecheck.
# The bug must give a wrong result under at least one seed (and the same output when that seed
# is run again) and racecheck must report a hazard; the fixed twin must be right under every
# seed and racecheck must report none. Prints the case's row of README.md's table (with the bug's
# result in index order with LOOM_SERIAL=1, which is not checked: memory there is sequentially
# consistent).
# RECORD: the device's runs (record.sh): its fixed runs must all be right, and the row gives how
# many of its bug runs were wrong.
#   run_case.sh LOOM-SANITIZER PROGRAM NAME RECORD
set -u
sanitizer=$1 program=$2 name=$3 record=$4
seeds=20
status=0
wrongSeeds() {  # mode: $wrong, the seeds with a wrong result; $firstWrong/$firstOut, the first
  local mode=$1 s out
  wrong=0 firstWrong= firstOut=
  for s in $(seq 1 $seeds); do
    out=$(LOOM_MEMORY=weak LOOM_SCHEDULE=random:$s LOOM_WATCHDOG=20 "$program" "$mode" 2>/dev/null)
    case $out in
      *" right") ;;
      *) wrong=$((wrong + 1)); [ -n "$firstWrong" ] || { firstWrong=$s; firstOut=$out; } ;;
    esac
  done
}
hazards() {  # mode -> racecheck's hazard count
  "$sanitizer" --tool racecheck "$program" "$1" 2>/dev/null |
    sed -n 's/^========= RACECHECK SUMMARY: \([0-9]*\) hazard.*/\1/p'
}
wrongSeeds bug
bugWrong=$wrong
if [ "$bugWrong" -eq 0 ]; then
  echo "$name bug: right under all $seeds seeds"
  status=1
else
  again=$(LOOM_MEMORY=weak LOOM_SCHEDULE=random:$firstWrong LOOM_WATCHDOG=20 "$program" bug 2>/dev/null)
  [ "$again" = "$firstOut" ] || { echo "$name bug: seed $firstWrong gave '$firstOut', then '$again'"; status=1; }
fi
wrongSeeds fixed
fixedWrong=$wrong
[ "$fixedWrong" -eq 0 ] || { echo "$name fixed: wrong under seed $firstWrong: $firstOut"; status=1; }
plain=$(LOOM_SERIAL=1 "$program" bug 2>/dev/null | awk '{print $2}')  # blocks in index order, SC memory
bugHazards=$(hazards bug)
fixedHazards=$(hazards fixed)
[ "${bugHazards:-0}" -gt 0 ] || { echo "$name bug: racecheck reports nothing"; status=1; }
[ "${fixedHazards:-1}" -eq 0 ] || { echo "$name fixed: racecheck reports ${fixedHazards:-no summary}"; status=1; }
deviceRuns=$(awk -v n="$name" '$1 == n && $2 == "bug"' "$record" | wc -l)
deviceWrong=$(awk -v n="$name" '$1 == n && $2 == "bug" && $NF != "right"' "$record" | wc -l)
deviceFixedWrong=$(awk -v n="$name" '$1 == n && $2 == "fixed" && $NF != "right"' "$record" | wc -l)
[ "$deviceRuns" -gt 0 ] || { echo "$name: not in $record"; status=1; }
[ "$deviceFixedWrong" -eq 0 ] || { echo "$name fixed: wrong in $deviceFixedWrong device runs"; status=1; }
echo "| \`$name\` | $deviceWrong of $deviceRuns | ${plain:-?} | $bugWrong of $seeds | ${bugHazards:-?} | $fixedWrong of $seeds | ${fixedHazards:-?} |"
exit $status
