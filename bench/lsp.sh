#!/usr/bin/env bash
# Benchmark of `kibitzer lsp` through stdio on a ~10 MB PGN built from corpus files (in a temp
# file, never committed), or on FILE: open, keystroke, hover, completion, formatting, peak memory.
# Usage: bench/lsp.sh [ROUNDS] [FILE]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus=""
for c in "${KIBITZER_CORPUS:-$root/../shared/corpus}"; do
  if [ -d "$c" ]; then corpus="$c"; break; fi
done
[ -n "$corpus" ] || { echo "no ../shared/corpus: nothing to measure" >&2; exit 2; }
cargo build --release -p kibitzer --manifest-path "$root/Cargo.toml" >&2
big="$(mktemp --suffix=.pgn)"
trap 'rm -f "$big"' EXIT
# ~10 MB: the two 1 MB pgn-reader samples, five times over.
for _ in 1 2 3 4 5; do cat "$corpus"/pgn/pgn-reader/*1000k.pgn >> "$big"; done
# The binary cargo just built, wherever CARGO_TARGET_DIR puts it (as bench/lib.sh finds it).
python3 "$root/bench/lsp.py" "${CARGO_TARGET_DIR:-$root/target}/release/kibitzer" "${2:-$big}" "${1:-20}"
