#!/usr/bin/env bash
# Hostile and pathological input (issue 18): wall time, peak memory (GNU time's maximum resident
# set size) and the number of output lines of `kibitzer check` and `kibitzer fmt` (release build)
# on generated files, none from the corpus:
#   random.pgn      20 MB of random bytes (a binary file named .pgn)
#   one-line.pgn    one 30 MB game on a single line: `1. e4 ` × 5 M
#   deep.pgn        one game of 1 M nested variations `(1. d4 ` … `)` (≈ 14 MB)
#   comment.pgn     one game with a 30 MB comment
#   tag.pgn         one game with a 30 MB tag value
#   many-games.pgn  30 MB of ordinary short games (the baseline)
#   epd-line.epd    one EPD record of 30 MB on one line
#   pbn-play.pbn    one PBN game with a play section of 30 MB
#   pbn-auction.pbn one PBN game with an auction of 30 MB
# then kills `fmt` of a 30 MB file with SIGKILL 20 times at random moments and checks that the
# file is always intact or fully formatted and that nothing is left beside it.
# Usage: bench/hostile.sh [SHAPE…]   (default: all; `kill` for the kill test only)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
release_binary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shapes=("$@")
[ ${#shapes[@]} -eq 0 ] && shapes=(random one-line deep comment tag many-games epd-line pbn-play pbn-auction kill)

make_file() {
  local shape=$1 out=$2
  python3 - "$shape" "$out" <<'EOF'
import os, sys
shape, out = sys.argv[1], sys.argv[2]
MB = 1 << 20
with open(out, "wb") as f:
    if shape == "random":
        f.write(os.urandom(20 * MB))
    elif shape == "one-line":
        f.write(b"1. e4 " * (5 * MB))
    elif shape == "deep":
        n = 1_000_000
        f.write(b"[Event \"deep\"]\n\n1. e4 " + b"(1. d4 " * n + b")" * n + b" *\n")
    elif shape == "comment":
        f.write(b"[Event \"comment\"]\n\n1. e4 {" + b"a long comment " * (2 * MB) + b"} e5 *\n")
    elif shape == "tag":
        f.write(b"[Event \"" + b"x" * (30 * MB) + b"\"]\n\n1. e4 e5 *\n")
    elif shape == "many-games":
        game = (b"[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2026.11.24\"]\n[Round \"1\"]\n[White \"A\"]\n"
                b"[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n")
        f.write(game * (30 * MB // len(game)))
    elif shape == "epd-line":
        f.write(b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - " + b'c0 "x"; ' * (30 * MB // 8) + b"\n")
    elif shape == "pbn-play":
        f.write(b'[Event "x"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
                b'[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\n' + b"SA HA DA CA\n" * (30 * MB // 12) + b"*\n")
    elif shape == "pbn-auction":
        f.write(b'[Event "x"]\n[Dealer "N"]\n[Auction "N"]\n' + b"Pass " * (30 * MB // 5) + b"\n")
EOF
}

# run LABEL FILE ARGS…: one line of the table.
run() {
  local label=$1 file=$2
  shift 2
  local bytes lines
  bytes=$(stat -c %s "$file")
  /usr/bin/time -v -o "$tmp/time" "$bin" "$@" "$file" >"$tmp/out" 2>"$tmp/err" || true
  lines=$(( $(wc -l <"$tmp/out") + $(wc -l <"$tmp/err") ))
  local rss wall
  rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$tmp/time")
  wall=$(awk -F': ' '/Elapsed \(wall/ {print $2}' "$tmp/time")
  printf '| %-14s | %-22s | %6.1f | %8s | %8.0f | %5.1f× | %9s |\n' "$(basename "$file")" "$label" \
    "$(echo "$bytes / 1048576" | bc -l)" "$wall" "$(echo "$rss / 1024" | bc -l)" \
    "$(echo "$rss * 1024 / $bytes" | bc -l)" "$lines"
  head -c 300 "$tmp/err" | head -2 | sed 's/^/    stderr: /' >&2
}

echo "| file | command | MB | wall | peak MB | peak/file | output lines |"
echo "|---|---|---:|---:|---:|---:|---:|"
for shape in "${shapes[@]}"; do
  [ "$shape" = kill ] && continue
  case $shape in epd-*) ext=epd ;; pbn-*) ext=pbn ;; *) ext=pgn ;; esac
  f="$tmp/$shape.$ext"
  make_file "$shape" "$f"
  run "check" "$f" check
  run "check --format json" "$f" check --format json
  cp "$f" "$f.orig"
  run "fmt" "$f" fmt
  if ! cmp -s "$f" "$f.orig" && [ "$shape" = random ]; then echo "  !! fmt changed the binary file" >&2; fi
  rm -f "$f" "$f.orig"
done

if printf '%s\n' "${shapes[@]}" | grep -qx kill; then
  echo
  echo "kill -9 of fmt on 30 MB, 20 times:"
  KIBITZER_KILL_RUNS=20 KIBITZER_KILL_MB=30 cargo test -q -p kibitzer-tests --test hostile_input \
    fmt_killed -- --nocapture 2>&1 | grep -E "kills of fmt|panicked|test result"
fi
