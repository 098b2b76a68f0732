#!/usr/bin/env bash
# Whether kibitzer's work grows in proportion to its input on pathological texts (the project's
# standard: no input takes more than linear time). Each UNIT below is repeated N and 2N times
# (no line break unless the unit has one), and `check --format json`, `check` (text, which quotes
# the line under each diagnostic) and `fmt` read it as each of PGN, EPD, PBN and PBI. Counts
# instructions on one core with callgrind (deterministic, unlike the clock) and prints the ratio
# of 2N's count to N's: about 2 for linear work, 4 for quadratic. Lines above 2.3 are marked.
# Release build; needs valgrind. Takes about 25 minutes (480 runs under callgrind).
# Usage: bench/scaling.sh [N]   (default 10000). KIBITZER_BIN=PATH measures that binary.
# Found, 2026-12-03: the PBI line index searching the rest of the text for U+2028 at every break,
# and diagnostics counting a whole long line's characters (`fmt`'s report, EPD and PBI messages)
# once per diagnostic on that line: ratios 3.3-3.7, now 1.9-2.0.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
command -v valgrind >/dev/null || { echo "bench/scaling.sh needs valgrind" >&2; exit 1; }
if [ -n "${KIBITZER_BIN:-}" ]; then
  bin=$(realpath "$KIBITZER_BIN")
else
  release_binary
fi
n=${1:-10000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name and unit (the units of tests/tests/invariants.rs's pathological inputs, and more).
units=(
  'paren|(' 'close|)' 'brace|{' 'bracket|[' 'quote|"' 'variation|1. e4 (' 'tag|[Event "'
  'percent|%' 'escape|\\x' 'colon|:' 'semicolon|;' 'dollar|$' 'star|*' 'dot|.' 'cr|\r' 'lf|\n'
  'crlf|\r\n' 'nel-ls|\u0085\u2028' 'euro|\u20ac' 'pbi-marker|\ufeff#PBI 1.2\n'
)

instructions() { # ARGS... < input: the instruction count of one run on one core
  # `check` exits 1 on these texts (they are full of errors): its count is wanted all the same.
  { taskset -c 0 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$@" 2>&1 >/dev/null || true; } \
    | sed -n 's/.*I *refs: *//p' | tr -d ,
}

printf '%-12s %-4s %-12s %14s %14s %6s\n' unit lang command "N=$n" "2N" ratio
for entry in "${units[@]}"; do
  name=${entry%%|*}
  unit=${entry#*|}
  for size in "$n" $((2 * n)); do
    python3 -c 'import sys; sys.stdout.write(sys.argv[1].encode().decode("unicode_escape") * int(sys.argv[2]))' \
      "$unit" "$size" > "$tmp/$name.$size"
  done
  for lang in pgn epd pbn pbi; do
    for command in json text fmt; do
      case $command in
        json) args=(check --lang "$lang" --format json -) label="check json" ;;
        text) args=(check --lang "$lang" -) label="check text" ;;
        fmt) args=(fmt --lang "$lang" -) label=fmt ;;
      esac
      a=$(instructions "${args[@]}" < "$tmp/$name.$n")
      b=$(instructions "${args[@]}" < "$tmp/$name.$((2 * n))")
      ratio=$(python3 -c "print(f'{$b / $a:.2f}')")
      mark=""
      python3 -c "import sys; sys.exit(0 if $b / $a > 2.3 else 1)" && mark="  <- more than linear"
      printf '%-12s %-4s %-12s %14s %14s %6s%s\n' "$name" "$lang" "$label" "$a" "$b" "$ratio" "$mark"
    done
  done
done
