#!/usr/bin/env bash
# Runs a Loom-built math sweep and compares it with the H100 record of its case: stdout (the
# input hashes) line for line, then every output buffer through the unit tests' evaluator
# (bit-exact floors and documented bounds per row, tests/unit/isa/test_math_table.cpp).
# Usage: diff_math.sh <record case dir> <family> <sweep program> <loom_unit_tests> [floors file]
set -u
record=$1 family=$2 program=$3 tests=$4 floors=${5:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if ! LOOM_CASE_OUT="$out" "$program" > "$out/stdout.txt"; then echo "the sweep failed"; exit 1; fi
if ! diff "$record/stdout.txt" "$out/stdout.txt"; then echo "DIFF: the inputs differ from the record's"; exit 1; fi
echo "stdout: $(wc -l < "$out/stdout.txt") lines identical"
LOOM_MATH_RECORD="$record" LOOM_MATH_CANDIDATE="$out" LOOM_MATH_FAMILY="$family" LOOM_MATH_FLOORS="$floors" \
  "$tests" "[math_loom_run]"
