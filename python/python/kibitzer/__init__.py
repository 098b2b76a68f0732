"""kibitzer from Python: the checks, the formatter and the rules of the ``kibitzer`` command, in
process, on the same Rust engine (the ``kibitzer._native`` extension), and the games and deals of
PGN, PBN and LIN files as ``pyarrow`` tables.

>>> import kibitzer
>>> [(d.line, d.column, d.code) for d in kibitzer.check("1. e4 e5 2. Ke3 *", lang="pgn")]
[(1, 13, 'PGN200')]
>>> games = kibitzer.read_games("1. e4 e5 2. Nf3 *")
>>> games.column("moves").to_pylist()
[['e4', 'e5', 'Nf3']]

Every function raises :class:`kibitzer.Error` when it cannot do what was asked (an unknown
format, an unreadable file, a bad ``kibitzer.toml``, a text with no deal for :func:`dd`);
problems in the text itself are diagnostics, never exceptions. Long calls can be stopped with
Ctrl-C (``KeyboardInterrupt``) and report how far they are to a ``progress(done, total)``
callback (``total`` 0 when not known).
"""

from __future__ import annotations

import enum
import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Literal, Mapping, Optional, Tuple, Union

from kibitzer import _native
from kibitzer._native import Error

if TYPE_CHECKING:
    import pyarrow

__all__ = [
    "Diagnostic",
    "DoubleDummy",
    "Edit",
    "Error",
    "File",
    "Fix",
    "Related",
    "Rule",
    "Vulnerability",
    "__version__",
    "check",
    "check_file",
    "check_many",
    "dd",
    "files",
    "format",
    "read_deals",
    "read_games",
    "rules",
]

__version__: str = _native.__version__

Severity = Literal["error", "warning", "information", "hint"]
Lang = Literal["pgn", "pbn", "pbi", "epd", "fen", "lin"]
Mode = Literal["import", "export"]
PathLike = Union[str, "os.PathLike[str]"]
#: ``progress(done, total)``: called from the calling thread while a long call runs (``total``
#: 0 when not known); an exception it raises stops the call and is raised by it.
Progress = Callable[[int, int], object]
Seat = Literal["N", "E", "S", "W"]
Strain = Literal["NT", "S", "H", "D", "C"]


@dataclass(frozen=True)
class Related:
    """Another place a diagnostic points at (the other source of a disagreeing fact)."""

    line: int
    column: int
    end_line: int
    end_column: int
    message: str


@dataclass(frozen=True)
class Edit:
    """One replacement of a fix: the text from (line, column) to (end_line, end_column)."""

    line: int
    column: int
    end_line: int
    end_column: int
    replacement: str


@dataclass(frozen=True)
class Fix:
    """A diagnostic's fix; ``safe`` fixes are those ``kibitzer check --fix`` applies."""

    title: str
    safe: bool
    edits: Tuple[Edit, ...]


