#!/usr/bin/env bash
# Runs a Loom-built validation case and compares it with the device's record, in the layout of
# validate/CASES.md: stdout line for line, the exit status, and every recorded output buffer byte
# for byte (outputs/<name>.<dtype>[.gz]), reporting per buffer how many elements differ.
# Differences listed in the divergence file ("<case>|<buffer or stdout> <reason>") are shown and
# counted but do not fail. (A stand-in for tools/loom-diff, which will replace it.)
# Usage: case_diff.sh <record dir> <divergences> <case name> <program> [args...]
set -u
record=$1 divergences=$2 name=$3 program=$4
shift 4
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
LOOM_CASE_OUT=$out "$program" "$@" > "$out/stdout.txt" 2> "$out/stderr.txt"
status=$?
known() { grep -v '^#' "$divergences" 2>/dev/null | grep -q "^$name|$1 "; }
failed=0
report() {  # report <what> <differ> <total>
  if [ "$2" -eq 0 ]; then echo "$name $1: $3 identical"
  elif known "$1"; then echo "$name $1: $2 of $3 differ (known divergence)"
  else echo "$name $1: $2 of $3 differ"; failed=1; fi
}
d_lines=$(wc -l < "$record/stdout.txt")
differ=$(diff "$record/stdout.txt" "$out/stdout.txt" | grep -c '^>')
if ! diff -q "$record/stdout.txt" "$out/stdout.txt" > /dev/null; then diff "$record/stdout.txt" "$out/stdout.txt" | head -20; [ "$differ" -eq 0 ] && differ=1; fi
report stdout "$differ" "$d_lines lines"
recorded_status=$(cat "$record/exit.txt")
if [ "$status" != "$recorded_status" ]; then echo "exit status: device $recorded_status, Loom $status"; failed=1; fi
for f in "$record"/outputs/*; do
  [ -e "$f" ] || continue
  base=$(basename "$f" .gz)
  dtype=${base##*.}
  case $dtype in u8|i8) size=1 ;; u16|i16|f16|bf16) size=2 ;; u32|i32|f32) size=4 ;; *) size=8 ;; esac
  if [ ! -f "$out/$base" ]; then echo "$name ${base%.*}: Loom wrote no such buffer"; failed=1; continue; fi
  if [ "${f%.gz}" != "$f" ]; then gzip -dc "$f" > "$out/device.$base"; else cp "$f" "$out/device.$base"; fi
  total=$(( $(stat -c %s "$out/device.$base") / size ))
  if [ "$(stat -c %s "$out/device.$base")" != "$(stat -c %s "$out/$base")" ]; then
    echo "$name ${base%.*}: device wrote $total elements, Loom $(( $(stat -c %s "$out/$base") / size ))"; failed=1; continue
  fi
  n=$(cmp -l "$out/device.$base" "$out/$base" | awk -v s="$size" '{e=int(($1-1)/s); if (!(e in seen)) {seen[e]=1; n++}} END {print n+0}')
  report "${base%.*}" "$n" "$total elements"
done
exit $failed
