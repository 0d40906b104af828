#!/usr/bin/env bash
# The device campaign (README.md): builds the campaign tool with the machine's C++ compiler, then
# builds, runs and records validation cases with nvcc, ncu and compute-sanitizer.
#   validate/campaign.sh [--out DIR | --results DIR] [--arch sm_XX] [--jobs N] [--deadline S] [--list]
#                        [--no-ncu] [--no-sanitizer] [CASE-FILE | DIR | NAME-PATTERN]...
# Needs nvcc, a C++17 compiler and nlohmann/json.hpp (nlohmann-json3-dev; or NLOHMANN_INCLUDE=<dir>).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
include=
for d in ${NLOHMANN_INCLUDE:-} /usr/include /usr/local/include; do
  if [ -f "$d/nlohmann/json.hpp" ]; then include=$d; break; fi
done
if [ -z "$include" ]; then
  echo "campaign.sh: needs nlohmann/json.hpp: apt-get install nlohmann-json3-dev, or set NLOHMANN_INCLUDE" >&2
  exit 64
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
${CXX:-g++} -std=c++17 -O1 -I"$include" "$root/validate/campaign/campaign.cpp" "$root/validate/campaign/ncu_csv.cpp" \
  "$root/tools/loom-diff/case_file.cpp" -o "$work/campaign"
"$work/campaign" --root "$root" "$@"
