//! Writing a legal move as the standard wants it (PGN 8.2.3): [`canonical`], one function for
//! every writer of SAN (the formatter, the fixes of the checks, PGC to PGN, hover, EPD operands),
//! and [`San::canonical`], the same for a move read from text, which knows when no rival can need
//! an origin square. Disambiguation is minimal (file, then rank, then both), a pinned rival does
//! not count, and the check mark is worked out from the position after the move.

use cozy_chess::{BitBoard, Board, Move, Piece, Square};

use super::board::{is_castling, reaching};
use super::read::{CheckMark, San, SanMove};

/// The letter of a piece in SAN.
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

/// The position after a move, and whether it gives check or mate. Asked of every move the
/// replay plays: the test for check is inlined into it (left to the compiler, it was a call
/// on some builds and not on others, 4.7 M instructions of `check` on TWIC 1389), the search
/// for a legal reply is not.
#[inline(always)]
pub fn check_mark_after(after: &Board) -> CheckMark {
    if after.checkers().is_empty() {
        CheckMark::None
    } else {
        check_or_mate(after)
    }
}

/// [`check_mark_after`] of a position in check.
#[inline(never)]
fn check_or_mate(after: &Board) -> CheckMark {
    if after.generate_moves(|_| true) {
        CheckMark::Check
    } else {
        CheckMark::Mate
    }
}

/// The canonical SAN of a legal move `mv` in `board`, with `+` or `#` (`after` is the position it
/// leads to).
pub fn canonical(board: &Board, mv: Move, after: &Board) -> SanText {
    SanText::new(board, mv, after, true)
}

impl San {
    /// [`canonical`] of `mv`, the move this written move resolved to ([`resolve`](super::resolve)
    /// gave [`Resolution::Legal`](super::Resolution::Legal)). When it names no origin square, no
    /// other piece of its kind can legally make the move (the written move would have been
    /// ambiguous), so the disambiguation, a legality test per rival, is known to be empty and not
    /// worked out.
    pub fn canonical(&self, board: &Board, mv: Move, after: &Board) -> SanText {
        SanText::new(board, mv, after, self.names_origin())
    }

    /// Whether `text`, the text this move was read from, is [`San::canonical`] of `mv`. The
    /// replay asks it of every move, and nearly every move of a real game is written in one of
    /// SAN's plain shapes (`e4`, `exd5`, `Nf3`, `Bxc6`, each with one `+` or `#` or none): when
    /// it was read in such a shape and names the move it resolved to (that pawn or that piece, no
    /// castling, no en passant read from a bare square), the canonical text differs from it at
    /// most in the check mark, so only the mark is worked out. Other moves are written out and
    /// compared.
    pub fn is_canonical(&self, board: &Board, mv: Move, after: &Board, text: &str) -> bool {
        match self.plain_shape(board, mv) {
            Some(()) => self.spelling.check == check_mark_after(after),
            None => self.canonical(board, mv, after).is(text),
        }
    }

    /// [`San::canonical`] of `mv`, or `None` when the text this move was read from is already
    /// that in one of SAN's plain shapes ([`San::is_canonical`]): the formatter writes every
    /// move, nearly every one written canonically, and copies those as they are.
    pub fn canonical_unless_written(&self, board: &Board, mv: Move, after: &Board) -> Option<SanText> {
        match self.plain_shape(board, mv) {
            Some(()) if self.spelling.check == check_mark_after(after) => None,
            _ => Some(self.canonical(board, mv, after)),
        }
    }

    /// `Some` when this move is written in a plain shape of SAN ([`Spelling::plain`]) that
    /// names `mv` on `board` as canonical SAN would, the check mark aside.
    ///
    /// [`Spelling::plain`]: super::Spelling::plain
    fn plain_shape(&self, board: &Board, mv: Move) -> Option<()> {
        let SanMove::Normal { piece, from_file, to, .. } = self.mv else { return None };
        // A move onto a piece of its own side is castling, as cozy-chess writes it.
        if !self.spelling.plain || mv.to != to || mv.promotion.is_some() || board.colors(board.side_to_move()).has(to) {
            return None;
        }
        let captures = board.occupied().has(to);
        let pawn_moves = board.pieces(Piece::Pawn).has(mv.from);
        let names_it = match (piece, from_file) {
            // `Nf3`, `Bxc6`: the piece named, its `x` exactly when it captures, no origin (the
            // move resolved to one legal move, so canonical SAN needs none).
            (Some(p), None) => board.pieces(p).has(mv.from) && self.spelling.capture_mark.is_some() == captures,
            // `e4`: a pawn's push along its file.
            (None, None) => pawn_moves && mv.from.file() == to.file(),
            // `exd5`: a pawn's capture from the file named.
            (None, Some(file)) => pawn_moves && mv.from.file() == file && file != to.file(),
            _ => false,
        };
        names_it.then_some(())
    }
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

