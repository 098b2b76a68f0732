"""`kibitzer.dask.check` on a `distributed.LocalCluster` of two worker processes: the same rows,
on the same lines, as `kibitzer check --format json`, whatever the task size (many cuts, cuts
guessed inside a comment and undone, Latin-1 and CRLF files, files that go whole)."""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any, Iterator, List

import pytest

import kibitzer
from conftest import FIXTURES, cli_json, corpus_files

distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed: the Dask path is not tested")
pytest.importorskip("pyarrow", reason="pyarrow is not installed: the Dask path is not tested")
import kibitzer.dask  # noqa: E402

KEYS = ["path", "line", "column", "end_line", "end_column", "severity", "code", "message"]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def rows_of(frame: Any) -> List[dict]:
    return [{k: row[k] for k in KEYS} for row in frame.compute().to_dict("records")]


def expected(paths: List[Path]) -> List[dict]:
    return [{k: d[k] for k in KEYS} for d in cli_json(*map(str, paths))]


GAME = (
    '[Event "Club"]\n[Site "Here"]\n[Date "2026.11.24"]\n[Round "{n}"]\n[White "A"]\n[Black "B"]\n'
    '[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. {move} Be7 *\n\n'
)


def generated_set(folder: Path) -> List[Path]:
    """Files whose pieces are many at a small block size: every tenth game has a diagnostic;
    one game's comment holds an empty line and a `[` (a likely start that is not one); one file
    is Latin-1 in its last game only, one has CRLF line ends; a PBN and a gzip file go whole."""
    folder.mkdir()
    games = [GAME.format(n=n, move="0-0" if n % 10 == 0 else "O-O") for n in range(300)]
    games[150] = games[150].replace("1. e4 e5", "1. e4 {a comment\n\n[%clk 0:01:00] over an empty line} e5 2. Ke3")
    plain = folder / "a.pgn"
    plain.write_text("".join(games))
    latin1 = folder / "b.pgn"
    latin1.write_bytes("".join(games[:120]).encode() + GAME.format(n=999, move="Ke2").replace("B", "Ren\xe9").encode("latin-1"))
    crlf = folder / "c.pgn"
    crlf.write_bytes("".join(games[:80]).replace("\n", "\r\n").encode())
    epd = folder / "d.epd"
    epd.write_text("".join(
        f"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"{n}\";\n" if n % 7 else "8/8/8/8 w - - id \"bad\";\n"
        for n in range(2000)
    ))
    pbn = folder / "e.pbn"
    pbn.write_bytes((FIXTURES / "demo" / "board-4.pbn").read_bytes())
    packed = folder / "f.pgn.gz"
    packed.write_bytes(gzip.compress("".join(games[:50]).encode()))
    return [plain, latin1, crlf, epd, pbn, packed]


def test_a_generated_set_cut_into_many_tasks_equals_the_cli(client: Any, tmp_path: Path) -> None:
    files = generated_set(tmp_path / "set")
    tasks = kibitzer.dask.plan(files, blocksize=4096, client=client)
    cut = [t for t in tasks if t.end is not None]
    assert len(cut) > 30, len(cut)
    frame = kibitzer.dask.check(files, blocksize=4096, client=client)
    assert frame.npartitions == len(tasks)
    got = rows_of(frame)
    assert got == expected(files)
    assert any(r["code"] == "PGN210" for r in got) and any(r["path"].endswith("b.pgn") for r in got)


