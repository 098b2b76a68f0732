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
#   lin-line.lin    one LIN board of 20 MB on one line (`nt|x|` × 4 M) between two small boards
# the inputs of issue 33 (archives, pipes, links; each needs the `zstd`, `gzip` and `zip` tools):
#   bomb-zst        bomb.pgn.zst: 4 GB of spaces (no line break) in ~120 KB of zstd
#   bomb-pbn-zst    the same bytes named bomb.pbn.zst (PBN is read whole, up to 64 MiB)
#   zeros-pbn-gz    zeros.pbn.gz: 2 GB of NUL bytes in ~2 MB of gzip
#   stdin-yes       `yes '1. e4 e5' | head -c 4G | kibitzer check --lang pgn -`
#   fmt-stdin       `kibitzer fmt --lang pgn -` of the 30 MB of short games, piped
#   many-zip        a zip of 5,000 members, one named ../../escape.pgn, one /etc/abs.pgn, a zip inside (read)
#   links           a folder holding `up -> ..` and `self -> .`: `check DIR` and `check --follow DIR`
#   link-fmt        `fmt link.pgn` where link.pgn -> real.pgn (the link must stay a link)
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
[ ${#shapes[@]} -eq 0 ] && shapes=(random one-line deep comment tag many-games epd-line pbn-play pbn-auction lin-line
  bomb-zst bomb-pbn-zst zeros-pbn-gz stdin-yes fmt-stdin many-zip links link-fmt kill)

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
    elif shape == "lin-line":
        f.write(b"PN|a,b,c,d|  sv|x|\nmd|3S|" + b"nt|x|" * 4_000_000 + b"\n\nSV|q|   nt|hi|\n")
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

# run_sh LABEL BYTES_IN 'SHELL COMMAND': one line of the second table, for a pipeline or a walk
# ($bin and $tmp are exported to it); the peak is the largest of the pipeline's processes, and
# "said" is the first line kibitzer printed that names a diagnostic or the summary (else the
# first on standard error, else on standard output).
run_sh() {
  local label=$1 bytes=$2 cmd=$3
  ( cd "$tmp" && bin=$bin /usr/bin/time -v -o "$tmp/time" bash -c "$cmd" >"$tmp/out" 2>"$tmp/err" ) || true
  local rss wall said
  rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$tmp/time")
  wall=$(awk -F': ' '/Elapsed \(wall/ {print $2}' "$tmp/time")
  said=$( (grep -m1 -E 'error|note|warning|checked' "$tmp/out" || grep -m1 . "$tmp/err" || grep -m1 . "$tmp/out" ||
    echo '(nothing)') | cut -c1-110)
  printf '| %-34s | %9s | %8s | %7.0f | %s |\n' "$label" "$bytes" "$wall" "$(echo "$rss / 1024" | bc -l)" "$said"
}

untrusted_shape() {
  local shape=$1 d=$tmp/u
  rm -rf "$d"; mkdir -p "$d"
  case $shape in
    bomb-zst | bomb-pbn-zst)
      local name=bomb.pgn.zst
      [ "$shape" = bomb-pbn-zst ] && name=bomb.pbn.zst
      head -c 4000000000 /dev/zero | tr '\0' ' ' | zstd -q -3 -T2 -o "$d/$name"
      run_sh "check $name (4 GB of spaces)" "$(stat -c %s "$d/$name")" "\$bin check u/$name"
      ;;
    zeros-pbn-gz)
      head -c 2000000000 /dev/zero | gzip -9 >"$d/zeros.pbn.gz"
      run_sh "check zeros.pbn.gz (2 GB of NUL)" "$(stat -c %s "$d/zeros.pbn.gz")" "\$bin check u/zeros.pbn.gz"
      ;;
    stdin-yes)
      run_sh "yes '1. e4 e5' (4 GB) \| check -" 4000000000 \
        "yes '1. e4 e5' | head -c 4000000000 | \$bin check --lang pgn -"
      ;;
    fmt-stdin)
      make_file many-games "$d/g.pgn"
      run_sh "fmt - (30 MB of games, piped)" "$(stat -c %s "$d/g.pgn")" "\$bin fmt --lang pgn - <u/g.pgn >u/out.pgn; echo \"wrote \$(wc -c <u/out.pgn) bytes\""
      ;;
    many-zip)
      mkdir -p "$d/m/games"
      for i in $(seq 1 5000); do printf '[Event "x"]\n\n1. e4 e5 *\n' >"$d/m/games/$i.pgn"; done
      printf '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n' >"$d/m/inner.pgn"
      (cd "$d/m" && zip -q inner.zip inner.pgn && zip -qr ../many.zip games inner.zip)
      python3 - "$d/many.zip" <<'EOF2'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1], "a") as z:
    for name in ("../../escape.pgn", "/etc/abs.pgn"):
        z.writestr(zipfile.ZipInfo(name), b'[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
EOF2
      run_sh "check many.zip (5,002 members)" "$(stat -c %s "$d/many.zip")" "\$bin check u/many.zip"
      ;;
    links)
      mkdir -p "$d/games"
      printf '[Event "x"]\n\n1. e4 e5 *\n' >"$d/games/a.pgn"
      ln -s .. "$d/games/up"; ln -s . "$d/games/self"
      run_sh "check DIR (up -> .., self -> .)" - "\$bin check u/games | tail -1"
      run_sh "check --follow DIR" - "\$bin check --follow u/games >u/out 2>u/err; echo \"note: \$(grep -c 'a loop' u/err) loop notes; \$(tail -1 u/out)\""
      ;;
    link-fmt)
      printf '[Event "x"]\n\n1.e4 e5 *\n' >"$d/real.pgn"
      ln -s real.pgn "$d/link.pgn"
      run_sh "fmt link.pgn (-> real.pgn)" - \
        "\$bin fmt u/link.pgn; [ -L u/link.pgn ] && grep -q '1. e4' u/real.pgn && echo 'note: link kept, real.pgn formatted'"
      ;;
  esac
  rm -rf "$d"
}

