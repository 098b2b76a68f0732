#!/usr/bin/env bash
# Double-dummy solver throughput, kibitzer beside its peer in one run: `kibitzer dd` (pons-dds,
# DDS 2.9's search in pure Rust, the solver of every build) and bench/peer-dds (the C++ DDS
# through dds-bridge, which needs libclang), each solving every deal of the corpus's hand records
# with analysis (237 deals) in one batch on every core, with the par of each. The two runs
# alternate (A B A B …); the table gives the median wall time, the median CPU time and deals per
# second, then instruction counts (callgrind) on one small file, which do not depend on the
# machine. The two outputs are compared first: the same tables and par scores, or the script
# stops. `kibitzer check` of the same files (solving and comparing the tags) is timed beside.
# Usage: bench/dd.sh [RUNS]   (default 5). Skips with a message without the corpus; the peer's
# rows are left out with a message when libclang cannot be had.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
source bench/lib.sh
need_corpus
release_binary
mkdir -p bench/out
files=("$corpus"/pbn/dd-analysis/*.pbn)
small="$corpus/pbn/dd-analysis/bridgecomposer_hand_record.pbn"

peer=""
if cargo build -q --release --locked --manifest-path bench/peer-dds/Cargo.toml --target-dir bench/out/peer-dds-target 2>/dev/null; then
  peer=$PWD/bench/out/peer-dds-target/release/peer-dds
else
  echo "note: bench/peer-dds does not build (its bindings need libclang: apt-get install libclang-dev); kibitzer alone" >&2
fi

# The same analysis from both, or no timing at all.
"$bin" dd --format json "${files[@]}" \
  | python3 -c 'import json,sys; [print(r["double_dummy_tricks"], r["par_score_ns"]) for r in json.load(sys.stdin)]' \
  >bench/out/dd-kibitzer.txt
deals=$(wc -l <bench/out/dd-kibitzer.txt)
if [ -n "$peer" ]; then
  "$peer" "${files[@]}" >bench/out/dd-peer.txt
  cmp -s bench/out/dd-kibitzer.txt bench/out/dd-peer.txt \
    || { echo "kibitzer dd and the DDS peer disagree (bench/out/dd-*.txt)" >&2; exit 1; }
  echo "kibitzer and DDS agree on all $deals deals (tables and par)"
fi

# One run: "wall cpu" in seconds (GNU time's %e and %U+%S).
measure() {
  # check exits 1 when a file has errors: that is its answer, not a failure here.
  /usr/bin/time -f '%e %U %S' -o bench/out/time "$@" >/dev/null || true
  # (GNU time puts "Command exited with non-zero status 1" before its line then.)
  tail -1 bench/out/time | awk '{ printf "%s %.2f\n", $1, $2 + $3 }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

declare -A wall cpu
programs=(kibitzer-dd kibitzer-check)
[ -n "$peer" ] && programs=(kibitzer-dd dds-peer kibitzer-check)
for _ in $(seq "$runs"); do
  for p in "${programs[@]}"; do
    case $p in
      kibitzer-dd) read -r w c < <(measure "$bin" dd "${files[@]}") ;;
      dds-peer) read -r w c < <(measure "$peer" "${files[@]}") ;;
      kibitzer-check) read -r w c < <(measure "$bin" check "${files[@]}") ;;
    esac
    wall[$p]+="$w "
    cpu[$p]+="$c "
  done
done

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $runs alternating runs, medians:"
printf '%-34s %6s %8s %8s %9s\n' program deals wall_s cpu_s deals/s
for p in "${programs[@]}"; do
  w=$(tr ' ' '\n' <<<"${wall[$p]}" | grep . | median)
  c=$(tr ' ' '\n' <<<"${cpu[$p]}" | grep . | median)
  case $p in
    kibitzer-dd) what="kibitzer dd (pons-dds)" ;;
    dds-peer) what="peer-dds (C++ DDS, dds-bridge)" ;;
    kibitzer-check) what="kibitzer check (solve + compare)" ;;
  esac
  printf '%-34s %6d %8.2f %8.2f %9.1f\n' "$what" "$deals" "$w" "$c" "$(echo "$deals / $w" | bc -l)"
done

# Instructions, on the smallest file (callgrind counts every thread's).
if command -v valgrind >/dev/null; then
  count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
      | awk '/Collected/ { gsub(",", "", $4); print $4 }'
  }
  n=$(grep -c '^\[Deal ' "$small")
  echo "instructions (callgrind), $(basename "$small"), $n deals:"
  printf '  %-32s %8.0f M\n' "kibitzer dd" "$(echo "$(count "$bin" dd "$small") / 1000000" | bc -l)"
  [ -n "$peer" ] && printf '  %-32s %8.0f M\n' "peer-dds" "$(echo "$(count "$peer" "$small") / 1000000" | bc -l)"
fi
