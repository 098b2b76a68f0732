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
    squares: [Option<Man>; 64],
    /// The squares that hold a man: the men are read from these (a few dozen), not from all
    /// sixty-four squares, twice for every record of a file of positions.
    occupied: BitBoard,
    /// The range of the whole placement text, for problems that concern no single man.
    pub range: TextRange,
}

/// The men of a placement as cozy-chess bitboards.
struct Bitboards {
    by: [[BitBoard; Piece::NUM]; Color::NUM],
}

impl Bitboards {
    fn of(&self, color: Color, piece: Piece) -> BitBoard {
        self.by[color as usize][piece as usize]
    }

    fn attacker_of(&self, target: Square, by: Color) -> Option<Square> {
        let occupied = self.by.iter().flatten().fold(BitBoard::EMPTY, |all, bb| all | *bb);
        let queens = self.of(by, Piece::Queen);
        let attackers = (get_rook_moves(target, occupied) & (self.of(by, Piece::Rook) | queens))
            | (get_bishop_moves(target, occupied) & (self.of(by, Piece::Bishop) | queens))
            | (get_knight_moves(target) & self.of(by, Piece::Knight))
            | (get_king_moves(target) & self.of(by, Piece::King))
            | (get_pawn_attacks(target, !by) & self.of(by, Piece::Pawn));
        attackers.next_square()
    }
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

/// A sanity problem put into words: where it is, what is wrong, and a related place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Described {
    pub range: TextRange,
    pub message: String,
    pub related: Option<(TextRange, String)>,
}

impl SanityProblem {
    /// Words and ranges for this problem; ranges point at the offending man's letter where
    /// there is one, else at the whole placement.
    pub fn describe(&self, placement: &Placement) -> Described {
        let at = |sq: Square| placement.man(sq).map_or(placement.range, |m| m.range);
        let plain = |range: TextRange, message: String| Described { range, message, related: None };
        match *self {
            SanityProblem::MissingKing { color } => {
                plain(placement.range, format!("no {} king", color_adjective(color)))
            }
            SanityProblem::ExtraKing { color, square, first } => Described {
                range: at(square),
                message: format!("second {} king on {square}: a side has exactly one king", color_adjective(color)),
                related: Some((at(first), format!("the first {} king, on {first}", color_adjective(color)))),
            },
            SanityProblem::PawnOnBackRank { color, square } => plain(
                at(square),
                format!("{} pawn on {square}: pawns cannot stand on the first or eighth rank", color_adjective(color)),
            ),
            SanityProblem::OpponentInCheck { color, king, checker } => {
                let piece = placement.man(checker).map_or("man", |m| piece_name(m.piece));
                Described {
                    range: at(king),
                    message: format!(
                        "{} to move, but the {} king on {king} is in check from the {piece} on {checker}",
                        color_name(!color),
                        color_adjective(color)
                    ),
                    related: Some((at(checker), format!("the checking {piece}"))),
                }
            }
            SanityProblem::TooManyMen { color, count } => {
                plain(placement.range, format!("{} has {count} men, at most 16 are possible", color_name(color)))
            }
            SanityProblem::TooManyPawns { color, count } => {
                plain(placement.range, format!("{} has {count} pawns, at most 8 are possible", color_name(color)))
            }
            SanityProblem::TooManyPromoted { color, promoted, missing_pawns } => plain(
                placement.range,
                format!(
                    "{} has {promoted} promoted piece(s) but only {missing_pawns} missing pawn(s) to promote",
                    color_name(color)
                ),
            ),
            SanityProblem::SameColoredBishops { color, squares: (a, b) } => plain(
                at(b),
                format!(
                    "{} bishops on {a} and {b} share a square colour, but no {} pawn is missing to have promoted",
                    color_adjective(color),
                    color_adjective(color)
                ),
            ),
        }
    }
}

