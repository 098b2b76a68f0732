"""Checking databases that outgrow one machine: :func:`check` turns files into a Dask DataFrame
of diagnostics, each task checked by the Rust engine in a Dask worker.

A large plain ``.pgn`` or ``.epd`` file is cut into tasks of about ``blocksize`` bytes, never
inside a game: the driver reads a small window at each multiple of ``blocksize`` and asks the
engine where a unit most likely starts there (a ``[`` after an empty line, the next EPD line).
That is a guess (a comment may hold an empty line and a ``[``), so a first pass of tasks, one per
piece, parses each piece alone and reports its first and last unit and its line breaks; the
driver proves each cut with the engine's proof (the units on both sides, parsed across the cut,
are the same: ``kibitzer_syntax::proves_join``) and joins the pieces around a cut it cannot
prove, then surveys the joined piece again. The prefix sums of the line breaks give each piece
its first line, so the second pass places every diagnostic on the line ``kibitzer check`` gives
it, and no worker or driver ever holds a whole file.

The checks of a file's games together (duplicate games, PGN400 and PGN401; spellings of names,
PGN402 and PGN403) need every game of the file. Each piece's task gives, with its diagnostics,
its games' facts (each game's move hash, its Seven Tag Roster as written and the line it starts
on: a few hundred bytes a game, never the moves or the text); one task per cut file gathers the
facts of all its pieces and runs those checks once, as ``kibitzer check`` does over the whole
file; each piece's partition then takes the notes that fall in it, placed by reading the piece
again (only a piece that has any). Compressed files (``.pgn.zst`` …), PGC
files and PBN and PBI files (whose games inherit tags, whose first line governs the file) are
each one task, checked as ``kibitzer check`` checks them.

The columns: ``path``, ``game`` (1-based number of the game or line the diagnostic is in, <NA>
where that is not known: compressed files, text before the first unit), ``line``, ``column``,
``end_line``, ``end_column`` (1-based, columns in characters, as ``kibitzer check --format json``),
``code``, ``severity``, ``message``. Rows come in the order of the files and, in each file, of
the text.
"""

from __future__ import annotations

import bisect
import glob
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Sequence, Tuple, Union

from kibitzer import _native

if TYPE_CHECKING:
    import dask.dataframe
    import distributed

__all__ = ["Walk", "check", "plan", "read_games"]

COLUMNS = ["path", "game", "line", "column", "end_line", "end_column", "code", "severity", "message"]

#: How much of a file the driver reads to find a likely unit start, at a time.
WINDOW = 64 * 1024

#: The default task size: a few seconds of one core's work, large enough that the scheduler's
#: per-task cost (milliseconds) is lost in it, small enough to spread a database over a cluster.
DEFAULT_BLOCKSIZE = 64 * 1024 * 1024


@dataclass(frozen=True)
class Task:
    """One task: the bytes ``start:end`` of ``path`` (``end`` None: the whole file, as
    ``check_file``), with the file's ``encoding`` and the line breaks and units before it."""

    path: str
    lang: str
    start: int
    end: Optional[int]
    encoding: str
    lines_before: int
    units_before: int


def _files(
    paths_or_glob: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    walk: Optional["Walk"] = None,
) -> List[str]:
    """The files named: globs expanded (sorted), then paths and folders as ``kibitzer check``
    takes them (the engine's walk: every extension it reads, compressed, PGC and LIN files
    included, ``.gitignore`` and hidden entries as ``walk`` says), each file once."""
    import kibitzer

    given = [paths_or_glob] if isinstance(paths_or_glob, (str, os.PathLike)) else list(paths_or_glob)
    expanded: List[str] = []
    for item in given:
        name = os.fspath(item)
        if glob.has_magic(name):
            matches = sorted(glob.glob(name, recursive=True))
            if not matches:
                raise _native.Error(f"{name}: no file matches")
            expanded.extend(matches)
        else:
            expanded.append(name)
    walk = walk or Walk()
    found = kibitzer.files(expanded, hidden=walk.hidden, no_ignore=walk.no_ignore, follow=walk.follow)
    return [f.path for f in found]


