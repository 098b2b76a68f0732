"""The types editors and mypy see (the package's annotations, `_native.pyi`, `py.typed`):
`mypy --strict` accepts a program using the API and rejects one that misuses it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = '''
from pathlib import Path
from typing import Dict, List, Mapping, Optional
import kibitzer
import kibitzer.dask

found: List[kibitzer.Diagnostic] = kibitzer.check("1. e4 e5 2. Ke3 *", lang="pgn")
lines: List[int] = [d.line for d in found]
from_lin: List[kibitzer.Diagnostic] = kibitzer.check("qx|o1|md|1S23,,,|", lang="lin", progress=lambda done, total: None)
from_bytes = kibitzer.check(b"\\x1f\\x8b", lang="pgn", path=Path("games.pgn.gz"), mode="export")
codes: Dict[str, str] = {r.code: r.severity for r in kibitzer.rules()}
text: str = kibitzer.format("1. e4 e5 *", lang="pgn")
batches = kibitzer.check_many([("a.pgn", b"1. e4 *")], threads=2, progress=print)
first = batches[0][0].fix.edits[0].replacement if batches[0] and batches[0][0].fix else None
walked: List[kibitzer.File] = kibitzer.files([".", Path("games")], hidden=True, no_ignore=False, follow=True)
names: List[str] = [f.path for f in walked]
try:
    kibitzer.check_file("games.pgn.zst", progress=lambda done, total: print(done, total))
    analysed: List[kibitzer.DoubleDummy] = kibitzer.dd(Path("board.pbn"))
    tricks: Mapping[kibitzer.Seat, Mapping[kibitzer.Strain, int]] = analysed[0].tricks
    north_nt: int = tricks["N"]["NT"]
    vulnerable: bool = analysed[0].vulnerability is not kibitzer.Vulnerability.NONE
    par: int = analysed[0].par_score_ns
    games = kibitzer.read_games("games.pgn", progress=print)
    deals = kibitzer.read_deals(b"[Deal \\"N:...\\"]", lang="pbn")
    frame = kibitzer.dask.read_games(["a.pgn.zst"], blocksize="64 MiB", client=None)
    checked = kibitzer.dask.check("games/", blocksize=1 << 26, hidden=True, no_ignore=True, follow=False)
    tasks: List[kibitzer.dask.Task] = kibitzer.dask.plan("games/*.pgn")
except kibitzer.Error as e:
    print(e)
'''

BAD = '''
import kibitzer
line: str = kibitzer.check("1. e4 *", lang="pgn")[0].line
kibitzer.check("1. e4 *", lang="go")
kibitzer.dd(42)
'''


def mypy(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    if shutil.which("mypy") is None and subprocess.run([sys.executable, "-m", "mypy", "--version"], capture_output=True).returncode != 0:
        pytest.skip("mypy is not installed: the stub is not checked")
    program = tmp_path / "example.py"
    program.write_text(source)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(program)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )


def test_mypy_strict_accepts_a_program_using_the_api(tmp_path: Path) -> None:
    done = mypy(tmp_path, GOOD)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_rejects_a_program_misusing_it(tmp_path: Path) -> None:
    done = mypy(tmp_path, BAD)
    assert done.returncode == 1, done.stdout
    assert 'expression has type "int", variable has type "str"' in done.stdout
    assert 'Argument "lang" to "check" has incompatible type' in done.stdout
    assert 'Argument 1 to "dd" has incompatible type "int"' in done.stdout


def test_the_package_docstring_runs_as_written() -> None:
    import doctest

    import kibitzer

    failed, attempted = doctest.testmod(kibitzer, verbose=False, report=True)
    assert attempted >= 4 and failed == 0