    /// Whether `written` is this SAN, byte for byte. The replay asks it of moves it cannot tell
    /// canonical by their shape: the bytes are compared a word at a time
    /// ([`crate::text::same_bytes`]), not with a call to `memcmp` (3 % of the check's time).
    pub fn is(&self, written: &str) -> bool {
        crate::text::same_bytes(written.as_bytes(), self.as_bytes())
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

impl std::fmt::Debug for SanText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

impl PartialEq for SanText {
    fn eq(&self, other: &SanText) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for SanText {}

impl PartialEq<&str> for SanText {
    fn eq(&self, other: &&str) -> bool {
        self.is(other)
    }
}

impl std::fmt::Display for SanText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl SanText {
    /// The canonical SAN of `mv`; the disambiguation is worked out only when `rivals_possible`.
    fn new(board: &Board, mv: Move, after: &Board, rivals_possible: bool) -> SanText {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::san::{parse, resolve, Resolution};

    /// [`San::is_canonical`] answers what comparing with [`San::canonical`] answers, for every
    /// legal move of positions with captures, checks, mates, en passant, promotions and
    /// castling, each written canonically and in the near misses of the plain shapes.
    #[test]
    fn is_canonical_agrees_with_the_written_canonical_text() {
        let fens = [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp2ppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
            "6k1/5ppp/8/8/8/8/1Q3PPP/R5K1 w - - 0 1",
            "1n2k1n1/P6P/8/8/8/8/p6p/1N2K1N1 w - - 0 1",
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            "1b4k1/8/8/2p5/1P6/8/8/6K1 w - - 0 1",
        ];
        let mut compared = 0;
        for_every_legal_move(&fens, |fen, board, mv, after| {
            let full = canonical(board, mv, after).to_string();
            let body = full.trim_end_matches(['+', '#']);
            let mut texts = vec![full.clone(), body.to_owned(), format!("{body}+"), format!("{body}#")];
            texts.push(body.replacen('x', "", 1));
            texts.push(body.to_lowercase());
            if body.len() >= 3 && !body.contains('x') {
                texts.push(format!("{}x{}", &body[..body.len() - 2], &body[body.len() - 2..]));
            }
            texts.push(format!("{}{}", mv.to, ""));
            for text in &texts {
                let Some(written) = parse(text) else { continue };
                if resolve(board, &written.mv, written.spelling.ambiguous_b) == Resolution::Legal(mv) {
                    let expected = written.canonical(board, mv, after).is(text);
                    assert_eq!(written.is_canonical(board, mv, after, text), expected, "{fen}: {text}");
                    // What the formatter writes: the written text only when it is canonical.
                    let unless = written.canonical_unless_written(board, mv, after);
                    assert!(unless.is_some() || expected, "{fen}: {text}");
                    let written_out = unless.map_or(text.to_owned(), |c| c.to_string());
                    assert_eq!(written_out, written.canonical(board, mv, after).to_string(), "{fen}: {text}");
                    compared += 1;
                }
            }
        });
        assert!(compared > 300, "{compared}");
    }

    /// A written move without an origin square that resolves to one legal move needs none in
    /// canonical SAN: the short cut of [`San::canonical`] gives what the full
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
        for_every_legal_move(&fens, |fen, board, mv, after| {
            let full = canonical(board, mv, after);
            let piece = board.piece_on(mv.from).unwrap();
            // The canonical text, and the same move written with no origin at all.
            let mut bare = String::new();
            if piece != Piece::Pawn && !is_castling(board, mv) {
                bare.push(piece_letter(piece));
                if board.occupied().has(mv.to) {
                    bare.push('x');
                }
                bare.push_str(&mv.to.to_string());
            }
            for text in [full.as_str(), bare.as_str()].into_iter().filter(|t| !t.is_empty()) {
                let written = parse(text).unwrap_or_else(|| panic!("{text}"));
                if resolve(board, &written.mv, written.spelling.ambiguous_b) == Resolution::Legal(mv) {
                    let short = written.canonical(board, mv, after);
                    assert_eq!(short.as_str(), full.as_str(), "{fen}: {text}");
                    compared += 1;
                }
            }
        });
        assert!(compared > 150, "{compared}");
    }

    /// Calls `each(fen, board, move, board after it)` for every legal move of each position.
    fn for_every_legal_move(fens: &[&str], mut each: impl FnMut(&str, &Board, Move, &Board)) {
        for fen in fens {
            let board: Board = fen.parse().unwrap();
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut after = board.clone();
                    after.play_unchecked(mv);
                    each(fen, &board, mv, &after);
                }
                false
            });
        }
    }
}
