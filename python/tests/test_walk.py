"""What is checked: `kibitzer.files` and `kibitzer.dask.check` walk a folder exactly as `kibitzer
check` walks it (every extension it reads: compressed, PGC and LIN files too; `.gitignore`,
hidden entries), and `check(bytes)` and `check_many` read compressed and PGC data as
`check_file` reads it."""

from __future__ import annotations

import bz2
import gzip
import json
import shutil
from pathlib import Path
from typing import Any, Dict, Iterator, List

import pytest

import kibitzer
from conftest import FIXTURES, cli_json, run_cli

ILLEGAL = '[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Ke3 *\n'
LEGAL = '[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n'


def pgc_of(pgn: Path, out: Path) -> Path:
    done = run_cli("convert", str(pgn), "--to", "pgc", "-o", str(out))
    assert done.returncode == 0, done.stderr.decode()
    return out


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Every kind of file `kibitzer check` reads in a folder, a hidden one, an ignored one, and a
    file it does not read."""
    top = tmp_path / "games"
    (top / "sub").mkdir(parents=True)
    (top / "a.pgn").write_text(ILLEGAL)
    (top / "b.pgn.gz").write_bytes(gzip.compress(ILLEGAL.encode()))
    (top / "sub" / "c.pgn.bz2").write_bytes(bz2.compress(ILLEGAL.encode()))
    shutil.copy(FIXTURES / "lin" / "rules" / "LIN001.lin", top / "d.lin")
    shutil.copy(FIXTURES / "demo" / "board-4.pbn", top / "e.pbn")
    source = tmp_path / "legal.pgn"
    source.write_text(LEGAL * 3)
    pgc_of(source, top / "f.pgc")
    (top / ".hidden.pgn").write_text(ILLEGAL)
    (top / "ignored.pgn").write_text(ILLEGAL)
    (top / ".gitignore").write_text("ignored.pgn\n")
    (top / "notes.txt").write_text("not a game file")
    return top


def cli_files(folder: Path, *flags: str) -> List[str]:
    """The files `kibitzer check --format json` names (those it found something in), in its
    order."""
    seen: Dict[str, None] = {}
    for d in cli_json(*flags, str(folder)):
        seen.setdefault(d["path"].split(".zip/")[0], None)
    return list(seen)


def test_files_are_those_the_cli_walks_in_its_order(folder: Path) -> None:
    names = [f.path for f in kibitzer.files(folder)]
    rel = [str(Path(n).relative_to(folder)) for n in names]
    assert rel == ["a.pgn", "b.pgn.gz", "d.lin", "e.pbn", "f.pgc", "sub/c.pgn.bz2"]
    assert [f.lang for f in kibitzer.files(folder)] == ["pgn", "pgn", "lin", "pbn", "pgn", "pgn"]
    # The command names the files it found something in, in its order: the same order.
    named = cli_files(folder)
    assert [n for n in names if n in named] == named
    assert {str(Path(n).relative_to(folder)) for n in named} >= {"a.pgn", "b.pgn.gz", "d.lin", "sub/c.pgn.bz2"}
    with_hidden = [str(Path(f.path).relative_to(folder)) for f in kibitzer.files(folder, hidden=True)]
    assert ".hidden.pgn" in with_hidden and "ignored.pgn" not in with_hidden
    everything = [str(Path(f.path).relative_to(folder)) for f in kibitzer.files(folder, hidden=True, no_ignore=True)]
    assert {".hidden.pgn", "ignored.pgn"} <= set(everything)
    named = cli_files(folder, "--hidden", "--no-ignore")
    assert [f.path for f in kibitzer.files(folder, hidden=True, no_ignore=True) if f.path in named] == named
    assert {str(Path(n).relative_to(folder)) for n in named} >= {".hidden.pgn", "ignored.pgn"}


def test_a_file_of_unknown_type_given_by_name_is_an_error_not_dropped(folder: Path) -> None:
    with pytest.raises(kibitzer.Error, match="notes.txt: unknown file type"):
        kibitzer.files([folder / "a.pgn", folder / "notes.txt"])
    with pytest.raises(kibitzer.Error, match="no such file"):
        kibitzer.files(folder / "missing.pgn")


def test_check_file_of_a_folder_says_how_to_walk_it(folder: Path) -> None:
    with pytest.raises(kibitzer.Error, match=r"a folder, not a file: `kibitzer.files\(folder\)`"):
        kibitzer.check_file(folder)


def test_bytes_without_a_name_are_told_by_their_first_bytes(folder: Path) -> None:
    expected = [(d.line, d.column, d.code) for d in kibitzer.check_file(folder / "a.pgn")]
    assert expected and expected[0][2] == "PGN200"
    for name in ("b.pgn.gz", "sub/c.pgn.bz2"):
        packed = (folder / name).read_bytes()
        assert [(d.line, d.column, d.code) for d in kibitzer.check(packed, lang="pgn")] == expected, name
    pgc = (folder / "f.pgc").read_bytes()
    by_bytes = [d.to_json() for d in kibitzer.check(pgc, lang="pgn")]
    by_file = [dict(d.to_json(), path="<string>") for d in kibitzer.check_file(folder / "f.pgc")]
    assert by_bytes == by_file
    # Named, bytes are read as a file of that name: as the command line reads it.
    assert [d.to_json() for d in kibitzer.check((folder / "b.pgn.gz").read_bytes(), path=folder / "b.pgn.gz")] == cli_json(
        str(folder / "b.pgn.gz")
    )


def test_check_many_reads_what_check_file_reads(folder: Path) -> None:
    files = [f.path for f in kibitzer.files(folder)]
    items = [(path, Path(path).read_bytes()) for path in files]
    assert kibitzer.check_many(items) == [kibitzer.check_file(path) for path in files]
    codes = [[d.code for d in found] for found in kibitzer.check_many(items)]
    assert "PGN200" in codes[1], "the gzip member is read, not reported as binary"
    assert not any(c.endswith("000") for one in codes for c in one), codes


distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed: the Dask walk is not tested")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


KEYS = ["path", "line", "column", "end_line", "end_column", "severity", "code", "message"]


def test_dask_check_walks_as_the_cli_and_drops_nothing(client: Any, folder: Path) -> None:
    import kibitzer.dask

    for flags, kwargs in (((), {}), (("--hidden", "--no-ignore"), {"hidden": True, "no_ignore": True})):
        rows = [{k: r[k] for k in KEYS} for r in kibitzer.dask.check(folder, client=client, **kwargs).compute().to_dict("records")]
        expected = [{k: d[k] for k in KEYS} for d in cli_json(*flags, str(folder))]
        assert rows == expected, flags
        assert {Path(r["path"]).suffix for r in rows} >= {".pgn", ".gz", ".bz2", ".lin"}
