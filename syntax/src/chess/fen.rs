//! The FEN position validator, shared by EPD records and the PGN `FEN` tag.
//!
//! [`check_fen`] takes a FEN string and reports every problem with its byte range inside that
//! string; [`check_fields`] does the same for fields already split by a parser (EPD), whose
//! ranges are wherever the caller says. Both return the cozy-chess [`Board`] when the position
//! is playable, so that moves can be checked against it.
//!
//! ```
//! use kibitzer_syntax::chess::fen::check_fen;
//! use kibitzer_syntax::text::TextSize;
//!
//! let fen = "4k3/8/8/8/8/8/8/4K3 w K - 0 1";
//! let checked = check_fen(fen, false);
//! assert!(checked.board.is_none());
//! let problem = &checked.problems[0];
//! assert_eq!((problem.rule.code, &fen[problem.range]), ("FEN007", "K"));
//! // A PGN `[FEN "…"]` tag whose value starts at byte 120 of the file:
//! let diagnostic = problem.to_diagnostic(TextSize::from(120));
//! assert_eq!(u32::from(diagnostic.range.start()), 120 + 22);
//! ```

use super::position::{
    color_adjective, color_name, outer_rook, parse_forsyth, ForsythProblem, Placement, SanityProblem,
};
use crate::diagnostic::{Applicability, Diagnostic, Rule};
use crate::text::{TextRange, TextSize};
use cozy_chess::{Board, CastleRights, Color, File, Piece, Rank, Square};

