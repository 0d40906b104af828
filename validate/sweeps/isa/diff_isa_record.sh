#!/usr/bin/env bash
# The isa sweep end to end: runs the Loom-built probe of one family (CUDA names -> Loom's
# table-generated wrappers) and compares its stdout and every output buffer, byte for byte,
# with the H100's record. Rows listed in isa.known_divergences.txt may differ (reported, not
# failed); element-level rates are the unit tests' job (tests/unit/isa/table). A variant's
# record (isa.float_round.ftz) holds only the buffers that differ from its base record, given
# as a fifth argument; <family> is then the variant's name (float_round.ftz).
# Usage: diff_isa_record.sh <probe> <family> <record dir> <known divergences file> [<base dir>]
set -u
probe=$1 family=$2 record=$3 known=$4 base=${5:-$3}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
LOOM_CASE_OUT=$out "$probe" "${family%%.*}" > "$out/stdout.txt" || { echo "probe failed"; exit 1; }
failed=0 same=0 diverged=0
if ! cmp -s "$out/stdout.txt" "$record/stdout.txt"; then echo "DIFF: stdout"; failed=$((failed + 1)); fi
for baseRecorded in "$base"/outputs/*.gz; do
  name=$(basename "$baseRecorded" .gz)
  recorded=$record/outputs/$name.gz
  [ -f "$recorded" ] || recorded=$baseRecorded
  id=${name%.*}
  if [ ! -f "$out/$name" ]; then echo "DIFF: $name missing from Loom's run"; failed=$((failed + 1))
  elif gzip -dc "$recorded" | cmp -s - "$out/$name"; then same=$((same + 1))
  elif grep -q "^isa\.$family $id " "$known"; then echo "known divergence: $name"; diverged=$((diverged + 1))
  else echo "DIFF: $name"; failed=$((failed + 1))
  fi
  rm -f "$out/$name"
done
for extra in "$out"/*.*; do
  case $(basename "$extra") in stdout.txt) ;; *) echo "DIFF: $(basename "$extra") not in the record"; failed=$((failed + 1)) ;; esac
done
echo "isa.$family: $same buffers identical, $diverged known divergences, $failed differences"
[ $failed -eq 0 ]
