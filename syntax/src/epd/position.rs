//! A board as written in a position notation, before it becomes a playable cozy-chess
//! [`Board`]: where each man stands and where in the text it was written, and the sanity
//! checks that do not depend on the notation.
//!
//! FEN (`fen.rs`) and PBI Forsyth strings (`pbi/`) both parse into a [`Placement`]; each
//! format maps the [`SanityProblem`]s to its own rule codes, because FEN and PBI weigh them
//! differently (a problem composer may well set up an unreachable position on purpose).

use crate::text::{TextRange, TextSize};
use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board,
    BoardBuilder, CastleRights, Color, File, Piece, Rank, Square,
};

/// A man on a square and the range of the letter that put it there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Man {
    pub piece: Piece,
    pub color: Color,
    pub range: TextRange,
}

/// The men of a position, indexed by cozy-chess square index (a1 = 0 … h8 = 63).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub squares: [Option<Man>; 64],
    /// The range of the whole placement text, for problems that concern no single man.
    pub range: TextRange,
}

/// A position that no legal game could reach, or that a legal game could not continue from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanityProblem {
    MissingKing {
        color: Color,
    },
    /// A king beyond the first of its colour; `first` is the one before it in the text.
    ExtraKing {
        color: Color,
        square: Square,
        first: Square,
    },
    PawnOnBackRank {
        color: Color,
        square: Square,
    },
    /// The side that is not to move stands in check from `checker`.
    OpponentInCheck {
        color: Color,
        king: Square,
        checker: Square,
    },
    TooManyMen {
        color: Color,
        count: u32,
    },
    TooManyPawns {
        color: Color,
        count: u32,
    },
    /// More men beyond the initial set (queens over 1, rooks/knights over 2, bishops over one
    /// per square colour) than missing pawns could have promoted to.
    TooManyPromoted {
        color: Color,
        promoted: u32,
        missing_pawns: u32,
    },
    /// Two bishops on squares of one colour with no missing pawn that could have promoted.
    SameColoredBishops {
        color: Color,
        squares: (Square, Square),
    },
}

pub fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