crate::diagnostic::declare_rules! {
    FEN_FIELD_COUNT = "FEN001" "fen-field-count" Error Import "PGN 16.1.3"
        "A FEN record has six fields, an EPD record four fields before its operations"
        "FEN is piece placement, side to move, castling, en passant square, halfmove clock and fullmove number, separated by single spaces; EPD drops the two clocks and adds operations."
        bad: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", good: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    FEN_PLACEMENT = "FEN002" "fen-piece-placement" Error Import "PGN 16.1.3.1"
        "Piece placement: eight ranks of eight squares, piece letters PNBRQK/pnbrqk and digits 1-8"
        "The first field lists the ranks from 8 to 1, separated by `/`; each rank gives its eight squares from a to h as piece letters or counts of empty squares."
        bad: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", good: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    FEN_UNNORMALISED_DIGITS = "FEN003" "fen-adjacent-digits" Error Import "PGN 16.1.3.1"
        "Adjacent empty-square digits should be written as one digit"
        "A digit counts the contiguous empty squares, so two digits in a row (`44`) are one run written twice; readers differ on accepting it."
        bad: "4k3/8/8/8/8/8/8/44 w - - 0 1", good: "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    FEN_SIDE_TO_MOVE = "FEN004" "fen-side-to-move" Error Import "PGN 16.1.3.2"
        "The active colour is `w` or `b`"
        "The second field is a lower-case `w` when White is to move and `b` when Black is."
        bad: "8/8/8/8/8/8/8/K6k W - - 0 1", good: "8/8/8/8/8/8/8/K6k w - - 0 1";
    FEN_CASTLING_SYNTAX = "FEN005" "fen-castling-syntax" Error Import "PGN 16.1.3.3"
        "Castling availability is `-` or letters from KQkq (file letters in Chess960), each at most once"
        "The third field is `-` or one to four of `K`, `Q`, `k`, `q`. Chess960 files may use X-FEN/Shredder-FEN rook file letters `A`-`H`/`a`-`h`."
        bad: "r3k2r/8/8/8/8/8/8/R3K2R w KKq - 0 1", good: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    FEN_CASTLING_ORDER = "FEN006" "fen-castling-order" Error Import "PGN 16.1.3.3"
        "Castling letters come upper case first, king side before queen side"
        "The standard orders the castling letters `KQkq`; other orders are read the same but are not canonical."
        bad: "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", good: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    FEN_CASTLING_RIGHTS = "FEN007" "fen-castling-rights" Error Import "PGN 16.1.3.3"
        "A castling right needs the king and that rook on their original squares"
        "A side may only keep a castling right while its king and the castling rook have not moved: in standard chess the king on e1/e8 and the rook on h1/a1 (h8/a8)."
        bad: "4k3/8/8/8/8/8/8/4K3 w K - 0 1", good: "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    FEN_EN_PASSANT_SYNTAX = "FEN008" "fen-en-passant-syntax" Error Import "PGN 16.1.3.4"
        "The en passant field is `-` or a square on rank 3 or 6"
        "The fourth field names the square a pawn skipped in a double step (`e3`, `d6`), or is `-`."
        bad: "4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", good: "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1";
    FEN_EN_PASSANT_POSITION = "FEN009" "fen-en-passant-position" Error Import "PGN 16.1.3.4"
        "The en passant square must follow a double step of the side that just moved"
        "The square is on rank 3 after a white double step (Black to move) and rank 6 after a black one; the pawn stands in front of it and the squares it crossed are empty."
        bad: "4k3/8/8/8/8/8/8/4K3 b - e3 0 1", good: "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1";
    FEN_HALFMOVE_CLOCK = "FEN010" "fen-halfmove-clock" Error Import "PGN 16.1.3.5"
        "The halfmove clock is a non-negative integer"
        "The fifth field counts the plies since the last capture or pawn move."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - -1 1", good: "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    FEN_FULLMOVE_NUMBER = "FEN011" "fen-fullmove-number" Error Import "PGN 16.1.3.6"
        "The fullmove number is a positive integer"
        "The sixth field is the number of the next full move, starting at 1. A `0` is read as 1 (a warning)."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - 0 x", good: "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    FEN_KINGS = "FEN012" "fen-king-count" Error Import "PGN 16.1.3.1"
        "Each side has exactly one king"
        "A chess position has one white and one black king; without them no move can be checked."
        bad: "8/8/8/8/8/8/8/4K3 w - - 0 1", good: "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    FEN_PAWN_ON_BACK_RANK = "FEN013" "fen-pawn-on-back-rank" Error Import "PGN 16.1.3.1"
        "No pawn stands on the first or eighth rank"
        "Pawns start on the second/seventh rank and promote on reaching the last one, so no position has a pawn on rank 1 or 8."
        bad: "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", good: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    FEN_OPPONENT_IN_CHECK = "FEN014" "fen-opponent-in-check" Error Import "PGN 16.1.3.2"
        "The side not to move cannot be in check"
        "If the side that just moved were in check, its last move was illegal; usually the active colour is wrong."
        bad: "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", good: "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1";
    FEN_IMPOSSIBLE_MATERIAL = "FEN015" "fen-impossible-material" Warning Import "PGN 16.1.3.1"
        "More men than a game can have: over 16 per side, over 8 pawns, or more promoted pieces than missing pawns"
        "Each side starts with 16 men and 8 pawns, and every extra queen, rook, knight or same-coloured bishop needs a pawn that promoted. Such a position cannot arise in a game."
        bad: "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", good: "4k3/8/8/8/8/8/PPPPPPP1/QQ2K3 w - - 0 1";
    FEN_VARIANT = "FEN016" "fen-variant" Warning Import "PGN 16.1"
        "A chess-variant FEN (crazyhouse pocket, three-check counters) is not checked"
        "Crazyhouse pockets (`[Nq]` or a ninth rank) and three-check counters (`3+3`, `+0+0`) extend FEN for variants; kibitzer checks standard chess and Chess960 only, so the position is left unchecked."
        bad: "r3k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1", good: "r3k3/8/8/8/8/8/8/4K3 w - - 0 1";
    FEN_CLOCK_AFTER_DOUBLE_STEP = "FEN017" "fen-clock-after-double-step" Error Import "PGN 16.1.3.5"
        "An en passant square implies a halfmove clock of 0"
        "The en passant square is given only right after a pawn double step, and a pawn move resets the halfmove clock."
        bad: "4k3/8/8/8/4P3/8/8/4K3 b - e3 5 1", good: "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1";
    FEN_FIELD_SEPARATOR = "FEN018" "fen-field-separator" Error Import "PGN 16.1.3"
        "Fields are separated by a single space"
        "Adjacent FEN and EPD fields are separated by one ASCII space; tabs or runs of spaces trip up readers that split on single spaces."
        bad: "4k3/8/8/8/8/8/8/4K3 w  - - 0 1", good: "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
}

/// One whitespace-separated field of a position record and where it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FenField<'a> {
    pub text: &'a str,
    pub range: TextRange,
    /// The whitespace between the previous field and this one (empty for the first field).
    pub space_before: &'a str,
}

/// A text edit that would fix a problem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenFix {
    pub title: String,
    pub range: TextRange,
    pub replacement: String,
    pub applicability: Applicability,
}

/// One problem of a position record: the rule it breaks, where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenProblem {
    pub rule: &'static Rule,
    pub range: TextRange,
    pub message: String,
    pub fix: Option<FenFix>,
    /// A second place worth pointing at (the first king, the checking piece).
    pub related: Option<(TextRange, String)>,
}

impl FenProblem {
    fn new(rule: &'static Rule, range: TextRange, message: impl Into<String>) -> FenProblem {
        FenProblem { rule, range, message: message.into(), fix: None, related: None }
    }

    fn with_fix(
        mut self,
        title: impl Into<String>,
        range: TextRange,
        replacement: impl Into<String>,
        safe: bool,
    ) -> Self {
        let applicability = if safe { Applicability::Safe } else { Applicability::Unsafe };
        self.fix = Some(FenFix { title: title.into(), range, replacement: replacement.into(), applicability });
        self
    }

