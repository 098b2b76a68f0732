"""kibitzer from Python: the checks, the formatter and the rules of the ``kibitzer`` command, in
process, on the same Rust engine (the ``kibitzer._native`` extension).

>>> import kibitzer
>>> [d.code for d in kibitzer.check("1. e4 e5 2. Ke3 *", lang="pgn")]
['PGN201']

Every function raises :class:`kibitzer.Error` when it cannot do what was asked (an unknown
format, an unreadable file, a bad ``kibitzer.toml``); problems in the text itself are
diagnostics, never exceptions.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any, Iterable, List, Literal, Optional, Tuple, Union

from kibitzer import _native
from kibitzer._native import Error

__all__ = [
    "Diagnostic",
    "Edit",
    "Error",
    "Fix",
    "Related",
    "Rule",
    "__version__",
    "check",
    "check_file",
    "check_many",
    "dd",
    "format",
    "rules",
]

__version__: str = _native.__version__

Severity = Literal["error", "warning", "information", "hint"]
Lang = Literal["pgn", "pbn", "pbi", "epd", "fen"]
Mode = Literal["import", "export"]
PathLike = Union[str, "os.PathLike[str]"]


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
) -> List[Diagnostic]:
    """The diagnostics of ``source``, equal to ``kibitzer check --format json`` on a file with
    that content.

    ``source`` is text, or bytes decoded as the command decodes a file (UTF-8 with or without a
    byte-order mark, else ISO-8859-1). The format is ``lang``, else the extension of ``path``.
    ``path`` also names the diagnostics and finds the ``kibitzer.toml`` that applies (from its
    folder upwards), unless ``config`` names one; without either, the defaults apply. ``mode``
    (``"import"`` or ``"export"``) wins over the configuration's.
    """
    found = _native.check(source, lang, _path(path), mode, _path(config))
    return [_diagnostic(t) for t in found]


def check_file(
    path: PathLike,
    *,
    lang: Optional[Lang] = None,
    mode: Optional[Mode] = None,
    config: Optional[PathLike] = None,
) -> List[Diagnostic]:
    """The diagnostics of the file at ``path``, equal to ``kibitzer check --format json PATH``:
    compressed files (``.gz``, ``.bz2``, ``.zst``, each member of a ``.zip``) are read streaming,
    PGC files as the PGN they decode to."""
    found = _native.check_file(os.fspath(path), lang, mode, _path(config))
    return [_diagnostic(t) for t in found]


def check_many(
    items: Iterable[Tuple[str, bytes]],
    *,
    threads: Optional[int] = None,
    mode: Optional[Mode] = None,
    config: Optional[PathLike] = None,
) -> List[List[Diagnostic]]:
    """The diagnostics of each ``(name, content)`` pair, in input order: the format of each
    from its name's extension, the work on up to ``threads`` threads (default: every core) with
    the GIL released."""
    found = _native.check_many([(name, bytes(content)) for name, content in items], threads, mode, _path(config))
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


def dd(pbn_text: str) -> List[dict[str, Any]]:
    """The double-dummy analysis of every deal of a PBN text, as ``kibitzer dd --format json``
    gives it (board, deal, dealer, vulnerable, double_dummy_tricks, par_score_ns,
    par_contracts), solved by the solver built in (pons-dds)."""
    rows: List[dict[str, Any]] = json.loads(_native.dd(pbn_text))
    return rows
