#!/bin/sh
# Wall time of `kibitzer check` on two ~5 MB EPD files built from the corpus's .epd files (in a
# temp directory, never committed), best of ROUNDS runs, release build:
#   big.epd    every corpus .epd file, concatenated as often as fits in 5 MB (about 3.5 MB of
#              JSON diagnostics: the output is part of the cost);
#   clean.epd  the corpus's records that have no diagnostic, repeated to the same size (the
#              check alone: position, opcodes and SAN of every record).
# Usage: bench/epd-check.sh [ROUNDS]
set -eu
cd "$(dirname "$0")/.."
. bench/lib.sh
need_corpus
release_binary
rounds=${1:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
find "$corpus/epd" -name '*.epd' | sort | xargs cat > "$tmp/all.epd"
copies=$((5000000 / $(wc -c < "$tmp/all.epd")))
for _ in $(seq "$copies"); do cat "$tmp/all.epd"; done > "$tmp/big.epd"
"$bin" check --format json-lines --max-diagnostics 0 "$tmp/all.epd" > "$tmp/all.json" || true
python3 - "$tmp/all.epd" "$tmp/all.json" "$tmp/clean.epd" "$(wc -c < "$tmp/big.epd")" <<'EOF'
import json, sys
epd, found, out, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
flagged = set()
for line in open(found):
    d = json.loads(line)
    flagged.update(range(d["line"], d["end_line"] + 1))
with open(epd, "rb") as f:
    lines = f.read().splitlines(keepends=True)
clean = b"".join(l for i, l in enumerate(lines, 1) if i not in flagged and l.strip())
with open(out, "wb") as f:
    f.write(clean * max(1, size // len(clean)))
EOF
for f in big clean; do
  file="$tmp/$f.epd"
  bytes=$(wc -c < "$file")
  best=""
  for _ in $(seq "$rounds"); do
    /usr/bin/time -f "%e %U" -o "$tmp/time" "$bin" check --format json --max-diagnostics 0 "$file" > "$tmp/out.json" || true
    # The last line: time says first when the exit status is not 0 (diagnostics found).
    wall=$(tail -1 "$tmp/time" | cut -d' ' -f1)
    if [ -z "$best" ] || [ "$(echo "$wall < $best" | bc)" = 1 ]; then best=$wall; user=$(tail -1 "$tmp/time" | cut -d' ' -f2); fi
  done
  printf '%-9s %5.1f MB, %6d lines, %7d bytes of JSON: best wall %.2f s = %5.1f MB/s (user CPU %.2f s)\n' \
    "$f.epd" "$(echo "$bytes / 1000000" | bc -l)" "$(wc -l < "$file")" "$(wc -c < "$tmp/out.json")" \
    "$best" "$(echo "$bytes / 1000000 / $best" | bc -l)" "$user"
done
