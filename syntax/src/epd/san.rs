//! A small SAN resolver for EPD move operands: finds the legal move a SAN string names in a
//! cozy-chess position, leniently (zeros in castling, missing or extra `x`, `+`, `#`, `=`,
//! pawn letter, long algebraic), and writes the canonical SAN of a move.
//!
//! PGN replay has its own, faster machinery; this one favours clarity over speed, which suits
//! the few moves of an EPD record.
//!
//! ```
//! use kibitzer_syntax::epd::san::{resolve_san, SanError};
//! let board = cozy_chess::Board::default();
//! assert_eq!(resolve_san(&board, "Ng1f3").unwrap().canonical, "Nf3");
//! assert_eq!(resolve_san(&board, "e5"), Err(SanError::Illegal));
//! ```

use cozy_chess::{Board, File, GameStatus, Move, Piece, Rank, Square};

/// Why a SAN string names no single legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanError {
    /// Not readable as a move at all.
    Syntax,
    /// Readable, but no legal move matches.
    Illegal,
    /// Several legal moves match; their canonical SAN.
    Ambiguous(Vec<String>),
}

/// A resolved move and how it is written canonically.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    pub mv: Move,
    pub canonical: String,
}

/// What a SAN string asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pattern {
    Castle {
        short: bool,
    },
    Move {
        piece: Option<Piece>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

fn piece_of_letter(c: u8) -> Option<Piece> {
    Some(match c {
        b'P' => Piece::Pawn,
        b'N' => Piece::Knight,
        b'B' => Piece::Bishop,
        b'R' => Piece::Rook,
        b'Q' => Piece::Queen,
        b'K' => Piece::King,
        _ => return None,
    })
}

fn letter_of_piece(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "",
        Piece::Knight => "N",
        Piece::Bishop => "B",
        Piece::Rook => "R",
        Piece::Queen => "Q",
        Piece::King => "K",
    }
}

fn parse(san: &str) -> Option<Pattern> {
    let trimmed = san.trim_end_matches(['+', '#', '!', '?']);
    match trimmed {
        "O-O" | "0-0" => return Some(Pattern::Castle { short: true }),
        "O-O-O" | "0-0-0" => return Some(Pattern::Castle { short: false }),
        _ => {}
    }
    // Drop the separators SAN and long algebraic allow; what remains is positional.
    let mut s: Vec<u8> = trimmed.bytes().filter(|b| !matches!(b, b'x' | b'-' | b'=' | b':')).collect();
    if s.is_empty() || !s.is_ascii() {
        return None;
    }
    let piece = piece_of_letter(s[0]).filter(|_| s.len() > 2);
    if piece.is_some() {
        s.remove(0);
    }
    let promotion = match s.last() {
        Some(&c) if s.len() > 2 && c.is_ascii_alphabetic() && !(b'a'..=b'h').contains(&c) => {
            let p = piece_of_letter(c.to_ascii_uppercase()).filter(|p| !matches!(p, Piece::Pawn | Piece::King))?;
            s.pop();
            Some(p)
        }
        // UCI-style lower-case promotion (`e7e8q`): only after a full from-square.
        Some(&c) if s.len() == 5 && matches!(c, b'n' | b'b' | b'r' | b'q') => {
            s.pop();
            piece_of_letter(c.to_ascii_uppercase())
        }
        _ => None,
    };
    let n = s.len();
    if !(2..=4).contains(&n) {
        return None;
    }
    let file = |c: u8| (b'a'..=b'h').contains(&c).then(|| File::index((c - b'a') as usize));
    let rank = |c: u8| (b'1'..=b'8').contains(&c).then(|| Rank::index((c - b'1') as usize));
    let to = Square::new(file(s[n - 2])?, rank(s[n - 1])?);
    let (from_file, from_rank) = match &s[..n - 2] {
        [] => (None, None),
        [c] if file(*c).is_some() => (file(*c), None),
        [c] => (None, Some(rank(*c)?)),
        [f, r] => (Some(file(*f)?), Some(rank(*r)?)),
        _ => return None,
    };
    Some(Pattern::Move { piece, from_file, from_rank, to, promotion })
}

/// cozy-chess writes castling as the king taking its own rook.
fn castling_side(board: &Board, mv: Move) -> Option<bool> {
    let us = board.side_to_move();
    (board.piece_on(mv.from) == Some(Piece::King) && board.colored_pieces(us, Piece::Rook).has(mv.to))
        .then(|| mv.to.file() > mv.from.file())
}

fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

fn matches(board: &Board, mv: Move, pattern: Pattern) -> bool {
    match pattern {
        Pattern::Castle { short } => castling_side(board, mv) == Some(short),
        Pattern::Move { piece, from_file, from_rank, to, promotion } => {
            if castling_side(board, mv).is_some() {
                return false;
            }
            let moved = board.piece_on(mv.from);
            let full_from = from_file.is_some() && from_rank.is_some();
            // Without a piece letter a move is a pawn's, unless a whole from-square is given
            // (long algebraic `e2e4`, `g1f3`).
            let piece_ok = match piece {
                Some(p) => moved == Some(p),
                None => full_from || moved == Some(Piece::Pawn),
            };
            piece_ok
                && mv.to == to
                && from_file.is_none_or(|f| mv.from.file() == f)
                && from_rank.is_none_or(|r| mv.from.rank() == r)
                && mv.promotion == promotion
        }
    }
}