    fn with_related(mut self, range: TextRange, message: impl Into<String>) -> Self {
        self.related = Some((range, message.into()));
        self
    }

    /// The problem as a diagnostic, its ranges moved by `offset` (where the FEN string starts in
    /// the checked text).
    pub fn to_diagnostic(&self, offset: TextSize) -> Diagnostic {
        let mut d = Diagnostic::new(self.rule, self.range + offset, self.message.clone());
        if let Some(fix) = &self.fix {
            d = d.with_fix(
                fix.title.clone(),
                vec![crate::diagnostic::TextEdit::replace(fix.range + offset, fix.replacement.clone())],
                fix.applicability,
            );
        }
        if let Some((range, message)) = &self.related {
            d = d.with_related(*range + offset, message.clone());
        }
        d
    }
}

/// What a record is expected to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    /// Exactly six fields (the PGN `FEN` tag, a `.fen` line).
    Fen,
    /// Four fields (EPD), or six when the record is a FEN line inside an EPD file.
    FenOrEpd,
}

/// The outcome of checking a position record.
#[derive(Debug, Clone)]
pub struct CheckedPosition {
    /// The position, when it is legal enough to generate moves from.
    pub board: Option<Board>,
    pub problems: Vec<FenProblem>,
}

impl CheckedPosition {
    pub fn has_errors(&self) -> bool {
        self.problems.iter().any(|p| p.rule.severity == crate::diagnostic::Severity::Error)
    }
}

/// Checks a FEN string (six fields; ranges in the result are byte offsets within `fen`).
/// `chess960` allows X-FEN/Shredder-FEN castling letters (the PGN `Variant` tag says so).
pub fn check_fen(fen: &str, chess960: bool) -> CheckedPosition {
    let fields = split_fields(fen);
    if fields.is_empty() {
        let range = TextRange::up_to(TextSize::from(fen.len() as u32));
        return CheckedPosition {
            board: None,
            problems: vec![FenProblem::new(&FEN_FIELD_COUNT, range, "empty FEN: expected six fields")],
        };
    }
    check_fields(&fields, RecordKind::Fen, chess960)
}

