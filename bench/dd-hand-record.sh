#!/usr/bin/env bash
# Double dummy as a tournament director meets it (issue 63): a 120-board hand record of Big
# Deal deals with BCDD's analysis (OptimumResultTable, OptimumScore, Ability; made by
# bench/dd_hand_record.py), measured in one run:
#   - cold `kibitzer check` (an empty cache: every deal solved on every core) beside the C++ DDS
#     batch on the same deals and cores (endplay's calc_all_tables, installed from PyPI into
#     bench/out/endplay-venv), alternating;
#   - warm `kibitzer check` (the second run of the unchanged file: every deal from the cache);
#   - in the language server, a hover on the first deal right after didOpen, and the end of the
#     file's solving ($/progress end), from the didOpen;
#   - the cold check's peak resident memory.
# Usage: bench/dd-hand-record.sh [RUNS] [BOARDS]   (defaults 3 and 120)
#   KIBITZER_BIN   a kibitzer binary to measure instead of building the release one
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
boards="${2:-120}"
source bench/lib.sh
if [ -n "${KIBITZER_BIN:-}" ]; then bin=$KIBITZER_BIN; else release_binary; fi
mkdir -p bench/out
file=bench/out/dd-hand-record-$boards.pbn
python3 bench/dd_hand_record.py "$bin" "$boards" "$file"

venv=bench/out/endplay-venv
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import endplay' 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check endplay >/dev/null 2>&1 \
    || echo "note: endplay cannot be installed from PyPI: the peer's rows are left out" >&2
fi
peer=""
"$venv/bin/python" -c 'import endplay' 2>/dev/null && peer="$venv/bin/python"

cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
# "wall_s peak_kib" of one run (check exits 1 when a file has errors: its answer, not a failure).
measure() {
  /usr/bin/time -f '%e %M' -o bench/out/time "$@" >/dev/null 2>&1 || true
  tail -1 bench/out/time
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

cold="" warm="" peer_s="" memory="" hover="" solved_all=""
for _ in $(seq "$runs"); do
  rm -rf "$cache"/*
  read -r w m < <(KIBITZER_CACHE_DIR=$cache measure "$bin" check "$file")
  cold+="$w "; memory+="$m "
  read -r w _ < <(KIBITZER_CACHE_DIR=$cache measure "$bin" check "$file")
  warm+="$w "
  if [ -n "$peer" ]; then
    read -r s _ < <("$peer" bench/dd_endplay.py "$file")
    peer_s+="$s "
  fi
  rm -rf "$cache"/*
  read -r h e < <(python3 bench/dd_hover.py "$bin" "$file" "$cache")
  hover+="$h "; solved_all+="$e "
done
m() { tr ' ' '\n' <<<"$1" | grep . | median; }
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $boards boards, $runs runs, medians:"
printf '%-58s %8s\n' measure seconds
printf '%-58s %8s\n' "kibitzer check, cold (empty cache)" "$(m "$cold")"
[ -n "$peer" ] && printf '%-58s %8s\n' "endplay calc_all_tables (C++ DDS), the call alone" "$(m "$peer_s")"
printf '%-58s %8s\n' "kibitzer check, warm (unchanged file, from the cache)" "$(m "$warm")"
printf '%-58s %8s\n' "lsp: didOpen -> hover on the first deal answered" "$(m "$hover")"
printf '%-58s %8s\n' "lsp: didOpen -> every deal solved (\$/progress end)" "$(m "$solved_all")"
printf '%-58s %8s\n' "peak resident memory of the cold check (MiB)" "$(echo "$(m "$memory") / 1024" | bc)"
