#!/usr/bin/env python3
"""Writes a hand record as a club publishes one: BOARDS random deals as Big Deal deals them
(Event, Site, Date, Board, the four players, Dealer and Vulnerable by the board's number) with
the analysis BCDD adds (OptimumResultTable, OptimumScore, Ability), the analysis taken from
`kibitzer dd --no-cache --format json` of the same deals.

Usage: bench/dd_hand_record.py KIBITZER_BINARY BOARDS OUT.pbn [SEED]
"""

import json
import random
import subprocess
import sys
import tempfile

binary, boards, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 63
rng = random.Random(seed)
RANKS = "AKQJT98765432"
# Law 2: the vulnerability of boards 1-16, repeated.
VULNERABLE = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
              "EW", "All", "None", "NS", "All", "None", "NS", "EW"]


def deal():
    cards = list(range(52))
    rng.shuffle(cards)
    hands = []
    for h in range(4):
        hand = cards[13 * h:13 * h + 13]
        suits = [
            "".join(RANKS[r] for r in sorted(c % 13 for c in hand if c // 13 == s))
            for s in range(4)
        ]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


games = []
for n in range(1, boards + 1):
    games.append({
        "Event": "Club pairs", "Site": "Clubhouse", "Date": "2026.12.07", "Board": str(n),
        "West": "", "North": "", "East": "", "South": "",
        "Dealer": "NESW"[(n - 1) % 4], "Vulnerable": VULNERABLE[(n - 1) % 16], "Deal": deal(),
    })


def tags(game):
    return "".join(f'[{k} "{v}"]\n' for k, v in game.items())


with tempfile.TemporaryDirectory() as tmp:
    plain = f"{tmp}/plain.pbn"
    with open(plain, "w") as f:
        f.write("\n".join(tags(g) for g in games))
    rows = json.loads(subprocess.run(
        [binary, "dd", "--no-cache", "--format", "json", plain],
        check=True, capture_output=True, env={"KIBITZER_CACHE_DIR": tmp}).stdout)

SEATS, STRAINS = "NSEW", ["NT", "S", "H", "D", "C"]
with open(out, "w") as f:
    f.write("% PBN 2.1\n% Big Deal-style deals with BCDD-style analysis "
            f"(bench/dd_hand_record.py, seed {seed})\n")
    for game, row in zip(games, rows):
        tricks = row["double_dummy_tricks"]  # declarers N S E W, each NT S H D C
        par = row["par_score_ns"]
        ability = " ".join(f"{s}:{tricks[5 * i:5 * i + 5].upper()}" for i, s in enumerate(SEATS))
        f.write("\n" + tags(game))
        f.write(f'[OptimumScore "{"NS" if par >= 0 else "EW"} {abs(par)}"]\n')
        f.write(f'[Ability "{ability}"]\n')
        f.write('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\n')
        for i, seat in enumerate(SEATS):
            for j, strain in enumerate(STRAINS):
                f.write(f"{seat} {strain:>2} {int(tricks[5 * i + j], 16):>2}\n")