/// Splits on ASCII whitespace, keeping each field's range.
pub fn split_fields(text: &str) -> Vec<FenField<'_>> {
    let mut fields = Vec::new();
    let mut start = None;
    let mut previous_end = None;
    for (i, b) in text.bytes().enumerate().chain(std::iter::once((text.len(), b' '))) {
        match (b.is_ascii_whitespace(), start) {
            (true, Some(s)) => {
                fields.push(FenField {
                    text: &text[s..i],
                    range: TextRange::new(TextSize::from(s as u32), TextSize::from(i as u32)),
                    space_before: previous_end.map_or("", |e| &text[e..s]),
                });
                previous_end = Some(i);
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    fields
}

/// Checks the fields of a position record (at least one field).
pub fn check_fields(fields: &[FenField], kind: RecordKind, chess960: bool) -> CheckedPosition {
    let mut checker = Checker { problems: Vec::new() };
    let board = checker.record(fields, kind, chess960);
    CheckedPosition { board, problems: checker.problems }
}

/// The FEN letter of a man.
pub fn fen_piece(ch: char) -> Option<(Piece, Color)> {
    let piece = match ch.to_ascii_lowercase() {
        'p' => Piece::Pawn,
        'n' => Piece::Knight,
        'b' => Piece::Bishop,
        'r' => Piece::Rook,
        'q' => Piece::Queen,
        'k' => Piece::King,
        _ => return None,
    };
    Some((piece, if ch.is_ascii_uppercase() { Color::White } else { Color::Black }))
}

/// A castling right as written: whose, which side, and the rook's file when known.
struct CastlingRight {
    color: Color,
    short: bool,
    /// The rook file a Shredder letter names; `None` for `K`/`Q`/`k`/`q`.
    file: Option<File>,
    range: TextRange,
    letter: char,
}

struct Checker {
    problems: Vec<FenProblem>,
}

/// What follows the eighth `/` of a placement of exactly nine `/`-separated parts; `None`
/// otherwise (counted in one pass over the bytes: most records are checked for a pocket).
fn ninth_rank(placement: &str) -> Option<&str> {
    let slashes = placement.bytes().filter(|&b| b == b'/').count();
    (slashes == 8).then(|| placement.rsplit('/').next().unwrap_or(""))
}

fn cover(fields: &[FenField]) -> TextRange {
    fields[0].range.cover(fields[fields.len() - 1].range)
}

impl Checker {
    fn push(&mut self, problem: FenProblem) {
        self.problems.push(problem);
    }

    fn record(&mut self, fields: &[FenField], kind: RecordKind, chess960: bool) -> Option<Board> {
        if fields.is_empty() || self.variant(fields) {
            return None;
        }
        self.field_count(fields, kind);
        self.separators(fields);
        let (placement, placement_ok) = self.placement(fields[0]);
        let side = fields.get(1).map_or(Some(Color::White), |f| self.side_to_move(*f));
        let side_ok = side.is_some();
        let side = side.unwrap_or(Color::White);
        let mut ok = placement_ok && side_ok && fields.len() >= 4;
        // An unreadable active colour is one mistake: the checks that need the side to move
        // (the side not to move in check, the en passant rank) do not guess it.
        if let (Some(placement), true) = (&placement, side_ok) {
            ok &= self.sanity(placement, side, fields.get(1).map(|f| f.range));
        }
        let rights = match fields.get(2) {
            Some(f) => self.castling(*f, chess960, placement.as_ref()),
            None => Some([CastleRights::EMPTY; 2]),
        };
        ok &= rights.is_some();
        let en_passant = match fields.get(3) {
            Some(f) => {
                // Without an active colour, the en passant square's rank says who moves.
                let side = match f.text.as_bytes() {
                    [_, b'3'] if !side_ok => Color::Black,
                    [_, b'6'] if !side_ok => Color::White,
                    _ => side,
                };
                self.en_passant(*f, side, placement.as_ref())
            }
            None => Some(None),
        };
        ok &= en_passant.is_some();
        let halfmove = fields.get(4).map(|f| self.number(*f, &FEN_HALFMOVE_CLOCK, "halfmove clock", 0));
        let fullmove = fields.get(5).map(|f| self.number(*f, &FEN_FULLMOVE_NUMBER, "fullmove number", 1));
        if let (Some(Some(ep)), Some(Some(clock))) = (&en_passant, halfmove) {
            if clock != 0 {
                self.push(FenProblem::new(
                    &FEN_CLOCK_AFTER_DOUBLE_STEP,
                    fields[4].range,
                    format!(
                        "halfmove clock `{clock}` with en passant square `{ep}`: a double step resets the clock to 0"
                    ),
                ));
            }
        }
        ok &= halfmove.is_none_or(|h| h.is_some()) && fullmove.is_none_or(|f| f.is_some());
        if !ok {
            return None;
        }
        let placement = placement?;
        placement.to_board(side, rights?, en_passant?, halfmove.flatten().unwrap_or(0), fullmove.flatten().unwrap_or(1))
    }

    /// Recognises chess-variant FENs and reports them once; true when the record is one.
    fn variant(&mut self, fields: &[FenField]) -> bool {
        let placement = fields[0];
        // Only a well-formed board with something appended is a variant; a malformed board
        // with brackets is reported as malformed.
        let eight_ranks = |board: &str| board.split('/').count() == 8;
        let found = if let Some(i) = placement.text.find('[').filter(|i| eight_ranks(&placement.text[..*i])) {
            let range = TextRange::new(placement.range.start() + TextSize::from(i as u32), placement.range.end());
            Some((range, format!("`{}` is a crazyhouse pocket", &placement.text[i..])))
        } else if let Some(pocket) = ninth_rank(placement.text) {
            let all_letters = pocket.chars().all(|c| fen_piece(c).is_some());
            all_letters.then(|| {
                let start = placement.text.len() - pocket.len();
                let range =
                    TextRange::new(placement.range.start() + TextSize::from(start as u32), placement.range.end());
                (range, format!("ninth rank `{pocket}` is a crazyhouse pocket"))
            })
        } else {
            fields
                .iter()
                .skip(4)
                .find(|f| f.text.contains('+'))
                .map(|f| (f.range, format!("`{}` is a three-check counter", f.text)))
        };
        match found {
            Some((range, what)) => {
                self.push(FenProblem::new(
                    &FEN_VARIANT,
                    range,
                    format!("{what}: a chess-variant FEN; only standard chess and Chess960 positions are checked"),
                ));
                true
            }
            None => false,
        }
    }

    fn field_count(&mut self, fields: &[FenField], kind: RecordKind) {
        let n = fields.len();
        let expected = match kind {
            RecordKind::Fen => "expected 6",
            RecordKind::FenOrEpd => "expected 4 (EPD) or 6 (FEN)",
        };
        let missing = match (kind, n) {
            (RecordKind::Fen, 6) | (RecordKind::FenOrEpd, 4 | 6) => return,
            (_, n) if n > 6 => {
                let extra = cover(&fields[6..]);
                self.push(FenProblem::new(
                    &FEN_FIELD_COUNT,
                    extra,
                    format!("{n} fields, {expected}: `{}` follows the fullmove number", fields[6].text),
                ));
                return;
            }
            (_, 1) => "side to move, castling, en passant",
            (_, 2) => "castling, en passant",
            (_, 3) => "en passant",
            (_, 4) => "halfmove clock and fullmove number",
            _ => "fullmove number",
        };
        let mut problem =
            FenProblem::new(&FEN_FIELD_COUNT, cover(fields), format!("{n} fields, {expected}: missing {missing}"));
        if kind == RecordKind::Fen && n == 4 {
            problem = problem.with_fix("Add the clocks `0 1`", TextRange::empty(fields[3].range.end()), " 0 1", false);
        }
        self.push(problem);
    }

    /// Fields are separated by exactly one space (16.1.3).
    fn separators(&mut self, fields: &[FenField]) {
        for pair in fields.windows(2) {
            let space = pair[1].space_before;
            if space != " " && !space.is_empty() {
                let range = TextRange::new(pair[0].range.end(), pair[1].range.start());
                let shown = space.escape_debug().to_string();
                self.push(
                    FenProblem::new(
                        &FEN_FIELD_SEPARATOR,
                        range,
                        format!("fields separated by \"{shown}\", expected a single space"),
                    )
                    .with_fix("Replace with one space", range, " ", true),
                );
            }
        }
    }

    /// Returns the placement (when it describes a board) and whether it had no error.
    fn placement(&mut self, field: FenField) -> (Option<Placement>, bool) {
        let (placement, problems) = parse_forsyth(field.text, field.range.start(), fen_piece);
        let mut ok = true;
        for p in problems {
            let problem = match p {
                ForsythProblem::RankCount { count } => FenProblem::new(
                    &FEN_PLACEMENT,
                    field.range,
                    format!("piece placement has {count} ranks, expected 8 separated by `/`"),
                ),
                ForsythProblem::SquareCount { rank, count, range } => {
                    let text =
                        &field.text[usize::from(range.start() - field.range.start())..][..usize::from(range.len())];
                    let rank = if rank >= 1 { format!("rank {rank}") } else { "an extra rank".to_owned() };
                    FenProblem::new(&FEN_PLACEMENT, range, format!("{rank} `{text}` has {count} squares, expected 8"))
                }
                ForsythProblem::BadText { text, range } => FenProblem::new(
                    &FEN_PLACEMENT,
                    range,
                    format!("`{text}` in the piece placement: expected piece letters (PNBRQK, pnbrqk) or digits 1-8"),
                ),
                ForsythProblem::AdjacentDigits { range, total } => {
                    let text =
                        &field.text[usize::from(range.start() - field.range.start())..][..usize::from(range.len())];
                    let problem = FenProblem::new(
                        &FEN_UNNORMALISED_DIGITS,
                        range,
                        format!("`{text}`: adjacent digits, expected one digit `{total}`"),
                    );
                    self.push(if total <= 8 {
                        problem.with_fix(format!("Replace `{text}` with `{total}`"), range, total.to_string(), true)
                    } else {
                        problem
                    });
                    continue;
                }
            };
            ok = false;
            self.push(problem);
        }
        (placement, ok)
    }

    fn side_to_move(&mut self, field: FenField) -> Option<Color> {
        match field.text {
            "w" => Some(Color::White),
            "b" => Some(Color::Black),
            "W" | "B" => {
                let lower = field.text.to_ascii_lowercase();
                self.push(
                    FenProblem::new(
                        &FEN_SIDE_TO_MOVE,
                        field.range,
                        format!("active colour `{}`, expected `{lower}`", field.text),
                    )
                    .with_fix(format!("Replace with `{lower}`"), field.range, lower.clone(), true),
                );
                None
            }
            other => {
                self.push(FenProblem::new(
                    &FEN_SIDE_TO_MOVE,
                    field.range,
                    format!("active colour `{other}`, expected `w` or `b`"),
                ));
                None
            }
        }
    }

    /// Maps the notation-independent sanity problems to FEN rules; false when one is an error.
    fn sanity(&mut self, placement: &Placement, side: Color, side_range: Option<TextRange>) -> bool {
        let mut ok = true;
        for problem in placement.sanity(side) {
            let rule = match problem {
                SanityProblem::MissingKing { .. } | SanityProblem::ExtraKing { .. } => &FEN_KINGS,
                SanityProblem::PawnOnBackRank { .. } => &FEN_PAWN_ON_BACK_RANK,
                SanityProblem::OpponentInCheck { .. } => &FEN_OPPONENT_IN_CHECK,
                SanityProblem::TooManyMen { .. }
                | SanityProblem::TooManyPawns { .. }
                | SanityProblem::TooManyPromoted { .. }
                | SanityProblem::SameColoredBishops { .. } => &FEN_IMPOSSIBLE_MATERIAL,
            };
            let described = problem.describe(placement);
            // A check of the side not to move usually means the active colour is wrong.
            let range = match problem {
                SanityProblem::OpponentInCheck { .. } => side_range.unwrap_or(described.range),
                _ => described.range,
            };
            let mut p = FenProblem::new(rule, range, described.message);
            if let Some((range, message)) = described.related {
                p = p.with_related(range, message);
            }
            ok &= rule.severity != crate::diagnostic::Severity::Error;
            self.push(p);
        }
        ok
    }

    fn castling(
        &mut self,
        field: FenField,
        chess960: bool,
        placement: Option<&Placement>,
    ) -> Option<[CastleRights; 2]> {
        if field.text == "-" {
            return Some([CastleRights::EMPTY; 2]);
        }
        let mut rights: Vec<CastlingRight> = Vec::new();
        let mut ok = true;
        for (i, ch) in field.text.char_indices() {
            let range =
                TextRange::at(field.range.start() + TextSize::from(i as u32), TextSize::from(ch.len_utf8() as u32));
            let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
            let right = match ch {
                'K' | 'k' => Some((true, None)),
                'Q' | 'q' => Some((false, None)),
                'A'..='H' | 'a'..='h' if chess960 => {
                    Some((false, Some(File::index((ch.to_ascii_lowercase() as u8 - b'a') as usize))))
                }
                _ => None,
            };
            let Some((short, file)) = right else {
                let hint = match ch {
                    'A'..='H' | 'a'..='h' => " (Shredder-FEN file letters are for Chess960 only)",
                    '-' => " (`-` stands alone)",
                    _ => "",
                };
                self.push(FenProblem::new(
                    &FEN_CASTLING_SYNTAX,
                    range,
                    format!(
                        "`{ch}` in castling availability `{}`: expected `-` or letters from KQkq{hint}",
                        field.text
                    ),
                ));
                ok = false;
                continue;
            };
            if rights.iter().any(|r| r.letter == ch) {
                self.push(
                    FenProblem::new(&FEN_CASTLING_SYNTAX, range, format!("castling letter `{ch}` appears twice"))
                        .with_fix(format!("Remove the second `{ch}`"), range, "", true),
                );
                ok = false;
                continue;
            }
            rights.push(CastlingRight { color, short, file, range, letter: ch });
        }
        if !ok {
            return None;
        }
        if !chess960 || rights.iter().all(|r| r.file.is_none()) {
            let canonical: String = "KQkq".chars().filter(|c| rights.iter().any(|r| r.letter == *c)).collect();
            if canonical.len() == rights.len() && canonical != field.text {
                self.push(
                    FenProblem::new(
                        &FEN_CASTLING_ORDER,
                        field.range,
                        format!("castling availability `{}`, expected the order `{canonical}`", field.text),
                    )
                    .with_fix(
                        format!("Replace with `{canonical}`"),
                        field.range,
                        canonical.clone(),
                        true,
                    ),
                );
            }
        }
        let placement = placement?;
        let mut result = [CastleRights::EMPTY; 2];
        for right in rights {
            match self.castling_rook(&right, chess960, placement) {
                Some((short, file)) => {
                    let slot = &mut result[right.color as usize];
                    let side = if short { &mut slot.short } else { &mut slot.long };
                    if side.is_some() {
                        self.push(FenProblem::new(
                            &FEN_CASTLING_SYNTAX,
                            right.range,
                            format!("castling letter `{}` repeats a right already given", right.letter),
                        ));
                        ok = false;
                    }
                    *side = Some(file);
                }
                None => ok = false,
            }
        }
        ok.then_some(result)
    }

    /// The side and rook file of a castling right, after checking king and rook are in place.
    fn castling_rook(&mut self, right: &CastlingRight, chess960: bool, placement: &Placement) -> Option<(bool, File)> {
        let color = right.color;
        let back_rank = Rank::First.relative_to(color);
        let who = color_adjective(color);
        let remove = |p: FenProblem| p.with_fix(format!("Remove `{}`", right.letter), right.range, "", false);
        let is = |sq: Square, piece: Piece| placement.man(sq).is_some_and(|m| m.color == color && m.piece == piece);
        let king = Square::ALL.into_iter().find(|sq| is(*sq, Piece::King));
        let king_home = Square::new(File::E, back_rank);
        let king_file = match king {
            Some(k) if k.rank() == back_rank && (chess960 || k == king_home) => k.file(),
            _ => {
                let place =
                    if chess960 { format!("on rank {}", back_rank as usize + 1) } else { format!("on {king_home}") };
                let now = king.map_or("missing".to_owned(), |k| format!("on {k}"));
                self.push(remove(FenProblem::new(
                    &FEN_CASTLING_RIGHTS,
                    right.range,
                    format!("castling right `{}`, but the {who} king is {now}, not {place}", right.letter),
                )));
                return None;
            }
        };
        let (short, rook_file) = match right.file {
            Some(file) => (file > king_file, Some(file).filter(|f| is(Square::new(*f, back_rank), Piece::Rook))),
            None if chess960 => (right.short, outer_rook(placement, color, king_file, right.short)),
            None => {
                let file = if right.short { File::H } else { File::A };
                (right.short, Some(file).filter(|f| is(Square::new(*f, back_rank), Piece::Rook)))
            }
        };
        match rook_file {
            Some(file) if file != king_file => Some((short, file)),
            _ => {
                let wing = if short { "king" } else { "queen" };
                let place = match right.file {
                    Some(f) => format!("on {}", Square::new(f, back_rank)),
                    None if chess960 => format!("on the {wing} side of rank {}", back_rank as usize + 1),
                    None => format!("on {}", Square::new(if short { File::H } else { File::A }, back_rank)),
                };
                self.push(remove(FenProblem::new(
                    &FEN_CASTLING_RIGHTS,
                    right.range,
                    format!("castling right `{}`, but there is no {who} rook {place}", right.letter),
                )));
                None
            }
        }
    }

    /// `Some(None)` for `-`, `Some(Some(square))` for a consistent square, `None` on error.
    fn en_passant(&mut self, field: FenField, side: Color, placement: Option<&Placement>) -> Option<Option<Square>> {
        if field.text == "-" {
            return Some(None);
        }
        let square = match field.text.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
                Square::new(File::index((f - b'a') as usize), Rank::index((r - b'1') as usize))
            }
            _ => {
                self.push(FenProblem::new(
                    &FEN_EN_PASSANT_SYNTAX,
                    field.range,
                    format!("en passant square `{}`: expected `-` or a square such as `e3`", field.text),
                ));
                return None;
            }
        };
        let mover = !side;
        let expected_rank = Rank::Third.relative_to(mover);
        let to_dash = |p: FenProblem| p.with_fix("Replace with `-`", field.range, "-", false);
        if square.rank() != expected_rank {
            if !matches!(square.rank(), Rank::Third | Rank::Sixth) {
                self.push(to_dash(FenProblem::new(
                    &FEN_EN_PASSANT_SYNTAX,
                    field.range,
                    format!("en passant square `{square}`: expected a square on rank 3 or 6"),
                )));
            } else {
                self.push(to_dash(FenProblem::new(
                    &FEN_EN_PASSANT_POSITION,
                    field.range,
                    format!(
                        "en passant square `{square}` with {} to move: a {} double step leaves it on rank {}",
                        color_name(side),
                        color_adjective(mover),
                        expected_rank as usize + 1
                    ),
                )));
            }
            return None;
        }
        let placement = placement?;
        let forward = if mover == Color::White { 1 } else { -1 };
        let pawn_square = square.offset(0, forward);
        let from_square = square.offset(0, -forward);
        let pawn_there = placement.man(pawn_square).is_some_and(|m| m.color == mover && m.piece == Piece::Pawn);
        if !pawn_there {
            self.push(to_dash(FenProblem::new(
                &FEN_EN_PASSANT_POSITION,
                field.range,
                format!(
                    "en passant square `{square}`, but no {} pawn on {pawn_square} that could just have moved two squares",
                    color_adjective(mover)
                ),
            )));
            return None;
        }
        if let Some(blocker) = [square, from_square].into_iter().find(|sq| placement.man(*sq).is_some()) {
            self.push(to_dash(FenProblem::new(
                &FEN_EN_PASSANT_POSITION,
                field.range,
                format!("en passant square `{square}`, but {blocker} is occupied: the pawn cannot have passed it"),
            )));
            return None;
        }
        Some(Some(square))
    }

    /// A clock field: `Some(value)` when it is a number of the rule's range, else reports.
    fn number(&mut self, field: FenField, rule: &'static Rule, what: &str, min: u64) -> Option<u64> {
        let digits = !field.text.is_empty() && field.text.bytes().all(|b| b.is_ascii_digit());
        let value = digits.then(|| field.text.parse::<u64>().unwrap_or(u64::MAX));
        match value {
            Some(v) if v >= min => Some(v),
            Some(_) => {
                let fix = min.to_string();
                self.push(
                    FenProblem::new(rule, field.range, format!("{what} `{}`, expected a positive integer", field.text))
                        .with_fix(format!("Replace with `{fix}`"), field.range, fix.clone(), false),
                );
                None
            }
            None => {
                let kind = if min == 0 { "a non-negative integer" } else { "a positive integer" };
                self.push(FenProblem::new(rule, field.range, format!("{what} `{}`, expected {kind}", field.text)));
                None
            }
        }
    }
}

