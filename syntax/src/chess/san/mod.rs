//! Moves in SAN (PGN 8.2.3): what a written move asks for, in three steps, a file each.
//!
//! - [`read`](self::read) reads a move from its bytes, leniently: `0-0`, `Ng1f3`, `Ng1-f3`,
//!   `e8Q`, `Pe4`, `nf3`, `e2e4`, `e7e8q`, `exd5:`-style capture marks all parse ([`parse`],
//!   the one reader of PGN movetext, the PGN lexer and the move operands of EPD records).
//! - [`resolve`](self::resolve) finds the legal move a written move names on a board
//!   ([`resolve`]; [`resolve_san`], the same from text, every candidate named when ambiguous):
//!   castling also as the king's move (`e1g1`, or `e1h1` as UCI writes Chess960 castling).
//! - [`write`](self::write) writes a legal move as the standard wants it: [`canonical`] (and
//!   [`San::canonical`], the same for a move read from text, with a short cut). Whether a written
//!   move is canonical is decided by comparing it with that.
//!
//! [`board`](self::board) holds what the resolver and the writer both ask of the board. The
//! types of a read move are [`read`](self::read)'s.

mod board;
mod read;
mod resolve;
mod write;

pub use super::position::piece_name;
pub use board::{castling_move, is_castling};
pub use read::{is_move, parse, CheckMark, San, SanMove, Spelling};
pub use resolve::{resolve, resolve_san, Resolution, Resolved, SanError};
pub use write::{canonical, check_mark_after, piece_letter, SanText};

/// Read, resolved and written again: the three steps together.
#[cfg(test)]
mod tests {
    use super::*;
    use cozy_chess::Board;

    fn play(board: &mut Board, san: &str) -> String {
        let parsed = parse(san).unwrap();
        let Resolution::Legal(m) = resolve(board, &parsed.mv, parsed.spelling.ambiguous_b) else {
            panic!("{san} not legal")
        };
        let mut after = board.clone();
        after.play_unchecked(m);
        let c = canonical(board, m, &after).to_string();
        *board = after;
        c
    }

    #[test]
    fn canonical_spelling() {
        let mut b = Board::default();
        assert_eq!(play(&mut b, "e2e4"), "e4");
        assert_eq!(play(&mut b, "e5"), "e5");
        assert_eq!(play(&mut b, "ng1f3"), "Nf3");
        assert_eq!(play(&mut b, "Nc6"), "Nc6");
        assert_eq!(play(&mut b, "Bc4"), "Bc4");
        assert_eq!(play(&mut b, "Nf6"), "Nf6");
        assert_eq!(play(&mut b, "0-0"), "O-O");
        assert_eq!(play(&mut b, "Nxe4"), "Nxe4");
        assert_eq!(play(&mut b, "Bxf7"), "Bxf7+");
    }

    #[test]
    fn disambiguates_minimally() {
        let mut b: Board = "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1".parse().unwrap();
        let p = parse("Rd1").unwrap();
        assert!(matches!(resolve(&b, &p.mv, false), Resolution::Ambiguous(..)));
        assert_eq!(play(&mut b, "Rad1"), "Rad1");
    }

    #[test]
    fn disambiguation_ignores_a_pinned_rival() {
        // The knight on e4 is pinned by the rook on e8: `Nd2` needs no origin.
        let mut b: Board = "4r1k1/8/8/8/4N3/8/8/1N2K3 w - - 0 1".parse().unwrap();
        assert_eq!(play(&mut b, "Nd2"), "Nd2");
        let mut b: Board = "6k1/8/8/8/4N3/8/8/1N2K3 w - - 0 1".parse().unwrap();
        assert_eq!(play(&mut b, "Nbd2"), "Nbd2");
    }

    #[test]
    fn lowercase_b_is_a_bishop_when_no_pawn_can() {
        let mut b: Board = "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1".parse().unwrap();
        assert_eq!(play(&mut b, "bd2"), "Bd2");
    }
}
