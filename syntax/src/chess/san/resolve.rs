//! Finding the legal move a written move names on a board, with no move list where a few
//! legality tests do: [`resolve`], the one resolver of every place a move is read (PGN movetext,
//! whose replay asks it of every move, so it is fast; the move operands of EPD records through
//! [`resolve_san`], which names every candidate when an operand is ambiguous). A written move is
//! read every common way: SAN, long algebraic (`Ng1-f3`, `d2xd3`), coordinates as UCI writes
//! them (`g1f3`, `e7e8q`), and castling as `O-O`/`0-0`, as the king's two-square move (`e1g1`)
//! or as the king taking its own rook (`e1h1`, UCI's Chess960 form). Castling is a king taking
//! its own rook, as cozy-chess writes it (see [`super::board`]).
//!
//! ```
//! use kibitzer_syntax::chess::san::{resolve_san, SanError};
//! let board = cozy_chess::Board::default();
//! assert_eq!(resolve_san(&board, "Ng1f3").unwrap().canonical, "Nf3");
//! assert_eq!(resolve_san(&board, "e5"), Err(SanError::Illegal));
//! ```

use cozy_chess::{BitBoard, Board, Color, File, Move, Piece, Rank, Square};

use super::board::{castling_move, is_castling, reaching};
use super::read::{parse, SanMove};
use super::write::{canonical, SanText};

/// What the board says about the legal moves matching a written move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Exactly one legal move.
    Legal(Move),
    /// Several legal moves match (the first two are given).
    Ambiguous(Move, Move),
    /// A pawn reaches the last rank but no promotion piece was written.
    MissingPromotion(Move),
    /// No legal move matches.
    Illegal,
}

/// Matches a normal (non-castling, non-null) written move against the legal moves.
pub fn resolve(board: &Board, mv: &SanMove, ambiguous_b: bool) -> Resolution {
    match *mv {
        // Standard chess has no reserve to drop from.
        SanMove::Null | SanMove::Drop { .. } => Resolution::Illegal,
        SanMove::Castle { long } => match castling_move(board, long) {
            Some(m) if board.is_legal(m) => Resolution::Legal(m),
            _ => Resolution::Illegal,
        },
        SanMove::Normal { piece, from_file, from_rank, to, promotion } => {
            // Long algebraic without a letter (`g1f3`): the piece is whatever stands there.
            let piece = match (piece, from_file, from_rank) {
                (None, Some(f), Some(r)) => {
                    let from = Square::new(f, r);
                    board.piece_on(from).filter(|_| board.color_on(from) == Some(board.side_to_move()))
                }
                _ => piece,
            };
            if let (Some(Piece::King), Some(f), Some(r)) = (piece, from_file, from_rank) {
                if let Some(m) = castling_as_king_move(board, Square::new(f, r), to) {
                    return Resolution::Legal(m);
                }
            }
            let r = resolve_normal(board, piece.unwrap_or(Piece::Pawn), from_file, from_rank, to, promotion);
            if ambiguous_b && piece.is_none() && matches!(r, Resolution::Illegal) {
                return resolve_lowercase_bishop(board, from_rank, to, promotion).unwrap_or(r);
            }
            r
        }
    }
}

/// `bc4` that is no b-pawn's move: perhaps a bishop written in lowercase. Rare, so kept out of
/// line: [`resolve_normal`] is inlined once, into the path of every move.
#[cold]
#[inline(never)]
fn resolve_lowercase_bishop(
    board: &Board,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Piece>,
) -> Option<Resolution> {
    Some(resolve_normal(board, Piece::Bishop, None, from_rank, to, promotion))
        .filter(|r| !matches!(r, Resolution::Illegal))
}

/// Castling written as a move of the king from `from` (its square) to `to`: the square the king
/// castles to (`e1g1`, `e8c8`), or the square of the rook it castles with (`e1h1`, as UCI writes
/// Chess960 castling). `None` when that is no legal castling, or when `to` is a square the king
/// could step to anyway (an ordinary king move, never castling).
fn castling_as_king_move(board: &Board, from: Square, to: Square) -> Option<Move> {
    let color = board.side_to_move();
    let steps_there = cozy_chess::get_king_moves(from).has(to) && !board.colors(color).has(to);
    if board.king(color) != from || steps_there {
        return None;
    }
    [false, true].into_iter().find_map(|long| {
        let castle = castling_move(board, long)?;
        let destination = Square::new(if long { File::C } else { File::G }, from.rank());
        ((to == castle.to || to == destination) && board.is_legal(castle)).then_some(castle)
    })
}

