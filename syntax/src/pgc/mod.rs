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

mod codec;
mod pgn;

pub use codec::{decode, encode_game, DecodeError, DecodedGame, EncodeError};
pub use pgn::{from_pgn, to_pgn, FromPgn, Lost, PgnGame, Written};

/// A game as PGC holds it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Game {
    /// Tag pairs in their order (the Seven Tag Roster among them).
    pub tags: Vec<(String, String)>,
    /// The movetext.
    pub moves: Vec<Item>,
}

/// An element of the movetext.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Item {
    /// A move, in canonical SAN.
    Move(String),
    /// A NAG after the move before it.
    Nag(u8),
    /// A variation on the move before it.
    Variation(Vec<Item>),
    /// A `%` escape line's text (after the `%`).
    Escape(String),
}

/// The Seven Tag Roster, in its order.
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

impl Game {
    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The position the game starts from: the `FEN` tag's (standard or Chess960), else the
    /// standard start.
    pub fn start(&self) -> Result<cozy_chess::Board, String> {
        match self.tag("FEN") {
            None => Ok(cozy_chess::Board::default()),
            Some(fen) => cozy_chess::Board::from_fen(fen, false)
                .or_else(|_| cozy_chess::Board::from_fen(fen, true))
                .map_err(|_| format!("the FEN tag `{fen}` is not a valid position")),
        }
    }
}

/// The legal moves of `board` with their SAN, sorted by SAN in ASCII order: index = ordinal.
pub fn ordered_moves(board: &cozy_chess::Board) -> Vec<(String, cozy_chess::Move)> {
    let mut moves = Vec::with_capacity(48);
    board.generate_moves(|set| {
        moves.extend(set);
        false
    });
    let mut out: Vec<(String, cozy_chess::Move)> =
        moves.into_iter().map(|mv| (crate::epd::san::san_of(board, mv), mv)).collect();
    out.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    out
}

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
