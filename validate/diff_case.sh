#!/usr/bin/env bash
# Diffs a Loom-built program's stdout with a case record in CASES.md's layout
# (<record dir>/stdout.txt and exit.txt), line by line through diff_record.sh, with the same
# known-divergence list. Until tools/loom-diff takes over.
# Usage: diff_case.sh <record dir> <divergences> <case name> <program>
set -u
dir=$1 divergences=$2 name=$3 program=$4
record=$(mktemp)
trap 'rm -f "$record"' EXIT
{ echo "== $name"; cat "$dir/stdout.txt"; echo "exit $(cat "$dir/exit.txt")"; } > "$record"
bash "$(dirname "$0")/diff_record.sh" "$record" "$divergences" "$name" "$program"
