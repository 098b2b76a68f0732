#!/usr/bin/env bash
# Runs one fuzz target under libFuzzer, guided by coverage, for SECONDS on the clock (libFuzzer's
# -max_total_time), e.g. `fuzz/coverage.sh check-pgn 600`; extra arguments go to libFuzzer
# (`-jobs=2`, `-runs=N`, a file to run once). Stable Rust: the code is built with
# SanitizerCoverage (8-bit counters, PC table, comparisons traced), debug assertions and overflow
# checks, without AddressSanitizer (it needs a nightly compiler; kibitzer's own code has no
# unsafe). Targets and oracles are the mutational fuzzer's (fuzz/src/lib.rs).
# The corpus grows in fuzz/coverage/corpus/TARGET, started from the seeds `kibitzer-fuzz seeds`
# writes (../shared/corpus and fixtures/) with the target's dictionary; a crash, timeout (10 s)
# or input over 2 GB of memory is saved as fuzz/findings/TARGET-crash-… and reproduced with
# `fuzz/coverage.sh TARGET 0 fuzz/findings/FILE`.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: fuzz/coverage.sh TARGET SECONDS [LIBFUZZER ARGS...]}
seconds=${2:?usage: fuzz/coverage.sh TARGET SECONDS [LIBFUZZER ARGS...]}
shift 2

cargo build --release -q --locked -p kibitzer-fuzz
corpus="fuzz/coverage/corpus/$target"
if [ ! -d "$corpus" ]; then
  "${CARGO_TARGET_DIR:-target}/release/kibitzer-fuzz" seeds "$target" "$corpus"
fi

export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
# With an explicit --target, RUSTFLAGS reach the fuzzed code only, not the build scripts.
host=$(rustc -vV | sed -n 's/^host: //p')
cargo build --release -q --locked --manifest-path fuzz/coverage/Cargo.toml --target-dir fuzz/coverage/target \
  --target "$host"
binary="fuzz/coverage/target/$host/release/kibitzer-coverage-fuzz"
mkdir -p fuzz/findings
args=(-timeout=10 -rss_limit_mb=2048 -dict="$corpus.dict" -artifact_prefix="fuzz/findings/$target-" -print_final_stats=1)
if [ "$#" -gt 0 ] && [ -f "$1" ]; then
  # Reproduce: run the given inputs once.
  exec env KIBITZER_FUZZ_TARGET="$target" "$binary" "${args[@]}" "$@"
fi
exec env KIBITZER_FUZZ_TARGET="$target" "$binary" -max_total_time="$seconds" "${args[@]}" "$@" "$corpus"
