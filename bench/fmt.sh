#!/usr/bin/env bash
# Throughput of `kibitzer fmt` (release build) on the large files of the shared corpus, in MB/s:
# reading, parsing, replaying every move, formatting and writing to standard output (discarded).
# Usage: bench/fmt.sh [RUNS]   (best of RUNS, default 5). Skips with a message without the corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
corpus=""
for c in ../shared/corpus /work/shared/corpus; do
  if [ -d "$c" ]; then corpus="$c"; break; fi
done
if [ -z "$corpus" ]; then
  echo "skipped: no shared corpus found" >&2
  exit 0
fi
cargo build --release -p kibitzer --quiet
bin=target/release/kibitzer
files=("$corpus"/pgn/pgn-reader/*1000k.pgn "$corpus"/pgn/large/*.pgn "$corpus"/pbn/large/*.pbn)
printf '%-40s %10s %10s %10s\n' file bytes best_s MB/s
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  bytes=$(stat -c %s "$f")
  best=""
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    "$bin" fmt --stdin-filepath "$f" < "$f" > /dev/null 2>&1 || true
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  mbs=$(echo "$bytes / 1000000 / $best" | bc -l)
  printf '%-40s %10d %10.3f %10.1f\n' "$(basename "$f")" "$bytes" "$best" "$mbs"
done
