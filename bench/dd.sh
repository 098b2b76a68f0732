#!/usr/bin/env bash
# Double-dummy solver throughput (release build): `kibitzer dd` (DDS through dds-bridge, every
# deal of a file in one batch on every core) on the corpus's hand records with analysis (237
# deals); deals per second, best of RUNS. (The large PBN files hold 10,000 and 3,816 deals: hours
# at these rates, so they are left out.) `check` on the hand records, which solves the
# same deals and compares the tags, is timed beside it.
# Usage: bench/dd.sh [RUNS]   (default 3). Skips with a message without the corpus.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
source bench/lib.sh
need_corpus
release_binary --features dd
best_of() {
  local best=""
  for _ in $(seq "$runs"); do
    local start end t
    start=$(date +%s.%N)
    "$@" >/dev/null || true
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" = 1 ]; then best=$t; fi
  done
  echo "$best"
}
printf '%-40s %7s %8s %10s\n' what deals best_s deals/s
sets=("dd-analysis:$corpus/pbn/dd-analysis/*.pbn")
for set in "${sets[@]}"; do
  name=${set%%:*}
  files=$(eval echo "${set#*:}")
  # shellcheck disable=SC2086
  deals=$("$bin" dd --format json $files | grep -c '"double_dummy_tricks"')
  # shellcheck disable=SC2086
  t=$(best_of "$bin" dd $files)
  printf '%-40s %7d %8.2f %10.1f\n' "kibitzer dd $name" "$deals" "$t" "$(echo "$deals/$t" | bc -l)"
done
# shellcheck disable=SC2086
t=$(best_of "$bin" check $corpus/pbn/dd-analysis/*.pbn)
printf '%-40s %7d %8.2f %10.1f\n' "kibitzer check dd-analysis" 237 "$t" "$(echo "237/$t" | bc -l)"
