//! The lines of the lichess table as its data set writes them (`syntax/data/eco/`), and which
//! ECO codes' lines pass through a position: every position of every line, not only the one it
//! ends in, which [`super::named`] knows.
//!
//! An ECO code names a range of lines (B07, the Pirc, is every line from `1. e4 d6 2. d4 Nf6`
//! on that no other code takes), and an ECO reference file (pgn-extract's `eco.pgn`) gives the
//! code of each line's last position, which the lichess table may not name: `1. e4 d6 2. d4 Nf6
//! 3. Nc3` is B07's, and the table names only later positions of it. A game that reaches a
//! position the table does not name, on a line of its code, is no mismatch (a named position
//! has its own code: `1. e4`, on the Ruy Lopez's lines too, is no position of C60's). Replaying the table costs tens of milliseconds,
//! so it is done at first use, and only when a game's ECO code is the code of none of the named
//! positions it passes (a handful of games in a database; never for most files).

use super::key;
use crate::chess::san::{self, Resolution};
use cozy_chess::Board;
use rustc_hash::FxHashSet;
use std::sync::LazyLock;

/// The five tables, ECO volumes A to E: `eco`, `name`, `pgn` columns separated by tabs.
const TABLES: [&str; 5] = [
    include_str!("../../../data/eco/a.tsv"),
    include_str!("../../../data/eco/b.tsv"),
    include_str!("../../../data/eco/c.tsv"),
    include_str!("../../../data/eco/d.tsv"),
    include_str!("../../../data/eco/e.tsv"),
];

/// Every line of the data set: its code, its name and its moves as written (`1. e4 e5 2. Nf3`).
pub(super) fn table_lines() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    TABLES.into_iter().flat_map(|table| {
        table.lines().skip(1).filter_map(|line| {
            let mut columns = line.split('\t');
            Some((columns.next()?, columns.next()?, columns.next()?))
        })
    })
}

/// The positions of the table's lines: each position the table does not name with the code of
/// each line through it (the code's three bytes), and each key alone.
struct OnLines {
    with_code: FxHashSet<(u64, [u8; 3])>,
    keys: FxHashSet<u64>,
}

static ON_LINES: LazyLock<OnLines> = LazyLock::new(|| {
    let mut on_lines = OnLines { with_code: FxHashSet::default(), keys: FxHashSet::default() };
    for (eco, _, moves) in table_lines() {
        let Ok(code) = <[u8; 3]>::try_from(eco.as_bytes()) else { continue };
        let mut board = Board::default();
        for word in moves.split_ascii_whitespace().filter(|w| !w.ends_with('.')) {
            let Some(written) = san::parse(word) else { break };
            let Resolution::Legal(mv) = san::resolve(&board, &written.mv, written.spelling.ambiguous_b) else { break };
            board.play_unchecked(mv);
            let key = key(&board);
            on_lines.keys.insert(key);
            // A named position has its own code; one the table does not name may have the code of
            // any line through it (`1. e4 d6 2. d4 Nf6 3. Nc3` is on B07's, B08's and B09's).
            if super::named_by_key(key).is_none() {
                on_lines.with_code.insert((key, code));
            }
        }
    }
    on_lines
});

/// Whether the position of `key` ([`super::key`]), which the table does not name, is on some line
/// of the table with code `eco`.
pub(super) fn on_line_of(key: u64, eco: &str) -> bool {
    <[u8; 3]>::try_from(eco.as_bytes()).is_ok_and(|code| ON_LINES.with_code.contains(&(key, code)))
}

/// Whether the position of `key` is on any line of the table.
pub(super) fn on_any_line(key: u64) -> bool {
    ON_LINES.keys.contains(&key)
}
