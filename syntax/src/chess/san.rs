//! Reading a move as people write it (SAN and its readable variants) and writing it as the
//! standard wants it (PGN 8.2.3).
//!
//! [`parse`] is lenient: `0-0`, `Ng1f3`, `Ng1-f3`, `e8Q`, `Pe4`, `nf3`, `exd5:`-style capture
//! marks all parse. Whether the result is canonical is decided against the position in
//! [`canonical`], which also gives the canonical spelling for a fix.

use cozy_chess::{BitBoard, Board, Color, File, Move, Piece, Rank, Square};

/// The check indicator written after a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckMark {
    None,
    Check,
    Mate,
}

/// What a written move asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SanMove {
    Castle {
        long: bool,
    },
    Null,
    Normal {
        /// `None` for a pawn move written without a letter.
        piece: Option<Piece>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// How a move was spelled, besides what it means: what [`canonical`] compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spelling {
    /// Castling written with zeros (`0-0`) or lowercase letters.
    pub castle_not_letter_o: bool,
    /// The piece letter was lowercase (`nf3`).
    pub lowercase_piece: bool,
    /// A lowercase `b` that may be a bishop or the b-file (`bc4`): try both.
    pub ambiguous_b: bool,
    /// `x` (or `:`) was written.
    pub capture_mark: Option<u8>,
    /// `-` between the from and to squares (long algebraic `e2-e4`).
    pub hyphen: bool,
    /// A promotion written with `=`.
    pub promotion_equals: bool,
    pub check: CheckMark,
    /// How many `+`/`#` characters ended the move (more than one is never canonical).
    pub check_chars: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct San {
    pub mv: SanMove,
    pub spelling: Spelling,
}

impl San {
    /// Whether the move names its origin file or rank (`Nbd7`, `R1e2`, `e2e4`, and `bc4`, whose
    /// `b` may be the b-file).
    pub fn names_origin(&self) -> bool {
        matches!(self.mv, SanMove::Normal { from_file, from_rank, .. } if from_file.is_some() || from_rank.is_some())
    }
}

fn piece_of_letter(c: u8) -> Option<(Piece, bool)> {
    let piece = match c.to_ascii_uppercase() {
        b'P' => Piece::Pawn,
        b'N' => Piece::Knight,
        b'B' => Piece::Bishop,
        b'R' => Piece::Rook,
        b'Q' => Piece::Queen,
        b'K' => Piece::King,
        _ => return None,
    };
    Some((piece, c.is_ascii_lowercase()))
}

pub fn piece_letter(piece: Piece) -> char {
    match piece {
        Piece::Pawn => 'P',
        Piece::Knight => 'N',
        Piece::Bishop => 'B',
        Piece::Rook => 'R',
        Piece::Queen => 'Q',
        Piece::King => 'K',
    }
}

pub use super::position::piece_name;

fn file_of(c: u8) -> Option<File> {
    (b'a'..=b'h').contains(&c).then(|| File::index((c - b'a') as usize))
}

fn rank_of(c: u8) -> Option<Rank> {
    (b'1'..=b'8').contains(&c).then(|| Rank::index((c - b'1') as usize))
}

/// Whether `text` is shaped like a move ([`parse`] reads it): what the PGN lexer asks of every
/// word. Inlined here, the reading is compiled without building its result.
pub fn is_move(text: &str) -> bool {
    parse(text).is_some()
}

/// Reads a written move; `None` when the text is not shaped like a move at all.
#[inline]
pub fn parse(text: &str) -> Option<San> {
    parse_common(text.as_bytes()).or_else(|| parse_any(text))
}

/// [`parse`] of the shapes that make up nearly every move of real games — `e4`, `Nf3`, `Bxc6`,
/// `exd5`, each with one `+` or `#` or none — read by their length and bytes, without the
/// general reading's search for promotions, castling and origin squares (`None` for every
/// other shape, which [`parse_any`] reads). A test proves it reads them as [`parse_any`] does.
#[inline(always)]
fn parse_common(bytes: &[u8]) -> Option<San> {
    let (body, check) = match bytes {
        [body @ .., b'+'] => (body, CheckMark::Check),
        [body @ .., b'#'] => (body, CheckMark::Mate),
        _ => (bytes, CheckMark::None),
    };
    let piece_of = |c: u8| match c {
        b'N' => Some(Piece::Knight),
        b'B' => Some(Piece::Bishop),
        b'R' => Some(Piece::Rook),
        b'Q' => Some(Piece::Queen),
        b'K' => Some(Piece::King),
        _ => None,
    };
    let square = |f: u8, r: u8| Some(Square::new(file_of(f)?, rank_of(r)?));
    let (piece, from_file, capture, to) = match *body {
        [f, r] => (None, None, false, square(f, r)?),
        [p, f, r] => (Some(piece_of(p)?), None, false, square(f, r)?),
        [p, b'x', f, r] => match piece_of(p) {
            Some(piece) => (Some(piece), None, true, square(f, r)?),
            None => (None, Some(file_of(p)?), true, square(f, r)?),
        },
        _ => return None,
    };
    let spelling = Spelling {
        castle_not_letter_o: false,
        lowercase_piece: false,
        // `bxc5`: the `b` may be a bishop written in lowercase.
        ambiguous_b: from_file == Some(File::B),
        capture_mark: capture.then_some(b'x'),
        hyphen: false,
        promotion_equals: false,
        check,
        check_chars: u8::from(check != CheckMark::None),
    };
    Some(San { mv: SanMove::Normal { piece, from_file, from_rank: None, to, promotion: None }, spelling })
}

/// [`parse`] of any shape.
fn parse_any(text: &str) -> Option<San> {
    let bytes = text.as_bytes();
    let body_len = bytes.iter().rposition(|&c| c != b'+' && c != b'#').map_or(0, |i| i + 1);
    let (body, marks) = bytes.split_at(body_len);
    let check = match marks.last() {
        None => CheckMark::None,
        Some(b'#') => CheckMark::Mate,
        Some(_) => CheckMark::Check,
    };
    let mut spelling = Spelling {
        castle_not_letter_o: false,
        lowercase_piece: false,
        ambiguous_b: false,
        capture_mark: None,
        hyphen: false,
        promotion_equals: false,
        check,
        check_chars: marks.len().min(255) as u8,
    };
    if let Some(long) = castling(body) {
        spelling.castle_not_letter_o = !body.starts_with(b"O");
        return Some(San { mv: SanMove::Castle { long }, spelling });
    }
    if body == b"--" || body == b"Z0" {
        return Some(San { mv: SanMove::Null, spelling });
    }
    // Promotion at the end: `=Q` or a bare `Q` right after the destination rank.
    let mut rest = body;
    let mut promotion = None;
    if let [head @ .., last] = rest {
        if let Some((p, lower)) = piece_of_letter(*last).filter(|(p, _)| !matches!(p, Piece::Pawn | Piece::King)) {
            if let [h2 @ .., b'='] = head {
                promotion = Some(p);
                spelling.promotion_equals = true;
                spelling.lowercase_piece = lower;
                rest = h2;
            } else if matches!(head.last(), Some(b'1' | b'8')) {
                promotion = Some(p);
                spelling.lowercase_piece = lower;
                rest = head;
            }
        }
    }
    let [prefix @ .., f, r] = rest else { return None };
    let to = Square::new(file_of(*f)?, rank_of(*r)?);
    let mut prefix = prefix;
    let mut piece = None;
    if let [c, tail @ ..] = prefix {
        if *c == b'b' {
            // `b` is the b-file unless what follows makes sense only for a piece.
            spelling.ambiguous_b = true;
        } else if let Some((p, lower)) = piece_of_letter(*c) {
            piece = Some(p);
            spelling.lowercase_piece |= lower;
            prefix = tail;
        }
    }
    let mut from_file = None;
    let mut from_rank = None;
    if let [c, tail @ ..] = prefix {
        if let Some(file) = file_of(*c) {
            from_file = Some(file);
            prefix = tail;
        }
    }
    if let [c, tail @ ..] = prefix {
        if let Some(rank) = rank_of(*c) {
            from_rank = Some(rank);
            prefix = tail;
        }
    }
    match prefix {
        [] => {}
        [b'x' | b':'] => spelling.capture_mark = Some(prefix[0]),
        [b'-'] => spelling.hyphen = true,
        _ => return None,
    }
    if spelling.ambiguous_b && from_file != Some(File::B) {
        spelling.ambiguous_b = false;
    }
    Some(San { mv: SanMove::Normal { piece, from_file, from_rank, to, promotion }, spelling })
}

fn castling(body: &[u8]) -> Option<bool> {
    let is_o = |c: &u8| matches!(c, b'O' | b'o' | b'0');
    match body {
        [a, b'-', b] if is_o(a) && is_o(b) && a == b => Some(false),
        [a, b'-', b, b'-', c] if is_o(a) && a == b && b == c => Some(true),
        _ => None,
    }
}

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
        SanMove::Null => Resolution::Illegal,
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
            if let (Some(Piece::King), Some(f), Some(_)) = (piece, from_file, from_rank) {
                // `e1g1`: castling written as a two-square king move.
                if (f as i8 - to.file() as i8).abs() == 2 {
                    if let Some(m) =
                        castling_move(board, to.file() < f).filter(|m| m.from.file() == f && board.is_legal(*m))
                    {
                        return Resolution::Legal(m);
                    }
                }
            }
            let r = resolve_normal(board, piece.unwrap_or(Piece::Pawn), from_file, from_rank, to, promotion);
            if ambiguous_b && piece.is_none() && matches!(r, Resolution::Illegal) {
                // `bc4`: not a b-pawn move, so perhaps a bishop written in lowercase.
                let r2 = resolve_normal(board, Piece::Bishop, None, from_rank, to, promotion);
                if !matches!(r2, Resolution::Illegal) {
                    return r2;
                }
            }
            r
        }
    }
}

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
    let plainly_legal =
        |from: Square| moves_plainly && promotion.is_none() && board.checkers().is_empty() && !pinned.has(from);
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