/// The initial position. cozy-chess builds it from a board builder each time (hashing included);
/// the PGN check starts every game from it, so it is built once and copied.
pub fn initial_board() -> cozy_chess::Board {
    static INITIAL: std::sync::LazyLock<cozy_chess::Board> = std::sync::LazyLock::new(cozy_chess::Board::default);
    INITIAL.clone()
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
        Placement { squares: [None; 64], occupied: BitBoard::EMPTY, range }
    }

    /// Puts `man` on `square`, in place of any man there.
    pub fn put(&mut self, square: Square, man: Man) {
        self.squares[square as usize] = Some(man);
        self.occupied |= square.bitboard();
    }

    pub fn man(&self, square: Square) -> Option<Man> {
        self.squares[square as usize]
    }

    fn men(&self) -> impl Iterator<Item = (Square, Man)> + '_ {
        self.occupied.into_iter().filter_map(|sq| self.man(sq).map(|m| (sq, m)))
    }

    /// Every man as bitboards by colour and piece, in one pass over the board.
    fn bitboards(&self) -> Bitboards {
        let mut by = [[BitBoard::EMPTY; Piece::NUM]; Color::NUM];
        for (square, man) in self.men() {
            by[man.color as usize][man.piece as usize] |= square.bitboard();
        }
        Bitboards { by }
    }

    /// A man of `by` that attacks `target`, if any (pieces in between block sliders).
    pub fn attacker_of(&self, target: Square, by: Color) -> Option<Square> {
        self.bitboards().attacker_of(target, by)
    }

    /// Every sanity problem of the position with `side_to_move` to play.
    pub fn sanity(&self, side_to_move: Color) -> Vec<SanityProblem> {
        let boards = self.bitboards();
        let mut problems = Vec::new();
        for color in Color::ALL {
            let kings = boards.of(color, Piece::King);
            if kings.len() > 1 {
                self.extra_kings(color, kings, &mut problems);
            } else if kings.is_empty() {
                problems.push(SanityProblem::MissingKing { color });
            }
        }
        let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        for color in Color::ALL {
            for square in boards.of(color, Piece::Pawn) & back_ranks {
                problems.push(SanityProblem::PawnOnBackRank { color, square });
            }
        }
        let waiting = !side_to_move;
        if let Some(king) = boards.of(waiting, Piece::King).next_square() {
            if let Some(checker) = boards.attacker_of(king, side_to_move) {
                problems.push(SanityProblem::OpponentInCheck { color: waiting, king, checker });
            }
        }
        for color in Color::ALL {
            let count = |piece: Piece| boards.of(color, piece).len();
            let men: u32 = Piece::ALL.into_iter().map(count).sum();
            if men > 16 {
                problems.push(SanityProblem::TooManyMen { color, count: men });
            }
            let pawns = count(Piece::Pawn);
            if pawns > 8 {
                problems.push(SanityProblem::TooManyPawns { color, count: pawns });
                continue;
            }
            let missing_pawns = 8 - pawns;
            let bishops = boards.of(color, Piece::Bishop);
            let light_squares = BitBoard::LIGHT_SQUARES;
            let (light, dark) = (bishops & light_squares, bishops & !light_squares);
            let mut bishop_excess = light.len().saturating_sub(1) + dark.len().saturating_sub(1);
            let same_colored = if light.len() > 1 { light } else { dark };
            if let (true, 0) = (same_colored.len() > 1, missing_pawns) {
                let mut squares = same_colored.into_iter();
                if let (Some(a), Some(b)) = (squares.next(), squares.next()) {
                    problems.push(SanityProblem::SameColoredBishops { color, squares: (a, b) });
                    bishop_excess = 0;
                }
            }
            let promoted = count(Piece::Queen).saturating_sub(1)
                + count(Piece::Rook).saturating_sub(2)
                + count(Piece::Knight).saturating_sub(2)
                + bishop_excess;
            if promoted > missing_pawns {
                problems.push(SanityProblem::TooManyPromoted { color, promoted, missing_pawns });
            }
        }
        problems
    }

    /// The kings after the first one written (text order is rank 8 first), for a colour with
    /// more than one: out of line, so that the common case allocates nothing.
    #[cold]
    fn extra_kings(&self, color: Color, kings: BitBoard, problems: &mut Vec<SanityProblem>) {
        let mut kings: Vec<Square> = kings.into_iter().collect();
        kings.sort_by_key(|sq| self.man(*sq).map(|m| m.range.start()));
        if let Some((&first, rest)) = kings.split_first() {
            for &square in rest {
                problems.push(SanityProblem::ExtraKing { color, square, first });
            }
        }
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
    /// Characters (a run of them) that are neither piece letters of the notation nor digits 1-8.
    BadText { text: String, range: TextRange },
    /// Two or more digits in a row; `total` is their sum.
    AdjacentDigits { range: TextRange, total: u32 },
}