echo "| file | command | MB | wall | peak MB | peak/file | output lines |"
echo "|---|---|---:|---:|---:|---:|---:|"
untrusted=()
for shape in "${shapes[@]}"; do
  [ "$shape" = kill ] && continue
  case $shape in bomb-* | zeros-* | stdin-* | fmt-stdin | many-zip | links | link-fmt) untrusted+=("$shape"); continue ;; esac
  case $shape in epd-*) ext=epd ;; pbn-*) ext=pbn ;; lin-*) ext=lin ;; *) ext=pgn ;; esac
  f="$tmp/$shape.$ext"
  make_file "$shape" "$f"
  run "check" "$f" check
  run "check --format json" "$f" check --format json
  cp "$f" "$f.orig"
  run "fmt" "$f" fmt
  if ! cmp -s "$f" "$f.orig" && [ "$shape" = random ]; then echo "  !! fmt changed the binary file" >&2; fi
  rm -f "$f" "$f.orig"
done

if [ ${#untrusted[@]} -gt 0 ]; then
  echo
  echo "| input | bytes in | wall | peak MB | what kibitzer said |"
  echo "|---|---:|---:|---:|---|"
  for shape in "${untrusted[@]}"; do untrusted_shape "$shape"; done
fi

if printf '%s\n' "${shapes[@]}" | grep -qx kill; then
  echo
  echo "kill -9 of fmt on 30 MB, 20 times:"
  KIBITZER_KILL_RUNS=20 KIBITZER_KILL_MB=30 cargo test -q -p kibitzer-tests --test suites \
    hostile_input::fmt_killed -- --nocapture 2>&1 | grep -E "kills of fmt|panicked|test result"
fi