/// The side to move's `piece`s that could reach `to` on an otherwise legal board: a cheap
/// filter before the legality test of each such piece.
fn reaching(board: &Board, piece: Piece, to: Square) -> BitBoard {
    let color = board.side_to_move();
    let pieces = board.colored_pieces(color, piece);
    let occupied = board.occupied();
    let line = |rays: BitBoard| {
        // The few pieces on a line through `to` with nothing between: small tables, where the
        // attacks from `to` read tables of hundreds of kilobytes, a cache miss on every move.
        (pieces & rays)
            .into_iter()
            .filter(|&from| (cozy_chess::get_between_rays(from, to) & occupied).is_empty())
            .fold(BitBoard::EMPTY, |found, from| found | from.bitboard())
    };
    match piece {
        Piece::Knight => pieces & cozy_chess::get_knight_moves(to),
        Piece::Bishop => line(cozy_chess::get_bishop_rays(to)),
        Piece::Rook => line(cozy_chess::get_rook_rays(to)),
        Piece::Queen => line(cozy_chess::get_bishop_rays(to) | cozy_chess::get_rook_rays(to)),
        Piece::King => pieces & cozy_chess::get_king_moves(to),
        // Captures come from the squares a pawn of the other side on `to` would attack;
        // pushes from the same file (the legality test rejects pawns in front).
        Piece::Pawn => pieces & (cozy_chess::get_pawn_attacks(to, !color) | to.file().bitboard()),
    }
}

