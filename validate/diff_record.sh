#!/usr/bin/env bash
# Runs a Loom-built program and diffs its stdout, line by line, with the device's record of the
# same program (section "== <section> <args>" of validate/results/<gpu>/programs.txt).
# Lines listed in the divergence file ("<section>[ <args>]|<first word of the line> <reason>")
# are known divergences: shown and counted, never failed. Any other difference fails.
# Usage: diff_record.sh <record> <divergences> <section> <program> [args...]
set -u
record=$1 divergences=$2 section=$3 program=$4
shift 4
header="== $section${*:+ $*}"
device=$(awk -v h="$header" '$0 == h || $0 == h" " {on=1; next} on && (/^exit [0-9]+$/ || /^== /) {exit} on {print}' "$record")
if [ -z "$device" ]; then echo "no record for '$header' in $record"; exit 1; fi
loom=$("$program" "$@" 2>/dev/null)
known=$(grep -v '^#' "$divergences" 2>/dev/null | sed 's/|\([^ ]*\) .*/|\1/')
exact=0 diverged=0 failed=0 i=0
mapfile -t d_lines <<<"$device"
mapfile -t l_lines <<<"$loom"
for d in "${d_lines[@]}"; do
  l=${l_lines[$i]-<missing>}
  word="$section${*:+ $*}|${d%% *}"
  if [ "$d" = "$l" ]; then exact=$((exact + 1))
  elif printf '%s\n' "$known" | grep -qxF -- "$word"; then
    diverged=$((diverged + 1)); echo "known divergence: device '$d' / Loom '$l'"
  else
    failed=$((failed + 1)); echo "DIFF: device '$d' / Loom '$l'"
  fi
  i=$((i + 1))
done
if [ ${#l_lines[@]} -gt ${#d_lines[@]} ]; then
  failed=$((failed + 1)); echo "Loom printed ${#l_lines[@]} lines, the device ${#d_lines[@]}"
fi
echo "$header: ${#d_lines[@]} lines, $exact exact, $diverged known divergences, $failed unexpected"
[ $failed -eq 0 ]
