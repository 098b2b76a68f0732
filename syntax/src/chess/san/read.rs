//! Reading a move from its bytes: what it asks for ([`SanMove`]) and how it was spelled
//! ([`Spelling`]), without a board. One reader, [`parse`], for every place a move is written (PGN
//! movetext, the move operands of EPD records): SAN, long algebraic (`Ng1-f3`, `d2xd3`),
//! coordinates (`g1f3`, UCI's `e7e8q`) and castling with the letter O or zeros all read, every
//! spelling kept, so that the checks can say what is not canonical.

use cozy_chess::{File, Piece, Rank, Square};

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
    /// A piece from the mover's reserve put on an empty square (`P@e4`, `N@d2`): crazyhouse,
    /// bughouse and the other drop variants, as lichess, FICS and python-chess write them. No
    /// move of standard chess.
    Drop {
        piece: Piece,
        to: Square,
    },
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
    /// The text is one of SAN's plain shapes, which make up nearly every move of real games:
    /// `e4`, `Nf3`, `Bxc6`, `exd5` (an uppercase piece letter other than `P` or a pawn's file
    /// and `x`, the square), each with one `+` or `#` or none. Known here, where the bytes are
    /// read, the replay's test of a move's spelling ([`San::is_canonical`]) asks only the board.
    pub plain: bool,
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
        plain: true,
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
        plain: false,
    };
    if let Some((long, letter)) = castling(body) {
        spelling.castle_not_letter_o = letter != b'O';
        return Some(San { mv: SanMove::Castle { long }, spelling });
    }
    if body == b"--" || body == b"Z0" {
        return Some(San { mv: SanMove::Null, spelling });
    }
    if let [p, b'@', f, r] = *body {
        let piece = piece_of_letter(p).filter(|(_, lower)| !lower)?.0;
        let to = Square::new(file_of(f)?, rank_of(r)?);
        return (piece != Piece::King).then_some(San { mv: SanMove::Drop { piece, to }, spelling });
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
    spelling.plain = from_rank.is_none() && promotion.is_none() && is_plain(piece, from_file, &spelling);
    Some(San { mv: SanMove::Normal { piece, from_file, from_rank, to, promotion }, spelling })
}

/// Whether a move with no origin rank and no promotion is in one of the plain shapes
/// ([`Spelling::plain`]), all its bytes read: those [`parse_common`] reads.
fn is_plain(piece: Option<Piece>, from_file: Option<File>, sp: &Spelling) -> bool {
    let shape = match (piece, from_file, sp.capture_mark) {
        (Some(p), None, None | Some(b'x')) => p != Piece::Pawn,
        (None, None, None) | (None, Some(_), Some(b'x')) => true,
        _ => false,
    };
    shape && !sp.lowercase_piece && !sp.hyphen && !sp.promotion_equals && sp.check_chars <= 1
}

/// Castling as written, `O-O` or `O-O-O` with one letter throughout: the letter O, a lower-case
/// o or the digit zero. Whether it is long, and the letter.
fn castling(body: &[u8]) -> Option<(bool, u8)> {
    let is_o = |c: &u8| matches!(c, b'O' | b'o' | b'0');
    match body {
        [a, b'-', b] if is_o(a) && is_o(b) && a == b => Some((false, *a)),
        [a, b'-', b, b'-', c] if is_o(a) && a == b && b == c => Some((true, *a)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            } else if let Some(any) = parse_any(text) {
                // The plain shapes are exactly the common ones.
                assert!(!any.spelling.plain, "{text}");
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
    fn reads_drops_of_every_piece_but_the_king() {
        let drop = |text: &str| parse(text).map(|s| (s.mv, s.spelling.check));
        assert_eq!(drop("P@e4"), Some((SanMove::Drop { piece: Piece::Pawn, to: Square::E4 }, CheckMark::None)));
        assert_eq!(drop("N@f7+"), Some((SanMove::Drop { piece: Piece::Knight, to: Square::F7 }, CheckMark::Check)));
        assert_eq!(drop("Q@h7#"), Some((SanMove::Drop { piece: Piece::Queen, to: Square::H7 }, CheckMark::Mate)));
        for not_a_drop in ["K@e4", "n@f7", "P@", "P@e9", "@e4", "PP@e4", "P@e4e5"] {
            assert_eq!(parse(not_a_drop), None, "{not_a_drop}");
        }
    }
}
