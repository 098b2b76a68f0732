//! Replaying the movetext (PGN 8.2): legality of every move in the main line and in every
//! variation, SAN spelling, move numbers, NAGs and suffix annotations.
//!
//! The walk is iterative: one [`Line`] per open variation on an explicit stack. A variation
//! starts from the position before the move it replaces. After an illegal move only that line
//! stops being replayed; its later moves raise nothing more, other lines go on.

use crate::chess::san::{self, CheckMark, Resolution, San, SanMove};
use crate::config::{export_severity, Mode};
use crate::diagnostic::{Applicability, Diagnostic, TextEdit};
use crate::pgn::flat::Game;
use crate::pgn::model::{Event, Tok};
use crate::pgn::syntax_kind::SyntaxKind;
use crate::text::{TextRange, TextSize};
use cozy_chess::{Board, Color, Piece, Square};
use std::fmt::Write;
use std::ops::ControlFlow;

crate::diagnostic::declare_rules! {
    ILLEGAL_MOVE = "PGN200" "illegal-move" Error Import "PGN 8.2.3"
        "A move that is not legal in the position"
        "Every move is replayed from the initial position (or the FEN tag). After an illegal move the rest of that line is not replayed, but other variations and games are."
        bad: "1. e4 e5 2. Ke3 *\n", good: "1. e4 e5 2. Ke2 *\n";
    AMBIGUOUS_MOVE = "PGN201" "ambiguous-move" Error Import "PGN 8.2.3.4"
        "A move that more than one piece can make"
        "When two pieces of the same kind can move to the square, SAN adds the file, the rank or both of the moving piece."
        bad: "1. Nf3 Nf6 2. d3 d6 3. Nd2 *\n", good: "1. Nf3 Nf6 2. d3 d6 3. Nbd2 *\n";
    WRONG_PIECE = "PGN202" "wrong-piece" Error Import "PGN 8.2.3"
        "A move that names a piece which cannot go there, when another piece can"
        "The piece letter says which piece moves; the move is illegal for the piece named."
        bad: "1. e4 e5 2. Bc3 *\n", good: "1. e4 e5 2. Nc3 *\n";
    MOVE_AFTER_GAME_END = "PGN203" "move-after-game-end" Error Import "PGN 8.2.3"
        "A move after checkmate or stalemate"
        "A game ends at checkmate or stalemate; no move can follow."
        bad: "1. f3 e5 2. g4 Qh4# 3. Nc3 *\n", good: "1. f3 e5 2. g4 Qh4# 0-1\n";
    MISSING_PROMOTION = "PGN204" "missing-promotion" Error Import "PGN 8.2.3.5"
        "A pawn reaches the last rank without a promotion piece"
        "A pawn move to the last rank names the piece it becomes, e.g. `e8=Q`."
        bad: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8 *\n", good: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8=Q *\n";
    NULL_MOVE = "PGN205" "null-move" Warning Import "PGN 8.2.3"
        "A null move (`--` or `Z0`), which the standard does not define"
        "Null moves are an extension used in analysis; many readers reject them."
        bad: "1. e4 -- 2. d4 *\n", good: "1. e4 e5 2. d4 *\n";
    VARIATION_WITHOUT_MOVE = "PGN206" "variation-without-move" Error Import "PGN 8.2.5"
        "A variation with no preceding move to replace"
        "A variation is an alternative to the move just before it, so it cannot come first."
        bad: "(1. d4) 1. e4 *\n", good: "1. e4 (1. d4) *\n";
    CASTLING_WITH_ZEROS = "PGN210" "castling-with-zeros" Warning Import "PGN 8.2.3.3"
        "Castling written with zeros or lowercase letters"
        "SAN castles with capital letter O: `O-O` and `O-O-O`."
        bad: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *\n", good: "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n";
    CAPTURE_MARK = "PGN211" "capture-mark" Warning Import "PGN 8.2.3.4"
        "A capture without `x`, or `x` on a move that captures nothing"
        "SAN marks a capture with `x` (not `:`), and only a capture."
        bad: "1. e4 d5 2. ed5 *\n", good: "1. e4 d5 2. exd5 *\n";
    CHECK_MARK = "PGN212" "check-mark" Warning Import "PGN 8.2.3.6"
        "A missing or wrong `+` or `#`"
        "SAN ends a checking move with `+` and a mating move with `#`, and no other move."
        bad: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n", good: "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n";
    PAWN_LETTER = "PGN213" "pawn-letter" Warning Import "PGN 8.2.3.4"
        "A pawn move written with the letter P"
        "SAN writes pawn moves without a piece letter."
        bad: "1. Pe4 *\n", good: "1. e4 *\n";
    OVER_DISAMBIGUATED = "PGN214" "over-disambiguated" Warning Import "PGN 8.2.3.4"
        "A move with more of its origin square than needed (long algebraic)"
        "SAN gives the origin file or rank only when needed to tell two pieces apart; `Ng1f3` and `e2-e4` are long algebraic, `g1f3` and `e1g1` (castling as the king's move, or `e1h1` as UCI writes Chess960 castling) coordinates. Each is read as the move it names, with its SAN as the fix."
        bad: "1. Ng1f3 *\n", good: "1. Nf3 *\n";
    LOWERCASE_PIECE = "PGN215" "lowercase-piece" Warning Import "PGN 8.2.3.2"
        "A piece letter in lowercase"
        "SAN piece letters are uppercase: K Q R B N."
        bad: "1. nf3 *\n", good: "1. Nf3 *\n";
    PROMOTION_WITHOUT_EQUALS = "PGN216" "promotion-without-equals" Warning Import "PGN 8.2.3.5"
        "A promotion written without `=`"
        "SAN writes promotions as `e8=Q`."
        bad: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8Q *\n", good: "[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8=Q *\n";
    WRONG_MOVE_NUMBER = "PGN220" "wrong-move-number" Error Import "PGN 8.2.2"
        "A move number that is not the number of the move it precedes"
        "Move number indications give the fullmove number of the following move."
        bad: "1. e4 e5 3. Nf3 *\n", good: "1. e4 e5 2. Nf3 *\n";
    EXPORT_MOVE_NUMBER = "PGN221" "export-move-number" Error Export "PGN 8.2.2.2"
        "A missing or superfluous move number indication in export format"
        "Export format puts `N.` before every White move and `N...` before a Black move only when it starts a variation or follows a comment or variation."
        bad: "1. e4 2. e5 *\n", good: "1. e4 e5 *\n";
    NAG_RANGE = "PGN230" "nag-range" Error Import "PGN 8.2.4"
        "A NAG outside `$0`–`$255`"
        "Numeric annotation glyphs are `$` and an integer from 0 to 255."
        bad: "1. e4 $256 *\n", good: "1. e4 $1 *\n";
    SUFFIX_IN_EXPORT = "PGN231" "suffix-in-export" Error Export "PGN 8.2.4"
        "A suffix annotation like `!` in export format, where a NAG is wanted"
        "Import format allows `!` `?` `!!` `??` `!?` `?!` after a move; export format writes NAGs $1 to $6."
        bad: "1. e4! *\n", good: "1. e4 $1 *\n";
    UNKNOWN_SUFFIX = "PGN232" "unknown-suffix" Error Import "PGN 8.2.4"
        "A run of `!` and `?` that is not one of the six suffix annotations"
        "Only `!` `?` `!!` `??` `!?` `?!` are suffix annotations."
        bad: "1. e4!!! *\n", good: "1. e4!! *\n";
}

/// How the main line ended, when it ended in a position with no legal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ending {
    Checkmate { winner_white: bool },
    Stalemate,
}

