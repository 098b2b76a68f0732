#!/usr/bin/env bash
# Files per second of `kibitzer convert` over the ACBLscore corpus (../shared/corpus/acbl).
# One process per file, as a script converting a folder would run it; JSON and PBN measured apart.
# Uses hyperfine when installed (apt-get install hyperfine), else a loop under `time`.
#   bench/acbl-convert.sh            # builds the release binary first
#   KIBITZER=path/to/kibitzer bench/acbl-convert.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=""
for c in "${KIBITZER_CORPUS:-$root/../shared/corpus}/acbl"; do
  if [ -d "$c" ]; then corpus=$c; break; fi
done
[ -n "$corpus" ] || { echo "no ACBLscore corpus found: skipped"; exit 0; }
if [ -z "${KIBITZER:-}" ]; then
  (cd "$root" && cargo build --release -q -p kibitzer)
  KIBITZER="$root/target/release/kibitzer"
fi
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find "$corpus" -type f ! -name '*.md' ! -name '*.json' ! -name 'NEGATIVE*' | sort >"$list"
n=$(wc -l <"$list")
echo "$n game files, $(cat "$list" | xargs cat | wc -c) bytes, binary $KIBITZER"
for to in json pbn; do
  loop="while read -r f; do \"$KIBITZER\" convert \"\$f\" --to $to >/dev/null; done <\"$list\""
  if command -v hyperfine >/dev/null; then
    export_json=$(mktemp)
    hyperfine --warmup 2 --runs 10 --shell bash --export-json "$export_json" "$loop" >/dev/null
    mean=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['results'][0]['mean'])" "$export_json")
    rm -f "$export_json"
  else
    start=$(date +%s.%N)
    for _ in 1 2 3; do bash -c "$loop"; done
    mean=$(echo "($(date +%s.%N) - $start) / 3" | bc -l)
  fi
  python3 -c "import sys; n,t=int(sys.argv[1]),float(sys.argv[2]); print(f'--to {sys.argv[3]}: {n} files in {t*1000:.1f} ms = {n/t:.0f} files/s')" "$n" "$mean" "$to"
done