/// The `/`-separated parts of a placement, as `split('/')` gives them, found by a byte loop:
/// ranks are too short for `split`'s memchr search to pay.
fn ranks(text: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let part = rest?;
        match part.bytes().position(|b| b == b'/') {
            Some(i) => {
                rest = Some(&part[i + 1..]);
                Some(&part[..i])
            }
            None => {
                rest = None;
                Some(part)
            }
        }
    })
}

/// The characters of `text` with their offsets, as `char_indices` gives them, with ASCII read a
/// byte at a time: a placement is ASCII but for a mistake, and decoding every character cost
/// about 5 % of the placement's reading.
fn chars(text: &str) -> impl Iterator<Item = (usize, char)> + '_ {
    let mut at = 0;
    std::iter::from_fn(move || {
        let &byte = text.as_bytes().get(at)?;
        let ch = if byte.is_ascii() { char::from(byte) } else { text[at..].chars().next()? };
        let item = (at, ch);
        at += ch.len_utf8();
        Some(item)
    })
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
    for rank_text in ranks(text) {
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
        for (i, ch) in chars(rank_text) {
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
                        placement.put(square, Man { piece, color, range: at(pos, ch.len_utf8()) });
                    }
                    file += 1;
                }
                None => {
                    // Most likely meant as a man: count it as a square so the rank length is
                    // not reported as a second problem. A run of bad characters is one problem.
                    match problems.last_mut() {
                        Some(ForsythProblem::BadText { text, range }) if range.end() == at(pos, 0).start() => {
                            text.push(ch);
                            *range = range.cover(at(pos, ch.len_utf8()));
                        }
                        _ => problems
                            .push(ForsythProblem::BadText { text: ch.to_string(), range: at(pos, ch.len_utf8()) }),
                    }
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
        // With ranks missing or extra, per-rank lengths say little: keep the count and the
        // characters that are wrong anywhere.
        problems.retain(|p| matches!(p, ForsythProblem::BadText { .. }));
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

    #[test]
    fn chars_are_what_char_indices_gives() {
        for text in ["", "rnbqkbnr", "8/8", "é/ü//", "K\u{1F600}q", "ab\u{0301}c"] {
            assert_eq!(chars(text).collect::<Vec<_>>(), text.char_indices().collect::<Vec<_>>(), "{text:?}");
        }
    }

    #[test]
    fn ranks_are_what_split_gives() {
        for text in ["", "/", "8/8", "8/8/", "/8", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "é/ü//"] {
            assert_eq!(ranks(text).collect::<Vec<_>>(), text.split('/').collect::<Vec<_>>(), "{text:?}");
        }
    }

    fn placement(men: &[(Square, Piece, Color)]) -> Placement {
        let mut p = Placement::empty(TextRange::empty(TextSize::from(0)));
        for (i, &(sq, piece, color)) in men.iter().enumerate() {
            p.put(sq, Man { piece, color, range: TextRange::at(TextSize::from(i as u32), TextSize::from(1)) });
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
