#!/bin/sh
# Measures PGN check throughput (MB/s, games/s) with full move legality on the large corpus
# files, in a release build. Uses the library entry point `kibitzer_syntax::check(Lang::Pgn, ..)`
# (the same one `kibitzer check` calls); best of five runs per file.
#   bench/pgn-check.sh                 # lichess/twic 1000k and large/twic1389
#   PGN_BENCH_FILES=a.pgn:b.pgn bench/pgn-check.sh
set -eu
cd "$(dirname "$0")/.."
exec cargo test --release -q -p kibitzer-tests --test suites pgn_throughput:: -- --ignored --nocapture