pub(super) struct Replay {
    /// Moves of the main line, replayed or not.
    pub main_plies: u32,
    /// The start position and the moves of the main line, for the duplicate check.
    pub main_moves: super::duplicates::MoveHash,
    /// Set when the whole main line was replayed and ends in mate or stalemate.
    pub ending: Option<Ending>,
    /// What the replay found at the offset it was asked to stop at.
    pub stop: Option<Stop>,
    /// The named opening positions the main line passed through (PGN120, PGN121).
    pub route: crate::chess::openings::Route,
}

/// What a replay asked to stop at an offset knows there (for the editor's hover and
/// completion): the token at the offset and the position of the line (main line or
/// variation) that holds it.
#[derive(Debug, Clone)]
pub struct Stop {
    /// The token at the offset, `None` past the last one (the innermost open line is reported).
    pub token: Option<(SyntaxKind, TextRange)>,
    /// The position before that token; `None` when its line is no longer replayed (it follows
    /// an illegal move) or the token is not reached by any line.
    pub before: Option<Board>,
    /// For a move token whose line is replayed: what playing it gave.
    pub played: Option<Played>,
}

/// The outcome of playing one written move.
#[derive(Debug, Clone)]
pub enum Played {
    /// A legal move and the position after it.
    Move(cozy_chess::Move, Board),
    /// A null move (`--`, `Z0`) and the position after it.
    Null(Board),
    /// Not playable: the diagnostic that says why (illegal, ambiguous, missing promotion).
    Refused(Diagnostic),
}

