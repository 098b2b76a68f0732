#!/usr/bin/env python3
"""Compares `kibitzer fmt` with python-chess's exporter on the comment-free games of PGN files.

Usage: compare_python_chess.py KIBITZER FILE.pgn...
Prints one line per file: games compared, byte-identical, and the differences by kind.
Exits 0; prints "skipped: ..." when python-chess is not installed.
"""
import collections
import io
import subprocess
import sys

try:
    import chess.pgn
except ImportError:
    print("skipped: python-chess is not installed (pip install chess)")
    sys.exit(0)


def kibitzer_games(kibitzer, text):
    out = subprocess.run([kibitzer, "fmt", "--lang", "pgn", "-"], input=text.encode("utf-8", "surrogateescape"),
                         capture_output=True).stdout.decode("utf-8", "replace")
    games = [g for g in out.split("\n\n[") if g.strip()]
    return ["[" + g if not g.startswith("[") else g for g in games]


def plain(game):
    """No comments (NAGs and variations allowed): the games whose export the standard fixes
    completely, but for the layout of variations, which it leaves open (PGN 8.2.5)."""
    stack = list(game.variations)
    while stack:
        node = stack.pop()
        if node.comment or node.starting_comment:
            return False
        stack.extend(node.variations)
    return not game.comment and not game.errors


def tokens(movetext):
    return movetext.replace("(", "( ").replace(")", " )").split()


def classify(ours, theirs):
    """Where the two exports differ. python-chess keeps the supplemental tags in the order read;
    PGN 8.1.1 wants them in ASCII order after the roster (kibitzer follows the standard)."""
    (our_tags, our_moves), (their_tags, their_moves) = ours.split("\n\n", 1), theirs.split("\n\n", 1)
    if our_moves != their_moves:
        # kibitzer restates Black's move number after a NAG: a NAG is annotation, and PGN
        # 8.2.2.2 numbers a black move after "intervening annotation or commentary";
        # python-chess numbers it only after a comment or variation.
        ours_t = tokens(our_moves)
        without = [t for i, t in enumerate(ours_t) if not (t.endswith("...") and i > 0 and ours_t[i - 1].startswith("$"))]
        if len(without) < len(ours_t) and without == tokens(their_moves):
            return "black move number after a NAG (PGN 8.2.2.2)"
        return "movetext"
    if sorted(our_tags.split("\n")) == sorted(their_tags.split("\n")):
        return "supplemental tag order (PGN 8.1.1: ASCII order)"
    return "tag section"


def main():
    kibitzer, files = sys.argv[1], sys.argv[2:]
    for path in files:
        text = open(path, encoding="utf-8", errors="surrogateescape").read()
        stream = io.StringIO(text)
        kinds = collections.Counter()
        compared = same = 0
        example = {}
        while True:
            start = stream.tell()
            game = chess.pgn.read_game(stream)
            if game is None:
                break
            if not plain(game):
                continue
            raw = text[start:stream.tell()]
            ours = kibitzer_games(kibitzer, raw)
            if len(ours) != 1:
                continue
            theirs = game.accept(chess.pgn.StringExporter(headers=True, variations=True, comments=True)) + "\n\n"
            compared += 1
            if ours[0] == theirs:
                same += 1
            else:
                kind = classify(ours[0], theirs)
                kinds[kind] += 1
                example.setdefault(kind, (ours[0], theirs))
            if compared >= 300:
                break
        print(f"{path}: {compared} games compared, {same} byte-identical, differences: {dict(kinds)}")
        print(f"movetext-differences {kinds['movetext']} tag-section-differences {kinds['tag section']}")
        for kind, (ours, theirs) in example.items():
            print(f"--- first '{kind}' difference\n--- kibitzer\n{ours}--- python-chess\n{theirs}")


main()