/// The king move that castles (cozy-chess writes castling as "king takes own rook").
pub fn castling_move(board: &Board, long: bool) -> Option<Move> {
    let color = board.side_to_move();
    let rights = board.castle_rights(color);
    let file = if long { rights.long } else { rights.short }?;
    let rank = match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    };
    Some(Move { from: board.king(color), to: Square::new(file, rank), promotion: None })
}

/// Whether `mv` castles: cozy-chess writes castling as the king taking its own rook. Asked of
/// every move the replay spells, so read off two bitboards.
pub fn is_castling(board: &Board, mv: Move) -> bool {
    board.pieces(Piece::King).has(mv.from) && board.colors(board.side_to_move()).has(mv.to)
}

/// The position after a move, and whether it gives check or mate.
pub fn check_mark_after(after: &Board) -> CheckMark {
    if after.checkers().is_empty() {
        CheckMark::None
    } else if after.generate_moves(|_| true) {
        CheckMark::Check
    } else {
        CheckMark::Mate
    }
}

/// The canonical SAN of a legal move `mv` in `board`; `after` is the position it leads to.
pub fn canonical(board: &Board, mv: Move, after: &Board) -> String {
    canonical_text(board, mv, after).as_str().to_owned()
}

/// A move's canonical SAN, kept on the stack: the replay compares every move with it, and the
/// formatter writes it, so it is built byte by byte with no formatting machinery.
#[derive(Clone, Copy)]
pub struct SanText {
    /// The longest SAN is seven bytes (`Qa1xb2#`, `exd8=Q#`).
    bytes: [u8; 8],
    len: u8,
}

