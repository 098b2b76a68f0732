"""The ``pyarrow`` tables of :func:`kibitzer.read_games` and :func:`kibitzer.read_deals`, made
from the columns the engine builds (``_native.read_games``): the per-move columns arrive as
Arrow's own buffers (offsets, values, validity bitmaps) and are wrapped without a copy."""

from __future__ import annotations

from typing import Any, Dict, Tuple

import pyarrow as pa

#: The Seven Tag Roster's tags, each a column of its own (named in lower case).
ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def _offsets(data: bytes) -> "pa.Array":
    return pa.Array.from_buffers(pa.int64(), len(data) // 8, [None, pa.py_buffer(data)])


def _string_lists(buffers: Tuple[bytes, bytes, bytes]) -> "pa.Array":
    rows, offsets, data = buffers
    values = pa.Array.from_buffers(pa.large_string(), len(offsets) // 8 - 1, [None, pa.py_buffer(offsets), pa.py_buffer(data)])
    return pa.LargeListArray.from_arrays(_offsets(rows), values)


def _number_lists(kind: "pa.DataType", buffers: Tuple[bytes, bytes, bytes]) -> "pa.Array":
    rows, values, valid = buffers
    count = len(values) // kind.byte_width
    numbers = pa.Array.from_buffers(kind, count, [pa.py_buffer(valid), pa.py_buffer(values)])
    return pa.LargeListArray.from_arrays(_offsets(rows), numbers)


def _tag_map(rows: Any) -> "pa.Array":
    return pa.array(rows, pa.map_(pa.string(), pa.string()))


def games(columns: Dict[str, Any]) -> "pa.Table":
    """The table of a row a game (see :func:`kibitzer.read_games`)."""
    data: Dict[str, "pa.Array"] = {"line": pa.array(columns["line"], pa.int64())}
    for tag in ROSTER:
        data[tag.lower()] = pa.array(columns[tag], pa.string())
    data["tags"] = _tag_map(columns["other_tags"])
    data["moves"] = _string_lists(columns["moves"])
    data["uci"] = _string_lists(columns["uci"])
    data["clock"] = _number_lists(pa.float64(), columns["clock"])
    data["eval_cp"] = _number_lists(pa.int64(), columns["eval_cp"])
    data["eval_mate"] = _number_lists(pa.int32(), columns["eval_mate"])
    data["termination"] = pa.array(columns["result"], pa.string())
    data["stopped_at"] = pa.array(columns["stopped_at"], pa.string())
    return pa.table(data)


def deals(columns: Dict[str, Any]) -> "pa.Table":
    """The table of a row a game of a PBN or LIN file (see :func:`kibitzer.read_deals`)."""
    data: Dict[str, "pa.Array"] = {"line": pa.array(columns["line"], pa.int64())}
    for name in ("board", "deal", "dealer", "vulnerable", "declarer", "contract", "result"):
        data[name] = pa.array(columns[name], pa.string())
    data["auction"] = pa.array(columns["auction"], pa.list_(pa.string()))
    data["play"] = pa.array(columns["play"], pa.list_(pa.string()))
    data["dd_tricks"] = pa.array(columns["dd_tricks"], pa.list_(pa.int8()))
    data["tags"] = _tag_map(columns["tags"])
    return pa.table(data)