@dataclass(frozen=True)
class Walk:
    """How folders are walked, as ``kibitzer check``'s ``--hidden``, ``--no-ignore`` and
    ``--follow`` say."""

    hidden: bool = False
    no_ignore: bool = False
    follow: bool = False


def _read(path: str, start: int, end: int) -> bytes:
    with open(path, "rb") as f:
        f.seek(start)
        return f.read(end - start)


def _likely_cuts(path: str, lang: str, size: int, blocksize: int) -> List[int]:
    """Likely unit starts near each multiple of ``blocksize``, read a window at a time."""
    cuts: List[int] = []
    with open(path, "rb") as f:
        for k in range(1, (size + blocksize - 1) // blocksize):
            at = max(k * blocksize, cuts[-1] + 1 if cuts else 0)
            while at < size:
                # A few bytes before: the engine sees whether the line before is empty.
                back = min(at, 4)
                f.seek(at - back)
                window = f.read(WINDOW + back)
                found = _native.likely_unit_start(lang, window, back)
                if found is not None and found < len(window):
                    cuts.append(at - back + found)
                    break
                if len(window) < WINDOW + back:
                    break
                at += WINDOW - 8
    return sorted(set(c for c in cuts if 0 < c < size))


def _survey(path: str, lang: str, start: int, end: int) -> Tuple[Any, ...]:
    """A first-pass task: what the piece ``start:end`` says of itself, with the text around its
    first and last unit that proving the cuts on each side needs."""
    piece = _read(path, start, end)
    breaks, utf8, units, ends = _native.survey(lang, piece, start == 0)
    head = tail = b""
    if ends is not None:
        first_start, first_end, last_start, _ = ends
        head, tail = piece[:first_end], piece[last_start:]
    return breaks, utf8, units, ends, head, tail


def _compute(client: Optional["distributed.Client"], jobs: Sequence[Any]) -> List[Any]:
    import dask

    if client is not None:
        return list(client.gather(client.compute(list(jobs))))
    return list(dask.compute(*jobs))


def plan(
    paths_or_glob: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    *,
    blocksize: Union[int, str] = DEFAULT_BLOCKSIZE,
    client: Optional["distributed.Client"] = None,
    walk: Optional[Walk] = None,
) -> List[Task]:
    """The tasks :func:`check` runs: each large PGN or EPD file cut at proved unit starts (the
    first pass runs on the cluster), every other file whole."""
    import dask
    from dask.utils import parse_bytes

    size_limit = parse_bytes(blocksize) if isinstance(blocksize, str) else int(blocksize)
    if size_limit <= 0:
        raise _native.Error(f"blocksize must be positive, not {blocksize!r}")
    tasks: List[Task] = []
    cut_files: List[Tuple[str, str, List[Tuple[int, int]]]] = []
    for path in _files(paths_or_glob, walk):
        lang, can_cut = _native.file_kind(path)
        size = os.path.getsize(path)
        if not can_cut or size <= size_limit:
            tasks.append(Task(path, lang, 0, None, "", 0, 0))
            continue
        bounds = [0, *_likely_cuts(path, lang, size, size_limit), size]
        cut_files.append((path, lang, list(zip(bounds, bounds[1:]))))
        tasks.append(Task(path, lang, -1, None, "", 0, 0))  # replaced below
    # The first pass: every piece of every cut file surveyed at once; pieces joined around an
    # unproved cut are surveyed again, until every cut is proved (or a file is one piece).
    surveys: dict[Tuple[str, int, int], Tuple[Any, ...]] = {}
    while True:
        missing = [(path, lang, s, e) for path, lang, pieces in cut_files for s, e in pieces if (path, s, e) not in surveys]
        if not missing:
            break
        found = _compute(client, [dask.delayed(_survey, pure=False)(p, lang, s, e) for p, lang, s, e in missing])
        for (path, _, s, e), survey in zip(missing, found):
            surveys[(path, s, e)] = survey
        for i, (path, lang, pieces) in enumerate(cut_files):
            cut_files[i] = (path, lang, _join_unproved(path, lang, pieces, surveys))
    planned = iter(cut_files)
    out: List[Task] = []
    for task in tasks:
        if task.start != -1:
            out.append(task)
            continue
        path, lang, pieces = next(planned)
        parts = [surveys[(path, s, e)] for s, e in pieces]
        encoding = "latin-1" if not all(p[1] for p in parts) else "utf-8-bom" if _read(path, 0, 3) == b"\xef\xbb\xbf" else "utf-8"
        lines = units = 0
        for (s, e), part in zip(pieces, parts):
            out.append(Task(path, lang, s, e, encoding, lines, units))
            lines += part[0]
            units += part[2]
    return out


def _join_unproved(
    path: str, lang: str, pieces: List[Tuple[int, int]], surveys: dict[Tuple[str, int, int], Tuple[Any, ...]]
) -> List[Tuple[int, int]]:
    """``pieces`` with each cut the engine does not prove removed (its two pieces joined); a
    joined piece has no survey yet, and its cuts are proved in the next round."""
    if any((path, s, e) not in surveys for s, e in pieces):
        return pieces
    out = [pieces[0]]
    joined = False
    for s, e in pieces[1:]:
        if joined:
            # The piece before was just joined: the cut after it is proved in the next round.
            out.append((s, e))
            joined = False
            continue
        before = surveys[(path, *out[-1])]
        after = surveys[(path, s, e)]
        proved = False
        if before[3] is not None and after[3] is not None:
            last_start, last_end = before[3][2], before[3][3]
            first_start = after[3][0]
            tail, head = before[5], after[4]
            proved = _native.proves_join(lang, tail, last_end - last_start, head, first_start)
        if proved:
            out.append((s, e))
        else:
            out[-1] = (out[-1][0], e)
            joined = True
    return out


def _check_task(task: Task, mode: Optional[str], config: Optional[str]) -> "Any":
    """A second-pass task for a file checked whole: its diagnostics, as a pandas DataFrame."""
    found = _native.check_file(task.path, None, mode, config)
    unit_lines: Optional[List[int]] = None
    if found and not _compressed_or_pgc(task.path):
        with open(task.path, "rb") as f:
            unit_lines = _native.unit_lines(task.lang, f.read())
    return _frame(task, _rows(found), unit_lines)


def _check_piece_task(task: Task, mode: Optional[str], config: Optional[str]) -> Tuple["Any", bytes]:
    """A second-pass task for a piece of a cut file: its diagnostics but for the checks of the
    file's games together, as a pandas DataFrame, and its games' facts for those checks."""
    assert task.end is not None
    piece = _read(task.path, task.start, task.end)
    found, facts = _native.check_piece(task.lang, piece, task.encoding, task.path, task.lines_before, mode, config)
    unit_lines = _native.unit_lines(task.lang, piece) if found else None
    return _frame(task, _rows(found), unit_lines), facts


def _rows(found: List[Any]) -> List[Tuple[Any, ...]]:
    """The engine's diagnostic tuples as the rows :func:`_frame` takes (related information and
    fixes left out)."""
    return [(p, line, col, end_line, end_col, code, sev, msg) for p, line, col, end_line, end_col, sev, code, msg, _, _ in found]


def _across_task(
    lang: str, path: str, facts: List[bytes], mode: Optional[str], config: Optional[str]
) -> dict[int, List[Tuple[int, int, str, str, str]]]:
    """The task of a cut file that runs the checks of its games together over the facts of all
    its pieces: the diagnostics found, by the piece they are in (start and end in its text)."""
    found: dict[int, List[Tuple[int, int, str, str, str]]] = {}
    for piece, start, end, severity, code, message in _native.check_across_pieces(lang, facts, path, mode, config):
        found.setdefault(piece, []).append((start, end, severity, code, message))
    return found


def _with_across(checked: Tuple["Any", bytes], across: dict[int, List[Tuple[int, int, str, str, str]]], k: int, task: Task) -> "Any":
    """A piece's partition: its diagnostics and those of the checks together that fall in it,
    in the order of the text (as ``kibitzer check`` orders them: position, then code; the checks
    together after the piece's own on the same range)."""
    import pandas as pd

    frame, _ = checked
    notes = across.get(k)
    if not notes:
        return frame
    assert task.end is not None
    piece = _read(task.path, task.start, task.end)
    places = _native.place_in_piece(task.lang, piece, task.encoding, task.lines_before, [(s, e) for s, e, *_ in notes])
    rows = [(task.path, *place, code, severity, message) for place, (_, _, severity, code, message) in zip(places, notes)]
    extra = _frame(task, rows, _native.unit_lines(task.lang, piece))
    both = pd.concat([frame, extra], ignore_index=True)
    order = ["line", "column", "end_line", "end_column", "code"]
    return both.sort_values(order, kind="stable", ignore_index=True)


def _frame(task: Task, rows: List[Tuple[Any, ...]], unit_lines: Optional[List[int]]) -> "Any":
    """The DataFrame of `rows` (path, line, column, end line, end column, code, severity,
    message) of a task, each with the number of the game or line it is in."""
    import pandas as pd

    out = []
    for path, line, column, end_line, end_column, code, severity, message in rows:
        game = None
        if unit_lines is not None:
            k = bisect.bisect_right(unit_lines, line - task.lines_before)
            game = task.units_before + k if k > 0 else None
        out.append((path, game, line, column, end_line, end_column, code, severity, message))
    return pd.DataFrame(out, columns=COLUMNS).astype(_dtypes())


def _compressed_or_pgc(path: str) -> bool:
    lower = path.lower()
    return lower.endswith((".gz", ".gzip", ".bz2", ".zst", ".zstd", ".zip", ".pgc"))


def _dtypes() -> dict[str, str]:
    ints = {c: "int64" for c in ("line", "column", "end_line", "end_column")}
    return {"path": "object", "game": "Int64", **ints, "code": "object", "severity": "object", "message": "object"}


def check(
    paths_or_glob: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    *,
    blocksize: Union[int, str] = DEFAULT_BLOCKSIZE,
    client: Optional["distributed.Client"] = None,
    mode: Optional[str] = None,
    config: Optional[Union[str, "os.PathLike[str]"]] = None,
    hidden: bool = False,
    no_ignore: bool = False,
    follow: bool = False,
) -> "dask.dataframe.DataFrame":
    """The diagnostics of the files (paths, a glob such as ``"games/*.pgn"``, or folders) as a
    Dask DataFrame, one partition per task: the same rows, on the same lines, as ``kibitzer
    check --format json`` on the same files. Folders are walked as ``kibitzer check`` walks
    them (:func:`kibitzer.files`: every extension it reads, compressed, PGC and LIN files
    included; ``hidden``, ``no_ignore`` and ``follow`` are its ``--hidden``, ``--no-ignore`` and
    ``--follow``).

    ``blocksize`` (bytes, or a string such as ``"128 MiB"``) is the size of the tasks a large
    PGN or EPD file is cut into. ``client`` is the Dask client to run the first pass on (the
    cut proofs, before this returns); without one, Dask's default scheduler (the current
    client, if there is one). The DataFrame itself is lazy: ``.compute()``, ``.to_parquet()``.
    ``mode`` and ``config`` are as in :func:`kibitzer.check`; the workers must see the files
    (and ``config``) at the same paths as the driver.
    """
    import dask.dataframe as dd
    import pandas as pd

    tasks = plan(paths_or_glob, blocksize=blocksize, client=client, walk=Walk(hidden, no_ignore, follow))
    config_path = None if config is None else os.fspath(config)
    meta = pd.DataFrame({c: pd.Series(dtype=t) for c, t in _dtypes().items()})
    if not tasks:
        return dd.from_pandas(meta, npartitions=1)
    return dd.from_delayed(_partitions(tasks, config_path, mode), meta=meta, verify_meta=False)


def _partitions(tasks: List[Task], config: Optional[str], mode: Optional[str]) -> List[Any]:
    """One delayed DataFrame per task, in order: a whole file's, or a piece's with the notes of
    the checks of its file's games together (one task per cut file gathers its pieces' facts).
    Every task is new to Dask (``pure=False``): the files may have changed since the last call,
    and tasks named after the paths alone would let Dask hand back results it holds."""
    import dask

    out: List[Any] = []
    i = 0
    while i < len(tasks):
        task = tasks[i]
        if task.end is None:
            out.append(dask.delayed(_check_task, pure=False)(task, mode, config))
            i += 1
            continue
        j = i
        while j < len(tasks) and tasks[j].path == task.path and tasks[j].end is not None:
            j += 1
        pieces = [dask.delayed(_check_piece_task, pure=False, nout=2)(t, mode, config) for t in tasks[i:j]]
        across = dask.delayed(_across_task, pure=False)(task.lang, task.path, [p[1] for p in pieces], mode, config)
        out.extend(dask.delayed(_with_across, pure=False)(p, across, k, t) for k, (p, t) in enumerate(zip(pieces, tasks[i:j])))
        i = j
    return out


# Games as data on a cluster: `read_games`.


def _games_frame(columns: Any, path: str) -> "Any":
    """A partition of :func:`read_games`: the table of `columns` (``_native.read_games``'s) as a
    pandas DataFrame backed by Arrow (lists stay lists), with the file's path first."""
    import pandas as pd

    from kibitzer import _tables

    frame = _tables.games(columns).to_pandas(types_mapper=pd.ArrowDtype)
    frame.insert(0, "path", pd.Series([path] * len(frame), dtype=pd.ArrowDtype(_string_type())))
    return frame


def _string_type() -> "Any":
    import pyarrow as pa

    return pa.string()


def _games_of_file(path: str) -> "Any":
    """A task: the games of a whole file (small, PGC, or compressed without a cluster to split it on)."""
    return _games_frame(_native.read_games(path, None, None), path)


def _games_of_piece(task: Task) -> "Any":
    """A task: the games of a piece of a plain PGN file cut at proved game starts."""
    assert task.end is not None
    piece = _read(task.path, task.start, task.end)
    if task.encoding == "latin-1":
        text = piece.decode("latin-1")
    else:
        text = piece.decode("utf-8")
        if task.start == 0 and text.startswith("\ufeff"):
            text = text[1:]
    return _games_frame(_native.games_of_text(text, task.lines_before), task.path)


def _games_of_text(path: str, text: str, lines_before: int) -> "Any":
    """A task: the games of a chunk of a decompressed file."""
    return _games_frame(_native.games_of_text(text, lines_before), path)


def _split_on_worker(path: str, blocksize: int, queue_name: str) -> int:
    """The reading task of a compressed file: decompresses it (the engine's streaming reader,
    the GIL released), and as each chunk of whole games of about ``blocksize`` bytes comes,
    scatters it to the cluster and submits the task that reads its games, which runs while the
    decompression goes on. Each task's future goes into the queue ``queue_name`` (which holds it
    for the driver: a future a task merely returned would be released with the task's client),
    then None; returns the number of chunks."""
    from distributed import Queue, worker_client

    count = 0
    with worker_client() as client:
        queue = Queue(queue_name, client=client)

        def each(name: str, lang: str, text: str, lines_before: int) -> None:
            nonlocal count
            if lang != "pgn":
                raise _native.Error(f"{name}: not PGN ({lang} text)")
            [data] = client.scatter([text], hash=False)
            queue.put(client.submit(_games_of_text, path, data, lines_before, pure=False))
            count += 1

        try:
            _native.for_each_text_chunk(path, blocksize, each)
        finally:
            queue.put(None)
    return count


def _compressed_partitions(path: str, blocksize: int, client: Optional["distributed.Client"]) -> List[Any]:
    """The partitions of a compressed file: with a Dask cluster, one reading task on a worker
    feeds a task per chunk (:func:`_split_on_worker`), their futures handed back through a
    queue as they are submitted; without one, the chunks are read here and each becomes a task."""
    import uuid

    import dask

    if client is None:
        try:
            from distributed import get_client

            client = get_client()
        except (ImportError, ValueError):
            client = None
    if client is not None:
        from distributed import Queue

        queue = Queue(f"kibitzer-read-games-{uuid.uuid4()}", client=client)
        reading = client.submit(_split_on_worker, path, blocksize, queue.name, pure=False)
        futures: List[Any] = []
        while (future := queue.get()) is not None:
            futures.append(future)
        reading.result()  # its error, if the reading failed
        return futures
    parts: List[Any] = []
    _native.for_each_text_chunk(
        path,
        blocksize,
        lambda name, lang, text, lines: parts.append(dask.delayed(_games_of_text, pure=False)(path, text, lines)),
    )
    return parts


def read_games(
    paths_or_glob: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]],
    *,
    blocksize: Union[int, str] = DEFAULT_BLOCKSIZE,
    client: Optional["distributed.Client"] = None,
    hidden: bool = False,
    no_ignore: bool = False,
    follow: bool = False,
) -> "dask.dataframe.DataFrame":
    """The games of the PGN files (paths, a glob, or folders walked as :func:`check` walks
    them; other formats left out) as a Dask DataFrame of a row a game: ``path`` and the columns
    of :func:`kibitzer.read_games`, Arrow-backed (``moves`` a list per row), in file order.

    A plain PGN file larger than ``blocksize`` is cut at proved game starts, as :func:`check`
    cuts it. A compressed file (``.pgn.zst``, ``.pgn.gz`` …) cannot be cut without reading it:
    on a ``distributed`` cluster (``client``, or the current one) one reading task decompresses
    it and, a chunk of about ``blocksize`` bytes at a time, hands each chunk to a task of its own
    on the cluster, which reads its games while the decompression goes on; this returns once
    the file is read through. Without a cluster the chunks are read here, each a task."""
    import dask.dataframe as dd
    from dask.utils import parse_bytes

    size = parse_bytes(blocksize) if isinstance(blocksize, str) else int(blocksize)
    if size <= 0:
        raise _native.Error(f"blocksize must be positive, not {blocksize!r}")
    games_files = [p for p in _files(paths_or_glob, Walk(hidden, no_ignore, follow)) if _native.file_kind(p)[0] == "pgn"]
    import dask

    partitions: List[Any] = []
    for task in plan(games_files, blocksize=size, client=client) if games_files else []:
        if task.end is not None:
            partitions.append(dask.delayed(_games_of_piece, pure=False)(task))
        elif _compressed(task.path):
            partitions.extend(_compressed_partitions(task.path, size, client))
        else:
            partitions.append(dask.delayed(_games_of_file, pure=False)(task.path))
    meta = _games_frame(_native.games_of_text("", 0), "")
    if not partitions:
        return dd.from_pandas(meta, npartitions=1)
    return dd.from_delayed(partitions, meta=meta, verify_meta=False)


def _compressed(path: str) -> bool:
    """Whether `path` is compressed and not PGC (PGC is decoded whole)."""
    stem, extension = os.path.splitext(path.lower())
    return extension in (".gz", ".gzip", ".bz2", ".zst", ".zstd", ".zip") and not stem.endswith(".pgc")
