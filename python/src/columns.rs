//! Games and deals as columns: what `kibitzer.read_games` and `kibitzer.read_deals` make a
//! `pyarrow.Table` of. The per-move columns (SAN, UCI, clocks, evaluations: most of the data)
//! are Arrow's buffers themselves, built here and wrapped by pyarrow without a copy
//! (`pyarrow.Array.from_buffers`); a Python object per move would cost more than reading the
//! games. The per-game columns are plain lists.

use kibitzer::api::{DealRecord, GameRecord};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

/// The Seven Tag Roster, the PGN columns of their own (PGN 8.1.1).
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A list column of strings as Arrow's large types: each row's first value (n + 1 offsets),
/// each value's first byte (values + 1 offsets), the bytes.
#[derive(Default)]
struct StringLists {
    rows: Vec<i64>,
    offsets: Vec<i64>,
    data: Vec<u8>,
}

impl StringLists {
    fn new() -> StringLists {
        StringLists { rows: vec![0], offsets: vec![0], data: Vec::new() }
    }

    fn push_row<'a>(&mut self, values: impl IntoIterator<Item = &'a str>) {
        for value in values {
            self.data.extend_from_slice(value.as_bytes());
            self.offsets.push(self.data.len() as i64);
        }
        self.rows.push(self.offsets.len() as i64 - 1);
    }

    fn into_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok((bytes_of(py, &self.rows), bytes_of(py, &self.offsets), PyBytes::new(py, &self.data))
            .into_pyobject(py)?
            .into_any())
    }
}

/// A list column of numbers that may be missing: each row's first value, the values, and the
/// validity bitmap (a bit a value, set where there is one, least significant bit first).
struct NumberLists<T> {
    rows: Vec<i64>,
    values: Vec<T>,
    valid: Vec<u8>,
}

impl<T: Copy + Default + ToLeBytes> NumberLists<T> {
    fn new() -> NumberLists<T> {
        NumberLists { rows: vec![0], values: Vec::new(), valid: Vec::new() }
    }

    fn push_row(&mut self, values: &[Option<T>]) {
        for value in values {
            let at = self.values.len();
            if at.is_multiple_of(8) {
                self.valid.push(0);
            }
            if value.is_some() {
                self.valid[at / 8] |= 1 << (at % 8);
            }
            self.values.push(value.unwrap_or_default());
        }
        self.rows.push(self.values.len() as i64);
    }

    fn into_py<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok((bytes_of(py, &self.rows), bytes_of(py, &self.values), PyBytes::new(py, &self.valid))
            .into_pyobject(py)?
            .into_any())
    }
}

/// What a number is in Arrow's buffers: its little-endian bytes.
trait ToLeBytes: Sized {
    fn extend_le(&self, out: &mut Vec<u8>);
}

impl ToLeBytes for i64 {
    fn extend_le(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl ToLeBytes for i32 {
    fn extend_le(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

impl ToLeBytes for f64 {
    fn extend_le(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.to_le_bytes());
    }
}

fn bytes_of<'py, T: ToLeBytes>(py: Python<'py>, values: &[T]) -> Bound<'py, PyBytes> {
    let mut out = Vec::with_capacity(std::mem::size_of_val(values));
    for value in values {
        value.extend_le(&mut out);
    }
    PyBytes::new(py, &out)
}

/// The columns of `games`: `line`, the roster's seven, `other_tags` (each row a list of
/// (name, value)), `result` (the termination marker), `stopped_at`, and the buffers of `moves`,
/// `uci`, `clock`, `eval_cp`, `eval_mate`.
pub fn games<'py>(py: Python<'py>, games: &[GameRecord]) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("count", games.len())?;
    out.set_item("line", games.iter().map(|g| g.line).collect::<Vec<_>>())?;
    for name in ROSTER {
        let column: Vec<Option<&str>> =
            games.iter().map(|g| g.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())).collect();
        out.set_item(name, column)?;
    }
    let others: Vec<Vec<(&str, &str)>> = games
        .iter()
        .map(|g| {
            g.tags
                .iter()
                .filter(|(n, _)| !ROSTER.contains(&n.as_str()))
                .map(|(n, v)| (n.as_str(), v.as_str()))
                .collect()
        })
        .collect();
    out.set_item("other_tags", others)?;
    out.set_item("result", games.iter().map(|g| g.result.as_deref()).collect::<Vec<_>>())?;
    out.set_item("stopped_at", games.iter().map(|g| g.stopped_at.as_deref()).collect::<Vec<_>>())?;
    let (mut san, mut uci) = (StringLists::new(), StringLists::new());
    let (mut clocks, mut cp, mut mate) =
        (NumberLists::<f64>::new(), NumberLists::<i64>::new(), NumberLists::<i32>::new());
    for game in games {
        san.push_row(game.san.iter().map(String::as_str));
        uci.push_row(game.uci.iter().map(String::as_str));
        clocks.push_row(&game.clocks);
        cp.push_row(&game.eval_cp);
        mate.push_row(&game.eval_mate);
    }
    out.set_item("moves", san.into_py(py)?)?;
    out.set_item("uci", uci.into_py(py)?)?;
    out.set_item("clock", clocks.into_py(py)?)?;
    out.set_item("eval_cp", cp.into_py(py)?)?;
    out.set_item("eval_mate", mate.into_py(py)?)?;
    Ok(out)
}

/// The columns of `deals`: `line`, `board`, `deal`, `dealer`, `vulnerable`, `declarer`,
/// `contract`, `result` (tag values as the file means them), `auction` and `play` (lists),
/// `dd_tricks` (20 numbers or None) and `tags` (each row a list of (name, value)).
pub fn deals<'py>(py: Python<'py>, deals: &[DealRecord]) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("count", deals.len())?;
    out.set_item("line", deals.iter().map(|d| d.line).collect::<Vec<_>>())?;
    for (column, tag) in [
        ("board", "Board"),
        ("deal", "Deal"),
        ("dealer", "Dealer"),
        ("vulnerable", "Vulnerable"),
        ("declarer", "Declarer"),
        ("contract", "Contract"),
        ("result", "Result"),
    ] {
        out.set_item(column, deals.iter().map(|d| d.value(tag)).collect::<Vec<_>>())?;
    }
    out.set_item("auction", deals.iter().map(|d| d.auction.clone()).collect::<Vec<_>>())?;
    out.set_item("play", deals.iter().map(|d| d.play.clone()).collect::<Vec<_>>())?;
    // Numbers, not bytes (which a `Vec<u8>` would become).
    let dd: Vec<Option<Vec<u32>>> =
        deals.iter().map(|d| d.dd_tricks.as_ref().map(|t| t.iter().map(|&n| u32::from(n)).collect())).collect();
    out.set_item("dd_tricks", dd)?;
    let tags: Vec<Vec<(&str, &str)>> =
        deals.iter().map(|d| d.tags.iter().map(|(n, v)| (n.as_str(), v.as_str())).collect()).collect();
    out.set_item("tags", tags)?;
    Ok(out)
}
