#!/usr/bin/env bash
# What `kibitzer check --fix` then `kibitzer fmt` leave of the diagnostics on the whole shared
# corpus (issue #32, part 6): the counts by code and severity before, and after fixing and
# formatting copies of every file (the corpus itself is never written).
#
#   bench/corpus-fixes.sh [KIBITZER-BINARY] > table.md
#
# Without an argument the release binary is built. The output is a Markdown table: for every
# code that fires, its errors and warnings before and after, and a last line with the totals
# and the share left. Notes (information, hints) are counted apart: they ask for nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/lib.sh
need_corpus
if [ $# -ge 1 ]; then
  bin=$(realpath "$1")
else
  release_binary
fi
corpus=$(realpath "$corpus")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The text formats kibitzer checks, by extension (ACBLscore and PGC files are binary: no fix).
(cd "$corpus" && find . -type f \( -iname '*.pgn' -o -iname '*.pbn' -o -iname '*.epd' -o -iname '*.fen' \
  -o -iname '*.pbi' -o -iname '*.lin' \) | LC_ALL=C sort) >"$scratch/files"
each_file() { # COMMAND…: runs it with each file (names may hold spaces)
  while IFS= read -r f; do "$@" "$f"; done <"$scratch/files"
}
copy() { mkdir -p "$scratch/copy/$(dirname "$1")" && cp "$1" "$scratch/copy/$1"; }
check_json() { "$bin" check --format json "$1" 2>/dev/null || true; echo; }
fix_and_format() { "$bin" check --fix "$1" >/dev/null 2>&1 || true; "$bin" fmt "$1" >/dev/null 2>&1 || true; }
(cd "$corpus" && each_file copy)
chmod -R u+w "$scratch/copy" # the corpus may be read-only; its copies are written
(cd "$scratch/copy" && each_file check_json) >"$scratch/before.json"
(cd "$scratch/copy" && each_file fix_and_format)
(cd "$scratch/copy" && each_file check_json) >"$scratch/after.json"

python3 - "$scratch/before.json" "$scratch/after.json" <<'EOF'
import json, sys
from collections import Counter

def counts(path):
    """Counts by (code, severity) over the reports of every file, one JSON array after another."""
    c = Counter()
    text = open(path, encoding="utf-8").read()
    decoder, at = json.JSONDecoder(), 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if at >= len(text):
            return c
        report, at = decoder.raw_decode(text, at)
        for d in report:
            c[(d["code"], d["severity"])] += 1

before, after = counts(sys.argv[1]), counts(sys.argv[2])
keys = sorted(set(before) | set(after))
serious = ("error", "warning")
print("| code | severity | before | after |")
print("|---|---|---:|---:|")
for code, severity in keys:
    if severity in serious:
        print(f"| {code} | {severity} | {before[(code, severity)]} | {after[(code, severity)]} |")
tb = sum(n for (c, s), n in before.items() if s in serious)
ta = sum(n for (c, s), n in after.items() if s in serious)
nb = sum(n for (c, s), n in before.items() if s not in serious)
na = sum(n for (c, s), n in after.items() if s not in serious)
share = f"{100 * ta / tb:.1f} %" if tb else "-"
print(f"| **all errors and warnings** | | **{tb}** | **{ta}** ({share} left) |")
print(f"| notes and hints | | {nb} | {na} |")
EOF
