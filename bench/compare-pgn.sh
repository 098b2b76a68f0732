#!/bin/sh
# Side-by-side PGN checking speed, one run, same files: `kibitzer check` (every rule, every
# variation replayed), pgn-reader + shakmaty replaying every main line (bench/peer-pgn-reader,
# built here in its own workspace: GPL, never linked into kibitzer), pgn-extract -s -r (Debian's
# pgn-extract), and python-chess replaying every game.
# Prints a markdown table: wall time, CPU (user + system, all threads), MB/s, games/s, and speed
# relative to kibitzer. The machine may be shared: CPU time is the fairer number when other jobs run.
#   bench/compare-pgn.sh                       # the large corpus files
#   bench/compare-pgn.sh a.pgn b.pgn           # other files
# Uses hyperfine when installed (5 runs, mean wall and CPU time), else best of 5 with /usr/bin/time.
set -eu
cd "$(dirname "$0")/.."
corpus="${KIBITZER_CORPUS:-../shared/corpus}/pgn"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -eq 0 ]; then
    # 30 MB: TWIC 1389 ten times (the file of the issue's measurement), then the corpus files.
    for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$corpus/large/twic1389.pgn"; done > "$tmp/twic1389x10.pgn"
    set -- "$tmp/twic1389x10.pgn" "$corpus/large/twic1389.pgn" "$corpus/pgn-reader/lichess_db_1000k.pgn" "$corpus/pgn-reader/twic1599_1000k.pgn"
fi
cargo build -q --release -p kibitzer
kibitzer="$PWD/target/release/kibitzer"
peer=""
if cargo build -q --release --locked --manifest-path bench/peer-pgn-reader/Cargo.toml --target-dir bench/out/peer-target; then
    peer="$PWD/bench/out/peer-target/release/peer-pgn-reader"
else
    echo "pgn-reader + shakmaty could not be built: skipped" >&2
fi
PGN_EXTRACT=$(command -v pgn-extract || echo /usr/games/pgn-extract)
cat > "$tmp/replay.py" <<'PY'
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
PY

# measure NAME CMD... -> "wall user" in seconds
measure() {
    name=$1; shift
    if command -v hyperfine >/dev/null; then
        hyperfine -N -i -r 5 -w 1 --export-json "$tmp/$name.json" "$*" >/dev/null 2>&1
        python3 -c "import json,sys; r=json.load(open(sys.argv[1]))['results'][0]; print(r['mean'], r['user'] + r['system'])" "$tmp/$name.json"
    else
        best=""
        for _ in 1 2 3 4 5; do
            /usr/bin/time -f "%e %U %S" -o "$tmp/t" "$@" >/dev/null 2>&1 || true
            t=$(tail -1 "$tmp/t" | awk '{print $1, $2 + $3}')
            if [ -z "$best" ] || [ "$(echo "$t $best" | awk '{print ($1 < $3)}')" = 1 ]; then best=$t; fi
        done
        echo "$best"
    fi
}

echo "| file | tool | wall s | CPU s | MB/s (wall) | games/s (wall) | kibitzer faster by (wall) | kibitzer faster by (CPU) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for f in "$@"; do
    [ -f "$f" ] || { echo "skip $f (absent)" >&2; continue; }
    bytes=$(wc -c < "$f")
    games=$(grep -c '^\[Event ' "$f" || true)
    base=$(measure kibitzer "$kibitzer" check "$f")
    rows="kibitzer|$base"
    if [ -n "$peer" ]; then
        rows="$rows
pgn-reader + shakmaty (main lines)|$(measure peer "$peer" "$f")"
    fi
    if [ -x "$PGN_EXTRACT" ]; then
        rows="$rows
pgn-extract -s -r|$(measure pgnextract "$PGN_EXTRACT" -s -r "$f")"
    else
        echo "pgn-extract missing: skipped" >&2
    fi
    if python3 -c "import chess" 2>/dev/null || pip install -q chess >/dev/null 2>&1; then
        rows="$rows
python-chess replay|$(measure pychess python3 "$tmp/replay.py" "$f")"
    else
        echo "python-chess missing: skipped" >&2
    fi
    echo "$rows" | while IFS='|' read -r tool times; do
        echo "$times $base" | awk -v tool="$tool" -v file="$(basename "$f")" -v bytes="$bytes" -v games="$games" \
            '{ printf "| %s | %s | %.3f | %.3f | %.1f | %.0f | %.2fx | %.2fx |\n", file, tool, $1, $2, bytes/1e6/$1, games/$1, $1/$3, $2/$4 }'
    done
done
