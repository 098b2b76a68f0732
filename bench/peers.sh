#!/usr/bin/env bash
# kibitzer beside its PGN peers at their best, in one run: instructions on the 3 MB TWIC 1389
# (callgrind: every thread's instructions, the same on any machine) and the clock on TWIC 1389
# ten times (30 MB), paired runs (A B C … A B C …, RUNS rounds, medians of wall and CPU time), so
# that whatever else the machine does falls on every program alike. Prints a markdown table and
# the goals of issue #31, each with what was measured.
#   check side: `kibitzer check --format json` (every rule, every variation replayed) beside
#     pgn-reader + shakmaty (bench/peer-pgn-reader: text in memory, `to_move` then
#     `play_unchecked`, as the library's own example) on main lines and with variations,
#     pgn-extract -s -r, python-chess replaying main lines (clock only: under callgrind it takes
#     minutes; on the 3 MB file only);
#   writing side: `kibitzer fmt` (standard input to a file) beside the peer writing every game
#     back in export layout (`--write`, to a file).
# Usage: bench/peers.sh [RUNS]  (default 9). Skips with a message without the corpus; a peer that
# cannot be had (no pgn-extract, no python-chess, no valgrind) is left out with a message.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-9}"
source bench/lib.sh
need_corpus
release_binary
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

small="$corpus/pgn/large/twic1389.pgn"
large="$tmp/twic1389x10.pgn"
for _ in $(seq 10); do cat "$small"; done > "$large"

peer=""
if cargo build -q --release --locked --manifest-path bench/peer-pgn-reader/Cargo.toml --target-dir bench/out/peer-target; then
  peer="$PWD/bench/out/peer-target/release/peer-pgn-reader"
else
  echo "note: pgn-reader + shakmaty could not be built: left out" >&2
fi
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgn_extract" ] || { echo "note: pgn-extract not installed: left out" >&2; pgn_extract=""; }
python_chess=""
if python3 -c "import chess" 2>/dev/null; then python_chess=yes; else echo "note: python-chess not installed: left out" >&2; fi
cat > "$tmp/replay.py" <<'PY'
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
PY

# The programs, by name, and which side each is on. Each writes to a file ($tmp/out), as a user
# would.
names=(); sides=()
add() { names+=("$1"); sides+=("$2"); }
add "kibitzer check --format json" check
[ -n "$peer" ] && add "pgn-reader + shakmaty, main lines" check
[ -n "$peer" ] && add "pgn-reader + shakmaty, with variations" check
[ -n "$pgn_extract" ] && add "pgn-extract -s -r" check
add "kibitzer fmt (stdin to a file)" write
[ -n "$peer" ] && add "pgn-reader + shakmaty writing (--write)" write
# Sets argv (the command) and input (its standard input) for program NAME on FILE.
command_of() { # NAME FILE
  input=/dev/null
  case "$1" in
    "kibitzer check --format json") argv=("$bin" check --format json "$2") ;;
    "pgn-reader + shakmaty, main lines") argv=("$peer" "$2") ;;
    "pgn-reader + shakmaty, with variations") argv=("$peer" --variations "$2") ;;
    "pgn-extract -s -r") argv=("$pgn_extract" -s -r "$2") ;;
    "kibitzer fmt (stdin to a file)") argv=("$bin" fmt --stdin-filepath "$2"); input=$2 ;;
    "pgn-reader + shakmaty writing (--write)") argv=("$peer" --write "$2") ;;
  esac
}

# Instructions on the 3 MB file.
declare -A instructions profiles
if command -v valgrind >/dev/null; then
  for i in "${!names[@]}"; do
    name=${names[$i]}
    command_of "$name" "$small"
    out="$tmp/cg.$i.out"
    valgrind --tool=callgrind --callgrind-out-file="$out" "${argv[@]}" < "$input" > "$tmp/out" 2> "$tmp/cg.err" || true
    instructions[$name]=$(awk '/^summary:/ {print $2}' "$out")
    profiles[$name]=$out
  done
