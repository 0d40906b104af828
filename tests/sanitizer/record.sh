#!/usr/bin/env bash
# Records the sanitizer suite on a GPU machine, in validate/'s record layout (validate/CASES.md):
# for every program here and both modes (bug, fixed), a plain run (stdout.txt, exit.txt,
# stderr.txt) and each compute-sanitizer tool (sanitizer/<tool>.txt, its exit status in
# sanitizer/<tool>.exit). Everything runs in parallel; jobs not started by the deadline are listed
# in the case's skipped.txt.
#   tests/sanitizer/record.sh OUT-DIR [DEADLINE-SECONDS] [JOBS]
# NVCC and SANITIZER override the compilers/tool (for a dry run without a GPU).
set -u
src=$(cd "$(dirname "$0")" && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
deadline=$(( $(date +%s) + ${2:-180} ))
jobs=${3:-16}
nvcc=${NVCC:-nvcc}
sanitizer=${SANITIZER:-compute-sanitizer}
bin=$(mktemp -d)
flags="-O2 -lineinfo"
tools="racecheck synccheck memcheck initcheck"

ls "$src"/*.cu | xargs -P "$jobs" -I{} sh -c 'n=$(basename {} .cu); '"$nvcc"' -arch=sm_90 '"$flags"' {} -o '"$bin"'/$n > '"$bin"'/$n.log 2>&1 || echo "build failed: $n"'
echo "record.sh: built in $(( $(date +%s) - deadline + ${2:-180} )) s"

runOne() {
  local prog=$1 mode=$2 what=$3
  local rec=$OUT/sanitizer.$prog.$mode exe=$BIN/$prog opts=
  mkdir -p "$rec"
  if [ ! -x "$exe" ]; then cp "$BIN/$prog.log" "$rec/build_failed.txt"; return 0; fi
  if [ "$(date +%s)" -gt "$DEADLINE" ]; then echo "$what" >> "$rec/skipped.txt"; return 0; fi
  cd "$SRC" || return 0
  if [ "$what" = plain ]; then
    timeout 20 "$exe" "$mode" > "$rec/stdout.txt" 2> "$rec/stderr.txt"
    echo $? > "$rec/exit.txt"
    [ -s "$rec/stderr.txt" ] || rm -f "$rec/stderr.txt"
    return 0
  fi
  case $what in
    racecheck) opts="--racecheck-report analysis" ;;
    memcheck) opts="--leak-check full" ;;
  esac
  mkdir -p "$rec/sanitizer"
  timeout 30 $SANITIZER --tool "$what" $opts --print-limit 1000 --show-backtrace device \
    --log-file "$rec/sanitizer/$what.txt" "$exe" "$mode" > /dev/null 2>&1
  echo $? > "$rec/sanitizer/$what.exit"
}
export -f runOne
export OUT=$out BIN=$bin SRC=$src DEADLINE=$deadline SANITIZER=$sanitizer
for f in "$src"/*.cu; do
  n=$(basename "$f" .cu)
  for mode in bug fixed; do
    for what in plain $tools; do echo "$n $mode $what"; done
  done
done | xargs -P "$jobs" -n 3 bash -c 'runOne "$@"' _

envText="gpu (name, driver, compute capability): $(nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader 2>&1 | head -1)
nvcc: $($nvcc --version 2>&1 | tail -1)
compute-sanitizer: $($sanitizer --version 2>&1 | tail -1)
command: tests/sanitizer/record.sh: nvcc -arch=sm_90 $flags <program>.cu; <program> bug|fixed;
  compute-sanitizer --tool racecheck --racecheck-report analysis | synccheck | memcheck --leak-check full | initcheck,
  each with --print-limit 1000 --show-backtrace device --log-file sanitizer/<tool>.txt"
for d in "$out"/sanitizer.*; do printf '%s\n' "$envText" > "$d/environment.txt"; done
rm -rf "$bin"
echo "record.sh: done, $(ls -d "$out"/sanitizer.* | wc -l) records"
