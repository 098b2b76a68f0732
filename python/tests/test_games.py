"""Games and deals as data: `kibitzer.read_games` and `kibitzer.read_deals` return pyarrow tables
built by the engine; the moves equal python-chess's on the corpus, compressed and PGC files read
as their plain text, and `kibitzer.dask.read_games` spreads a compressed dump over several tasks
with the same rows as `read_games` of the plain file."""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator, List, Optional, Tuple

import pytest

import kibitzer
from conftest import FIXTURES, run_cli

pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed: read_games is not tested")

LICHESS = (
    '[Event "Rated Blitz game"]\n[Site "https://lichess.org/abcd"]\n[Date "2026.12.01"]\n[Round "-"]\n'
    '[White "Alice"]\n[Black "Bob"]\n[Result "1-0"]\n[WhiteElo "2000"]\n[TimeControl "180+0"]\n\n'
    "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... e5 { [%eval 0.2] [%clk 0:02:58.5] } "
    "2. Nf3 { [%clk 0:02:57] } (2. f4 exf4) 2... Nc6 3. Bc4 Nf6 4. O-O { [%eval #-3] } Nxe4 1-0\n\n"
    '[Event "Second"]\n[White "C"]\n\n1. d4 d5 2. Kd3 Nf6 *\n'
)


def test_a_table_of_a_row_a_game_with_every_column() -> None:
    table = kibitzer.read_games(LICHESS)
    assert isinstance(table, pa.Table) and table.num_rows == 2
    assert table.column_names == [
        "line", "event", "site", "date", "round", "white", "black", "result", "tags", "moves", "uci",
        "clock", "eval_cp", "eval_mate", "termination", "stopped_at",
    ]
    first, second = table.to_pylist()
    assert (first["line"], first["event"], first["white"], first["result"]) == (1, "Rated Blitz game", "Alice", "1-0")
    assert dict(first["tags"]) == {"WhiteElo": "2000", "TimeControl": "180+0"}
    assert first["moves"] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "Nxe4"]
    assert first["uci"] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1", "f6e4"]
    assert first["clock"] == [180.0, 178.5, 177.0, None, None, None, None, None]
    assert first["eval_cp"][:3] == [17, 20, None] and first["eval_mate"][6] == -3
    assert (first["termination"], first["stopped_at"]) == ("1-0", None)
    assert (second["line"], second["site"], second["moves"], second["stopped_at"]) == (13, None, ["d4", "d5"], "Kd3")
    assert table.schema.field("moves").type == pa.large_list(pa.large_string())


def test_paths_bytes_compressed_and_pgc_give_the_table_of_the_text(tmp_path: Path) -> None:
    expected = kibitzer.read_games(LICHESS)
    plain = tmp_path / "games.pgn"
    plain.write_text(LICHESS)
    packed = tmp_path / "games.pgn.gz"
    packed.write_bytes(gzip.compress(LICHESS.encode()))
    assert kibitzer.read_games(plain).equals(expected)
    assert kibitzer.read_games(str(plain)).equals(expected)
    assert kibitzer.read_games(packed).equals(expected)
    assert kibitzer.read_games(packed.read_bytes()).equals(expected)
    # PGC holds the games, not their comments: the moves are the PGN's.
    legal = tmp_path / "legal.pgn"
    legal.write_text(LICHESS.split("\n\n[Event \"Second\"]")[0] + "\n")
    pgc = tmp_path / "games.pgc"
    done = run_cli("convert", str(legal), "--to", "pgc", "-o", str(pgc))
    assert done.returncode == 0, done.stderr.decode()
    assert kibitzer.read_games(pgc).column("moves").to_pylist() == [expected.column("moves").to_pylist()[0]]
    with pytest.raises(kibitzer.Error, match="a folder"):
        kibitzer.read_games(tmp_path)


def python_chess_games(path: Path, limit: Optional[int] = None) -> List[Tuple[str, Optional[List[str]]]]:
    """python-chess's White tag and main line in SAN of every game of `path` (of the first
    `limit`), the moves None for a game it reports errors in."""
    chess_pgn = pytest.importorskip("chess.pgn", reason="python-chess is not installed: no comparison")
    out: List[Tuple[str, Optional[List[str]]]] = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        while limit is None or len(out) < limit:
            game = chess_pgn.read_game(handle)
            if game is None:
                break
            if game.errors:
                out.append((game.headers.get("White", "?"), None))
                continue
            board = game.board()
            sans = []
            for move in game.mainline_moves():
                sans.append(board.san(move))
                board.push(move)
            out.append((game.headers.get("White", "?"), sans))
    return out


def compare_with_python_chess(path: Path, limit: Optional[int] = None) -> int:
    """Asserts that every game both readers read whole (python-chess without errors, kibitzer
    without a refused move; the same White tag, so the same game) has the same moves; returns
    how many were compared."""
    theirs = python_chess_games(path, limit)
    table = kibitzer.read_games(path)
    ours = zip(table.column("white").to_pylist(), table.column("moves").to_pylist(), table.column("stopped_at").to_pylist())
    compared = 0
    for (white, moves, stopped), (their_white, their_moves) in zip(ours, theirs):
        if their_moves is None or stopped is not None or white is None or white != their_white:
            continue
        if not their_moves and moves:
            # python-chess ends a game at an empty line after a comment before the first move
            # (pgn-extract's barnes-horton.pgn): it read none of the moves, which the check reads.
            continue
        assert moves == their_moves, (path, white, moves, their_moves)
        compared += 1
    return compared


