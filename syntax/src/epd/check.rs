//! The EPD/FEN checks: each record's position (via [`crate::chess::fen`]) and its operations
//! (PGN standard 16.2.4-16.2.5).

use super::lexer::next_line_start;
use super::model::{lines, Line, Operand, OperandList, Operation, Record};
use super::syntax_kind::SyntaxKind;
use crate::chess::fen::FEN_PLACEMENT;
use crate::chess::fen::{check_fields, RecordKind};
use crate::chess::san::{resolve_san, SanError};
use crate::diagnostic::{Applicability, Diagnostic, TextEdit};
use crate::parsing::ParseEvent;
use crate::text::{quoted_value, TextRange, TextSize};
use cozy_chess::{Board, Color, Move};

crate::diagnostic::declare_rules! {
    EPD_DUPLICATE_OPCODE = "EPD004" "epd-duplicate-opcode" Error Import "PGN 16.2.4.1"
        "An opcode appears at most once per record"
        "Any given opcode appears at most once per EPD record; merge the operands or drop one operation."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - bm Kd1; bm Kf1;", good: "4k3/8/8/8/8/8/8/4K3 w - - bm Kd1 Kf1;";
    EPD_UNKNOWN_OPCODE = "EPD005" "epd-unknown-opcode" Warning Import "PGN 16.2.4.2"
        "A lower-case opcode that the standard does not list"
        "Programs ignore opcodes they do not know; a lower-case opcode outside the standard list may be a typo or a program's extension (private opcodes start with an upper-case letter)."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - bestmove Kd1;", good: "4k3/8/8/8/8/8/8/4K3 w - - bm Kd1;";
    EPD_OPERAND_COUNT = "EPD006" "epd-operand-count" Error Import "PGN 16.2.5"
        "An opcode has the number of operands the standard gives it"
        "For example `id`, `ce` and `sm` take exactly one operand, `tcri` two, `resign` none, `c0` at most one."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - ce 10 20;", good: "4k3/8/8/8/8/8/8/4K3 w - - ce 10;";
    EPD_INTEGER_OPERAND = "EPD007" "epd-integer-operand" Error Import "PGN 16.2.5"
        "Integer operands are integers within the opcode's range"
        "`acn`, `acs` and `hmvc` take a non-negative integer, `dm`, `fmvn`, `rc` and `tcgs` a positive one, and `ce` an integer from -32767 to 32766."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - ce 40000;", good: "4k3/8/8/8/8/8/8/4K3 w - - ce 400;";
    EPD_STRING_OPERAND = "EPD008" "epd-string-operand" Error Import "PGN 16.2.4.1"
        "String opcodes take quoted operands of fewer than 256 bytes"
        "`id`, `c0`-`c9`, `v0`-`v9`, `eco`, `nic`, `tcri` and `tcsi` take strings, which are delimited by quotes and shorter than 256 bytes. An unquoted word is read as the string it spells."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - id test1;", good: "4k3/8/8/8/8/8/8/4K3 w - - id \"test1\";";
    EPD_ILLEGAL_MOVE = "EPD009" "epd-illegal-move" Error Import "PGN 16.2.4.1"
        "Move operands (`am`, `bm`, `pm`, `pv`, `sm`) are legal SAN moves in the position"
        "Moves in EPD operations are SAN moves playable from the record's position; `pv` moves are played one after another. A move that no reading makes legal (SAN, long algebraic, coordinates, castling as the king's move) is reported here; a legal one written otherwise than in SAN is EPD011."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - bm Ke3;", good: "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;";
    EPD_AMBIGUOUS_MOVE = "EPD010" "epd-ambiguous-move" Error Import "PGN 8.2.3"
        "A move operand matches more than one legal move"
        "SAN adds the file or rank of departure when two pieces of the same kind can reach the square."
        bad: "4k3/8/8/8/8/8/8/R3K2R w - - bm Rd1;", good: "4k3/8/8/8/8/8/8/R3K2R w - - bm Rad1;";
    EPD_NON_CANONICAL_SAN = "EPD011" "epd-non-canonical-san" Warning Import "PGN 8.2.3"
        "A move operand is readable but not canonical SAN"
        "Castling with zeros or as the king's move (`e1g1`, `e1h1`), coordinates (`g1f3`, `e7e8q`), long algebraic (`Ng1-f3`), a missing or superfluous capture mark or check sign, a pawn letter or extra disambiguation are understood, as PGN movetext reads them, but should be written as SAN."
        bad: "4k3/8/8/8/8/8/8/R3K2R w K - bm 0-0;", good: "4k3/8/8/8/8/8/8/R3K2R w K - bm O-O;";
    EPD_COMMENT_LINE = "EPD012" "epd-comment-line" Warning Import "PGN 16.2"
        "EPD has no comment lines"
        "Lines starting with `%` or `#` are a convention of some programs; EPD files are lines of records only, so other readers may fail on them."
        bad: "% my test suite", good: "4k3/8/8/8/8/8/8/4K3 w - - c0 \"my test suite\";";
    EPD_PV_MISMATCH = "EPD014" "epd-pm-pv-mismatch" Error Import "PGN 16.2.5.18"
        "The predicted move `pm` is the first move of the predicted variation `pv`"
        "When both are present the standard requires that they agree."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - pm Kd1; pv Kf1 Kd7;", good: "4k3/8/8/8/8/8/8/4K3 w - - pm Kd1; pv Kd1 Kd7;";
    EPD_DRAW_NEEDS_SM = "EPD015" "epd-draw-needs-sm" Error Import "PGN 16.2.5.9"
        "`draw_claim` and `draw_offer` need a supplied move `sm`"
        "A draw claim or offer is made together with a move, given by the `sm` opcode in the same record."
        bad: "4k3/8/8/8/8/8/8/4K3 w - - draw_offer;", good: "4k3/8/8/8/8/8/8/4K3 w - - draw_offer; sm Kd1;";
    EPD_RECORD_TOO_LARGE = "EPD016" "epd-record-too-large" Error Import "PGN 16.2 (kibitzer's limit; the standard sets none)"
        "A line larger than the 1 MiB kibitzer reads as one EPD record"
        "An EPD record is a position and a few operations: hundreds of bytes. Reading one takes tens of bytes of memory per byte of it, so kibitzer reads no line longer than 1 MiB (an accident, or an attack): it is reported once and neither checked nor formatted."
        bad: "", good: "";
}

