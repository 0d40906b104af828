#!/usr/bin/env bash
# memcheck's API error lines against the device's: runs <program> bug under loom-sanitizer's
# memcheck (with the leak check, as recorded) and compares its "Program hit <error> (error N) due
# to "<text>" on CUDA API call to <api>." lines with the record's, line for line and in order,
# and checks that the error summary counts them.
#   api_errors_test.sh LOOM-SANITIZER PROGRAM RECORD-DIR
set -u
sanitizer=$1 program=$2 record=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$(dirname "$0")" || exit 2
timeout 60 "$sanitizer" --tool memcheck --leak-check full --log-file "$work/loom.txt" "$program" bug > /dev/null 2>&1
[ -s "$work/loom.txt" ] || { echo "loom-sanitizer wrote no log"; exit 1; }
grep -o 'Program hit .*' "$record/sanitizer/memcheck.txt" > "$work/device.hits" || { echo "no API error lines in $record"; exit 1; }
grep -o 'Program hit .*' "$work/loom.txt" > "$work/loom.hits"
status=0
if ! diff "$work/device.hits" "$work/loom.hits"; then
  echo "API error lines differ (< device, > Loom)"
  status=1
fi
hits=$(wc -l < "$work/loom.hits")
blocks=$(grep -c -E '^========= (Invalid|Misaligned|Program hit|Leaked|Barrier|Error|Warning|Uninitialized|Host API)' "$work/loom.txt")
summary=$(sed -n 's/^========= ERROR SUMMARY: \([0-9]*\) errors\{0,1\}$/\1/p' "$work/loom.txt")
if [ "$summary" != "$blocks" ]; then
  echo "ERROR SUMMARY says $summary, $blocks reports printed"
  status=1
fi
echo "$(basename "$record"): $hits API error lines, equal to the device's: $([ $status = 0 ] && echo yes || echo no)"
[ $status = 0 ] || cat "$work/loom.txt"
exit $status
