"""The types editors and mypy see (the package's annotations, `_native.pyi`, `py.typed`):
`mypy --strict` accepts a program using the API and rejects one that misuses it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

GOOD = '''
from typing import List
import kibitzer

found: List[kibitzer.Diagnostic] = kibitzer.check("1. e4 e5 2. Ke3 *", lang="pgn")
lines: List[int] = [d.line for d in found]
codes = {r.code: r.severity for r in kibitzer.rules()}
text: str = kibitzer.format("1. e4 e5 *", lang="pgn")
batches = kibitzer.check_many([("a.pgn", b"1. e4 *")], threads=2)
first = batches[0][0].fix.edits[0].replacement if batches[0] and batches[0][0].fix else None
try:
    kibitzer.check_file("games.pgn.zst")
except kibitzer.Error as e:
    print(e)
'''

BAD = '''
import kibitzer
line: str = kibitzer.check("1. e4 *", lang="pgn")[0].line
kibitzer.check("1. e4 *", lang="go")
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
