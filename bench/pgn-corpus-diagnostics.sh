#!/bin/sh
# Lists every diagnostic kibitzer gives on the PGN corpus (../shared/corpus/pgn), one per line
# as `file:line:col CODE message`, sorted by code, then a count per code — for reviewing false
# positives. Usage: bench/pgn-corpus-diagnostics.sh [import|export] > pgn-diagnostics.txt
set -eu
cd "$(dirname "$0")/.."
PGN_MODE="${1:-import}" cargo test -q -p kibitzer-tests --test suites pgn_roundtrip::corpus_diagnostics_by_code -- --ignored --nocapture 2>/dev/null \
  | grep -E '^pgn/' | sort -t' ' -k2,2 -s
PGN_MODE="${1:-import}" cargo test -q -p kibitzer-tests --test suites pgn_roundtrip::corpus_diagnostics_by_code -- --ignored --nocapture 2>/dev/null \
  | sed -n '/^{/,/^}/p'