/// Whether the replay asked to stop at `at` stops at `token`: the first token that covers `at`,
/// or a word that ends at `at` (the word being typed, or hovered from its end).
fn stops_at(token: &Tok, at: TextSize) -> bool {
    token.range.end() > at
        || (token.range.end() == at
            && matches!(
                token.kind,
                SyntaxKind::SAN | SyntaxKind::SYMBOL | SyntaxKind::NUMBER | SyntaxKind::ERROR_TOKEN
            ))
}

/// A move number indication waiting for its move.
#[derive(Clone, Copy)]
struct PendingNumber {
    number: u32,
    number_range: TextRange,
    dots: usize,
}

struct Line {
    board: Board,
    /// The position before the last move: where a variation after it starts. `None` before
    /// the first move and once the line is dead past its first illegal move.
    before: Option<Board>,
    dead: bool,
    pending: Option<PendingNumber>,
    /// A comment or variation came since the last move (export: Black's move needs a number).
    interrupted: bool,
    /// No move yet in this line.
    first: bool,
    /// After a wrong move number: how far the written numbers are off, and the diagnostic that
    /// reported it (in `out`). Later numbers that keep the same offset repeat that one mistake:
    /// they are not reported again, their correction joins that diagnostic's fix.
    numbering: Option<(i64, usize)>,
}

impl Line {
    fn new(board: Board) -> Line {
        Line { board, before: None, dead: false, pending: None, interrupted: false, first: true, numbering: None }
    }
}

/// Replays the movetext from `start`, reporting into `out`. With `stop_at`, the replay ends
/// at the token there and [`Replay::stop`] says what it found (the rest of the game is not
/// replayed, so `main_plies` and `ending` are then partial).
pub(super) fn check(
    game: &Game<'_>,
    start: Board,
    mode: Mode,
    stop_at: Option<TextSize>,
    out: &mut Vec<Diagnostic>,
) -> Replay {
    let main_moves = super::duplicates::MoveHash::new(&start);
    let mut replay = Replay { main_plies: 0, main_moves, ending: None, stop: None, route: Default::default() };
    let Some(movetext) = game.movetext() else {
        if stop_at.is_some() {
            replay.stop = Some(Stop { token: None, before: Some(start), played: None });
        }
        return replay;
    };
    let mut stack: Vec<Line> = vec![Line::new(start)];
    let mut expect_open_paren = false;
    if stop_at.is_none() {
        // The replay reads neither blanks and line breaks (they have no events) nor the nodes
        // around moves and move numbers: the walk skips them.
        movetext.walk_filtered(
            |node| node == SyntaxKind::VARIATION,
            |event| step(event, &mut stack, &mut expect_open_paren, &mut replay, mode, out),
        );
    } else {
        movetext.walk_until(|event| {
            if let (Some(at), Event::Token(token)) = (stop_at, &event) {
                if stops_at(token, at) {
                    let line = stack.last_mut().expect("the main line is never popped");
                    let before = (!line.dead).then(|| line.board.clone());
                    let mut played = None;
                    if token.kind == SyntaxKind::SAN && before.is_some() {
                        let reported = out.len();
                        let mv = play(line, *token, mode, out);
                        played = match mv {
                            _ if line.dead => out[reported..].last().cloned().map(Played::Refused),
                            Some(mv) => Some(Played::Move(mv, line.board.clone())),
                            None if Some(&line.board) != before.as_ref() => Some(Played::Null(line.board.clone())),
                            None => None,
                        };
                    }
                    replay.stop = Some(Stop { token: Some((token.kind, token.range)), before, played });
                    return ControlFlow::Break(());
                }
            }
            step(event, &mut stack, &mut expect_open_paren, &mut replay, mode, out);
            ControlFlow::Continue(())
        });
    }
    if stop_at.is_some() && replay.stop.is_none() {
        let line = stack.last().expect("the main line is never popped");
        replay.stop = Some(Stop { token: None, before: (!line.dead).then(|| line.board.clone()), played: None });
    }
    let main = &stack[0];
    if !main.dead && !main.first && replay.stop.is_none() {
        replay.ending = ending(&main.board);
    }
    replay
}