else
  echo "note: valgrind not installed: no instruction counts" >&2
fi

# The clock on the 30 MB file, paired rounds.
declare -A walls cpus
for name in "${names[@]}"; do walls[$name]=""; cpus[$name]=""; done
for _ in $(seq "$runs"); do
  for name in "${names[@]}"; do
    start=$(date +%s%N)
    command_of "$name" "$large"
    /usr/bin/time -f "%U %S" -o "$tmp/t" "${argv[@]}" < "$input" > "$tmp/out" 2> /dev/null || true
    end=$(date +%s%N)
    walls[$name]+=" $(( (end - start) / 1000 ))"
    cpus[$name]+=" $(awk '{printf "%d", ($1 + $2) * 1e6}' "$tmp/t")"
  done
done
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] / 1e6}'; }

printf '| program | instructions, 3 MB (M) | wall s, 30 MB (median of %s) | CPU s, 30 MB (median) |\n' "$runs"
echo '|---|---:|---:|---:|'
declare -A wall cpu
for name in "${names[@]}"; do
  wall[$name]=$(echo "${walls[$name]}" | median)
  cpu[$name]=$(echo "${cpus[$name]}" | median)
  ins=${instructions[$name]:-}
  printf '| %s | %s | %.3f | %.3f |\n' "$name" "$( [ -n "$ins" ] && awk -v i="$ins" 'BEGIN {printf "%.1f", i / 1e6}' || echo -)" "${wall[$name]}" "${cpu[$name]}"
done
if [ -n "$python_chess" ]; then
  # Minutes under callgrind and on the 30 MB file: the 3 MB file, one run, the clock only.
  start=$(date +%s%N)
  /usr/bin/time -f "%U %S" -o "$tmp/t" python3 "$tmp/replay.py" "$small" > /dev/null
  end=$(date +%s%N)
  awk -v w="$(( (end - start) / 1000 ))" '{printf "| python-chess, main lines (the 3 MB file, one run) | - | %.3f | %.3f |\n", w / 1e6, $1 + $2}' "$tmp/t"
fi