# python-chess reads some tens of games a second on a loaded 2-core machine: the suite compares TWIC's first games
# (KIBITZER_FULL_COMPARISON=1: all of them; bench/read_games.py compares them all too).
TWIC_GAMES = None if os.environ.get("KIBITZER_FULL_COMPARISON") else 150


def test_moves_equal_python_chess_on_twic(corpus: Path) -> None:
    twic = corpus / "pgn" / "large" / "twic1389.pgn"
    if not twic.exists():
        pytest.skip("TWIC 1389 is not in the corpus")
    compared = compare_with_python_chess(twic, TWIC_GAMES)
    assert compared >= 0.99 * (TWIC_GAMES or kibitzer.read_games(twic).num_rows)


def test_moves_equal_python_chess_on_the_corpus_games_it_reads(corpus: Path) -> None:
    compared = 0
    for path in sorted((corpus / "pgn").rglob("*.pgn")):
        if path.stat().st_size < 1 << 20:  # TWIC is compared above
            compared += compare_with_python_chess(path)
    assert compared > 100


def test_deals_of_pbn_and_lin(tmp_path: Path) -> None:
    pbn = FIXTURES / "demo" / "board-4.pbn"
    deals = kibitzer.read_deals(pbn)
    assert deals.num_rows >= 1
    row = deals.to_pylist()[0]
    assert row["deal"] and row["dealer"] in ("N", "E", "S", "W")
    tags = dict(row["tags"])
    assert tags["Deal"] == row["deal"] and tags.get("Auction") is not None or row["auction"] == []
    assert kibitzer.read_deals(pbn.read_text()).equals(deals)
    lin = FIXTURES / "lin" / "clean" / "bbo-hand-record.lin"
    from_lin = kibitzer.read_deals(lin)
    converted = tmp_path / "converted.pbn"
    done = run_cli("convert", str(lin), "--to", "pbn", "-o", str(converted))
    assert done.returncode == 0, done.stderr.decode()
    from_pbn = kibitzer.read_deals(converted)
    # The conversion writes the export format (Event "?", an empty Declarer for a passed-out
    # deal): the deals, auctions and play are the same.
    keep = ["deal", "dealer", "vulnerable", "contract", "auction", "play"]
    assert from_lin.select(keep).equals(from_pbn.select(keep)) and from_lin.num_rows >= 1
    assert from_lin.column("line").to_pylist()[0] >= 1
    assert kibitzer.read_deals(lin.read_text(), lang="lin").select(keep).equals(from_lin.select(keep))


def test_double_dummy_tricks_of_a_file_are_numbers(tmp_path: Path) -> None:
    path = tmp_path / "dd.pbn"
    path.write_text(
        '[Board "1"]\n[Dealer "N"]\n[Vulnerable "All"]\n'
        '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
        '[DoubleDummyTricks "dddddddddd0000000000"]\n[Auction "N"]\n7NT Pass Pass Pass\n'
    )
    [row] = kibitzer.read_deals(path).to_pylist()
    assert row["dd_tricks"] == [13] * 10 + [0] * 10
    assert (row["vulnerable"], row["auction"]) == ("All", ["7NT", "Pass", "Pass", "Pass"])


distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed: dask.read_games is not tested")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def rows(frame: Any) -> List[tuple]:
    return [(r["line"], list(r["moves"]), r["white"]) for r in frame.to_dict("records")]


def test_dask_read_games_splits_a_compressed_dump_into_tasks(client: Any, corpus: Path, tmp_path: Path) -> None:
    twic = corpus / "pgn" / "large" / "twic1389.pgn"
    if not twic.exists():
        pytest.skip("TWIC 1389 is not in the corpus")
    import kibitzer.dask

    expected = [(r["line"], r["moves"], r["white"]) for r in kibitzer.read_games(twic).to_pylist()]
    packed: List[Path] = []
    if shutil.which("zstd"):
        zst = tmp_path / "twic.pgn.zst"
        subprocess.run(["zstd", "-q", "-3", str(twic), "-o", str(zst)], check=True)
        packed.append(zst)
    gz = tmp_path / "twic.pgn.gz"
    with twic.open("rb") as src, gzip.open(gz, "wb") as dst:
        shutil.copyfileobj(src, dst)
    packed.append(gz)
    for path in packed:
        frame = kibitzer.dask.read_games(path, blocksize="512 KiB", client=client)
        assert frame.npartitions > 1, path
        assert rows(frame.compute()) == expected, path
    # A plain file is cut at proved game starts, with the same rows.
    frame = kibitzer.dask.read_games(twic, blocksize="512 KiB", client=client)
    assert frame.npartitions > 1
    assert rows(frame.compute()) == expected