pub fn color_adjective(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

pub fn piece_name(piece: Piece) -> &'static str {
    match piece {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

/// A square as `e4`.
pub fn square_name(square: Square) -> String {
    square.to_string()
}

impl Placement {
    pub fn empty(range: TextRange) -> Placement {
        Placement { squares: [None; 64], range }
    }

    pub fn man(&self, square: Square) -> Option<Man> {
        self.squares[square as usize]
    }

    fn men(&self) -> impl Iterator<Item = (Square, Man)> + '_ {
        Square::ALL.into_iter().filter_map(|sq| self.man(sq).map(|m| (sq, m)))
    }

    fn bitboard(&self, filter: impl Fn(&Man) -> bool) -> BitBoard {
        self.men().filter(|(_, m)| filter(m)).fold(BitBoard::EMPTY, |bb, (sq, _)| bb | sq.bitboard())
    }

    fn count(&self, color: Color, piece: Option<Piece>) -> u32 {
        self.men().filter(|(_, m)| m.color == color && piece.is_none_or(|p| m.piece == p)).count() as u32
    }

    /// A man of `by` that attacks `target`, if any (pieces in between block sliders).
    pub fn attacker_of(&self, target: Square, by: Color) -> Option<Square> {
        let occupied = self.bitboard(|_| true);
        let theirs = |piece: Piece| self.bitboard(|m| m.color == by && m.piece == piece);
        let queens = theirs(Piece::Queen);
        let attackers = (get_rook_moves(target, occupied) & (theirs(Piece::Rook) | queens))
            | (get_bishop_moves(target, occupied) & (theirs(Piece::Bishop) | queens))
            | (get_knight_moves(target) & theirs(Piece::Knight))
            | (get_king_moves(target) & theirs(Piece::King))
            | (get_pawn_attacks(target, !by) & theirs(Piece::Pawn));
        attackers.next_square()
    }

    /// Every sanity problem of the position with `side_to_move` to play, in board order.
    pub fn sanity(&self, side_to_move: Color) -> Vec<SanityProblem> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let kings: Vec<Square> =
                self.men().filter(|(_, m)| m.color == color && m.piece == Piece::King).map(|(sq, _)| sq).collect();
            // Text order is rank 8 first; report the kings after the first one written.
            let mut in_text_order = kings.clone();
            in_text_order.sort_by_key(|sq| self.man(*sq).map(|m| m.range.start()));
            match in_text_order.split_first() {
                None => problems.push(SanityProblem::MissingKing { color }),
                Some((&first, rest)) => {
                    for &square in rest {
                        problems.push(SanityProblem::ExtraKing { color, square, first });
                    }
                }
            }
        }
        for (square, man) in self.men() {
            if man.piece == Piece::Pawn && matches!(square.rank(), Rank::First | Rank::Eighth) {
                problems.push(SanityProblem::PawnOnBackRank { color: man.color, square });
            }
        }
        let waiting = !side_to_move;
        if let Some((king, _)) = self.men().find(|(_, m)| m.color == waiting && m.piece == Piece::King) {
            if let Some(checker) = self.attacker_of(king, side_to_move) {
                problems.push(SanityProblem::OpponentInCheck { color: waiting, king, checker });
            }
        }
        for color in Color::ALL {
            let men = self.count(color, None);
            if men > 16 {
                problems.push(SanityProblem::TooManyMen { color, count: men });
            }
            let pawns = self.count(color, Some(Piece::Pawn));
            if pawns > 8 {
                problems.push(SanityProblem::TooManyPawns { color, count: pawns });
                continue;
            }
            let missing_pawns = 8 - pawns;
            let bishops: Vec<Square> =
                self.men().filter(|(_, m)| m.color == color && m.piece == Piece::Bishop).map(|(sq, _)| sq).collect();
            let light = |sq: &Square| (sq.file() as usize + sq.rank() as usize) % 2 == 1;
            let light_bishops = bishops.iter().filter(|sq| light(sq)).count() as u32;
            let dark_bishops = bishops.len() as u32 - light_bishops;
            let same_colored: Vec<Square> = if light_bishops > 1 {
                bishops.iter().copied().filter(light).collect()
            } else {
                bishops.iter().copied().filter(|sq| !light(sq)).collect()
            };
            let mut bishop_excess = light_bishops.saturating_sub(1) + dark_bishops.saturating_sub(1);
            if let ([a, b, ..], 0) = (&same_colored[..], missing_pawns) {
                problems.push(SanityProblem::SameColoredBishops { color, squares: (*a, *b) });
                bishop_excess = 0;
            }
            let promoted = self.count(color, Some(Piece::Queen)).saturating_sub(1)
                + self.count(color, Some(Piece::Rook)).saturating_sub(2)
                + self.count(color, Some(Piece::Knight)).saturating_sub(2)
                + bishop_excess;
            if promoted > missing_pawns {
                problems.push(SanityProblem::TooManyPromoted { color, promoted, missing_pawns });
            }
        }
        problems
    }

    /// A cozy-chess board of this placement, or `None` when cozy-chess cannot represent it (the
    /// checks of [`Placement::sanity`] say why). Clocks beyond cozy-chess's ranges are clamped:
    /// they do not change which moves are legal.
    pub fn to_board(
        &self,
        side_to_move: Color,
        castle_rights: [CastleRights; 2],
        en_passant: Option<Square>,
        halfmove_clock: u64,
        fullmove_number: u64,
    ) -> Option<Board> {
        let mut builder = BoardBuilder::empty();
        for (square, man) in self.men() {
            *builder.square_mut(square) = Some((man.piece, man.color));
        }
        builder.side_to_move = side_to_move;
        builder.castle_rights = castle_rights;
        builder.en_passant = en_passant;
        builder.halfmove_clock = halfmove_clock.min(100) as u8;
        builder.fullmove_number = fullmove_number.clamp(1, u16::MAX as u64) as u16;
        builder.build().ok()
    }
}

/// A problem in the text of a Forsyth piece placement (FEN's first field, PBI's position).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ForsythProblem {
    /// Not eight ranks separated by `/`.
    RankCount { count: usize },
    /// A rank (8 = the first one written) that does not describe eight squares.
    SquareCount { rank: usize, count: usize, range: TextRange },
    /// A character that is neither a piece letter of the notation nor a digit 1-8.
    BadChar { ch: char, range: TextRange },
    /// Two or more digits in a row; `total` is their sum.
    AdjacentDigits { range: TextRange, total: u32 },
}

/// Parses a Forsyth placement written at `start` in the checked text; `piece_of` maps a letter
/// of the notation to a man. The placement is `None` unless the text describes exactly eight
/// ranks of eight squares with no bad character. The work is linear in the text.
pub fn parse_forsyth(
    text: &str,
    start: TextSize,
    piece_of: impl Fn(char) -> Option<(Piece, Color)>,
) -> (Option<Placement>, Vec<ForsythProblem>) {
    let at =
        |offset: usize, len: usize| TextRange::at(start + TextSize::from(offset as u32), TextSize::from(len as u32));
    let mut placement = Placement::empty(at(0, text.len()));
    let mut problems = Vec::new();
    let mut rank_count = 0;
    let mut offset = 0;
    for rank_text in text.split('/') {
        rank_count += 1;
        // Rank 8 is written first; ranks past the eighth are only counted.
        let rank = (8 - rank_count as i32).clamp(-1, 7);
        let mut file = 0usize;
        let mut digit_run: Option<(usize, usize, u32)> = None; // (start, digits, total)
        let flush = |run: &mut Option<(usize, usize, u32)>, problems: &mut Vec<ForsythProblem>| {
            if let Some((s, n, total)) = run.take() {
                if n > 1 {
                    problems.push(ForsythProblem::AdjacentDigits { range: at(s, n), total });
                }
            }
        };
        for (i, ch) in rank_text.char_indices() {
            let pos = offset + i;
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=8).contains(d)) {
                let run = digit_run.get_or_insert((pos, 0, 0));
                run.1 += 1;
                run.2 += d;
                file += d as usize;
                continue;
            }
            flush(&mut digit_run, &mut problems);
            match piece_of(ch) {
                Some((piece, color)) => {
                    if rank >= 0 && file < 8 {
                        let square = Square::new(File::index(file), Rank::index(rank as usize));
                        placement.squares[square as usize] = Some(Man { piece, color, range: at(pos, ch.len_utf8()) });
                    }
                    file += 1;
                }
                None => {
                    // Most likely meant as a man: count it as a square so the rank length is
                    // not reported as a second problem.
                    problems.push(ForsythProblem::BadChar { ch, range: at(pos, ch.len_utf8()) });
                    file += 1;
                }
            }
        }
        flush(&mut digit_run, &mut problems);
        if file != 8 {
            problems.push(ForsythProblem::SquareCount {
                rank: (9 - rank_count as i64).max(0) as usize,
                count: file,
                range: at(offset, rank_text.len()),
            });
        }
        offset += rank_text.len() + 1;
    }
    if rank_count != 8 {
        problems.push(ForsythProblem::RankCount { count: rank_count });
    }
    let blocking = problems.iter().any(|p| !matches!(p, ForsythProblem::AdjacentDigits { .. }));
    (if blocking { None } else { Some(placement) }, problems)
}

