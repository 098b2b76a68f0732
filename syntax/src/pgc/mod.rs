//! PGC, the binary form of PGN (PGN standard §20): records that start with a marker byte, strings
//! with a length header, and moves as *ordinals*, indexes into the ASCII-sorted SAN of the legal
//! moves of the position. Bytes in, bytes out: no I/O here.
//!
//! What PGC carries, and so what a round trip PGN → PGC → PGN keeps: the tags in their order,
//! the moves of the main line and of every variation (RAV), NAGs (suffixes `!`, `?`… become
//! their NAGs) and `%` escape lines. What it has no record for is lost, and [`from_pgn`] counts
//! it: comments, move numbers and layout, the termination marker (the `Result` tag carries the
//! result). Readers meet two forms of the game record: the standard's (a reduced game `0x01`
//! of seven strings and the moves, or a general game `0x05` … `0x06` of tag pairs, move
//! sequences, NAGs and RAVs), and the one of the only other implementation we know
//! (pgn2pgc), which follows the `0x05` of a general game with the seven values of the Seven Tag
//! Roster as string-1 items (read when the standard's reading fails).

pub mod codec;
mod model;
mod pgn;
pub mod rules;

pub use codec::{decode, encode_game, DecodeError, DecodedGame, EncodeError};
pub use model::{ordered_moves, Game, Item, SEVEN_TAG_ROSTER};
pub use pgn::{from_pgn, to_pgn, FromPgn, Lost, PgnGame, Written};

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard's examples: from the initial position, 0 is Na3, 1 Nc3, 4 a3, 19 h4.
    #[test]
    fn ordinals_of_the_initial_position() {
        let moves = ordered_moves(&cozy_chess::Board::default());
        let sans: Vec<&str> = moves.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(sans.len(), 20);
        assert_eq!((sans[0], sans[1], sans[4], sans[19]), ("Na3", "Nc3", "a3", "h4"));
    }
}