def test_games_checked_together_across_pieces(client: Any, tmp_path: Path) -> None:
    """Duplicates and spellings of names between games in different tasks are found as
    `kibitzer check` finds them in the whole file, on the later game's line, naming the earlier
    game's line."""
    games = [GAME.format(n=n, move="O-O") for n in range(200)]
    games[190] = games[3]
    games[120] = games[5].replace('"Club"', '"club"')
    games[160] = games[160].replace('[White "A"]', '[White "a."]')
    path = tmp_path / "together.pgn"
    path.write_text("".join(games))
    tasks = kibitzer.dask.plan(path, blocksize=2048, client=client)
    starts = [len("".join(games[:i]).encode()) for i in (3, 5, 190, 120)]
    task_of = [next(k for k, t in enumerate(tasks) if t.start <= at < (t.end or 0)) for at in starts]
    assert task_of[0] != task_of[2] and task_of[1] != task_of[3], task_of
    got = rows_of(kibitzer.dask.check(path, blocksize=2048, client=client))
    assert got == expected([path])
    found = {(r["code"], r["line"]) for r in got if r["code"] in ("PGN400", "PGN401", "PGN402")}
    line = lambda i: "".join(games[:i]).count("\n") + 1  # noqa: E731
    assert found == {("PGN400", line(190)), ("PGN401", line(120)), ("PGN402", line(160) + 4)}, found
    [duplicate] = [r for r in got if r["code"] == "PGN400"]
    assert f"duplicate of the game at line {line(3)} " in duplicate["message"]
    frame = kibitzer.dask.check(path, blocksize=2048, client=client).compute()
    assert list(frame[frame["code"] == "PGN400"]["game"]) == [191]


def test_a_likely_start_inside_a_comment_is_not_a_cut(client: Any, tmp_path: Path) -> None:
    [plain, *_] = generated_set(tmp_path / "set")
    comment = plain.read_bytes().index(b"[%clk")
    # The third block ends just before the `[` after the empty line inside the comment: that is
    # where the engine's guess lands, and its proof fails, so the pieces around it are joined.
    blocksize = (comment - 10) // 3
    tasks = kibitzer.dask.plan(plain, blocksize=blocksize, client=client)
    assert len(tasks) >= 4 and all(t.start != comment for t in tasks)
    assert any(t.start < comment < (t.end or 0) for t in tasks)
    assert rows_of(kibitzer.dask.check(plain, blocksize=blocksize, client=client)) == expected([plain])


def test_game_numbers_name_the_game_of_each_diagnostic(client: Any, tmp_path: Path) -> None:
    files = generated_set(tmp_path / "set")
    frame = kibitzer.dask.check(files[0], blocksize=4096, client=client).compute()
    castles = frame[frame["code"] == "PGN210"]
    # Games 0, 10, 20 … (1-based 1, 11, 21 …) castle with zeros; game 150's illegal move
    # stops its replay before.
    assert list(castles["game"]) == [n + 1 for n in range(0, 300, 10) if n != 150]
    [illegal] = frame[frame["code"] == "PGN200"]["game"]
    assert illegal == 151


def test_corpus_files_equal_the_cli(client: Any, corpus: Path) -> None:
    files = corpus_files(corpus, ("pgn", "epd", "pbn"))
    assert files
    frame = kibitzer.dask.check(files, blocksize="256 KiB", client=client)
    assert rows_of(frame) == expected(files)


def test_the_result_writes_to_parquet(client: Any, tmp_path: Path) -> None:
    import pandas as pd

    files = generated_set(tmp_path / "set")
    kibitzer.dask.check(files, blocksize=8192, client=client).to_parquet(tmp_path / "out.parquet")
    back = pd.read_parquet(tmp_path / "out.parquet")
    assert len(back) == len(expected(files))
    assert set(back.columns) >= {"path", "game", "line", "column", "code", "severity", "message"}


def test_a_glob_and_bad_names(client: Any, tmp_path: Path) -> None:
    files = generated_set(tmp_path / "set")
    frame = kibitzer.dask.check(str(tmp_path / "set" / "*.pgn"), blocksize=4096, client=client)
    assert rows_of(frame) == expected(sorted(p for p in files if p.suffix == ".pgn"))
    with pytest.raises(kibitzer.Error, match="no file matches"):
        kibitzer.dask.check(str(tmp_path / "none" / "*.pgn"), client=client)
    with pytest.raises(kibitzer.Error, match="missing.pgn: no such file"):
        kibitzer.dask.check(tmp_path / "missing.pgn", client=client)