/// What operands an opcode takes (16.2.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Operands {
    /// `count.0..=count.1` integers within `range`.
    Integer {
        min: i64,
        max: i64,
    },
    /// Moves all playable from the position (`am`, `bm`; `pm`/`sm` take exactly one).
    Moves {
        min: usize,
        max: usize,
    },
    /// Moves played one after another (`pv`).
    Variation,
    Strings {
        min: usize,
        max: usize,
    },
    Nothing,
    Anything,
}

/// The standard's opcodes and their operands; `None` for an unknown opcode.
fn opcode_operands(opcode: &str) -> Option<Operands> {
    use Operands::*;
    Some(match opcode {
        "acn" | "acs" | "hmvc" => Integer { min: 0, max: i64::MAX },
        "ce" => Integer { min: -32767, max: 32766 },
        "dm" | "fmvn" | "rc" | "tcgs" => Integer { min: 1, max: i64::MAX },
        "am" | "bm" => Moves { min: 0, max: usize::MAX },
        "pm" | "sm" => Moves { min: 1, max: 1 },
        "pv" => Variation,
        "id" => Strings { min: 1, max: 1 },
        "eco" | "nic" => Strings { min: 0, max: 1 },
        "tcri" | "tcsi" => Strings { min: 2, max: 2 },
        "draw_accept" | "draw_claim" | "draw_offer" | "draw_reject" | "resign" => Nothing,
        "noop" => Anything,
        _ if opcode.len() == 2 && matches!(opcode.as_bytes(), [b'c' | b'v', b'0'..=b'9']) => Strings { min: 0, max: 1 },
        _ => return None,
    })
}