/// The legal move `san` names in `board`.
pub fn resolve_san(board: &Board, san: &str) -> Result<Resolved, SanError> {
    let pattern = parse(san).ok_or(SanError::Syntax)?;
    let moves = legal_moves(board);
    let found: Vec<Move> = moves.iter().copied().filter(|mv| matches(board, *mv, pattern)).collect();
    match found[..] {
        [mv] => Ok(Resolved { mv, canonical: san_among(board, mv, &moves) }),
        [] => Err(SanError::Illegal),
        _ => Err(SanError::Ambiguous(found.iter().map(|mv| san_among(board, *mv, &moves)).collect())),
    }
}

/// The canonical SAN of a legal move, with `+` or `#`.
pub fn san_of(board: &Board, mv: Move) -> String {
    san_among(board, mv, &legal_moves(board))
}

/// [`san_of`] with the legal moves of `board` already generated (for disambiguation).
fn san_among(board: &Board, mv: Move, legal: &[Move]) -> String {
    let mut san = match castling_side(board, mv) {
        Some(true) => "O-O".to_owned(),
        Some(false) => "O-O-O".to_owned(),
        None => {
            let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
            let capture = board.colors(!board.side_to_move()).has(mv.to)
                || (piece == Piece::Pawn && mv.from.file() != mv.to.file());
            let mut s = String::from(letter_of_piece(piece));
            if piece == Piece::Pawn {
                if capture {
                    s.push(char::from(mv.from.file()));
                }
            } else {
                let rivals: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        m.to == mv.to
                            && m.from != mv.from
                            && board.piece_on(m.from) == Some(piece)
                            && castling_side(board, *m).is_none()
                    })
                    .collect();
                if !rivals.is_empty() {
                    if rivals.iter().all(|m| m.from.file() != mv.from.file()) {
                        s.push(char::from(mv.from.file()));
                    } else if rivals.iter().all(|m| m.from.rank() != mv.from.rank()) {
                        s.push(char::from(mv.from.rank()));
                    } else {
                        s.push_str(&mv.from.to_string());
                    }
                }
            }
            if capture {
                s.push('x');
            }
            s.push_str(&mv.to.to_string());
            if let Some(p) = mv.promotion {
                s.push('=');
                s.push_str(letter_of_piece(p));
            }
            s
        }
    };
    let mut after = board.clone();
    after.play_unchecked(mv);
    if !after.checkers().is_empty() {
        san.push(if after.status() == GameStatus::Won { '#' } else { '+' });
    }
    san
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(fen: &str) -> Board {
        Board::from_fen(fen, false).unwrap()
    }

    #[test]
    fn resolves_canonical_and_lenient_san() {
        let start = Board::default();
        for (san, canonical) in
            [("e4", "e4"), ("Nf3", "Nf3"), ("Ng1f3", "Nf3"), ("Ng1-f3", "Nf3"), ("e2e4", "e4"), ("Pe4", "e4")]
        {
            assert_eq!(resolve_san(&start, san).map(|r| r.canonical), Ok(canonical.to_owned()), "{san}");
        }
        assert_eq!(resolve_san(&start, "e5"), Err(SanError::Illegal));
        assert_eq!(resolve_san(&start, "hello"), Err(SanError::Syntax));
        assert_eq!(resolve_san(&start, ""), Err(SanError::Syntax));
    }

    #[test]
    fn castling_checks_promotion_and_ambiguity() {
        let b = board("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
        assert_eq!(resolve_san(&b, "0-0").unwrap().canonical, "O-O");
        assert_eq!(resolve_san(&b, "O-O-O").unwrap().canonical, "O-O-O");
        assert_eq!(resolve_san(&b, "bxa8=Q").unwrap().canonical, "bxa8=Q+");
        assert_eq!(resolve_san(&b, "ba8Q").unwrap().canonical, "bxa8=Q+");
        assert_eq!(resolve_san(&b, "b8=N").unwrap().canonical, "b8=N");
        assert_eq!(resolve_san(&b, "b8"), Err(SanError::Illegal));
        let two_rooks = board("4k3/8/8/8/8/8/4K3/R6R w - - 0 1");
        match resolve_san(&two_rooks, "Rd1") {
            Err(SanError::Ambiguous(mut found)) => {
                found.sort();
                assert_eq!(found, ["Rad1", "Rhd1"]);
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(resolve_san(&two_rooks, "Rad1").unwrap().canonical, "Rad1");
        let mate = board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
        assert_eq!(resolve_san(&mate, "Ra8").unwrap().canonical, "Ra8#");
    }
}