/// One event of the movetext walk. Inlined into the walk: passed through memory, the event cost
/// a stall on every token.
#[inline(always)]
fn step(
    event: Event,
    stack: &mut Vec<Line>,
    expect_open_paren: &mut bool,
    replay: &mut Replay,
    mode: Mode,
    out: &mut Vec<Diagnostic>,
) {
    match event {
        Event::Enter(SyntaxKind::VARIATION, at) => {
            let parent = stack.last().expect("the main line is never popped");
            let line = match &parent.before {
                Some(before) => Line::new(before.clone()),
                None => {
                    if !parent.dead {
                        out.push(Diagnostic::new(
                            &VARIATION_WITHOUT_MOVE,
                            TextRange::at(at, 1.into()),
                            "variation comes before any move it could replace",
                        ));
                    }
                    Line { dead: true, ..Line::new(parent.board.clone()) }
                }
            };
            stack.push(line);
            *expect_open_paren = true;
        }
        Event::Leave(SyntaxKind::VARIATION) => {
            if stack.len() > 1 {
                stack.pop();
            }
            if let Some(line) = stack.last_mut() {
                line.interrupted = true;
            }
        }
        Event::Token(token) => {
            let depth = stack.len() - 1;
            let line = stack.last_mut().expect("the main line is never popped");
            match token.kind {
                SyntaxKind::SAN => {
                    let played = play(line, token, mode, out);
                    if depth == 0 {
                        replay.main_plies += 1;
                        replay.main_moves.push(played, token.text);
                        if played.is_some() {
                            replay.route.after_ply(replay.main_plies, &line.board);
                        }
                    }
                }
                SyntaxKind::NUMBER => {
                    line.pending =
                        Some(PendingNumber { number: written_number(token.text), number_range: token.range, dots: 0 });
                }
                SyntaxKind::DOTS => match &mut line.pending {
                    Some(p) if p.number_range.end() == token.range.start() => p.dots = token.text.len(),
                    _ => {}
                },
                SyntaxKind::COMMENT => {
                    line.interrupted = true;
                    super::comments::check(token, out);
                }
                SyntaxKind::LINE_COMMENT => line.interrupted = true,
                // A NAG is annotation too: 8.2.2.2 wants `N...` before Black's move after one,
                // as the formatter and python-chess write it.
                SyntaxKind::NAG => {
                    line.interrupted = true;
                    nag(token, out)
                }
                SyntaxKind::SUFFIX => suffix(token, mode, out),
                SyntaxKind::L_PAREN => {
                    if *expect_open_paren {
                        *expect_open_paren = false;
                    } else {
                        // A parenthesis beyond the depth cap (already reported): stop here.
                        line.dead = true;
                        line.before = None;
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
}

/// The number a move number indication writes (its token is ASCII digits), `u32::MAX` past
/// what a `u32` holds.
fn written_number(digits: &str) -> u32 {
    crate::text::decimal_value(digits).unwrap_or(u32::MAX)
}

fn ending(board: &Board) -> Option<Ending> {
    if board.generate_moves(|_| true) {
        None
    } else if board.checkers().is_empty() {
        Some(Ending::Stalemate)
    } else {
        Some(Ending::Checkmate { winner_white: board.side_to_move() == Color::Black })
    }
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Plays one written move in its line; the legal move played, if any.
fn play(line: &mut Line, token: Tok, mode: Mode, out: &mut Vec<Diagnostic>) -> Option<cozy_chess::Move> {
    let pending = line.pending.take();
    if line.dead {
        line.before = None;
        return None;
    }
    let text = token.text;
    let range = token.range;
    let written = san::parse(text)?;
    move_number(line, pending, range, mode, out);
    line.first = false;
    line.interrupted = false;
    if let SanMove::Null = written.mv {
        null_move(line, text, range, mode, out);
        return None;
    }
    match san::resolve(&line.board, &written.mv, written.spelling.ambiguous_b) {
        Resolution::Legal(mv) => {
            // The move is played in place; the position before it is kept for a variation
            // (copied once, into its place).
            let before = line.before.insert(line.board.clone());
            line.board.play_unchecked(mv);
            if !written.is_canonical(before, mv, &line.board, text) {
                misspelled(before, mv, &line.board, &written, text, range, mode, out);
            }
            Some(mv)
        }
        refused => {
            refuse(line, refused, &written, text, range, out);
            None
        }
    }
}

/// Plays a null move (`--`, `Z0`) in its line, reporting it as not standard, and as illegal when
/// the side to move is in check.
#[cold]
#[inline(never)]
fn null_move(line: &mut Line, text: &str, range: TextRange, mode: Mode, out: &mut Vec<Diagnostic>) {
    out.push(export_severity(
        Diagnostic::new(&NULL_MOVE, range, format!("null move `{text}` is not standard PGN")),
        mode,
    ));
    match line.board.null_move() {
        Some(after) => {
            line.before = Some(std::mem::replace(&mut line.board, after));
        }
        None => fail(
            line,
            Diagnostic::new(
                &ILLEGAL_MOVE,
                range,
                format!("null move `{text}` while {} is in check", color_name(line.board.side_to_move())),
            ),
            out,
        ),
    }
}

/// Reports a written move the board refuses (ambiguous, without its promotion piece, illegal)
/// and stops replaying its line. Out of the replay's path, which holds only legal moves.
#[cold]
#[inline(never)]
fn refuse(
    line: &mut Line,
    refused: Resolution,
    written: &San,
    text: &str,
    range: TextRange,
    out: &mut Vec<Diagnostic>,
) {
    match refused {
        // Played by `play`, never passed here.
        Resolution::Legal(_) => {}
        Resolution::Ambiguous(a, b) => {
            let piece = line.board.piece_on(a.from).map_or("piece", san::piece_name);
            let d = Diagnostic::new(
                &AMBIGUOUS_MOVE,
                range,
                format!("`{text}` is ambiguous: the {piece}s on {} and {} can both move to {}", a.from, b.from, a.to),
            );
            fail(line, d, out);
        }
        Resolution::MissingPromotion(mv) => {
            let mut after = line.board.clone();
            after.play_unchecked(mv);
            let fixed = san::canonical(&line.board, mv, &after).to_string();
            let d = Diagnostic::new(
                &MISSING_PROMOTION,
                range,
                format!("`{text}` reaches the last rank but names no promotion piece"),
            )
            .with_fix(
                format!("Promote to a queen: `{fixed}`"),
                vec![TextEdit::replace(range, fixed)],
                Applicability::Unsafe,
            );
            fail(line, d, out);
        }
        Resolution::Illegal => {
            let d = illegal(&line.board, written, text, range);
            fail(line, d, out);
        }
    }
}

/// Stops replaying a line at a move that cannot be played; a variation right after the move
/// still starts from the position before it.
fn fail(line: &mut Line, diagnostic: Diagnostic, out: &mut Vec<Diagnostic>) {
    out.push(diagnostic);
    line.dead = true;
    line.before = Some(line.board.clone());
}

/// Explains why no legal move matches: the game is over, another piece can make the move,
/// or the move is simply not legal.
fn illegal(board: &Board, written: &San, text: &str, range: TextRange) -> Diagnostic {
    let side = color_name(board.side_to_move());
    if !board.generate_moves(|_| true) {
        let why = if board.checkers().is_empty() { "stalemate" } else { "checkmate" };
        return Diagnostic::new(
            &MOVE_AFTER_GAME_END,
            range,
            format!("`{text}` is played after {why}: the game is over"),
        );
    }
    match written.mv {
        SanMove::Castle { long } => {
            Diagnostic::new(&ILLEGAL_MOVE, range, format!("illegal move `{text}`: {}", castling_refused(board, long)))
        }
        SanMove::Normal { piece, from_file, from_rank, to, promotion } => {
            // Coordinates without a letter (`e2e4`, `e1g1`) name the piece by its square.
            let mut on_origin = None;
            if let (None, Some(f), Some(r)) = (piece, from_file, from_rank) {
                let from = Square::new(f, r);
                if board.color_on(from) != Some(board.side_to_move()) {
                    return Diagnostic::new(
                        &ILLEGAL_MOVE,
                        range,
                        format!("illegal move `{text}`: no piece of {side} stands on {from}"),
                    );
                }
                let own_rook = board.colors(board.side_to_move()).has(to);
                if board.king(board.side_to_move()) == from
                    && to.rank() == from.rank()
                    && ((to.file() as i8 - from.file() as i8).abs() >= 2 || own_rook)
                {
                    // The king's castling move, as coordinates write it.
                    let refused = castling_refused(board, to.file() < from.file());
                    return Diagnostic::new(&ILLEGAL_MOVE, range, format!("illegal move `{text}`: {refused}"));
                }
                on_origin = board.piece_on(from);
            }
            let named = piece.or(on_origin).unwrap_or(Piece::Pawn);
            // Would another piece make this move? Then the letter is what is wrong.
            let others: Vec<(Piece, cozy_chess::Move)> = Piece::ALL
                .iter()
                // A pawn is never "the piece meant" by a piece letter.
                .filter(|&&p| p != named && p != Piece::Pawn)
                .filter_map(|&p| {
                    let mv = SanMove::Normal {
                        piece: Some(p),
                        from_file,
                        from_rank,
                        to,
                        promotion: promotion.filter(|_| p == Piece::Pawn),
                    };
                    match san::resolve(board, &mv, false) {
                        Resolution::Legal(m) => Some((p, m)),
                        _ => None,
                    }
                })
                .collect();
            if let [(p, m)] = others[..] {
                let mut after = board.clone();
                after.play_unchecked(m);
                let fixed = san::canonical(board, m, &after).to_string();
                return Diagnostic::new(
                    &WRONG_PIECE,
                    range,
                    format!(
                        "`{text}`: no {} of {side} can move to {to}, but a {} can: `{fixed}`",
                        san::piece_name(named),
                        san::piece_name(p)
                    ),
                )
                .with_fix(
                    format!("Replace with `{fixed}`"),
                    vec![TextEdit::replace(range, fixed)],
                    Applicability::Unsafe,
                );
            }
            let has_piece = !(board.colored_pieces(board.side_to_move(), named)).is_empty();
            let reason = if !has_piece {
                format!("{side} has no {}", san::piece_name(named))
            } else if !board.checkers().is_empty() {
                format!("no {} move to {to} answers the check to {side}'s king", san::piece_name(named))
            } else {
                format!("no {} of {side} can legally move to {to}", san::piece_name(named))
            };
            Diagnostic::new(&ILLEGAL_MOVE, range, format!("illegal move `{text}`: {reason}"))
        }
        SanMove::Null => Diagnostic::new(&ILLEGAL_MOVE, range, format!("illegal move `{text}`")),
        SanMove::Drop { .. } => Diagnostic::new(
            &ILLEGAL_MOVE,
            range,
            format!(
                "illegal move `{text}`: a drop is a move of crazyhouse or bughouse, not of standard chess \
                 (a game of a drop variant names it in its Variant tag)"
            ),
        ),
    }
}

/// Why the side to move cannot castle long or short.
fn castling_refused(board: &Board, long: bool) -> String {
    let side = color_name(board.side_to_move());
    let side_name = if long { "long (queenside)" } else { "short (kingside)" };
    if san::castling_move(board, long).is_none() {
        format!("{side} has no {side_name} castling right")
    } else if !board.checkers().is_empty() {
        format!("{side} is in check")
    } else {
        "the king's path is blocked or attacked".to_owned()
    }
}

/// A written move that is not its canonical SAN ([`San::is_canonical`]): one warning naming
/// what differs, under the code of the first difference, with a fix to the canonical form.
#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn misspelled(
    board: &Board,
    mv: cozy_chess::Move,
    after: &Board,
    written: &San,
    text: &str,
    range: TextRange,
    mode: Mode,
    out: &mut Vec<Diagnostic>,
) {
    let canonical = written.canonical(board, mv, after);
    let canonical = canonical.as_str();
    let sp = &written.spelling;
    let is_capture = board.color_on(mv.to).is_some_and(|c| c != board.side_to_move())
        || (board.piece_on(mv.from) == Some(Piece::Pawn) && mv.from.file() != mv.to.file());
    let mut reasons: Vec<(&'static crate::diagnostic::Rule, &'static str)> = Vec::new();
    match written.mv {
        SanMove::Castle { .. } => {
            if sp.castle_not_letter_o {
                reasons.push((&CASTLING_WITH_ZEROS, "castling is written with the letter O"));
            }
        }
        SanMove::Normal { .. } if san::is_castling(board, mv) => {
            reasons.push((&OVER_DISAMBIGUATED, "castling is written `O-O` or `O-O-O`, not as the king's move"));
        }
        SanMove::Normal { piece, from_file, from_rank, promotion, .. } => {
            let moved = board.piece_on(mv.from).unwrap_or(Piece::Pawn);
            // `b8c6` is coordinates (the b-file), never a lower-case bishop letter.
            let coordinates = piece.is_none() && from_file.is_some() && from_rank.is_some();
            let lowercase_bishop = sp.ambiguous_b && moved == Piece::Bishop && !coordinates;
            if sp.lowercase_piece || lowercase_bishop {
                reasons.push((&LOWERCASE_PIECE, "piece letters are uppercase"));
            }
            if piece == Some(Piece::Pawn) {
                reasons.push((&PAWN_LETTER, "pawn moves have no piece letter"));
            }
            let canon_origin = canonical_origin(canonical, moved);
            let written_origin = (from_file.is_some() && !lowercase_bishop, from_rank.is_some());
            if piece.is_none() && moved != Piece::Pawn && (!sp.ambiguous_b || coordinates) {
                reasons.push((&OVER_DISAMBIGUATED, "long algebraic: SAN names the piece, not its square"));
            } else if sp.hyphen {
                reasons.push((&OVER_DISAMBIGUATED, "long algebraic `-` is not SAN"));
            } else if written_origin != canon_origin {
                reasons.push((
                    &OVER_DISAMBIGUATED,
                    if written_origin.0 as u8 + written_origin.1 as u8 > canon_origin.0 as u8 + canon_origin.1 as u8 {
                        "the origin square is given beyond what tells the pieces apart"
                    } else {
                        "a pawn capture names the pawn's file"
                    },
                ));
            }
            match (sp.capture_mark, is_capture) {
                (None, true) => reasons.push((&CAPTURE_MARK, "a capture is marked with `x`")),
                (Some(b':'), true) => reasons.push((&CAPTURE_MARK, "a capture is marked with `x`, not `:`")),
                (Some(_), false) => reasons.push((&CAPTURE_MARK, "the move captures nothing, so no `x`")),
                _ => {}
            }
            if promotion.is_some() && !sp.promotion_equals {
                reasons.push((&PROMOTION_WITHOUT_EQUALS, "a promotion is written with `=`"));
            }
        }
        SanMove::Null | SanMove::Drop { .. } => {}
    }
    let mark = san::check_mark_after(after);
    if sp.check != mark || sp.check_chars > 1 {
        reasons.push((
            &CHECK_MARK,
            match mark {
                CheckMark::None => "the move gives no check",
                CheckMark::Check => "the move gives check: `+`",
                CheckMark::Mate => "the move mates: `#`",
            },
        ));
    }
    let Some((rule, _)) = reasons.first().copied() else {
        // Differs in a way none of the rules names (should not happen): stay silent.
        return;
    };
    let why: Vec<&str> = reasons.iter().map(|(_, w)| *w).collect();
    out.push(export_severity(
        Diagnostic::new(rule, range, format!("`{text}` is not standard SAN ({}); write `{canonical}`", why.join("; ")))
            .with_replacement(format!("Replace `{text}` with `{canonical}`"), range, canonical),
        mode,
    ));
}

/// Whether canonical SAN names the origin file and rank.
fn canonical_origin(canonical: &str, moved: Piece) -> (bool, bool) {
    let b = canonical.as_bytes();
    if moved == Piece::Pawn {
        return (b.get(1) == Some(&b'x'), false);
    }
    // After the piece letter: up to two origin characters before an optional `x` and the square.
    let body: Vec<u8> =
        b[1..].iter().copied().take_while(|c| *c != b'+' && *c != b'#').filter(|c| *c != b'x').collect();
    let origin = &body[..body.len().saturating_sub(2)];
    (origin.iter().any(|c| (b'a'..=b'h').contains(c)), origin.iter().any(|c| (b'1'..=b'8').contains(c)))
}

/// Checks the move number written before a move (PGN 8.2.2), and in export format whether one
/// is wanted there (8.2.2.2). The replay's path holds a right number or none, in import format.
fn move_number(
    line: &mut Line,
    pending: Option<PendingNumber>,
    san_range: TextRange,
    mode: Mode,
    out: &mut Vec<Diagnostic>,
) {
    let expected = u32::from(line.board.fullmove_number());
    match pending {
        Some(p) if p.number == expected => line.numbering = None,
        Some(p) => wrong_move_number(line, p, expected, mode, out),
        None => {}
    }
    if mode == Mode::Export {
        export_move_number(line, pending, expected, san_range, out);
    }
}

/// A move number that is not the move's: reported, unless it keeps the offset of the one
/// reported before it in the line, whose fix it then joins.
#[cold]
#[inline(never)]
fn wrong_move_number(line: &mut Line, p: PendingNumber, expected: u32, mode: Mode, out: &mut Vec<Diagnostic>) {
    let offset = i64::from(p.number) - i64::from(expected);
    let shifted = line.numbering.filter(|(o, at)| *o == offset && *at < out.len());
    if let Some((_, at)) = shifted {
        let d = &mut out[at];
        if let Some(fix) = &mut d.fix {
            fix.edits.push(TextEdit::replace(p.number_range, expected.to_string()));
            fix.title = "Renumber the moves from here".to_owned();
        }
        if !d.message.ends_with("follow it)") {
            d.message.push_str(" (and the move numbers after it, which follow it)");
        }
    } else {
        line.numbering = Some((offset, out.len()));
        out.push(export_severity(
            Diagnostic::new(
                &WRONG_MOVE_NUMBER,
                p.number_range,
                format!("move number `{}` should be `{expected}`", p.number),
            )
            .with_replacement(format!("Replace with `{expected}`"), p.number_range, expected.to_string()),
            mode,
        ));
    }
}

/// Export format's move numbers (8.2.2.2): before every White move, and before a Black move
/// only at the start of a line or after a comment, a NAG or a variation.
#[cold]
#[inline(never)]
fn export_move_number(
    line: &Line,
    pending: Option<PendingNumber>,
    expected: u32,
    san_range: TextRange,
    out: &mut Vec<Diagnostic>,
) {
    let white = line.board.side_to_move() == Color::White;
    let needed = white || line.first || line.interrupted;
    let wanted_dots = if white { 1 } else { 3 };
    let mut want = String::new();
    let _ = write!(want, "{expected}{}", if white { "." } else { "..." });
    match pending {
        None if needed => out.push(
            Diagnostic::new(
                &EXPORT_MOVE_NUMBER,
                san_range,
                format!("export format wants the move number `{want}` before this move"),
            )
            .with_fix(
                format!("Insert `{want}`"),
                vec![TextEdit::insert(san_range.start(), format!("{want} "))],
                Applicability::Safe,
            ),
        ),
        Some(p) if !needed => out.push(
            Diagnostic::new(
                &EXPORT_MOVE_NUMBER,
                TextRange::new(p.number_range.start(), p.number_range.end() + TextSize::from(p.dots as u32)),
                "export format has no move number before Black's move here",
            )
            .with_fix(
                "Remove the move number",
                vec![TextEdit::delete(TextRange::new(p.number_range.start(), san_range.start()))],
                Applicability::Safe,
            ),
        ),
        Some(p) if p.dots != wanted_dots && p.number == expected => {
            let r = TextRange::new(p.number_range.start(), p.number_range.end() + TextSize::from(p.dots as u32));
            out.push(
                Diagnostic::new(&EXPORT_MOVE_NUMBER, r, format!("export format writes this move number as `{want}`"))
                    .with_replacement(format!("Replace with `{want}`"), r, want.clone()),
            );
        }
        _ => {}
    }
}

fn nag(token: Tok, out: &mut Vec<Diagnostic>) {
    let digits = &token.text[1..];
    let ok = !digits.is_empty() && digits.len() <= 3 && digits.parse::<u32>().is_ok_and(|n| n <= 255);
    if !ok {
        let message = if digits.is_empty() {
            "`$` without a number: NAGs are `$0` to `$255`".to_owned()
        } else {
            format!("NAG `{}` is out of range: NAGs are `$0` to `$255`", token.text)
        };
        out.push(Diagnostic::new(&NAG_RANGE, token.range, message));
    }
}

fn suffix(token: Tok, mode: Mode, out: &mut Vec<Diagnostic>) {
    let text = token.text;
    let Some(nag) = crate::chess::nag::of_suffix(text) else {
        out.push(Diagnostic::new(
            &UNKNOWN_SUFFIX,
            token.range,
            format!("`{text}` is not a suffix annotation (`!` `?` `!!` `??` `!?` `?!`)"),
        ));
        return;
    };
    if mode == Mode::Export {
        out.push(
            Diagnostic::new(
                &SUFFIX_IN_EXPORT,
                token.range,
                format!("export format writes `{text}` as the NAG `${nag}`"),
            )
            .with_replacement(format!("Replace with `${nag}`"), token.range, format!(" ${nag}")),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::config::{CheckOptions, Mode};

    /// The move number read as `str::parse` reads it, for every number a `u32` holds at its
    /// edges and past them.
    #[test]
    fn written_numbers_read_as_parse_reads_them() {
        use super::written_number;
        for text in ["0", "1", "9", "10", "007", "4294967295", "4294967296", "99999999999", "", "1a"] {
            assert_eq!(written_number(text), text.parse().unwrap_or(u32::MAX), "{text:?}");
        }
        for n in (0..100_000u32).chain(u32::MAX - 100..=u32::MAX) {
            assert_eq!(written_number(&n.to_string()), n);
        }
    }

    fn codes(text: &str) -> Vec<&'static str> {
        crate::pgn::check(text, &CheckOptions { mode: Mode::Import, ..Default::default() })
            .iter()
            .map(|d| d.code)
            .collect()
    }

    #[test]
    fn canonical_moves_raise_nothing() {
        assert_eq!(
            codes(
                "1. e4 a6 2. e5 d5 3. exd6 e6 4. dxc7 Nc6 5. cxd8=Q+ Kxd8 6. Qf3!? Nf6 7. Bc4 Be7 8. Nh3 h5 9. O-O *"
            ),
            Vec::<&str>::new()
        );
        assert_eq!(codes("1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? 4.Qxf7#! 1-0"), Vec::<&str>::new());
        assert_eq!(codes("1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) 2. Nf3 *"), Vec::<&str>::new());
    }

    #[test]
    fn readable_variants_are_warnings_with_the_right_code() {
        assert_eq!(codes("1. e4 a6 2. e5 d5 3. e5d6 *"), ["PGN214"]);
        assert_eq!(codes("[SetUp \"1\"]\n[FEN \"8/4P3/8/8/8/8/k7/4K3 w - - 0 1\"]\n\n1. e8=q *"), ["PGN215"]);
        assert_eq!(codes("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. o-o *"), ["PGN210"]);
        assert_eq!(codes("1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. e1g1 *"), ["PGN214"]);
    }

    #[test]
    fn an_illegal_move_stops_only_its_own_line() {
        // The illegal `Ke3` is reported once; the rest of its line is silent, the variation
        // after it is replayed from the position before it, and the next game still checked.
        let text = "1. e4 e5 2. Ke3 (2. Ke2 Ke7 3. Kd3) 2... Nf6 3. Qxf7 *\n\n1. d4 d5 2. Kb5 *";
        assert_eq!(codes(text), ["PGN200", "PGN200"]);
    }
}
