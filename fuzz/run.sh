#!/usr/bin/env bash
# Runs one fuzz target for a number of seconds of CPU time (release build), e.g.
# `fuzz/run.sh check-pgn 3600`; niced or paused, it runs longer on the clock.
# Targets: parse-LANG check-LANG fmt-LANG every-LANG (LANG: pgn epd pbn pbi lin), convert-lin, compressed-LANG (LANG: pgn epd pbn pbi), acbl, lsp-framing (the server's reading of its stdin), and lsp (the language
# server soak test, tests/tests/lsp_soak.rs, for that long on the clock; test profile, as `cargo test` builds it). `fuzz/run.sh all SECONDS` runs every
# target but every-LANG (the same oracles, together) in turn for SECONDS each. Findings go to fuzz/findings/ (input and message); the exit
# status is 1 when there is one. One process at a time: the machine's cores are shared.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/run.sh TARGET SECONDS [SEED]}
seconds=${2:?usage: fuzz/run.sh TARGET SECONDS [SEED]}
shift 2
if [ "$target" = all ]; then
  status=0
  for t in parse-pgn parse-epd parse-pbn parse-pbi check-pgn check-epd check-pbn check-pbi \
           fmt-pgn fmt-epd fmt-pbn fmt-pbi parse-lin check-lin fmt-lin convert-lin compressed-pgn compressed-epd compressed-pbn compressed-pbi acbl lsp-framing lsp; do
    "$0" "$t" "$seconds" "$@" || status=1
  done
  exit $status
fi
if [ "$target" = lsp ]; then
  KIBITZER_SOAK_SECONDS="$seconds" cargo test -q -p kibitzer-tests --test suites lsp_soak:: -- --nocapture 2>&1 \
    | grep -Ev '^(running|$)'
  exit "${PIPESTATUS[0]}"
fi
cargo build --release -q -p kibitzer-fuzz
exec "${CARGO_TARGET_DIR:-target}/release/kibitzer-fuzz" "$target" "$seconds" "$@"
