#!/usr/bin/env bash
# The corpus's kernels counted by Loom against ncu on the device, launch for launch: for each
# program recorded by validate/probes/ncu_cli/corpus.sh (ncu 2025.3, H200), loom-ncu runs Loom's
# build with the same arguments and `loom-diff profile` compares the two CSVs. Each difference
# must be listed in validate/probes/ncu_cli/corpus/known_divergences.txt (`<program> <launch>
# <metric>  # why`); the last line is the table of agreement.
# Usage: ncu_corpus_test.sh LOOM_NCU LOOM_DIFF BIN_DIR RECORD_DIR
set -u
ncu=$(realpath "$1") diff=$(realpath "$2") bin=$3 record=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
metrics=$(tr '\n' ',' <"$record/../metrics.txt" | sed 's/,$//')
programs=0 failed=0 launches=0 values=0 exact=0 known=0
for csv in "$record"/*.csv; do
  name=$(basename "$csv" .csv)
  grep -q '^"ID"' "$csv" || continue  # no launch, or ncu could not run it (exits.txt)
  programs=$((programs + 1))
  cp "$bin/corpus_$name" "$work/$name"
  (cd "$work" && "$ncu" --csv --metrics "$metrics" -c 100 "./$name") >"$work/$name.loom.csv" 2>/dev/null
  grep "^$name " "$record/known_divergences.txt" 2>/dev/null | cut -d' ' -f2- >"$work/$name.known"
  if ! "$diff" profile "$csv" "$work/$name.loom.csv" --known "$work/$name.known" >"$work/$name.out"; then
    failed=$((failed + 1))
    echo "$name: FAIL"
    grep -v '(known)' "$work/$name.out"
  fi
  summary=$(tail -1 "$work/$name.out")
  echo "$name: $summary"
  set -- $(echo "$summary" | sed -E 's/profile: ([0-9]+) launches.* ([0-9]+) metrics: ([0-9]+) exact, ([0-9]+) known.*/\1 \2 \3 \4/')
  launches=$((launches + $1)) values=$((values + $2)) exact=$((exact + $3)) known=$((known + $4))
done
echo "ncu corpus: $programs programs, $launches launches, $values values: $exact exact, $known known divergences, $failed programs with unexpected differences"
[ "$programs" -ge 20 ] && [ "$failed" -eq 0 ]
