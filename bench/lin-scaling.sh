#!/usr/bin/env bash
# Whether LIN's work grows in proportion to its input (issue #34; the project's standard: no
# input takes more than linear time). Generates LIN texts of doubling size in each dimension
# a LIN file can grow in, and times `check --format json`, `fmt` (on a copy), `convert --to pbn`
# and `convert --to lin` (of that PBN) on each with the release build, printing CPU seconds (user
# + system, GNU time; a loaded machine stretches the clock, not the CPU) and the ratio to the
# size before: about 2 for linear work, 4 for quadratic (below 0.05 s the ratio says little).
# Shapes (N the size):
#   boards     N boards of a line, a third of them wrong (an insufficient bid, a board without
#              `md`: LIN108, a bad card), as a hand record of a club's evening repeated
#   nodeal     N boards `mb|p|` without a deal (each a LIN108)
#   calls      one board of N calls, every one after the first insufficient (a PBN303 each);
#              its players' names are beyond ASCII, as in the next two (columns in characters)
#   cards      one board of N played cards (revokes and cards not held: a diagnostic each)
#   notes      one board of N alerted calls with explanations (a PBN note each)
#   players    one `pn` of N players (a LIN107) before a deal
#   vugraph    a vugraph file (header, `qx` boards over several lines) of N boards
# Usage: bench/lin-scaling.sh [SHAPE…]   (default: all). KIBITZER_LIN_SCALE=K multiplies every
# shape's sizes by K (default 1); KIBITZER_BIN=PATH measures that binary instead of building.
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
if [ -n "${KIBITZER_BIN:-}" ]; then
  bin=$(realpath "$KIBITZER_BIN")
else
  release_binary
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
scale=${KIBITZER_LIN_SCALE:-1}
shapes=("$@")
[ ${#shapes[@]} -eq 0 ] && shapes=(boards nodeal calls cards notes players vugraph)

# The four sizes of each shape (doubling), before the scale.
sizes() {
  case $1 in
    boards | nodeal | vugraph) echo 5000 10000 20000 40000 ;;
    calls | cards | notes) echo 5000 10000 20000 40000 ;;
    players) echo 500000 1000000 2000000 4000000 ;;
  esac
}

make_file() {
  python3 - "$1" "$2" "$3" <<'EOF'
import sys
shape, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
deal = "md|3S2345H2345D2345C2,S6789H6789D6789C3,STJQKHTJQKDTJQKC4,|"
good = ("pn|Ann,Bo,Cy,Di|st||" + deal + "sv|o|ah|Board 1|mb|1N!|an|15-17|mb|p|mb|3N|mb|p|mb|p|mb|p|pg||"
        "pc|C5|pc|C2|pc|C3|pc|C4|pg||mc|9|pg||\n")
insufficient = "pn|Ann,Bo,Cy,Di|" + deal + "mb|1D|mb|1C|mb|p|mb|p|mb|p|pg||\n"
no_deal = "pn|Ann,Bo,Cy,Di|mb|p|mb|p|pc|S2|\n"
# Names beyond ASCII, as BBO's often are: a column is then counted in characters, not bytes.
players = "pn|José,Zoë,Åsa,Jürgen|"
bad_card = "pn|Ann,Bo,Cy,Di|" + deal + "mb|1S|mb|p|mb|p|mb|p|pc|S1|pc|zz|\n"
with open(out, "w") as f:
    if shape == "boards":
        lines = [good, good, good, insufficient, no_deal, bad_card]
        f.write("".join(lines[i % len(lines)] for i in range(n)))
    elif shape == "nodeal":
        f.write("mb|p|\n" * n)
    elif shape == "calls":
        f.write(players + deal + "mb|1D|" + "mb|1C|" * (n - 1) + "\n")
    elif shape == "cards":
        f.write(players + deal + "mb|1S|mb|p|mb|p|mb|p|" + "pc|S2|pc|HA|pc|D3|pc|CK|" * (n // 4) + "\n")
    elif shape == "notes":
        f.write(players + deal + "mb|1C!|an|x|" * n + "\n")
    elif shape == "players":
        f.write("pn|" + ",".join("Ann" for _ in range(n)) + "|" + deal + "\n")
    elif shape == "vugraph":
        f.write("vg|Final,1,I,1,2,Red,0,Blue,0|pn|a,b,c,d,e,f,g,h|\n")
        for i in range(n):
            room = "o" if i % 2 == 0 else "c"
            f.write(f"qx|{room}{i // 2 + 1}|" + deal + "sv|b|mb|p|mb|1S|mb|d|mb|r|pg||\npc|S3|pc|SA|pg||\n")
EOF
}

# cpu COMMAND…: the CPU seconds (user + system) of one run, its output thrown away.
cpu() {
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$@" >/dev/null 2>&1 || true
  tail -n 1 "$tmp/time" | awk '{printf "%.2f", $1 + $2}'
}

printf '| shape | size | MB | check s | ratio | fmt s | ratio | → pbn s | ratio | pbn → lin s | ratio |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for shape in "${shapes[@]}"; do
  previous=()
  for base in $(sizes "$shape"); do
    n=$(awk -v b="$base" -v s="$scale" 'BEGIN {printf "%d", b * s}')
    file=$tmp/$shape.lin
    make_file "$shape" "$n" "$file"
    mb=$(awk -v b="$(stat -c %s "$file")" 'BEGIN {printf "%.1f", b / 1048576}')
    check=$(cpu "$bin" check --format json "$file")
    cp "$file" "$tmp/copy.lin"
    fmt=$(cpu "$bin" fmt "$tmp/copy.lin")
    topbn=$(cpu "$bin" convert "$file" --to pbn)
    "$bin" convert "$file" --to pbn >"$tmp/converted.pbn" 2>/dev/null || true
    tolin=$(cpu "$bin" convert "$tmp/converted.pbn" --to lin)
    times=("$check" "$fmt" "$topbn" "$tolin")
    row="| $shape | $n | $mb"
    for i in 0 1 2 3; do
      ratio="–"
      if [ ${#previous[@]} -gt 0 ]; then
        ratio=$(awk -v a="${times[$i]}" -v b="${previous[$i]}" 'BEGIN {if (b > 0.005) printf "%.1f", a / b; else print "–"}')
      fi
      row="$row | ${times[$i]} | $ratio"
    done
    echo "$row |"
    previous=("${times[@]}")
  done
done