# Where the check's instructions go, kibitzer's beside the honest peer's: the inclusive cost of
# each named function (its callees counted in it) from the callgrind runs above, so that a verdict
# says which work costs what. A part named by several functions is their sum; "the rest" is the
# total less the parts.
# Prints the inclusive instructions (millions) of the function FUNCTION in callgrind profile FILE.
# Inlining splits a function into one entry per source file its code came from; the largest
# entry is the whole function's (the others are parts of it).
inclusive() { # FILE FUNCTION
  callgrind_annotate --inclusive=yes --auto=no --threshold=100 "$1" 2>/dev/null | awk -v f="$2" '
    $2 ~ /^\(/ {
      line = $0; sub(/ \[[^]]*\]$/, "", line); n = index(line, ":" f)
      if (n && n + length(f) == length(line)) { gsub(",", "", $1); v = $1 + 0; if (v > most) most = v }
    }
    END {printf "%.1f\n", most / 1e6}'
}
# Prints a table row: LABEL, then the kibitzer and peer figures.
part_row() { printf '| %s | %.1f | %s |\n' "$1" "$2" "$3"; }
if [ -n "$peer" ] && [ -n "${profiles[kibitzer check --format json]:-}" ]; then
  k=${profiles[kibitzer check --format json]}; p=${profiles[pgn-reader + shakmaty, main lines]}
  k_total=$(awk -v i="${instructions[kibitzer check --format json]}" 'BEGIN {print i / 1e6}')
  p_total=$(awk -v i="${instructions[pgn-reader + shakmaty, main lines]}" 'BEGIN {print i / 1e6}')
  k_read=$(inclusive "$k" kibitzer_syntax::pgn::parser::parse_events)
  k_walk=$(inclusive "$k" kibitzer_syntax::pgn::check::moves::check)
  k_moves=$(inclusive "$k" kibitzer_syntax::pgn::check::moves::play)
  k_tags=$(inclusive "$k" kibitzer_syntax::pgn::check::tags::check)
  k_across=$(inclusive "$k" kibitzer_syntax::pgn::check::across)
  p_parse=$(inclusive "$p" shakmaty::san::SanPlus::from_ascii_prefix)
  p_resolve=$(inclusive "$p" shakmaty::san::San::to_move)
  p_play=$(inclusive "$p" "<shakmaty::position::Chess as shakmaty::position::Position>::play_unchecked")
  echo
  echo '| where the check'"'"'s instructions go (3 MB, inclusive, M) | kibitzer | pgn-reader + shakmaty |'
  echo '|---|---:|---:|'
  part_row "the moves: SAN read, resolved, played (kibitzer: and its spelling and check mark checked)" "$k_moves" "$(awk -v a="$p_parse" -v b="$p_resolve" -v c="$p_play" 'BEGIN {printf "%.1f", a + b + c}')"
  part_row "reading the text (kibitzer: into events, losslessly, syntax errors found; the peer: everything else it runs)" "$k_read" "$(awk -v t="$p_total" -v a="$p_parse" -v b="$p_resolve" -v c="$p_play" 'BEGIN {printf "%.1f", t - a - b - c}')"
  part_row "the walk over a movetext's events and the per-move rules (numbers, comments, duplicates' hash, openings' route)" "$(awk -v a="$k_walk" -v b="$k_moves" 'BEGIN {print a - b}')" "-"
  part_row "the tag rules" "$k_tags" "-"
  part_row "the rules across games (duplicates, spellings of names)" "$k_across" "-"
  part_row "the rest (other rules of a game, the line index, the JSON report, start-up)" "$(awk -v t="$k_total" -v a="$k_read" -v b="$k_walk" -v c="$k_tags" -v d="$k_across" 'BEGIN {print t - a - b - c - d}')" "-"
  part_row "total" "$k_total" "$(awk -v t="$p_total" 'BEGIN {printf "%.1f", t}')"
fi

# The goals of issue #31.
if [ -n "$peer" ]; then
  check="kibitzer check --format json"; honest="pgn-reader + shakmaty, main lines"
  fmt="kibitzer fmt (stdin to a file)"; writer="pgn-reader + shakmaty writing (--write)"
  echo
  echo '| goal | target | measured | verdict |'
  echo '|---|---|---|---|'
  awk -v k="${wall[$check]}" -v p="${wall[$honest]}" 'BEGIN {r = p / k; printf "| check: wall time against the honest peer (30 MB) | ≥ 1.5× | %.2f× | %s |\n", r, (r >= 1.5 ? "met" : sprintf("missed by %.2f×", 1.5 / r))}'
  if [ -n "${instructions[$check]:-}" ]; then
    awk -v k="${instructions[$check]}" -v p="${instructions[$honest]}" 'BEGIN {r = k / p; printf "| check: instructions against the honest peer (3 MB) | ≤ 1.2× | %.2f× | %s |\n", r, (r <= 1.2 ? "met" : sprintf("missed by %.2f×", r / 1.2))}'
    awk -v k="${instructions[$fmt]}" 'BEGIN {m = k / 1e6; printf "| fmt: instructions (3 MB) | ≤ 350 M | %.1f M | %s |\n", m, (m <= 350 ? "met" : sprintf("missed by %.2f×", m / 350))}'
  fi
  awk -v k="${wall[$fmt]}" -v p="${wall[$writer]}" 'BEGIN {r = p / k; printf "| fmt: wall time against the writing peer (30 MB) | ≥ 2.5× | %.2f× | %s |\n", r, (r >= 2.5 ? "met" : sprintf("missed by %.2f×", 2.5 / r))}'
fi
echo
echo "($(date -u +%Y-%m-%d), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; kibitzer $(git rev-parse --short HEAD))"
