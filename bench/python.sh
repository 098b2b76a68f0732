#!/usr/bin/env bash
# The Python wheel's costs (issue 28), one run, release builds: the API against the CLI on the
# 30 MB PGN (TWIC 1389 ten times, as bench/compare-pgn.sh builds it), `check_many` on the corpus
# against a loop of `check` and the CLI, and `kibitzer.dask.check` on a LocalCluster of 1 and 2
# worker processes, with the cost of one task. Prints a markdown table.
# Uses the virtual environment of python/test.sh (KIBITZER_VENV, default target/python-venv),
# building it first when it is not there.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
need_corpus
release_binary
venv=${KIBITZER_VENV:-${CARGO_TARGET_DIR:-target}/python-venv}
if ! "$venv/bin/python" -c "import kibitzer, distributed" 2>/dev/null; then
  KIBITZER_VENV=$venv python/test.sh -x -q >/dev/null
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$corpus/pgn/large/twic1389.pgn"; done > "$tmp/twic1389x10.pgn"
"$venv/bin/python" bench/python_bench.py "$bin" "$tmp/twic1389x10.pgn" "$corpus"