impl SanText {
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// Whether `written` is this SAN, byte for byte. The replay asks it of every move: the
    /// bytes are compared as one word, not with a call to `memcmp` (3 % of the check's time).
    pub fn is(&self, written: &str) -> bool {
        written.len() == usize::from(self.len) && word(written.as_bytes()) == word(self.as_bytes())
    }

    pub fn as_str(&self) -> &str {
        // Only ASCII is pushed.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("")
    }

    fn push(&mut self, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(usize::from(self.len)) {
            *slot = byte;
            self.len += 1;
        }
    }

    fn push_str(&mut self, s: &str) {
        s.bytes().for_each(|b| self.push(b));
    }

    fn push_square(&mut self, square: Square) {
        self.push(b'a' + square.file() as u8);
        self.push(b'1' + square.rank() as u8);
    }
}

/// Up to eight bytes as one number.
fn word(bytes: &[u8]) -> u64 {
    bytes.iter().take(8).fold(0, |word, &b| word << 8 | u64::from(b))
}

/// The canonical SAN of a legal move `mv` in `board` (`after` is the position it leads to).
pub fn canonical_text(board: &Board, mv: Move, after: &Board) -> SanText {
    san_text(board, mv, after, true)
}

/// [`canonical_text`] of `mv`, the move `written` resolved to ([`resolve`] gave
/// [`Resolution::Legal`]). When `written` names no origin square, no other piece of its kind can
/// legally make the move (the written move would have been ambiguous), so the disambiguation, a
/// legality test per rival, is known to be empty and not worked out.
pub fn canonical_text_of_written(board: &Board, mv: Move, after: &Board, written: &San) -> SanText {
    san_text(board, mv, after, written.names_origin())
}

fn san_text(board: &Board, mv: Move, after: &Board, rivals_possible: bool) -> SanText {
    let mut out = SanText { bytes: [0; 8], len: 0 };
    let piece = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
    if is_castling(board, mv) {
        out.push_str(if mv.to.file() > mv.from.file() { "O-O" } else { "O-O-O" });
    } else if piece == Piece::Pawn {
        if mv.from.file() != mv.to.file() {
            out.push(b'a' + mv.from.file() as u8);
            out.push(b'x');
        }
        out.push_square(mv.to);
        if let Some(p) = mv.promotion {
            out.push(b'=');
            out.push(piece_letter(p) as u8);
        }
    } else {
        out.push(piece_letter(piece) as u8);
        let (file, rank) = if rivals_possible { disambiguation(board, piece, mv) } else { (false, false) };
        if file {
            out.push(b'a' + mv.from.file() as u8);
        }
        if rank {
            out.push(b'1' + mv.from.rank() as u8);
        }
        if board.occupied().has(mv.to) {
            out.push(b'x');
        }
        out.push_square(mv.to);
    }
    match check_mark_after(after) {
        CheckMark::None => {}
        CheckMark::Check => out.push(b'+'),
        CheckMark::Mate => out.push(b'#'),
    }
    out
}