/// The rights of one castling field that the position does not allow are one mistake in one
/// field (`KQkq` on a board whose kings or rooks have moved): their diagnostics (FEN007) are
/// reported as one, over the rights concerned, with one fix removing them all (writing `-`
/// when that empties `field`, the castling field's range).
pub(crate) fn one_castling_report(
    diagnostics: impl Iterator<Item = Diagnostic>,
    field: Option<TextRange>,
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    for d in diagnostics {
        let joins = d.code == FEN_CASTLING_RIGHTS.code
            && out.last().is_some_and(|last| {
                let same_field = field.is_some_and(|f| f.contains_range(last.range) && f.contains_range(d.range));
                last.code == FEN_CASTLING_RIGHTS.code && (same_field || d.range.start() == last.range.end())
            });
        if !joins {
            out.push(d);
            continue;
        }
        let last = out.last_mut().expect("joins a previous diagnostic");
        last.range = last.range.cover(d.range);
        let part = |m: &str| {
            let letter = m.split('`').nth(1).unwrap_or("");
            let reason = m.split_once(", but ").map_or(m, |(_, why)| why);
            format!("`{letter}`: {reason}")
        };
        const HEAD: &str = "castling rights the position does not allow: ";
        if !last.message.starts_with(HEAD) {
            last.message = format!("{HEAD}{}", part(&last.message));
        }
        last.message = format!("{}; {}", last.message, part(&d.message));
        match (&mut last.fix, d.fix) {
            (Some(fix), Some(more)) => {
                fix.edits.extend(more.edits);
                fix.title = "Remove the castling rights the position does not allow".to_owned();
            }
            (fix @ None, more) => *fix = more,
            _ => {}
        }
    }
    for d in out.iter_mut().filter(|d| d.code == FEN_CASTLING_RIGHTS.code) {
        let Some(field) = field.filter(|f| f.contains_range(d.range)) else { continue };
        if let Some(fix) = d.fix.as_mut().filter(|fix| {
            fix.edits.iter().all(|e| e.replacement.is_empty())
                && fix.edits.iter().map(|e| u32::from(e.range.len())).sum::<u32>() == u32::from(field.len())
        }) {
            fix.edits = vec![crate::diagnostic::TextEdit::replace(field, "-")];
            fix.title = "Replace the castling rights with `-`".to_owned();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ninth_rank_is_what_follows_the_eighth_slash_of_nine_parts() {
        for text in ["8/8/8/8/8/8/8/8/Qn", "8/8/8/8/8/8/8/8/", "8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8/a/b", "", "/"] {
            let nine = text.split('/').nth(8).filter(|_| text.split('/').count() == 9);
            assert_eq!(ninth_rank(text), nine, "{text:?}");
        }
    }

    fn codes(fen: &str) -> Vec<(&'static str, String)> {
        check_fen(fen, false).problems.iter().map(|p| (p.rule.code, fen[p.range].to_owned())).collect()
    }

    #[test]
    fn the_start_position_is_clean_and_playable() {
        let checked = check_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false);
        assert!(checked.problems.is_empty(), "{:?}", checked.problems);
        assert_eq!(checked.board, Some(Board::default()));
    }

    #[test]
    fn reports_each_field_at_its_range() {
        assert_eq!(
            codes("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1"),
            vec![("FEN002", "RNBQKBN".to_owned())]
        );
        assert_eq!(codes("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), vec![("FEN004", "x".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), vec![("FEN007", "K".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/4K3 b - e3 0 1"), vec![("FEN009", "e3".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1"), vec![("FEN009", "e3".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"), vec![]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/4K3 w - - x 1"), vec![("FEN010", "x".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/4K3 w - - 0 0"), vec![("FEN011", "0".to_owned())]);
        assert_eq!(codes("P3k3/8/8/8/8/8/8/4K3 w - - 0 1"), vec![("FEN013", "P".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"), vec![("FEN014", "w".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"), vec![("FEN012", "K".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/4K3 w - -"), vec![("FEN001", "4k3/8/8/8/8/8/8/4K3 w - -".to_owned())]);
        assert_eq!(codes("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1"), vec![("FEN006", "qkQK".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1"), vec![("FEN016", "[Qn]".to_owned())]);
        assert_eq!(codes("4k3/8/8/8/8/8/8/13K3 w - - 0 1"), vec![("FEN003", "13".to_owned())]);
        assert_eq!(
            codes("4k3/8/8/8/8/8/8/4K3 w  - - 0\t1"),
            vec![("FEN018", "  ".to_owned()), ("FEN018", "\t".to_owned())]
        );
    }

    #[test]
    fn chess960_castling_letters_name_the_rooks() {
        let fen = "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1";
        assert!(codes(fen).iter().any(|(c, _)| *c == "FEN005"), "Shredder letters need Chess960");
        let checked = check_fen(fen, true);
        assert!(checked.problems.is_empty(), "{:?}", checked.problems);
        let board = checked.board.unwrap();
        assert_eq!(board.castle_rights(Color::White).short, Some(File::G));
        assert_eq!(board.castle_rights(Color::White).long, Some(File::B));
        let xfen = check_fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", true);
        assert!(xfen.problems.is_empty(), "{:?}", xfen.problems);
    }

    #[test]
    fn a_long_garbage_placement_is_one_error() {
        let fen = format!("{} w - - 0 1", "8/".repeat(100));
        let problems = check_fen(&fen, false).problems;
        assert!(problems.iter().all(|p| p.rule.code == "FEN002"));
        assert!(problems.iter().any(|p| p.message.contains("101 ranks")), "{problems:?}");
    }
}
