#!/usr/bin/env bash
# loom-ncu's source page, Profiling lines, stream numbers and -o/-i against what ncu 2025.3
# printed on an H200 (validate/probes/ncu_cli/source_record, made by source_run.sh), on Loom's
# builds of the same programs; then the HTML view, drawn by headless Chromium.
#  1. Every Profiling-line, pass-count, stream and export command of the record rerun with
#     loom-ncu in place of ncu: stdout (and the --log-file) diffed with ncu's, process IDs and the
#     device name normalised. One known difference, checked: ncu's demangler spells a short
#     template kernel `void tpl<(int)3>(int *)` in that line, where Loom shows its function name.
#  2. -i of a run written with -o: the details page (CSV and text) equals ncu's import.
#  3. The source page: the cuda view's layout line for line (file path normalised), and the
#     correlated view's values against ncu's SourceCounters, line by line (loom-diff source).
#  4. --html: Chromium runs the page's script; the DOM must hold the line rows with their values
#     and heat shares computed from the counters.
# Usage: ncu_source_test.sh LOOM_NCU LOOM_DIFF BIN_DIR RECORD_DIR [CHROMIUM]
set -u
ncu=$(realpath "$1") diff=$(realpath "$2") bin=$3 record=$4 chromium=${5:-chromium}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$bin/corpus_samples_transpose" "$work/ncu_transpose"
cp "$bin/corpus_samples_reduction" "$work/ncu_reduction"
cp "$bin/corpus_samples_matrix_mul" "$work/ncu_matmul"
cp "$bin/ncu_probe_streams" "$work/ncu_streams"
cp "$bin/ncu_probe_names" "$work/ncu_names"
failures=0 cases=0
fail() { echo "$1: FAIL"; [ -f "$work/diff" ] && cat "$work/diff"; failures=$((failures + 1)); }
normalise() {
  sed -E 's/^"([0-9]+)","[0-9]+","ncu_/"\1","PID","ncu_/; s/process [0-9]+/process PID/; s/^\[[0-9]+\] /[PID] /;
          s/^GPU Device 0: ".*" with/GPU Device 0: "DEVICE" with/; s|\(/[^ ]*/ncu_|(DIR/ncu_|;
          s|^==PROF== Report: .*/ncu_([a-z]+)\.[a-z-]+$|==PROF== Report: DIR/ncu_\1|;
          s|"File (Name\|Path)","/.*/tests/corpus/|"File \1","DIR/tests/corpus/|' "$1"
}
run() {  # loom-ncu with a recorded ncu command's arguments, paths moved into the work folder
  local args=${1//\/tmp\//$work/}
  args=${args//.ncu-rep/.loom-rep}
  (cd "$work" && eval "\"$ncu\" $args")
}

# 1. Profiling lines, passes, streams, export.
while IFS= read -r line; do
  case "$line" in *": exit "*) continue ;; esac
  name=${line%%: ncu *}
  case "$name" in passes_* | line_* | names_text | streams_* | export_plain) ;; *) continue ;; esac
  cases=$((cases + 1))
  run "${line#*: ncu }" >"$work/$name.stdout" 2>"$work/$name.stderr"
  normalise "$record/$name.stdout" | sed 's/^\(==PROF== Profiling \)"void tpl<(int)3>(int \*)"/\1"tpl"/' >"$work/expected"
  if ! diff "$work/expected" <(normalise "$work/$name.stdout") >"$work/diff"; then fail "$name"; continue; fi
  if [ -f "$record/$name.log" ] && ! diff <(normalise "$record/$name.log") <(normalise "$work/ncu_line_log.txt") >"$work/diff"; then
    fail "$name (log file)"; continue
  fi
  rm -f "$work/diff"
  echo "$name: PASS"
done <"$record/commands.txt"

# 2. Import of the exported run.
for name in import_plain_csv import_plain_text; do
  cases=$((cases + 1))
  run "$(grep "^$name: ncu " "$record/commands.txt" | sed "s/^$name: ncu //")" >"$work/$name.stdout" 2>&1
  if diff <(normalise "$record/$name.stdout") <(normalise "$work/$name.stdout") >"$work/diff"; then
    echo "$name: PASS"; rm -f "$work/diff"
  else fail "$name"; fi
done

# 3. Source pages.
for name in source_reduce source_live_both source_export source_import_cuda source_full_export source_full_both; do
  cases=$((cases + 1))
  run "$(grep "^$name: ncu " "$record/commands.txt" | sed "s/^$name: ncu //")" >"$work/$name.stdout" 2>&1
  case "$name" in
    source_export | source_full_export)  # only the report file; its pages are checked next
      if grep -q '^==PROF== Report: ' "$work/$name.stdout"; then echo "$name: PASS"; else fail "$name"; fi ;;
    source_reduce | source_import_cuda)
      if diff <(normalise "$record/$name.stdout") <(normalise "$work/$name.stdout") >"$work/diff"; then
        echo "$name: PASS"; rm -f "$work/diff"
      else fail "$name"; fi ;;
    *)
      if "$diff" source "$record/$name.stdout" "$work/$name.stdout" --known "$record/known_divergences.txt" >"$work/diff"; then
        echo "$name: PASS ($(tail -1 "$work/diff"))"; rm -f "$work/diff"
      else fail "$name"; fi ;;
  esac
done

# 4. The HTML view in a browser.
cases=$((cases + 1))
"$ncu" -i "$work/ncu_full.loom-rep" --html "$work/page.html" >/dev/null
if ! command -v "$chromium" >/dev/null; then
  fail "html (no $chromium to draw the page: install Debian's chromium)"
else
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --dump-dom "file://$work/page.html" >"$work/dom.html" 2>/dev/null
  row() { grep -o "<tr id=\"launch-0-line-$1\"[^>]*>.*" "$work/dom.html" | sed 's|</tr>.*||'; }
  ok=1
  grep -q 'data-rendered="1"' "$work/dom.html" || ok=0
  # Each line's cells hold the values of the CSV source page of the same run (source_full_both:
  # lines 35 and 48 equal the device's, 42 is the known LDS.128 divergence), with thousands
  # separators, and a heat of the value over the launch's largest in that column.
  csvValue() { grep "^\"$1\"," "$work/source_full_both.stdout" | cut -d'"' -f"$2"; }  # 8: wavefronts, 12: sectors
  maxWave=$(for l in 35 36 42 48; do csvValue $l 8; done | sort -n | tail -1)
  grouped() { echo "$1" | sed -E ':a;s/([0-9])([0-9]{3})($|,)/\1,\2\3/;ta'; }
  heat() { awk -v v="$1" -v m="$2" 'BEGIN { printf "%.2f", (m > 0 ? v / m : 0) }'; }
  for l in 35 42; do
    v=$(csvValue $l 8)
    [[ -n "$v" && "$(row $l)" == *"data-heat=\"$(heat "$v" "$maxWave")\""*">$(grouped "$v")<"* ]] || ok=0
  done
  [[ "$(row 42)" == *'data-heat="1.00"'* ]] || ok=0  # the launch's most shared wavefronts
  [[ "$(row 48)" == *">$(grouped "$(csvValue 48 12)")<"*'C[row * wB + col] = Csub;'* ]] || ok=0
  [[ "$(row 43)" == *'<td class="metric"></td>'* ]] || ok=0
  if [ $ok = 1 ]; then echo "html: PASS"; else echo "html: FAIL"; head -c 3000 "$work/dom.html"; failures=$((failures + 1)); fi
fi
echo "loom-ncu source: $((cases - failures)) of $cases checks agree with ncu"
[ "$cases" -ge 40 ] && [ "$failures" -eq 0 ]