/// Whether SAN needs the from-file and/or the from-rank to tell `mv` from other legal moves of
/// the same piece type to the same square.
fn disambiguation(board: &Board, piece: Piece, mv: Move) -> (bool, bool) {
    let others =
        board.colored_pieces(board.side_to_move(), piece) & reaching(board, piece, mv.to) & !mv.from.bitboard();
    if others.is_empty() {
        return (false, false);
    }
    // The pieces that can legally make the same move: one legality test each.
    let rivals: BitBoard = others
        .into_iter()
        .filter(|&from| board.is_legal(Move { from, to: mv.to, promotion: None }))
        .map(Square::bitboard)
        .fold(BitBoard::EMPTY, |a, b| a | b);
    if rivals.is_empty() {
        (false, false)
    } else if (rivals & mv.from.file().bitboard()).is_empty() {
        (true, false)
    } else if (rivals & mv.from.rank().bitboard()).is_empty() {
        (false, true)
    } else {
        (true, true)
    }
}

// ---------------------------------------------------------------------------------------------
// Move operands of EPD records (`bm`, `am`, `pm`, `sm`, `pv`): a SAN string resolved by matching
// it against every legal move, more leniently than PGN movetext (annotation marks `!?` ignored,
// UCI-style `e7e8q`), with every candidate named when it is ambiguous. The few moves of a record
// do not need the replay's speed.
//
// ```
// use kibitzer_syntax::chess::san::{resolve_san, SanError};
// let board = cozy_chess::Board::default();
// assert_eq!(resolve_san(&board, "Ng1f3").unwrap().canonical, "Nf3");
// assert_eq!(resolve_san(&board, "e5"), Err(SanError::Illegal));
// ```

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

/// An upper-case piece letter (a lower-case letter is a file in a move operand).
fn upper_piece(c: u8) -> Option<Piece> {
    piece_of_letter(c).filter(|(_, lowercase)| !lowercase).map(|(piece, _)| piece)
}

