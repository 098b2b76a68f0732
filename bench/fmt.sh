#!/usr/bin/env bash
# `kibitzer fmt` (release build) on the large files of the shared corpus: throughput in MB/s
# (reading, parsing, replaying every move, formatting, writing to standard output, discarded) and
# peak memory (maximum resident set size, from GNU time's -v), which should stay near the size of
# the file plus a few MB however large the file is: the formatter parses a window of whole units
# at a time. A 30 MB PGN made of ten copies of the largest PGN file shows the bound.
# Usage: bench/fmt.sh [RUNS]   (best time of RUNS, default 5). Skips with a message without the
# corpus; without GNU time (/usr/bin/time) the memory column is empty.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
source bench/lib.sh
need_corpus
release_binary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=("$corpus"/pgn/pgn-reader/*1000k.pgn "$corpus"/pgn/large/*.pgn "$corpus"/pbn/large/*.pbn)
largest_pgn=$(ls -S "$corpus"/pgn/large/*.pgn 2>/dev/null | head -1 || true)
if [ -n "$largest_pgn" ]; then
  for _ in $(seq 10); do cat "$largest_pgn"; done > "$tmp/ten-copies.pgn"
  files+=("$tmp/ten-copies.pgn")
fi

gnu_time=""
if /usr/bin/time -v true >/dev/null 2>&1; then gnu_time=/usr/bin/time; fi

printf '%-32s %8s %8s %8s %10s %10s\n' file MB best_s MB/s peak_RSS_MB RSS/file
for f in "${files[@]}"; do
  [ -f "$f" ] || continue
  bytes=$(stat -c %s "$f")
  best=""
  peak_kb=0
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    if [ -n "$gnu_time" ]; then
      "$gnu_time" -v -o "$tmp/time.txt" "$bin" fmt --stdin-filepath "$f" < "$f" > /dev/null 2>&1 || true
      kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$tmp/time.txt")
      if [ "${kb:-0}" -gt "$peak_kb" ]; then peak_kb=$kb; fi
    else
      "$bin" fmt --stdin-filepath "$f" < "$f" > /dev/null 2>&1 || true
    fi
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  mb=$(echo "$bytes / 1000000" | bc -l)
  mbs=$(echo "$mb / $best" | bc -l)
  if [ "$peak_kb" -gt 0 ]; then
    rss=$(echo "$peak_kb / 1000" | bc -l)
    ratio=$(echo "$rss / $mb" | bc -l)
    printf '%-32s %8.1f %8.3f %8.1f %10.1f %10.2f\n' "$(basename "$f")" "$mb" "$best" "$mbs" "$rss" "$ratio"
  else
    printf '%-32s %8.1f %8.3f %8.1f %10s %10s\n' "$(basename "$f")" "$mb" "$best" "$mbs" - -
  fi
done
