#!/usr/bin/env bash
# `kibitzer check` (release build) on the same PGN plain and compressed (.zst, .gz, .bz2): MB/s of
# *uncompressed* PGN (wall time, best of RUNS) and peak memory (GNU time -v). The input is ten
# copies of the largest PGN of the shared corpus (about 30 MB), so that chunking matters.
# Usage: bench/compressed.sh [RUNS]   (default 3). Skips with a message without the corpus or zstd.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
source bench/lib.sh
need_corpus
if ! command -v zstd >/dev/null; then
  echo "skipped: needs zstd" >&2
  exit 0
fi
release_binary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
largest=$(ls -S "$corpus"/pgn/large/*.pgn | head -1)
for _ in $(seq 10); do cat "$largest"; done > "$tmp/games.pgn"
zstd -q -19 -T0 "$tmp/games.pgn" -o "$tmp/games.pgn.zst"
gzip -9 -c "$tmp/games.pgn" > "$tmp/games.pgn.gz"
bzip2 -9 -c "$tmp/games.pgn" > "$tmp/games.pgn.bz2"
bytes=$(stat -c %s "$tmp/games.pgn")
gnu_time=""
if /usr/bin/time -v true >/dev/null 2>&1; then gnu_time=/usr/bin/time; fi
printf '%-14s %10s %8s %14s %12s\n' input size_MB best_s MB/s_uncompr peak_RSS_MB
for f in games.pgn games.pgn.zst games.pgn.gz games.pgn.bz2; do
  best=""
  peak_kb=0
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    if [ -n "$gnu_time" ]; then
      $gnu_time -v -o "$tmp/time" "$bin" check "$tmp/$f" >/dev/null || true
      kb=$(awk -F': ' '/Maximum resident/ {print $2}' "$tmp/time")
      [ "$kb" -gt "$peak_kb" ] && peak_kb=$kb
    else
      "$bin" check "$tmp/$f" >/dev/null || true
    fi
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  size=$(stat -c %s "$tmp/$f")
  printf '%-14s %10.1f %8.3f %14.1f %12.0f\n' "$f" "$(echo "$size/1000000" | bc -l)" "$best" \
    "$(echo "$bytes/1000000/$best" | bc -l)" "$(echo "$peak_kb/1024" | bc -l)"
done