fn parse_operand(san: &str) -> Option<Pattern> {
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
    let piece = upper_piece(s[0]).filter(|_| s.len() > 2);
    if piece.is_some() {
        s.remove(0);
    }
    let promotion = match s.last() {
        Some(&c) if s.len() > 2 && c.is_ascii_alphabetic() && !(b'a'..=b'h').contains(&c) => {
            let p = upper_piece(c.to_ascii_uppercase()).filter(|p| !matches!(p, Piece::Pawn | Piece::King))?;
            s.pop();
            Some(p)
        }
        // UCI-style lower-case promotion (`e7e8q`): only after a full from-square.
        Some(&c) if s.len() == 5 && matches!(c, b'n' | b'b' | b'r' | b'q') => {
            s.pop();
            upper_piece(c.to_ascii_uppercase())
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
    let pattern = parse_operand(san).ok_or(SanError::Syntax)?;
    let moves = legal_moves(board);
    let found: Vec<Move> = moves.iter().copied().filter(|mv| matches(board, *mv, pattern)).collect();
    match found[..] {
        [mv] => Ok(Resolved { mv, canonical: san_of(board, mv) }),
        [] => Err(SanError::Illegal),
        _ => Err(SanError::Ambiguous(found.iter().map(|mv| san_of(board, *mv)).collect())),
    }
}

/// The canonical SAN of a legal move, with `+` or `#`.
pub fn san_of(board: &Board, mv: Move) -> String {
    let mut after = board.clone();
    after.play_unchecked(mv);
    canonical(board, mv, &after)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(board: &mut Board, san: &str) -> String {
        let parsed = parse(san).unwrap();
        let Resolution::Legal(m) = resolve(board, &parsed.mv, parsed.spelling.ambiguous_b) else {
            panic!("{san} not legal")
        };
        let mut after = board.clone();
        after.play_unchecked(m);
        let c = canonical(board, m, &after);
        *board = after;
        c
    }

    /// A written move without an origin square that resolves to one legal move needs none in
    /// canonical SAN: the short cut of [`canonical_text_of_written`] gives what the full
    /// disambiguation gives, for every legal move of positions with pins, rivals and checks.
    #[test]
    fn a_move_written_without_origin_is_canonical_without_one() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "7k/8/8/1Q1Q4/8/1Q1Q4/8/3K4 w - - 0 1",
            "4r2k/8/8/R7/8/4R3/8/4K3 w - - 0 1",
            "1n2k1n1/P6P/8/8/8/8/p6p/1N2K1N1 w - - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
        ];
        let mut compared = 0;
        for fen in fens {
            let board: Board = fen.parse().unwrap();
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut after = board.clone();
                    after.play_unchecked(mv);
                    let full = canonical_text(&board, mv, &after);
                    let piece = board.piece_on(mv.from).unwrap();
                    // The canonical text, and the same move written with no origin at all.
                    let mut bare = String::new();
                    if piece != Piece::Pawn && !is_castling(&board, mv) {
                        bare.push(piece_letter(piece));
                        if board.occupied().has(mv.to) {
                            bare.push('x');
                        }
                        bare.push_str(&mv.to.to_string());
                    }
                    for text in [full.as_str(), bare.as_str()].into_iter().filter(|t| !t.is_empty()) {
                        let written = parse(text).unwrap_or_else(|| panic!("{text}"));
                        if resolve(&board, &written.mv, written.spelling.ambiguous_b) == Resolution::Legal(mv) {
                            let short = canonical_text_of_written(&board, mv, &after, &written);
                            assert_eq!(short.as_str(), full.as_str(), "{fen}: {text}");
                            compared += 1;
                        }
                    }
                }
                false
            });
        }
        assert!(compared > 150, "{compared}");
    }

    #[test]
    fn the_common_shapes_read_as_any_shape() {
        // Every text of up to five bytes over the letters that matter: the short path reads
        // what the general one reads, and leaves the rest to it.
        let alphabet = b"abeh18NBKPnxO-+#=Q";
        let mut texts: Vec<Vec<u8>> = vec![Vec::new()];
        let mut read = 0;
        for _ in 0..5 {
            let longer: Vec<Vec<u8>> = texts
                .iter()
                .filter(|t| t.len() == texts.last().map_or(0, Vec::len))
                .flat_map(|t| alphabet.iter().map(move |&c| [t.as_slice(), &[c]].concat()))
                .collect();
            texts.extend(longer);
        }
        for text in &texts {
            let text = std::str::from_utf8(text).unwrap();
            if let Some(common) = parse_common(text.as_bytes()) {
                assert_eq!(Some(common), parse_any(text), "{text}");
                read += 1;
            }
        }
        assert!(read >= 300, "the short path reads the common shapes ({read})");
        for common in ["e4", "Nf3", "Bxc6+", "exd5", "bxc4#", "Kh1"] {
            assert!(parse_common(common.as_bytes()).is_some(), "{common}");
        }
    }

    #[test]
    fn parses_the_readable_variants() {
        assert!(parse("e4").is_some());
        assert!(parse("Nbd7").is_some());
        assert!(parse("exd8=Q+").is_some());
        assert!(parse("e8Q").is_some());
        assert!(parse("Ng1-f3").is_some());
        assert!(parse("0-0-0").is_some());
        assert!(parse("--").is_some());
        assert!(parse("Z0").is_some());
        assert!(parse("Event").is_none());
        assert!(parse("e9").is_none());
        assert!(parse("1-0").is_none());
        assert!(parse("0-0-0-0").is_none());
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