#[inline(always)]
fn resolve_normal(
    board: &Board,
    piece: Piece,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Piece>,
) -> Resolution {
    let color = board.side_to_move();
    let en_passant =
        piece == Piece::Pawn && board.en_passant().is_some_and(|file| Square::new(file, ep_rank(color)) == to);
    let mut mask = if piece == Piece::Pawn && !en_passant {
        pawn_sources(board, color, to)
    } else {
        board.colored_pieces(color, piece) & reaching(board, piece, to)
    };
    if let Some(f) = from_file {
        mask &= f.bitboard();
    }
    if let Some(r) = from_rank {
        mask &= r.bitboard();
    }
    if en_passant {
        // En passant is rare: leave it to the generator, whose move order the messages follow.
        return resolve_by_generation(board, mask, to, promotion);
    }
    let mut found: [Option<Move>; 2] = [None, None];
    let mut count = 0usize;
    let mut promotion_missing = None;
    let promotes = piece == Piece::Pawn && promotion.is_none() && to.rank() == Rank::Eighth.relative_to(color);
    // Only the few pieces that could reach `to` are tried, each with one legality test: no
    // move list is generated. Unpinned pieces first, as the generator lists them, so that an
    // ambiguity names the same two pieces.
    let pinned = board.pinned();
    // A knight, bishop, rook or queen that reaches `to` (not one of its own pieces' squares),
    // or a pawn that moves there by its rules ([`pawn_sources`]) short of the last rank, moves
    // legally unless its king is in check or it is pinned: no test needed.
    let last_rank = Rank::Eighth.relative_to(color);
    let moves_plainly = match piece {
        Piece::King => false,
        Piece::Pawn => to.rank() != last_rank,
        _ => !board.colors(color).has(to),
    };
    let plainly = moves_plainly && promotion.is_none() && board.checkers().is_empty();
    if plainly && (mask & pinned).is_empty() {
        // Nearly every move of a game: no candidate needs a legality test, so the first two
        // (in the generator's order) are the answer.
        let mut candidates = mask.into_iter().map(|from| Move { from, to, promotion });
        return match (candidates.next(), candidates.next()) {
            (None, _) => Resolution::Illegal,
            (Some(m), None) => Resolution::Legal(m),
            (Some(a), Some(b)) => Resolution::Ambiguous(a, b),
        };
    }
    let plainly_legal = |from: Square| plainly && !pinned.has(from);
    for from in (mask & !pinned).into_iter().chain(mask & pinned) {
        let mv = Move { from, to, promotion };
        if plainly_legal(from) || board.is_legal(mv) {
            if count < 2 {
                found[count] = Some(mv);
            }
            count += 1;
        } else if promotes {
            let queen = Move { from, to, promotion: Some(Piece::Queen) };
            if board.is_legal(queen) {
                promotion_missing = Some(queen);
            }
        }
    }
    resolution(count, found, promotion_missing)
}

/// The rank of the en passant target square when `color` is to move.
fn ep_rank(color: Color) -> Rank {
    Rank::Sixth.relative_to(color)
}

/// [`resolve_normal`] through the legal move generator, for the pieces in `mask`.
fn resolve_by_generation(board: &Board, mask: BitBoard, to: Square, promotion: Option<Piece>) -> Resolution {
    let mut found: [Option<Move>; 2] = [None, None];
    let mut count = 0usize;
    let mut promotion_missing = None;
    board.generate_moves_for(mask, |moves| {
        if moves.to.has(to) {
            for m in moves {
                if m.to != to {
                    continue;
                }
                if m.promotion != promotion {
                    if promotion.is_none() && m.promotion == Some(Piece::Queen) {
                        promotion_missing = Some(m);
                    }
                    continue;
                }
                if count < 2 {
                    found[count] = Some(m);
                }
                count += 1;
            }
        }
        false
    });
    resolution(count, found, promotion_missing)
}

fn resolution(count: usize, found: [Option<Move>; 2], promotion_missing: Option<Move>) -> Resolution {
    match (count, found) {
        (0, _) => promotion_missing.map_or(Resolution::Illegal, Resolution::MissingPromotion),
        (1, [Some(m), _]) => Resolution::Legal(m),
        (_, [Some(a), Some(b)]) => Resolution::Ambiguous(a, b),
        _ => Resolution::Illegal,
    }
}

