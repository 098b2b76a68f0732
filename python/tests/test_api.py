"""The in-process API against the command line: the same diagnostics, the same places, the same
formatting, the same rules; bad requests as `kibitzer.Error`."""

from __future__ import annotations

import bz2
import gzip
import shutil
from pathlib import Path
from typing import List

import pytest

import kibitzer
from conftest import FIXTURES, cli_json, corpus_files, run_cli

EXTENSIONS = {".pgn", ".pbn", ".pbi", ".epd", ".fen"}


def fixture_files() -> List[Path]:
    return sorted(p for p in FIXTURES.rglob("*") if p.suffix in EXTENSIONS and p.is_file())


def as_json(found: List[kibitzer.Diagnostic]) -> List[dict]:
    return [d.to_json() for d in found]


def test_the_issue_example_shows_the_illegal_move_with_its_place() -> None:
    [d] = kibitzer.check("1. e4 e5 2. Ke3 *", lang="pgn")
    assert (d.code, d.severity, d.line, d.column, d.end_line, d.end_column) == ("PGN200", "error", 1, 13, 1, 16)
    assert "Ke3" in d.message


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: str(p.relative_to(FIXTURES)))
def test_check_file_equals_the_cli_json_on_every_fixture(path: Path) -> None:
    assert as_json(kibitzer.check_file(path)) == cli_json(str(path))


def test_a_relative_path_is_named_as_the_cli_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(FIXTURES.parent)
    found = kibitzer.check_file("fixtures/demo/club-night.pgn")
    assert found and found[0].path == "fixtures/demo/club-night.pgn"
    assert as_json(found) == cli_json("fixtures/demo/club-night.pgn", cwd=FIXTURES.parent)


@pytest.mark.parametrize("path", fixture_files(), ids=lambda p: str(p.relative_to(FIXTURES)))
def test_check_of_the_bytes_equals_the_cli_json(path: Path) -> None:
    expected = cli_json(str(path))
    assert as_json(kibitzer.check(path.read_bytes(), path=path)) == expected


def test_check_of_a_str_equals_the_bytes_of_its_utf8() -> None:
    text = '[Event "Café"]\n[White "Ærø"]\n\n1. e4 e5 2. Ke3 0-1\n'
    assert kibitzer.check(text, lang="pgn") == kibitzer.check(text.encode(), lang="pgn")


