#!/usr/bin/env bash
# memcheck's API error lines against the device's: runs PROGRAM [ARGS] under loom-sanitizer's
# memcheck (with the leak check, as the suite was recorded) and compares its "Program hit <error>
# (error N) due to "<text>" on CUDA API call to <api>." lines with the device's compute-sanitizer
# log RECORD, line for line and in order; checks that the error summary counts every report
# printed, and, where the device found nothing but API errors, that the two summaries are equal.
# With COMPARE_VERDICT=1 the two logs' verdict classes (loom-sanitizer --verdict) must be equal
# too; IGNORE_DEVICE_HITS (an extended regex) drops device lines Loom knowingly does not make.
#   api_errors_test.sh LOOM-SANITIZER RECORD PROGRAM [ARGS...]
set -u
sanitizer=$1 record=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$(dirname "$0")" || exit 2
timeout 60 "$sanitizer" --tool memcheck --leak-check full --log-file "$work/loom.txt" "$@" > /dev/null 2>&1
[ -s "$work/loom.txt" ] || { echo "loom-sanitizer wrote no log"; exit 1; }
grep -o 'Program hit .*' "$record" | grep -v -E "${IGNORE_DEVICE_HITS:-^$}" > "$work/device.hits" ||
  { echo "no API error lines in $record"; exit 1; }
grep -o 'Program hit .*' "$work/loom.txt" > "$work/loom.hits"
status=0
if ! diff "$work/device.hits" "$work/loom.hits"; then
  echo "API error lines differ (< device, > Loom)"
  status=1
fi
if [ "${COMPARE_VERDICT:-0}" = 1 ] &&
   ! diff <("$sanitizer" --verdict "$record") <("$sanitizer" --verdict "$work/loom.txt"); then
  echo "verdicts differ (< device, > Loom)"
  status=1
fi
summary() { sed -n 's/^========= ERROR SUMMARY: \([0-9]*\) errors\{0,1\}$/\1/p' "$1"; }
blocks=$(grep -c -E '^========= (Invalid|Misaligned|Program hit|Leaked|Barrier|Error|Warning|Uninitialized|Host API|Warp assert|Trace\/breakpoint trap)' "$work/loom.txt")
if [ "$(summary "$work/loom.txt")" != "$blocks" ]; then
  echo "ERROR SUMMARY says $(summary "$work/loom.txt"), $blocks reports printed"
  status=1
fi
if [ "$(summary "$record")" = "$(wc -l < "$work/device.hits")" ] && [ "$(summary "$record")" != "$(summary "$work/loom.txt")" ]; then
  echo "ERROR SUMMARY: device $(summary "$record"), Loom $(summary "$work/loom.txt")"
  status=1
fi
echo "$(basename "$(dirname "$(dirname "$record")")")/$(basename "$record"): $(wc -l < "$work/loom.hits") API error lines, equal to the device's: $([ $status = 0 ] && echo yes || echo no)"
[ $status = 0 ] || cat "$work/loom.txt"
exit $status
