"""What the suites share: the repository, the corpus, and the `kibitzer` command of the virtual
environment the wheel is installed in (the command under test, never a cargo build)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, List, Optional

import pytest

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "fixtures"


def corpus_dir() -> Optional[Path]:
    """The shared corpus (`$KIBITZER_CORPUS`, else `../shared/corpus` beside the repository)."""
    given = os.environ.get("KIBITZER_CORPUS")
    for candidate in ([Path(given)] if given else []) + [REPO.parent / "shared" / "corpus"]:
        if candidate.is_dir():
            return candidate
    return None


@pytest.fixture(scope="session")
def corpus() -> Path:
    found = corpus_dir()
    if found is None:
        pytest.skip("the corpus is absent (set KIBITZER_CORPUS): corpus comparisons skipped")
    return found


def kibitzer_command() -> str:
    """The console script installed beside this interpreter by the wheel."""
    beside = Path(sys.executable).parent / "kibitzer"
    if beside.exists():
        return str(beside)
    found = shutil.which("kibitzer")
    assert found, "the wheel's `kibitzer` command is not installed in this environment"
    return found


def run_cli(*args: str, cwd: Optional[Path] = None, input: Optional[bytes] = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([kibitzer_command(), *args], cwd=cwd, input=input, capture_output=True, timeout=600)


def cli_json(*args: str, cwd: Optional[Path] = None) -> List[Any]:
    """`kibitzer check --format json ARGS`, parsed (exit 0 or 1: clean or with errors)."""
    done = run_cli("check", "--format", "json", *args, cwd=cwd)
    assert done.returncode in (0, 1), done.stderr.decode()
    result: List[Any] = json.loads(done.stdout)
    return result


EXTENSIONS = (".pgn", ".pbn", ".pbi", ".epd", ".fen")


DD_TAGS = (b"DoubleDummyTricks", b"OptimumScore", b"OptimumResultTable", b"ParContract")


def corpus_files(corpus: Path, folders: tuple[str, ...] = ("pgn", "epd", "pbn", "pbi")) -> List[Path]:
    """The corpus's text files under `folders`, in name order; of the hand records whose deals
    `check` solves double dummy (those with DD tags: a fraction of a second a deal on this
    machine, a thousand deals in the corpus), only the smallest, so that the comparisons stay
    quick (tests/tests/dd_*.rs compare the solver on them all)."""
    files = sorted(p for f in folders for p in (corpus / f).rglob("*") if p.suffix in EXTENSIONS and p.is_file())
    solved = [p for p in files if p.suffix == ".pbn" and any(tag in p.read_bytes() for tag in DD_TAGS)]
    keep = min(solved, key=lambda p: p.stat().st_size, default=None)
    return [p for p in files if p not in solved or p == keep]
