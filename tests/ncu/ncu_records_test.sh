#!/usr/bin/env bash
# loom-ncu against Nsight Compute: every command of validate/probes/ncu_cli/record/commands.txt
# (ncu 2025.3 on an H200, same corpus programs) rerun with loom-ncu in place of ncu, and its
# output diffed with ncu's, line by line. Normalised on both sides: process IDs, and the device
# name the program prints (Loom emulates an H100). The one known difference, checked rather than
# ignored: `--page raw` (ncu's device attributes, hundreds of columns) is refused with a message.
# Usage: ncu_records_test.sh LOOM_NCU REDUCTION_PROGRAM TRANSPOSE_PROGRAM RECORD_DIR
set -u
ncu=$(realpath "$1") reduction=$2 transpose=$3 record=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$reduction" "$work/ncu_reduction"
cp "$transpose" "$work/ncu_transpose"
normalise() {
  sed -E 's/^"([0-9]+)","[0-9]+","ncu_/"\1","PID","ncu_/; s/process [0-9]+/process PID/; s/^\[[0-9]+\] /[PID] /;
          s/^GPU Device 0: ".*" with/GPU Device 0: "DEVICE" with/; s|\(/[^ ]*/ncu_|(DIR/ncu_|' "$1"
}
failures=0 cases=0
while IFS= read -r line; do
  case "$line" in *": exit "*) continue ;; esac
  name=${line%%: ncu *}
  args=${line#*: ncu }
  cases=$((cases + 1))
  if [[ "$args" == *"--page raw"* ]]; then
    if (cd "$work" && eval "\"$ncu\" $args") >/dev/null 2>"$work/err" || ! grep -q 'details page' "$work/err"; then
      echo "$name: FAIL --page raw was not refused"; failures=$((failures + 1))
    else
      echo "$name: PASS (refused, as documented)"
    fi
    continue
  fi
  args=${args//\/tmp\/ncu_log.txt/$work\/ncu_log.txt}
  (cd "$work" && eval "\"$ncu\" $args") >"$work/$name.stdout" 2>"$work/$name.stderr"
  expected="$record/$name.stdout" actual="$work/$name.stdout"
  if ! diff <(normalise "$expected") <(normalise "$actual") >"$work/diff"; then
    echo "$name: FAIL"; cat "$work/diff"; failures=$((failures + 1)); continue
  fi
  if [ -f "$record/$name.log" ] && ! diff <(normalise "$record/$name.log") <(normalise "$work/ncu_log.txt") >"$work/diff"; then
    echo "$name: FAIL (log file)"; cat "$work/diff"; failures=$((failures + 1)); continue
  fi
  echo "$name: PASS"
done <"$record/commands.txt"
echo "loom-ncu: $((cases - failures)) of $cases ncu commands give ncu's output"
[ "$cases" -ge 13 ] && [ "$failures" -eq 0 ]