/// The file of the outermost rook of `color` on its back rank on the side of `king_file`
/// (`short`: towards h), the rook X-FEN's `K`/`Q` stands for in Chess960.
pub fn outer_rook(placement: &Placement, color: Color, king_file: File, short: bool) -> Option<File> {
    let rank = Rank::First.relative_to(color);
    let is_rook =
        |f: &File| placement.man(Square::new(*f, rank)).is_some_and(|m| m.color == color && m.piece == Piece::Rook);
    if short {
        File::ALL.into_iter().rev().filter(|f| *f > king_file).find(is_rook)
    } else {
        File::ALL.into_iter().filter(|f| *f < king_file).find(is_rook)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placement(men: &[(Square, Piece, Color)]) -> Placement {
        let mut p = Placement::empty(TextRange::empty(TextSize::from(0)));
        for (i, &(sq, piece, color)) in men.iter().enumerate() {
            p.squares[sq as usize] =
                Some(Man { piece, color, range: TextRange::at(TextSize::from(i as u32), TextSize::from(1)) });
        }
        p
    }

    #[test]
    fn a_legal_position_has_no_problems_and_builds() {
        let p = placement(&[(Square::E1, Piece::King, Color::White), (Square::E8, Piece::King, Color::Black)]);
        assert!(p.sanity(Color::White).is_empty());
        assert!(p.to_board(Color::White, [CastleRights::EMPTY; 2], None, 0, 1).is_some());
    }

    #[test]
    fn finds_kings_back_rank_pawns_and_check() {
        let p = placement(&[
            (Square::E1, Piece::King, Color::White),
            (Square::G1, Piece::King, Color::White),
            (Square::A8, Piece::Pawn, Color::White),
            (Square::E4, Piece::Rook, Color::White),
        ]);
        let problems = p.sanity(Color::White);
        assert!(problems.contains(&SanityProblem::MissingKing { color: Color::Black }));
        assert!(problems.contains(&SanityProblem::ExtraKing {
            color: Color::White,
            square: Square::G1,
            first: Square::E1
        }));
        assert!(problems.contains(&SanityProblem::PawnOnBackRank { color: Color::White, square: Square::A8 }));
        let q = placement(&[
            (Square::E1, Piece::King, Color::White),
            (Square::E8, Piece::King, Color::Black),
            (Square::E4, Piece::Rook, Color::White),
        ]);
        assert_eq!(
            q.sanity(Color::White),
            vec![SanityProblem::OpponentInCheck { color: Color::Black, king: Square::E8, checker: Square::E4 }]
        );
        assert!(q.sanity(Color::Black).is_empty());
    }

    #[test]
    fn counts_promotions_against_missing_pawns() {
        let mut men = vec![(Square::E1, Piece::King, Color::White), (Square::E8, Piece::King, Color::Black)];
        for file in File::ALL {
            men.push((Square::new(file, Rank::Second), Piece::Pawn, Color::White));
        }
        men.push((Square::C1, Piece::Bishop, Color::White));
        men.push((Square::E3, Piece::Bishop, Color::White));
        let problems = placement(&men).sanity(Color::White);
        assert_eq!(
            problems,
            vec![SanityProblem::SameColoredBishops { color: Color::White, squares: (Square::C1, Square::E3) }]
        );
        men.push((Square::D4, Piece::Queen, Color::White));
        men.push((Square::D5, Piece::Queen, Color::White));
        assert_eq!(
            placement(&men).sanity(Color::White),
            vec![
                SanityProblem::SameColoredBishops { color: Color::White, squares: (Square::C1, Square::E3) },
                SanityProblem::TooManyPromoted { color: Color::White, promoted: 1, missing_pawns: 0 },
            ]
        );
    }
}
