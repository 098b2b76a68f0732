//! The PGC rule: data that cannot be decoded. The checks of the games themselves are PGN's, run
//! on the games decoded to PGN (the binary's `check FILE.pgc`).

use crate::diagnostic::Rule;

crate::diagnostic::declare_rule!(
    UNREADABLE_PGC,
    "PGC001",
    "unreadable-pgc",
    Error,
    "PGN 20, 20.2, 20.4",
    "PGC data that cannot be decoded (truncated, an unknown marker, an impossible move ordinal).",
    "A PGC file is a sequence of records, each a marker byte and its items (PGN 20, 20.4); moves are ordinals into the sorted SAN of the legal moves (PGN 20.2). Where a record is truncated, its marker is unknown, or a move ordinal is not that of a legal move, the rest of the file cannot be read: the games before that point are checked, and this diagnostic marks where reading stopped. Such a file was cut short in transfer or written by a faulty program; convert it again from the PGN source.",
    "",
    ""
);

/// Every PGC rule.
pub static ALL: &[&Rule] = &[&UNREADABLE_PGC];