/// The squares of the pawns of `color` that move to `to` by the rules of a pawn's movement
/// (pins and checks aside): a capture when a piece of the other side stands on `to`, else a push
/// of one square, or of two from the pawn's first rank over an empty square. En passant is left
/// to the caller.
fn pawn_sources(board: &Board, color: Color, to: Square) -> BitBoard {
    let pawns = board.colored_pieces(color, Piece::Pawn);
    if board.colors(!color).has(to) {
        return cozy_chess::get_pawn_attacks(to, !color) & pawns;
    }
    let occupied = board.occupied();
    let back = match color {
        Color::White => -1,
        Color::Black => 1,
    };
    let Some(one) = to.try_offset(0, back).filter(|_| !occupied.has(to)) else { return BitBoard::EMPTY };
    if pawns.has(one) {
        return one.bitboard();
    }
    match to.try_offset(0, 2 * back) {
        Some(two) if to.rank() == Rank::Fourth.relative_to(color) && !occupied.has(one) && pawns.has(two) => {
            two.bitboard()
        }
        _ => BitBoard::EMPTY,
    }
}

// Move operands of EPD records.

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
    /// On the stack: an EPD check asks it of every move operand.
    pub canonical: SanText,
}

fn legal_moves(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(piece_moves);
        false
    });
    moves
}

/// The legal moves of the piece that makes `mv` (the same kind, the same promotion) to its
/// square from the squares `pattern` allows: every candidate of an ambiguous written move.
fn candidates(board: &Board, mv: Move, pattern: &SanMove) -> Vec<Move> {
    let SanMove::Normal { from_file, from_rank, .. } = *pattern else { return vec![mv] };
    let piece = board.piece_on(mv.from);
    legal_moves(board)
        .into_iter()
        .filter(|m| {
            m.to == mv.to
                && m.promotion == mv.promotion
                && board.piece_on(m.from) == piece
                && !is_castling(board, *m)
                && from_file.is_none_or(|f| m.from.file() == f)
                && from_rank.is_none_or(|r| m.from.rank() == r)
        })
        .collect()
}