def test_corpus_files_equal_the_cli_json(corpus: Path) -> None:
    files = corpus_files(corpus)
    assert files, corpus
    # Every format, and the largest files (where the engine cuts a text for its cores).
    chosen = files[:: max(1, len(files) // 40)] + sorted(files, key=lambda p: p.stat().st_size)[-3:]
    for path in chosen:
        assert as_json(kibitzer.check_file(path)) == cli_json(str(path)), path


def test_compressed_files_equal_the_cli_json(tmp_path: Path) -> None:
    source = FIXTURES / "demo" / "club-night.pgn"
    data = source.read_bytes() * 3
    (tmp_path / "games.pgn.gz").write_bytes(gzip.compress(data))
    (tmp_path / "games.pgn.bz2").write_bytes(bz2.compress(data))
    for name in ("games.pgn.gz", "games.pgn.bz2"):
        found = kibitzer.check_file(tmp_path / name)
        assert found, name
        assert as_json(found) == cli_json(str(tmp_path / name)), name
        # The lines are those of the whole stream, as in the plain file.
        plain = kibitzer.check(data, lang="pgn")
        assert [(d.line, d.column, d.code) for d in found] == [(d.line, d.column, d.code) for d in plain]


def test_fixes_carry_their_edits_placed() -> None:
    [d] = kibitzer.check("[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n", lang="pgn")
    assert d.code == "PGN210" and d.fix is not None and d.fix.safe
    [edit] = d.fix.edits
    assert (edit.line, edit.column, edit.end_line, edit.end_column, edit.replacement) == (3, 35, 3, 38, "O-O")


def test_related_places_are_kept() -> None:
    text = '[Event "a"]\n[Event "b"]\n\n1. e4 *\n'
    found = kibitzer.check(text, lang="pgn")
    assert any(d.related for d in found), found
    assert as_json(found) == [
        {**d, "path": "<string>"} for d in cli_json_of_text(text, "pgn")
    ]


def cli_json_of_text(text: str, lang: str) -> List[dict]:
    import json

    done = run_cli("check", "--format", "json", "--lang", lang, "-", input=text.encode())
    assert done.returncode in (0, 1)
    return [{**d, "path": "<string>"} for d in json.loads(done.stdout)]


def test_mode_and_config_change_severities_as_on_the_command_line(tmp_path: Path) -> None:
    text = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n"
    assert kibitzer.check(text, lang="pgn")[0].severity == "warning"
    assert kibitzer.check(text, lang="pgn", mode="export")[0].severity == "error"
    (tmp_path / "kibitzer.toml").write_text('[rules]\nPGN210 = "off"\n')
    (tmp_path / "g.pgn").write_text(text)
    assert kibitzer.check(text, path=tmp_path / "g.pgn") == []
    assert kibitzer.check_file(tmp_path / "g.pgn") == []
    assert cli_json(str(tmp_path / "g.pgn")) == []
    assert kibitzer.check(text, lang="pgn", config=tmp_path / "kibitzer.toml") == []


def test_format_equals_fmt_and_strict_names_the_broken_unit() -> None:
    for path in sorted((FIXTURES / "fmt").rglob("*")):
        if path.suffix not in EXTENSIONS or not path.is_file():
            continue
        lang = path.suffix[1:]
        data = path.read_bytes()
        done = run_cli("fmt", "--lang", lang, "-", input=data)
        try:
            # Python's text mode would turn CRLF into LF: the bytes decoded as they are.
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if done.returncode != 0 or text.startswith("\ufeff"):
            continue
        assert kibitzer.format(text, lang=lang) == done.stdout.decode(), path  # type: ignore[arg-type]
    broken = "[Event \"x\"]\n\n1. e4 {open comment *\n"
    assert kibitzer.format(broken, lang="pgn") == broken
    with pytest.raises(kibitzer.Error, match="line 1"):
        kibitzer.format(broken, lang="pgn", strict=True)


def test_rules_are_the_catalogue_of_kibitzer_rules() -> None:
    rules = kibitzer.rules()
    listed = [line.split()[0] for line in run_cli("rules").stdout.decode().splitlines() if line.strip()]
    assert [r.code for r in rules] == listed
    pgn200 = next(r for r in rules if r.code == "PGN200")
    assert pgn200.severity == "error" and pgn200.scope == "import" and pgn200.bad


def test_check_many_is_check_of_each_in_input_order(corpus: Path) -> None:
    files = corpus_files(corpus)[:60]
    items = [(str(p), p.read_bytes()) for p in files]
    expected = [kibitzer.check(data, path=name) for name, data in items]
    assert kibitzer.check_many(items) == expected
    assert kibitzer.check_many(items, threads=1) == expected
    assert kibitzer.check_many([]) == []


def test_bad_requests_raise_kibitzer_error(tmp_path: Path) -> None:
    with pytest.raises(kibitzer.Error, match="unknown lang"):
        kibitzer.check("x", lang="chess")  # type: ignore[arg-type]
    with pytest.raises(kibitzer.Error, match="give lang"):
        kibitzer.check("1. e4 *")
    with pytest.raises(kibitzer.Error, match="unknown file type"):
        kibitzer.check("1. e4 *", path="notes.txt")
    with pytest.raises(kibitzer.Error, match="missing.pgn"):
        kibitzer.check_file(tmp_path / "missing.pgn")
    with pytest.raises(kibitzer.Error, match="unknown mode"):
        kibitzer.check("1. e4 *", lang="pgn", mode="strict")  # type: ignore[arg-type]
    (tmp_path / "kibitzer.toml").write_text("colour = 1\n")
    with pytest.raises(kibitzer.Error, match=r"kibitzer.toml: unknown setting `colour`"):
        kibitzer.check("1. e4 *", lang="pgn", config=tmp_path / "kibitzer.toml")
    # A configuration that does not read stops every check under it, as on the command line.
    with pytest.raises(kibitzer.Error, match="unknown setting"):
        kibitzer.check_file(FIXTURES / "demo" / "club-night.pgn", config=tmp_path / "kibitzer.toml")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "kibitzer.toml").write_text("")
    (tmp_path / "sub" / "bad.pgn.gz").write_bytes(b"not gzip at all")
    with pytest.raises(kibitzer.Error, match="bad.pgn.gz"):
        kibitzer.check_file(tmp_path / "sub" / "bad.pgn.gz")
    with pytest.raises(kibitzer.Error, match="str or bytes"):
        kibitzer.check(42, lang="pgn")  # type: ignore[arg-type]
    assert issubclass(kibitzer.Error, Exception)


def test_dd_equals_the_dd_command_as_typed_values() -> None:
    import json

    path = FIXTURES / "demo" / "board-4.pbn"
    done = run_cli("dd", "--format", "json", str(path))
    assert done.returncode == 0, done.stderr.decode()
    rows = json.loads(done.stdout)
    found = kibitzer.dd(path.read_text())
    assert len(found) == len(rows) and found
    for deal, row in zip(found, rows):
        assert (deal.board, deal.deal, deal.dealer) == (row["board"], row["deal"], row["dealer"])
        assert deal.vulnerability is kibitzer.Vulnerability.of_tag(row["vulnerable"])
        assert isinstance(deal.vulnerability, kibitzer.Vulnerability)
        # The 20 hex digits, declarers N S E W each in NT S H D C, as numbers by declarer and strain.
        digits = [int(c, 16) for c in row["double_dummy_tricks"]]
        assert [deal.tricks[seat][strain] for seat in "NSEW" for strain in ("NT", "S", "H", "D", "C")] == digits
        assert all(isinstance(n, int) and 0 <= n <= 13 for one in deal.tricks.values() for n in one.values())
        assert (deal.par_score_ns, list(deal.par_contracts)) == (row["par_score_ns"], row["par_contracts"])
    # Bytes, and a path given as a pathlib.Path, give the same.
    assert kibitzer.dd(path.read_bytes()) == found
    assert kibitzer.dd(path) == found


def test_dd_raises_on_what_is_not_a_deal(tmp_path: Path) -> None:
    path = FIXTURES / "demo" / "board-4.pbn"
    with pytest.raises(kibitzer.Error, match="no deal to analyse"):
        kibitzer.dd(str(path))  # a path as str is text, and holds no deal
    with pytest.raises(kibitzer.Error, match="no deal to analyse"):
        kibitzer.dd("1. e4 e5 *")
    short = '[Board "7"]\n[Deal "N:AKQJ.AKQ.AKQ.AK T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
    with pytest.raises(kibitzer.Error, match=r"board 7: `N:AKQJ.AKQ.AKQ.AK .*` is not a complete deal"):
        kibitzer.dd(short)
    with pytest.raises(kibitzer.Error, match="missing.pbn"):
        kibitzer.dd(tmp_path / "missing.pbn")
    with pytest.raises(kibitzer.Error, match="unknown vulnerability"):
        kibitzer.Vulnerability.of_tag("Sometimes")
    assert kibitzer.Vulnerability.of_tag("Both") is kibitzer.Vulnerability.BOTH



def test_a_long_dd_raises_keyboard_interrupt_on_ctrl_c() -> None:
    """Ctrl-C (SIGINT, sent here by a timer) during a long ``kibitzer.dd`` raises
    KeyboardInterrupt while deals are still being solved, not once the whole text is: the
    process's solver count after it is far below the text's deals. The deals are new each run,
    so that no cache holds them."""
    import os
    import random
    import signal
    import threading

    from kibitzer import _native

    rng = random.Random(os.urandom(8))
    ranks = "AKQJT98765432"

    def deal() -> str:
        cards = list(range(52))
        rng.shuffle(cards)
        hands = [cards[13 * h:13 * h + 13] for h in range(4)]
        return "N:" + " ".join(
            ".".join("".join(ranks[r] for r in sorted(c % 13 for c in hand if c // 13 == s)) for s in range(4))
            for hand in hands
        )

    deals = 400
    text = "".join(f'[Board "{n}"]\n[Deal "{deal()}"]\n\n' for n in range(1, deals + 1))
    solved_before, _ = _native.dd_counts()
    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            kibitzer.dd(text)
    finally:
        timer.cancel()
    solved, _ = _native.dd_counts()
    assert solved - solved_before < deals // 2, f"{solved - solved_before} of {deals} solved before the interrupt"


MB = 1 << 20


def hostile(shape: str, size: int) -> tuple[str, bytes]:
    """The shapes of bench/hostile.sh, smaller (a few MB: the point is no crash, no panic)."""
    import os

    if shape == "random":
        return "pgn", os.urandom(size)
    if shape == "one-line":
        return "pgn", b"1. e4 " * (size // 6)
    if shape == "deep":
        n = size // 8
        return "pgn", b'[Event "deep"]\n\n1. e4 ' + b"(1. d4 " * n + b")" * n + b" *\n"
    if shape == "comment":
        return "pgn", b'[Event "comment"]\n\n1. e4 {' + b"a long comment " * (size // 15) + b"} e5 *\n"
    if shape == "tag":
        return "pgn", b'[Event "' + b"x" * size + b'"]\n\n1. e4 e5 *\n'
    if shape == "epd-line":
        return "epd", b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - " + b'c0 "x"; ' * (size // 8) + b"\n"
    if shape == "pbn-play":
        return "pbn", (
            b'[Event "x"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n'
            b'[Declarer "S"]\n[Contract "3NT"]\n[Play "W"]\n' + b"SA HA DA CA\n" * (size // 12) + b"*\n"
        )
    if shape == "pbn-auction":
        return "pbn", b'[Event "x"]\n[Dealer "N"]\n[Auction "N"]\n' + b"Pass " * (size // 5) + b"\n"
    raise AssertionError(shape)


SHAPES = ["random", "one-line", "deep", "comment", "tag", "epd-line", "pbn-play", "pbn-auction"]


@pytest.mark.parametrize("shape", SHAPES)
def test_hostile_inputs_give_the_cli_diagnostics_never_a_crash(shape: str, tmp_path: Path) -> None:
    lang, data = hostile(shape, 3 * MB)
    path = tmp_path / f"{shape}.{lang}"
    path.write_bytes(data)
    found = kibitzer.check(data, path=path)
    assert as_json(found) == cli_json(str(path))
    assert as_json(kibitzer.check_file(path)) == cli_json(str(path))
    text = data.decode("latin-1")
    formatted = kibitzer.format(text, lang=lang) if shape != "random" else None  # type: ignore[arg-type]
    assert formatted is None or isinstance(formatted, str)


def test_a_binary_text_is_refused_by_format_with_the_rule() -> None:
    with pytest.raises(kibitzer.Error, match=r"<string>:1:1: error\["):
        kibitzer.format("\x00\x01\x02" * 1000, lang="pgn")


def test_compressed_copies_of_the_corpus_are_checked_like_the_cli(corpus: Path, tmp_path: Path) -> None:
    pgn = sorted((corpus / "pgn").rglob("*.pgn"), key=lambda p: p.stat().st_size)[-1]
    copy = tmp_path / (pgn.name + ".gz")
    with pgn.open("rb") as src, gzip.open(copy, "wb") as dst:
        shutil.copyfileobj(src, dst)
    assert as_json(kibitzer.check_file(copy)) == cli_json(str(copy))