@dataclass(frozen=True)
class Diagnostic:
    """A problem found in a text, placed as ``kibitzer check --format json`` places it: lines
    and columns 1-based, columns in characters, the end exclusive."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int
    severity: Severity
    code: str
    message: str
    related: Tuple[Related, ...] = ()
    fix: Optional[Fix] = None

    def to_json(self) -> dict[str, Any]:
        """The object ``kibitzer check --format json`` prints for this diagnostic."""
        out: dict[str, Any] = {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
        }
        if self.related:
            out["related"] = [
                {
                    "line": r.line,
                    "column": r.column,
                    "end_line": r.end_line,
                    "end_column": r.end_column,
                    "message": r.message,
                }
                for r in self.related
            ]
        out["fix"] = (
            None
            if self.fix is None
            else {
                "applicability": "safe" if self.fix.safe else "unsafe",
                "message": self.fix.title,
                "edits": [
                    {
                        "line": e.line,
                        "column": e.column,
                        "end_line": e.end_line,
                        "end_column": e.end_column,
                        "content": e.replacement,
                    }
                    for e in self.fix.edits
                ],
            }
        )
        return out


@dataclass(frozen=True)
class Rule:
    """One entry of the rule catalogue (``kibitzer rules``)."""

    code: str
    name: str
    severity: Severity
    scope: Literal["import", "export"]
    section: str
    summary: str
    explanation: str
    bad: str
    good: str


def _diagnostic(t: _native.DiagnosticTuple) -> Diagnostic:
    path, line, column, end_line, end_column, severity, code, message, related, fix = t
    return Diagnostic(
        path=path,
        line=line,
        column=column,
        end_line=end_line,
        end_column=end_column,
        severity=severity,  # type: ignore[arg-type]
        code=code,
        message=message,
        related=tuple(Related(*r) for r in related),
        fix=None if fix is None else Fix(fix[0], fix[1], tuple(Edit(*e) for e in fix[2])),
    )


def _path(path: Optional[PathLike]) -> Optional[str]:
    return None if path is None else os.fspath(path)


def check(
    source: Union[str, bytes],
    *,
    lang: Optional[Lang] = None,
    path: Optional[PathLike] = None,
    mode: Optional[Mode] = None,
    config: Optional[PathLike] = None,
    progress: Optional[Progress] = None,
) -> List[Diagnostic]:
    """The diagnostics of ``source``, equal to ``kibitzer check --format json`` on a file with
    that content.

    ``source`` is text, or bytes read as the command reads a file of that content: compressed
    (gzip, bzip2, zstd, zip) when their first bytes or ``path`` say so, PGC when ``path`` ends in
    ``.pgc`` or PGN bytes start with a PGC record, else decoded as text (UTF-8 with or without a
    byte-order mark, else ISO-8859-1). The format is ``lang``, else the extension of ``path``.
    ``path`` also names the diagnostics and finds the ``kibitzer.toml`` that applies (from its
    folder upwards), unless ``config`` names one; without either, the defaults apply. ``mode``
    (``"import"`` or ``"export"``) wins over the configuration's.
    """
    found = _native.check(source, lang, _path(path), mode, _path(config), progress)
    return [_diagnostic(t) for t in found]


def check_file(
    path: PathLike,
    *,
    lang: Optional[Lang] = None,
    mode: Optional[Mode] = None,
    config: Optional[PathLike] = None,
    progress: Optional[Progress] = None,
) -> List[Diagnostic]:
    """The diagnostics of the file at ``path``, equal to ``kibitzer check --format json PATH``:
    compressed files (``.gz``, ``.bz2``, ``.zst``, each member of a ``.zip``) are read streaming
    (``progress`` counts their chunks), PGC files as the PGN they decode to. A folder raises
    :class:`Error`: :func:`files` lists what ``kibitzer check FOLDER`` checks in it."""
    found = _native.check_file(os.fspath(path), lang, mode, _path(config), progress)
    return [_diagnostic(t) for t in found]


def check_many(
    items: Iterable[Tuple[str, bytes]],
    *,
    threads: Optional[int] = None,
    mode: Optional[Mode] = None,
    config: Optional[PathLike] = None,
    progress: Optional[Progress] = None,
) -> List[List[Diagnostic]]:
    """The diagnostics of each ``(name, content)`` pair, in input order, each read as
    :func:`check_file` reads a file of that name and content (compressed, PGC); the format of
    each from its name's extension, the work on up to ``threads`` threads (default: every core)
    with the GIL released; ``progress`` counts the items done."""
    found = _native.check_many(
        [(name, bytes(content)) for name, content in items], threads, mode, _path(config), progress
    )
    return [[_diagnostic(t) for t in one] for one in found]


def format(text: str, *, lang: Lang, mode: Literal["export"] = "export", strict: bool = False) -> str:
    """``text`` in the standard's export format, as ``kibitzer fmt`` writes it. A unit with
    syntax errors is left as written (as the command does), or, with ``strict``, raises
    :class:`Error` naming it."""
    if mode != "export":
        raise Error(f"format writes the export format only (mode={mode!r})")
    return _native.format(text, lang, strict)


def rules() -> List[Rule]:
    """Every rule kibitzer checks, as ``kibitzer rules`` lists them."""
    return [Rule(*r) for r in _native.rules()]  # type: ignore[arg-type]


@dataclass(frozen=True)
class File:
    """A file ``kibitzer check`` checks, with its format (``games.pgn.zst`` is ``pgn``)."""

    path: str
    lang: Lang


def files(
    paths: Union[PathLike, Iterable[PathLike]],
    *,
    lang: Optional[Lang] = None,
    hidden: bool = False,
    no_ignore: bool = False,
    follow: bool = False,
) -> List[File]:
    """The files ``kibitzer check PATHS`` checks, in its order: files as given, folders walked
    as it walks them (every extension it reads, compressed and PGC files included;
    ``.gitignore``, ``.ignore`` and hidden entries left out unless ``no_ignore`` or ``hidden``;
    symbolic links inside folders followed with ``follow``), each file once. What the walk
    has to say (a link loop) comes as a :class:`UserWarning`."""
    given = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    found, notes = _native.files([os.fspath(p) for p in given], lang, hidden, no_ignore, follow)
    if notes:
        import warnings

        for note in notes:
            warnings.warn(note, stacklevel=2)
    return [File(path, file_lang) for path, file_lang in found]  # type: ignore[arg-type]


class Vulnerability(enum.Enum):
    """Who is vulnerable (PBN's ``Vulnerable`` tag: ``None``, ``NS``, ``EW``, ``All``)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    @classmethod
    def of_tag(cls, value: Optional[str]) -> "Vulnerability":
        """The vulnerability a ``Vulnerable`` tag value says (``Love`` and ``-`` are None,
        ``Both`` is All, as PBN 3.4.4 allows)."""
        spelled = {"none": cls.NONE, "love": cls.NONE, "-": cls.NONE, "ns": cls.NS, "ew": cls.EW, "all": cls.BOTH, "both": cls.BOTH}
        if value is None or value.lower() not in spelled:
            raise Error(f"unknown vulnerability {value!r}")
        return spelled[value.lower()]


#: The order of ``DoubleDummyTricks`` (PBN 3.17): declarers N S E W, each in NT S H D C.
DECLARERS: Tuple[Seat, ...] = ("N", "S", "E", "W")
STRAINS: Tuple[Strain, ...] = ("NT", "S", "H", "D", "C")


@dataclass(frozen=True)
class DoubleDummy:
    """The double-dummy analysis of a deal: ``tricks[declarer][strain]`` the tricks the
    declarer takes in that strain with best play (``tricks["N"]["NT"]``), the par score for
    North-South (negative when East-West score) and the par contracts (``NS 4S``, ``EW 5Dx-2``)."""

    board: str
    deal: str
    dealer: Optional[Seat]
    vulnerability: Vulnerability
    tricks: Mapping[Seat, Mapping[Strain, int]]
    par_score_ns: int
    par_contracts: Tuple[str, ...]


def _tricks(hex_digits: str) -> Dict[Seat, Dict[Strain, int]]:
    digits = iter(int(c, 16) for c in hex_digits)
    return {seat: {strain: next(digits) for strain in STRAINS} for seat in DECLARERS}


def dd(source: Union[str, bytes, "os.PathLike[str]"], *, progress: Optional[Progress] = None) -> List[DoubleDummy]:
    """The double-dummy analysis of every deal of a PBN text (``str``, or ``bytes`` decoded as a
    file's), or of the PBN file at a path given as a ``pathlib.Path`` (compressed ones too), as
    ``kibitzer dd`` gives it, solved by the solver built in (pons-dds); ``progress`` counts the
    deals solved. Raises :class:`Error` when the text holds no deal, or a ``Deal`` that is not
    four hands of 13 cards (naming its board)."""
    path = os.fspath(source) if isinstance(source, os.PathLike) else None
    data = None if isinstance(source, os.PathLike) else source
    rows = json.loads(_native.dd(data, path, progress))
    return [
        DoubleDummy(
            board=row["board"],
            deal=row["deal"],
            dealer=row["dealer"],
            vulnerability=Vulnerability.of_tag(row["vulnerable"] or "None"),
            tricks=_tricks(row["double_dummy_tricks"]),
            par_score_ns=row["par_score_ns"],
            par_contracts=tuple(row["par_contracts"]),
        )
        for row in rows
    ]


def _path_or_text(source: Union[str, bytes, "os.PathLike[str]"], extensions: Tuple[str, ...]) -> Tuple[Optional[str], Union[str, bytes, None]]:
    """A source as (path, None), or (None, text or bytes): a ``pathlib.Path`` is a path, and so
    is a ``str`` of one line that names a file that exists or ends in one of ``extensions``;
    any other ``str`` is text."""
    if isinstance(source, os.PathLike):
        return os.fspath(source), None
    if isinstance(source, str) and "\n" not in source and (os.path.isfile(source) or source.lower().endswith(extensions)):
        return source, None
    return None, source


_GAME_FILES = (".pgn", ".pgc", ".gz", ".gzip", ".bz2", ".zst", ".zstd", ".zip")


def read_games(
    source: Union[str, bytes, "os.PathLike[str]"], *, progress: Optional[Progress] = None
) -> "pyarrow.Table":
    """The games of a PGN file (a path; compressed and PGC files too) or text, as a
    ``pyarrow.Table`` of a row a game: ``line`` (where the game starts), the Seven Tag Roster
    (``event``, ``site``, ``date``, ``round``, ``white``, ``black``, ``result``, None where
    absent), ``tags`` (the other tags, a map), ``moves`` (the main line in SAN, as python-chess
    writes it), ``uci``, ``clock`` (seconds, from ``[%clk]``), ``eval_cp`` and ``eval_mate``
    (``[%eval]``: centipawns, or mate in so many moves, from White's view; None where a move
    has none), ``termination`` (the marker ending the movetext) and ``stopped_at`` (the move
    the main line stops before, when the board refuses it; ``kibitzer.check`` says why).
    Needs pyarrow (the ``dask`` extra brings it)."""
    from kibitzer import _tables

    path, data = _path_or_text(source, _GAME_FILES)
    return _tables.games(_native.read_games(path, data, progress))


def read_deals(source: Union[str, bytes, "os.PathLike[str]"], *, lang: Optional[Literal["pbn", "lin"]] = None) -> "pyarrow.Table":
    """The deals of a PBN or LIN file (a path; compressed ones too) or text (``lang`` says
    which, PBN by default), as a ``pyarrow.Table`` of a row a game: ``line``, ``board``,
    ``deal``, ``dealer``, ``vulnerable``, ``declarer``, ``contract``, ``result`` (values as the
    file means them: ``#`` inherited, a game without Dealer, Vulnerable or Deal taking the
    previous game's), ``auction`` (the calls), ``play`` (the cards of the Play section, in its
    order), ``dd_tricks`` (``DoubleDummyTricks`` as 20 numbers, declarers N S E W each in NT S H
    D C, when the file gives it) and ``tags`` (every tag, a map). Needs pyarrow."""
    from kibitzer import _tables

    path, data = _path_or_text(source, (".pbn", ".lin", ".gz", ".gzip", ".bz2", ".zst", ".zstd", ".zip"))
    if data is not None and lang is None and isinstance(data, str):
        lang = "pbn"
    return _tables.deals(_native.read_deals(path, data, lang))