fn opcode_is_well_formed(opcode: &str) -> bool {
    let bytes = opcode.as_bytes();
    bytes.first().is_some_and(u8::is_ascii_alphabetic)
        && bytes.len() <= 15
        && bytes.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
}

/// About how much text a core checks at a time: lines are independent, so a large file is
/// checked in pieces on every core ([`crate::parallel`]).
const PIECE_BYTES: usize = 256 * 1024;

pub fn check(text: &str) -> Vec<Diagnostic> {
    crate::parallel::check_in_pieces(text, PIECE_BYTES, next_line_start, check_piece)
}

thread_local! {
    /// Each thread's event buffer, reused from piece to piece (the language server checks
    /// line after line).
    static EVENTS: std::cell::Cell<Vec<ParseEvent<SyntaxKind>>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The largest event buffer a thread keeps for the next piece (12 bytes an event: 3 MB).
const KEPT_EVENTS: usize = 1 << 18;

/// The longest line kibitzer reads as an EPD record: the limit of one game
/// ([`crate::stretches::MAX_GAME_BYTES`], 1 MiB). A record is hundreds of bytes; its parse takes
/// tens of bytes of memory per byte, which a line of 30 MB would turn into gigabytes.
pub const MAX_RECORD_BYTES: usize = crate::stretches::MAX_GAME_BYTES;

/// The line from `start` on (the start of a line), when it is longer than [`MAX_RECORD_BYTES`]:
/// its range, terminator included.
pub(crate) fn too_large_line(text: &str, start: usize) -> Option<TextRange> {
    let (content, terminator) = super::lexer::lines(&text[start..]).next()?;
    let at = TextSize::from(start as u32);
    (usize::from(content.len()) > MAX_RECORD_BYTES).then(|| content.cover(terminator) + at)
}

/// The one diagnostic of a line too long to read (`line`, terminator included), on its first
/// character.
pub(crate) fn too_large(text: &str, line: TextRange) -> Diagnostic {
    let content = TextRange::at(line.start(), TextSize::from(text[line].trim_end_matches(['\n', '\r']).len() as u32));
    crate::stretches::too_large_diagnostic(&EPD_RECORD_TOO_LARGE, text, content, "line", "record")
}

/// Checks a piece of whole lines; a line too long to read gets one diagnostic and the lines
/// around it are checked as usual.
fn check_piece(text: &str) -> Vec<Diagnostic> {
    if text.len() <= MAX_RECORD_BYTES {
        return check_lines(text);
    }
    let mut out = Vec::new();
    let mut run = 0;
    let check_run = |from: usize, to: usize, out: &mut Vec<Diagnostic>| {
        let at = TextSize::from(from as u32);
        out.extend(check_lines(&text[from..to]).into_iter().map(|d| d.shifted(at)));
    };
    for (content, terminator) in super::lexer::lines(text) {
        if usize::from(content.len()) > MAX_RECORD_BYTES {
            check_run(run, usize::from(content.start()), &mut out);
            out.push(too_large(text, content.cover(terminator)));
            run = usize::from(terminator.end());
        }
    }
    check_run(run, text.len(), &mut out);
    out
}

fn check_lines(text: &str) -> Vec<Diagnostic> {
    let (events, mut out) = super::parser::parse_events(text, EVENTS.take());
    // The starts of the operations whose missing `;` (the parser's EPD001) is the consequence of
    // a root cause the check reports on the same opcode: one mistake, one diagnostic.
    let mut absorbed: Vec<TextSize> = Vec::new();
    for line in lines(&events, text) {
        match line {
            Line::Record(record) => check_record(&record, &mut out, &mut absorbed),
            Line::Comment(range) => {
                out.push(Diagnostic::new(&EPD_COMMENT_LINE, range, "comment line: EPD and FEN files hold only records"))
            }
            Line::Blank => {}
        }
    }
    if !absorbed.is_empty() {
        let code = super::parser::EPD_OPERATION_UNTERMINATED.code;
        out.retain(|d| d.code != code || !absorbed.contains(&d.range.start()));
    }
    if events.capacity() <= KEPT_EVENTS {
        EVENTS.set(events);
    }
    out
}

/// The operation of `opcode` among `seen`.
fn first<'s, 'a>(seen: &[&'s Operation<'a>], opcode: &str) -> Option<&'s Operation<'a>> {
    seen.iter().copied().find(|o| o.opcode == opcode)
}

/// The first moves of `pm` and `pv`, which must agree.
#[derive(Default)]
struct FirstMoves {
    pm: Option<Move>,
    pv: Option<Move>,
}

fn check_record(record: &Record, out: &mut Vec<Diagnostic>, absorbed: &mut Vec<TextSize>) {
    if !record.fields.first().is_some_and(|f| f.text.contains('/')) {
        // Not a position at all (a heading, a `perft` line): one error for the line, no
        // cascade of field errors.
        let first = record.fields.first().map_or("", |f| f.text);
        out.push(Diagnostic::new(
            &FEN_PLACEMENT,
            record.range,
            format!(
                "not a position record: `{}` is not a piece placement (ranks separated by `/`)",
                quoted_value(first)
            ),
        ));
        return;
    }
    let board = {
        // Without a Variant tag, Shredder-FEN file letters are the only sign of Chess960.
        let chess960 = record.fields.get(2).is_some_and(|f| f.text.bytes().any(|b| b"ABCDEFGHabcdefgh".contains(&b)));
        let checked = check_fields(&record.fields, RecordKind::FenOrEpd, chess960);
        out.extend(crate::chess::fen::one_castling_report(
            checked.problems.iter().map(|p| p.to_diagnostic(TextSize::from(0))),
            record.fields.get(2).map(|f| f.range),
        ));
        checked.board
    };
    // The first operation of each opcode; a record has a handful, a list beats hashing.
    let mut seen: smallvec::SmallVec<[&Operation; 8]> = smallvec::SmallVec::new();
    let mut first_moves = FirstMoves::default();
    for op in &record.operations {
        if !opcode_is_well_formed(op.opcode) {
            // Not an operation at all (`1.e4`, `$bm`): its missing `;` is no second mistake.
            out.push(Diagnostic::new(
                &super::parser::EPD_OPCODE_SYNTAX,
                op.opcode_range,
                format!("opcode `{}`: expected a letter followed by up to 14 letters, digits or `_`", op.opcode),
            ));
            absorbed.push(op.opcode_range.start());
            continue;
        }
        if let Some(first) = first(&seen, op.opcode) {
            out.push(
                Diagnostic::new(
                    &EPD_DUPLICATE_OPCODE,
                    op.opcode_range,
                    format!("opcode `{}` appears a second time in this record", op.opcode),
                )
                .with_related(first.opcode_range, "first occurrence"),
            );
        } else {
            seen.push(op);
        }
        let spec = match opcode_operands(op.opcode) {
            Some(spec) => spec,
            None if op.opcode.starts_with(|c: char| c.is_ascii_lowercase()) => {
                // Words at the end of a line with no `;` (`hello world`): the unknown opcode is
                // the mistake, the missing `;` its consequence, said in the same message.
                let unended = if op.terminated {
                    String::new()
                } else {
                    absorbed.push(op.opcode_range.start());
                    format!(" (and `{}` is not ended by `;`)", quoted_value(&written(op)))
                };
                out.push(Diagnostic::new(
                    &EPD_UNKNOWN_OPCODE,
                    op.opcode_range,
                    format!(
                        "opcode `{}` is not in the standard's list; programs that do not know it ignore it{unended}",
                        op.opcode
                    ),
                ));
                continue;
            }
            // Upper-case opcodes are private by the standard (16.2.4.2).
            None => continue,
        };
        match next_opcode(op, spec) {
            Some(at) => {
                // `bm e4 pv e4 e5`: a `;` is missing, and `pv` is no operand of `bm`. One
                // diagnostic; the operands before it are checked, the words after it are not.
                let word = &op.operands[at];
                let end = if at == 0 { op.opcode_range.end() } else { op.operands[at - 1].range.end() };
                out.push(
                    Diagnostic::new(
                        &super::parser::EPD_OPERATION_UNTERMINATED,
                        TextRange::new(op.opcode_range.start(), end),
                        format!("operation `{}` is not ended by `;` before the opcode `{}`", op.opcode, word.raw),
                    )
                    .with_fix("Add `;`", vec![TextEdit::insert(end, ";")], Applicability::Safe),
                );
                let before = Operation { operands: OperandList::from_slice(&op.operands[..at]), ..op.clone() };
                check_operands(&before, spec, board.as_ref(), out, &mut first_moves);
            }
            None => check_operands(op, spec, board.as_ref(), out, &mut first_moves),
        }
    }
    if let (Some(pm), Some(pv)) = (first_moves.pm, first_moves.pv) {
        if pm != pv {
            if let Some(op) = first(&seen, "pm") {
                out.push(Diagnostic::new(
                    &EPD_PV_MISMATCH,
                    op.range,
                    "predicted move `pm` differs from the first move of the predicted variation `pv`",
                ));
            }
        }
    }
    for draw in ["draw_claim", "draw_offer"] {
        if let (Some(op), false) = (first(&seen, draw), first(&seen, "sm").is_some()) {
            out.push(Diagnostic::new(
                &EPD_DRAW_NEEDS_SM,
                op.opcode_range,
                format!("`{draw}` without a supplied move `sm` in the same record"),
            ));
        }
    }
}

/// The first operand of `op` that is one of the standard's opcodes and cannot be an operand of
/// `op` (a move opcode's `c1` is a move, a comment's bare words are prose): where a `;` is
/// missing.
fn next_opcode(op: &Operation, spec: Operands) -> Option<usize> {
    if matches!(spec, Operands::Anything) {
        return None;
    }
    let moves = matches!(spec, Operands::Moves { .. } | Operands::Variation);
    // Bare words of a string opcode are prose (`c0 bm is good`) unless a quoted string ended it.
    let strings = matches!(spec, Operands::Strings { .. });
    (0..op.operands.len()).find(|&i| {
        let o = &op.operands[i];
        !o.quoted
            && opcode_operands(o.raw).is_some()
            && !(moves && crate::chess::san::parse(o.raw).is_some())
            && !(strings && (i == 0 || !op.operands[i - 1].quoted))
    })
}

/// An operation as written: its opcode and operands, one space apart.
fn written(op: &Operation) -> String {
    std::iter::once(op.opcode).chain(op.operands.iter().map(|o| o.raw)).collect::<Vec<_>>().join(" ")
}

fn count_problem(op: &Operation, min: usize, max: usize, out: &mut Vec<Diagnostic>) -> bool {
    let n = op.operands.len();
    if (min..=max).contains(&n) {
        return false;
    }
    let expected = match (min, max) {
        (0, 0) => "no operand".to_owned(),
        (a, b) if a == b => format!("{a} operand{}", if a == 1 { "" } else { "s" }),
        (0, b) => format!("at most {b}"),
        (a, _) => format!("at least {a}"),
    };
    let range = if n > max { op.operands[max].range.cover(op.operands[n - 1].range) } else { op.opcode_range };
    out.push(Diagnostic::new(
        &EPD_OPERAND_COUNT,
        range,
        format!("`{}` has {n} operand{}, expected {expected}", op.opcode, if n == 1 { "" } else { "s" }),
    ));
    true
}

fn check_operands(
    op: &Operation,
    spec: Operands,
    board: Option<&Board>,
    out: &mut Vec<Diagnostic>,
    first_moves: &mut FirstMoves,
) {
    match spec {
        Operands::Anything => {}
        Operands::Nothing => {
            count_problem(op, 0, 0, out);
        }
        Operands::Integer { min, max } => {
            if count_problem(op, 1, 1, out) {
                return;
            }
            let operand = &op.operands[0];
            let value = operand.value();
            let parsed = value.strip_prefix('+').unwrap_or(&value).parse::<i64>().ok().filter(|_| !operand.quoted);
            let range_text = match (min, max) {
                (0, i64::MAX) => "a non-negative integer".to_owned(),
                (1, i64::MAX) => "a positive integer".to_owned(),
                (a, b) => format!("an integer from {a} to {b}"),
            };
            match parsed {
                Some(v) if (min..=max).contains(&v) => {}
                _ => out.push(Diagnostic::new(
                    &EPD_INTEGER_OPERAND,
                    operand.range,
                    format!("`{}` operand `{}`, expected {range_text}", op.opcode, operand.raw),
                )),
            }
        }
        Operands::Strings { min, max } => check_strings(op, min, max, out),
        Operands::Moves { min, max } => {
            if count_problem(op, min, max, out) {
                return;
            }
            let Some(board) = board else { return };
            for (i, operand) in op.operands.iter().enumerate() {
                let mv = check_move(op, operand, board, out);
                if let (Some(mv), 0, "pm") = (mv, i, op.opcode) {
                    first_moves.pm = Some(mv);
                }
            }
        }
        Operands::Variation => {
            let Some(board) = board else { return };
            let mut position = board.clone();
            for (i, operand) in op.operands.iter().enumerate() {
                let Some(mv) = check_move(op, operand, &position, out) else { break };
                if i == 0 {
                    first_moves.pv = Some(mv);
                }
                position.play_unchecked(mv);
            }
        }
    }
}

/// String operands: quoted, shorter than 256 bytes. Unquoted words (some writers leave comments
/// bare) are read as one string and reported once, with a fix that quotes them.
fn check_strings(op: &Operation, min: usize, max: usize, out: &mut Vec<Diagnostic>) {
    let bare: Vec<&Operand> = op.operands.iter().filter(|o| !o.quoted).collect();
    if !bare.is_empty() && bare.len() == op.operands.len() {
        let range = bare[0].range.cover(bare[bare.len() - 1].range);
        let words: Vec<&str> = bare.iter().map(|o| o.raw).collect();
        let joined = words.join(" ");
        let mut d = Diagnostic::new(
            &EPD_STRING_OPERAND,
            range,
            format!("`{}` operand `{}` is not quoted, expected a string `\"…\"`", op.opcode, quoted_value(&joined)),
        );
        if !joined.contains('\\') && max == 1 {
            d = d.with_fix(
                "Quote the operand",
                vec![TextEdit::insert(range.start(), "\""), TextEdit::insert(range.end(), "\"")],
                Applicability::Safe,
            );
        }
        out.push(d);
        return;
    }
    if count_problem(op, min, max, out) {
        return;
    }
    for operand in &op.operands {
        if !operand.quoted {
            out.push(Diagnostic::new(
                &EPD_STRING_OPERAND,
                operand.range,
                format!("`{}` operand `{}` is not quoted, expected a string", op.opcode, quoted_value(operand.raw)),
            ));
        } else if operand.value().len() >= 256 {
            out.push(Diagnostic::new(
                &EPD_STRING_OPERAND,
                operand.range,
                format!("`{}` string of {} bytes, expected fewer than 256", op.opcode, operand.value().len()),
            ));
        }
    }
}

fn side(board: &Board) -> &'static str {
    match board.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Resolves a move operand, reporting what is wrong; the move when it is legal.
fn check_move(op: &Operation, operand: &Operand, board: &Board, out: &mut Vec<Diagnostic>) -> Option<Move> {
    let san = operand.value();
    match resolve_san(board, &san) {
        Ok(resolved) => {
            if !resolved.canonical.is(&san) || operand.quoted {
                out.push(
                    Diagnostic::new(
                        &EPD_NON_CANONICAL_SAN,
                        operand.range,
                        format!("`{}` move `{}`, canonical SAN is `{}`", op.opcode, operand.raw, resolved.canonical),
                    )
                    .with_replacement(
                        format!("Replace with `{}`", resolved.canonical),
                        operand.range,
                        resolved.canonical.to_string(),
                    ),
                );
            }
            Some(resolved.mv)
        }
        Err(SanError::Ambiguous(candidates)) => {
            out.push(Diagnostic::new(
                &EPD_AMBIGUOUS_MOVE,
                operand.range,
                format!("`{}` move `{}` is ambiguous: {}", op.opcode, operand.raw, candidates.join(", ")),
            ));
            None
        }
        Err(SanError::Illegal) => {
            out.push(Diagnostic::new(
                &EPD_ILLEGAL_MOVE,
                operand.range,
                format!("`{}` move `{}` is not legal for {} in this position", op.opcode, operand.raw, side(board)),
            ));
            None
        }
        Err(SanError::Syntax) => {
            out.push(Diagnostic::new(
                &EPD_ILLEGAL_MOVE,
                operand.range,
                format!("`{}` operand `{}` is not a SAN move", op.opcode, quoted_value(operand.raw)),
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_too_long_to_read_gets_one_diagnostic_and_the_others_are_checked() {
        let long = format!("8/8/8/8/8/8/8/K6k w - - {}\n", "c0 \"x\"; ".repeat(200_000));
        let text = format!("4k3/8/8/8/8/8/8/4K3 w - - bad!;\n{long}4k3/8/8/8/8/8/8/4K3 w - - bad!;\n");
        let found = check(&text);
        let codes: Vec<&str> = found.iter().map(|d| d.code).collect();
        let alone = check_lines("4k3/8/8/8/8/8/8/4K3 w - - bad!;\n");
        assert!(!alone.is_empty());
        let line_two = text.find('\n').unwrap() + 1;
        let large: Vec<&Diagnostic> = found.iter().filter(|d| d.code == EPD_RECORD_TOO_LARGE.code).collect();
        assert_eq!(large.len(), 1, "{codes:?}");
        assert_eq!(usize::from(large[0].range.start()), line_two);
        assert!(large[0].message.contains(&format!("({} bytes)", long.len() - 1)), "{}", large[0].message);
        // The lines before and after it, as alone.
        assert_eq!(found.len(), 1 + 2 * alone.len(), "{codes:?}");
    }

    /// Lines are independent: a large file checked in pieces on every core gives what checking
    /// it in one piece gives, whatever its line ends.
    #[test]
    fn parallel_check_equals_one_piece_check() {
        let lines = [
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm O-O; pm O-O-O; pv O-O;\r\n",
            "% a comment\n",
            "4k3/8/8/8/8/8/8/4K3 w - - c0 \"open\r",
            "\n",
            "4k3/8/8/8/8/8/8/4K3 w KQ - id x; bm Kd2 Ke9; draw_offer;\r\n",
        ];
        let text: String = (0..30_000).map(|i| lines[i % lines.len()]).collect();
        assert!(text.len() > crate::parallel::PARALLEL_MIN_BYTES);
        // In the engine's order (a piece lists its syntax errors first).
        let sorted = |mut d: Vec<Diagnostic>| {
            crate::diagnostic::sort_in_text_order(&mut d);
            d
        };
        let serial = sorted(check_piece(&text));
        assert!(serial.len() > 30_000);
        assert_eq!(sorted(crate::parallel::check_in_pieces(&text, 4096, next_line_start, check_piece)), serial);
    }
}
