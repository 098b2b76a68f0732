#!/usr/bin/env bash
# The checksums of what kibitzer says about every corpus file: `check --format json` (its
# output and exit status) and `fmt` (the bytes it writes, on a copy of the file). A change that
# only moves code (a refactor) must leave every line of this listing as it was:
#
#   tests/corpus-outputs.sh target/release/kibitzer > before.txt
#   … change the code, build again …
#   tests/corpus-outputs.sh target/release/kibitzer | diff before.txt -
#
# The last line is one checksum over all the others. The corpus is `$KIBITZER_CORPUS` or
# ../shared/corpus beside the repository; the files are never written (fmt runs on copies).
set -euo pipefail

binary=${1:?usage: tests/corpus-outputs.sh PATH-TO-KIBITZER}
binary=$(realpath "$binary")
here=$(cd "$(dirname "$0")/.." && pwd)
corpus=${KIBITZER_CORPUS:-$here/../shared/corpus}
if [[ ! -d $corpus ]]; then
    echo "corpus-outputs: no corpus at $corpus (set KIBITZER_CORPUS)" >&2
    exit 2
fi
corpus=$(realpath "$corpus")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

cd "$corpus"
find . -type f ! -name 'SOURCES.md' ! -name '*.md' | LC_ALL=C sort | while read -r file; do
    # check: the JSON report and the exit status, run from the corpus so paths are relative.
    status=0
    "$binary" check --format json "$file" >"$scratch/check.json" 2>"$scratch/check.err" || status=$?
    echo "$(cat "$scratch/check.json" "$scratch/check.err" | sha256sum | cut -c1-16) check:$status $file"
    # fmt: the bytes written to a copy with the same name (the name picks the format).
    copy="$scratch/fmt/$file"
    mkdir -p "$(dirname "$copy")"
    cp "$file" "$copy"
    # The corpus is read-only, and cp keeps the mode: fmt must be able to write the copy.
    chmod u+w "$copy"
    status=0
    "$binary" fmt "$copy" >/dev/null 2>"$scratch/fmt.err" || status=$?
    echo "$(cat "$copy" | sha256sum | cut -c1-16) fmt:$status $file"
    rm -f "$copy"
done | tee "$scratch/all"
echo "$(sha256sum <"$scratch/all" | cut -c1-16) all"