/// The legal move `san` names in `board`: the move read by [`parse`] and found by [`resolve`],
/// as PGN movetext reads it, annotation marks (`!`, `?`) after it ignored.
pub fn resolve_san(board: &Board, san: &str) -> Result<Resolved, SanError> {
    let written = parse(san.trim_end_matches(['!', '?'])).ok_or(SanError::Syntax)?;
    let canonical_of = |mv: Move| {
        let mut after = board.clone();
        after.play_unchecked(mv);
        canonical(board, mv, &after)
    };
    match resolve(board, &written.mv, written.spelling.ambiguous_b) {
        Resolution::Legal(mv) => Ok(Resolved { mv, canonical: canonical_of(mv) }),
        Resolution::Ambiguous(a, _) => Err(SanError::Ambiguous(
            candidates(board, a, &written.mv).into_iter().map(|m| canonical_of(m).to_string()).collect(),
        )),
        // A null move is no move of a record; a pawn reaching the last rank names its piece.
        Resolution::Illegal if written.mv == SanMove::Null => Err(SanError::Syntax),
        Resolution::Illegal | Resolution::MissingPromotion(_) => Err(SanError::Illegal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `resolve_normal` as a filter over the legal moves of every pawn, or of the pieces that
    /// [`reaching`] lets through (it keeps a king from "castling" onto a far rook, as
    /// `resolve` wants), in the generator's order.
    fn resolve_by_full_generation(
        board: &Board,
        piece: Piece,
        from_file: Option<File>,
        to: Square,
        promotion: Option<Piece>,
    ) -> Resolution {
        let reach = if piece == Piece::Pawn { BitBoard::FULL } else { reaching(board, piece, to) };
        let mut mask = board.colored_pieces(board.side_to_move(), piece) & reach;
        if let Some(f) = from_file {
            mask &= f.bitboard();
        }
        resolve_by_generation(board, mask, to, promotion)
    }

    #[test]
    fn resolving_by_legality_tests_agrees_with_the_move_generator() {
        // Pins, checks, en passant (also one that would expose the king), promotions with
        // captures, several pieces of a kind reaching one square, castling rights.
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            "8/8/8/2k5/3Pp3/8/8/4K2R b K d3 0 1",
            "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
            "1n2k1n1/P6P/8/8/8/8/p6p/1N2K1N1 w - - 0 1",
            "4k3/8/8/8/8/8/8/R4RK1 w - - 0 1",
            "7k/8/8/1Q1Q4/8/1Q1Q4/8/3K4 w - - 0 1",
            // The pinned rook on e3 comes after the free one on a5 in an ambiguity.
            "4r2k/8/8/R7/8/4R3/8/4K3 w - - 0 1",
        ];
        let mut seed = 12345u64;
        let mut checked = 0usize;
        for fen in fens {
            let mut board: Board = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e:?}"));
            for _ply in 0..12 {
                for piece in Piece::ALL {
                    for to in Square::ALL {
                        for from_file in std::iter::once(None).chain(File::ALL.map(Some)) {
                            for promotion in [None, Some(Piece::Queen), Some(Piece::Knight)] {
                                let fast = resolve_normal(&board, piece, from_file, None, to, promotion);
                                let slow = resolve_by_full_generation(&board, piece, from_file, to, promotion);
                                assert_eq!(fast, slow, "{board} {piece:?} {from_file:?} {to} {promotion:?}");
                                checked += 1;
                            }
                        }
                    }
                }
                let mut moves = Vec::new();
                board.generate_moves(|m| {
                    moves.extend(m);
                    false
                });
                if moves.is_empty() {
                    break;
                }
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                board.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
        assert!(checked > 100_000);
    }
}

#[cfg(test)]
mod operand_tests {
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
            assert_eq!(resolve_san(&start, san).map(|r| r.canonical.to_string()), Ok(canonical.to_owned()), "{san}");
        }
        assert_eq!(resolve_san(&start, "e5"), Err(SanError::Illegal));
        assert_eq!(resolve_san(&start, "hello"), Err(SanError::Syntax));
        assert_eq!(resolve_san(&start, ""), Err(SanError::Syntax));
    }

    #[test]
    fn reads_every_common_notation() {
        let b = board("r3k2r/1P6/8/8/8/p7/8/R3K2R w KQkq - 0 1");
        for (written, canonical) in [
            ("e1g1", "O-O"),
            ("e1c1", "O-O-O"),
            ("Ke1-g1", "O-O"),
            ("e1h1", "O-O"),
            ("e1a1", "O-O-O"),
            ("0-0", "O-O"),
            ("o-o-o", "O-O-O"),
            ("b7b8q", "b8=Q+"),
            ("b7a8n", "bxa8=N"),
            ("b7xa8=Q", "bxa8=Q+"),
            ("a1xa3", "Rxa3"),
            ("e1d2", "Kd2"),
            ("Ke1-e2", "Ke2"),
            ("h1h8", "Rxh8+"),
            ("Bb4!?", "Illegal"),
            ("Rh1-h7!", "Rh7"),
        ] {
            let got = resolve_san(&b, written).map(|r| r.canonical.to_string()).unwrap_or_else(|e| format!("{e:?}"));
            assert_eq!(got, canonical, "{written}");
        }
        // Without the right, or through check, the king's two-square move is no castling.
        let no_right = board("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
        assert_eq!(resolve_san(&no_right, "e1g1"), Err(SanError::Illegal));
        assert_eq!(resolve_san(&no_right, "e1h1"), Err(SanError::Illegal));
        let black = board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
        assert_eq!(resolve_san(&black, "e8c8").unwrap().canonical, "O-O-O");
        // Chess960: the king on b1 castles long with the rook on a1 (`b1a1`, UCI's spelling);
        // `b1c1`, a square the king steps to anyway, is an ordinary king move.
        let chess960 = Board::from_fen("4k3/8/8/8/8/8/8/RK5R w HA - 0 1", true).unwrap();
        assert_eq!(resolve_san(&chess960, "b1a1").unwrap().canonical, "O-O-O");
        assert_eq!(resolve_san(&chess960, "b1h1").unwrap().canonical, "O-O");
        assert_eq!(resolve_san(&chess960, "b1g1").unwrap().canonical, "O-O");
        assert_eq!(resolve_san(&chess960, "b1c1").unwrap().canonical, "Kc1");
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
