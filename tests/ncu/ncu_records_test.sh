#!/usr/bin/env bash
# loom-ncu against Nsight Compute: every command of validate/probes/ncu_cli/record/commands.txt
# (ncu 2025.3 on an H200, same corpus programs) rerun with loom-ncu in place of ncu, and its
# output diffed with ncu's, line by line. Normalised on both sides: process IDs, and the device
# name the program prints (Loom emulates an H100). The one known difference, checked rather than
# ignored: ncu's `--page raw` also prints hundreds of device attributes, of which Loom prints none.
# Usage: ncu_records_test.sh LOOM_NCU REDUCTION_PROGRAM TRANSPOSE_PROGRAM RECORD_DIR LOOM_DIFF
set -u
ncu=$(realpath "$1") reduction=$2 transpose=$3 record=$4 diff=$(realpath "$5")
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
    # ncu's raw page also holds ~300 device attributes and each metric's .avg/.max/.min: Loom's
    # starts with the same identity columns and holds the metrics asked for, each equal to ncu's.
    (cd "$work" && eval "\"$ncu\" $args") >"$work/$name.stdout" 2>"$work/$name.stderr"
    header() { grep -m1 '^"ID",' "$1" | cut -d, -f1-11; }
    if [ "$(header "$record/$name.stdout")" != "$(header "$work/$name.stdout")" ] ||
      ! "$diff" profile --loom-columns "$record/$name.stdout" "$work/$name.stdout" >"$work/diff" ||
      ! grep -q ' 24 metrics: 24 exact' "$work/diff"; then
      echo "$name: FAIL"; cat "$work/diff"; failures=$((failures + 1))
    else
      echo "$name: PASS (the metrics' columns; $(tail -1 "$work/diff"))"
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
