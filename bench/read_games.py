"""`kibitzer.read_games` against python-chess on one PGN file (default: TWIC 1389 of the shared
corpus): the games' main lines in SAN, read by each, timed on this machine (wall clock, the best
of three runs for kibitzer, one for python-chess, which takes seconds). The figures go in
docs/performance.md. Run it with the Python of python/test.sh's environment, where the wheel,
pyarrow and python-chess are installed:

    target/python-venv/bin/python bench/read_games.py [FILE.pgn]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import chess.pgn

import kibitzer

REPO = Path(__file__).resolve().parents[1]


def with_python_chess(path: Path) -> list[list[str]]:
    out = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            sans = []
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
            out.append(sans)
    return out


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO.parent / "shared" / "corpus" / "pgn" / "large" / "twic1389.pgn"
    times = []
    for _ in range(3):
        start = time.perf_counter()
        table = kibitzer.read_games(path)
        times.append(time.perf_counter() - start)
    ours = min(times)
    start = time.perf_counter()
    theirs_moves = with_python_chess(path)
    theirs = time.perf_counter() - start
    moves = sum(len(m) for m in table.column("moves").to_pylist())
    same = table.column("moves").to_pylist() == theirs_moves
    print(f"{path.name}: {table.num_rows} games, {moves} moves, the same moves: {same}")
    print(f"kibitzer.read_games: {ours:.3f} s (best of 3); python-chess: {theirs:.2f} s; ratio {theirs / ours:.0f}x")


if __name__ == "__main__":
    main()
