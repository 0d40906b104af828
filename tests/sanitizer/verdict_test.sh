#!/usr/bin/env bash
# One ctest of the sanitizer suite (CMakeLists.txt): runs <program> <mode> under loom-sanitizer with
# each tool the device record has, and compares the normalised verdict (loom-sanitizer --verdict:
# the set of error classes, see tools/loom-sanitizer/verdict.h) with the device's. A difference
# passes only when known_divergences.txt lists that case and tool, with its reason; a listed one
# that no longer differs fails too, so the list stays true.
# Classes Loom finds beyond the device (BEYOND-DEVICE: global races, ...) must be found and are
# then set aside before the comparison.
#   verdict_test.sh LOOM-SANITIZER PROGRAM MODE RECORD-DIR KNOWN-DIVERGENCES BEYOND-DEVICE
set -u
sanitizer=$1 program=$2 mode=$3 record=$4 known=$5 beyond=$6
name=$(basename "$record")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$(dirname "$0")" || exit 2
status=0
compared=0
for tool in memcheck racecheck synccheck initcheck; do
  device="$record/sanitizer/$tool.txt"
  [ -e "$device" ] || continue
  compared=$((compared + 1))
  case $tool in
    memcheck) opts="--leak-check full" ;;
    racecheck) opts="--racecheck-report analysis" ;;
    *) opts= ;;
  esac
  timeout 60 "$sanitizer" --tool "$tool" $opts --log-file "$work/$tool.txt" "$program" "$mode" > /dev/null 2>&1
  "$sanitizer" --verdict "$work/$tool.txt" > "$work/$tool.loom"
  "$sanitizer" --verdict "$device" > "$work/$tool.device"
  # Set aside the classes listed as beyond the device; each must be there.
  awk -v c="$name" -v t="$tool" '$1 == c && $2 == t { sub(/^[^ ]+ [^ ]+ /, ""); sub(/ *\|.*$/, ""); print }' \
    "$beyond" > "$work/$tool.beyond"
  while IFS= read -r class; do
    if grep -qxF "$class" "$work/$tool.loom"; then
      echo "$name $tool: found beyond the device: $class"
    else
      echo "$name $tool: Loom no longer finds '$class', listed in $(basename "$beyond")"
      status=1
    fi
  done < "$work/$tool.beyond"
  if [ -s "$work/$tool.beyond" ]; then
    grep -vxF -f "$work/$tool.beyond" "$work/$tool.loom" > "$work/$tool.rest"
    # Only the summary left: the rest found nothing.
    if ! grep -qv '^findings:' "$work/$tool.rest"; then
      sed -i 's/^findings: some$/findings: none/' "$work/$tool.rest"
    fi
    mv "$work/$tool.rest" "$work/$tool.loom"
  fi
  listed=$(awk -v c="$name" -v t="$tool" '$1 == c && $2 == t { $1 = ""; $2 = ""; print substr($0, 3) }' "$known")
  if cmp -s "$work/$tool.loom" "$work/$tool.device"; then
    if [ -n "$listed" ]; then
      echo "$name $tool: listed as a known divergence but Loom now agrees with the device: remove it from $(basename "$known")"
      status=1
    else
      echo "$name $tool: same verdict: $(tr '\n' ';' < "$work/$tool.device")"
    fi
  elif [ -n "$listed" ]; then
    echo "$name $tool: known divergence ($listed)"
    echo "  device: $(tr '\n' ';' < "$work/$tool.device")  loom: $(tr '\n' ';' < "$work/$tool.loom")"
  else
    echo "$name $tool: DIFFERENT verdict"
    echo "  device: $(tr '\n' ';' < "$work/$tool.device")"
    echo "  loom:   $(tr '\n' ';' < "$work/$tool.loom")"
    sed 's/^/  | /' "$work/$tool.txt"
    status=1
  fi
done
if [ "$compared" -eq 0 ]; then
  echo "$name: no sanitizer/*.txt in $record: nothing to compare"
  status=1
fi
exit $status
