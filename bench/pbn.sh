#!/usr/bin/env bash
# `kibitzer check --format json` and `kibitzer fmt` (release build) on the large PBN files of the
# shared corpus and on ten copies of the largest one: wall time (best of RUNS) and MB/s of input,
# the whole command as a user runs it (reading, checking on all cores, writing the JSON or the
# export text to a discarded standard output). Issue #14 asks 100 MB/s of both.
# Usage: bench/pbn.sh [RUNS]   (default 5). Skips with a message without the corpus.
# For numbers that do not depend on the machine's load, count instructions instead:
#   valgrind --tool=callgrind target/release/kibitzer check --format json FILE > /dev/null
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
source bench/lib.sh
need_corpus
release_binary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=("$corpus"/pbn/large/*.pbn)
largest=$(ls -S "$corpus"/pbn/large/*.pbn | head -1)
for _ in $(seq 10); do cat "$largest"; done > "$tmp/ten-copies.pbn"
files+=("$tmp/ten-copies.pbn")

# The best wall time of $runs runs of the command given, in seconds.
best_of() {
  local best="" start end t
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

printf '%-32s %8s %10s %10s %10s %10s\n' file MB check_s check_MB/s fmt_s fmt_MB/s
for f in "${files[@]}"; do
  mb=$(echo "$(stat -c %s "$f") / 1000000" | bc -l)
  check=$(best_of "$bin" check --format json --max-diagnostics 0 "$f")
  fmt=$(best_of sh -c '"$1" fmt --stdin-filepath "$2" < "$2"' sh "$bin" "$f")
  printf '%-32s %8.1f %10.3f %10.1f %10.3f %10.1f\n' "$(basename "$f")" "$mb" "$check" \
    "$(echo "$mb / $check" | bc -l)" "$fmt" "$(echo "$mb / $fmt" | bc -l)"
done
