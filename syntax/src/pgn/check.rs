//! The PGN checks: syntax errors from the parser, lexical rules over the raw lines, then per
//! game the tag rules, the move replay (with the command comments met on the way), the opening
//! tags against the positions the replay passed and the termination rules; then, over the
//! summaries of every game of the text, duplicate games and the spellings of players, events
//! and sites.

pub mod comments;
pub mod detached;
pub mod duplicates;
pub mod layout;
pub mod lexical;
pub mod moves;
pub mod openings;
pub mod players;
pub mod tags;

pub use moves::{Played, Stop};

use super::flat::Game;
use super::stretches::GAMES;
use super::syntax_kind::SyntaxKind;
use crate::config::{CheckOptions, Mode};
use crate::diagnostic::Diagnostic;
use crate::stretches::{self, Stretch, MAX_GAME_BYTES};
use crate::text::TextRange;

crate::diagnostic::declare_rules! {
    MISSING_RESULT = "PGN300" "missing-result" Error Import "PGN 8.2.6"
        "A game without a termination marker"
        "Movetext ends with one of `1-0`, `0-1`, `1/2-1/2`, `*`."
        bad: "1. e4 e5\n", good: "1. e4 e5 *\n";
    RESULT_MISMATCH = "PGN301" "result-mismatch" Error Import "PGN 8.2.6"
        "The termination marker differs from the Result tag"
        "The termination marker repeats the value of the Result tag."
        bad: "[Result \"1-0\"]\n\n1. e4 *\n", good: "[Result \"*\"]\n\n1. e4 *\n";
    RESULT_CONTRADICTS_POSITION = "PGN302" "result-contradicts-position" Error Import "PGN 8.2.6"
        "A result that contradicts the final position (a mate or a stalemate)"
        "After checkmate the mating side wins; after stalemate the game is drawn."
        bad: "1. f3 e5 2. g4 Qh4# 1-0\n", good: "1. f3 e5 2. g4 Qh4# 0-1\n";
    UNKNOWN_RESULT_AFTER_END = "PGN305" "unknown-result-after-end" Hint Import "PGN 8.1.1.7"
        "The result `*` after a checkmate or stalemate, which decides the game"
        "`*` means the result is unknown (a game in progress, abandoned, or a study chapter, as lichess writes); after a mate or a stalemate the result is known and may be written."
        bad: "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n", good: "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
}

/// About how much text is parsed at a time: a few games, so that the piece's tokens and
/// parser events (ten to forty times its size) are still in the core's cache when its games are
/// checked (16 KiB pieces check a 30 MB file 4 % faster than 512 KiB ones), and memory stays
/// bounded by the pieces being checked, not by the file. A piece holds at least one whole game,
/// however large.
const PIECE_BYTES: usize = 16 * 1024;

/// Checks `text`; a large file is cut at game starts into pieces of about [`PIECE_BYTES`],
/// which the cores check in parallel ([`crate::parallel`]). Games are independent
/// (tests/pgn_units.rs proves that checking each game alone gives the whole file's
/// diagnostics), so the result is the same; but for duplicate games, which one pass over the
/// summaries of all the text's games, in order, finds afterwards ([`duplicates`]).
pub fn check(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    check_in_pieces(text, options, PIECE_BYTES)
}

fn check_in_pieces(text: &str, options: &CheckOptions, piece_bytes: usize) -> Vec<Diagnostic> {
    let (mut diagnostics, summaries) = checked_in_pieces(text, options, piece_bytes);
    across(text, &summaries, options, &mut diagnostics);
    diagnostics
}

/// The diagnostics of every game of `text`, alone, and the summaries of its games, in text
/// order, from the pieces checked on every core.
fn checked_in_pieces(
    text: &str,
    options: &CheckOptions,
    piece_bytes: usize,
) -> (Vec<Diagnostic>, Vec<duplicates::Summary>) {
    let pieces = crate::parallel::map_in_pieces(text, piece_bytes, next_game, |start, piece| {
        let checked = check_stretches(piece, options);
        let delta = crate::text::TextSize::from(start as u32);
        let diagnostics: Vec<Diagnostic> = checked.diagnostics.into_iter().map(|d| d.shifted(delta)).collect();
        let summaries: Vec<duplicates::Summary> = checked.summaries.into_iter().map(|s| s.shifted(delta)).collect();
        (diagnostics, summaries)
    });
    let mut diagnostics = Vec::new();
    let mut summaries = Vec::new();
    for (d, s) in pieces {
        diagnostics.extend(d);
        summaries.extend(s);
    }
    (diagnostics, summaries)
}

/// Checks `text` as [`check`] does, giving each game's diagnostics without the pass over the
/// games together, and the summaries that pass reads ([`across`]): the language server keeps
/// both per piece of a document and runs the pass over the whole.
pub fn check_with_summaries(text: &str, options: &CheckOptions) -> (Vec<Diagnostic>, Vec<duplicates::Summary>) {
    checked_in_pieces(text, options, PIECE_BYTES)
}

/// The checks of the games of a text together (duplicate games, the spellings of names), from
/// the summaries of its games in text order (ranges in `text`), into `out`.
pub fn across(text: &str, summaries: &[duplicates::Summary], options: &CheckOptions, out: &mut Vec<Diagnostic>) {
    across_in(&mut duplicates::WholeText::new(text, options), summaries, out);
}

/// [`across`] reading what it needs beyond the summaries from `text`: the text itself, or what
/// the pieces of a text no one holds whole kept of it ([`detached`]).
pub fn across_in(text: &mut impl duplicates::GamesText, summaries: &[duplicates::Summary], out: &mut Vec<Diagnostic>) {
    let copies = duplicates::check(text, summaries, out);
    players::check(text, summaries, &copies, out);
}

/// The start of the first `[Event ` line after a blank line at or after `from`: where a game
/// starts in any file that separates games the usual way.
fn next_game(text: &str, from: usize) -> Option<usize> {
    const MARK: &[u8] = b"\n[Event ";
    let bytes = text.as_bytes();
    let mut from = from;
    while let Some(i) = bytes[from..].windows(MARK.len()).position(|w| w == MARK) {
        let at = from + i;
        let before = &bytes[..at];
        if before.ends_with(b"\n") || before.ends_with(b"\n\r") {
            return Some(at + 1);
        }
        from = at + 1;
    }
    None
}

thread_local! {
    /// Each thread's event buffer, reused from piece to piece: a fresh one per piece cost page
    /// faults worth a twentieth of the check.
    static EVENTS: std::cell::Cell<Vec<crate::parsing::ParseEvent<super::syntax_kind::SyntaxKind>>> =
        const { std::cell::Cell::new(Vec::new()) };
}

#[cfg(test)]
fn check_piece(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    check_with_games(text, options).diagnostics
}

/// What checking a text on one thread gives: each game's diagnostics (the duplicate pass
/// aside), the range of each game, and each game's summary for the duplicate pass.
pub(crate) struct Checked {
    pub diagnostics: Vec<Diagnostic>,
    pub games: Vec<TextRange>,
    pub summaries: Vec<duplicates::Summary>,
}

/// Checks `text` (on one thread) and gives the range of each of its games too, from one parse:
/// the language server, which keeps diagnostics per game, opens a document this way
/// ([`crate::engine::check_pieces`]) instead of parsing it once to cut it and again to check it.
pub(crate) fn check_with_games(text: &str, options: &CheckOptions) -> Checked {
    check_stretches(text, options)
}

/// A text larger than [`MAX_GAME_BYTES`] is read a stretch of whole games at a time
/// ([`stretches::stretches`]), so that memory stays bounded whatever it holds; a game larger
/// than that gets one diagnostic (PGN008) and is not read (nor summarised).
fn check_stretches(text: &str, options: &CheckOptions) -> Checked {
    if text.len() <= MAX_GAME_BYTES {
        return check_in_one_go(text, options);
    }
    let mut out = Checked { diagnostics: Vec::new(), games: Vec::new(), summaries: Vec::new() };
    for stretch in stretches::stretches(text, &GAMES) {
        match stretch {
            Stretch::Games(range) => {
                let checked = check_in_one_go(&text[range], options);
                out.diagnostics.extend(checked.diagnostics.into_iter().map(|d| d.shifted(range.start())));
                out.games.extend(checked.games.into_iter().map(|g| g + range.start()));
                out.summaries.extend(checked.summaries.into_iter().map(|s| s.shifted(range.start())));
            }
            Stretch::TooLarge(range) => {
                out.diagnostics.push(stretches::too_large(text, range, &GAMES));
                out.games.push(stretches::too_large_unit(text, range));
            }
        }
    }
    out
}

fn check_in_one_go(text: &str, options: &CheckOptions) -> Checked {
    let parse = super::parser::parse_events(text, EVENTS.take());
    let (diagnostics, summaries) = check_parsed(text, &parse, options);
    let games = parse.games().map(|game| game.range()).collect();
    // A buffer grown by one huge game is let go: the language server's threads live on.
    let buffer = parse.into_buffer();
    if buffer.capacity() <= KEPT_EVENTS {
        EVENTS.set(buffer);
    }
    Checked { diagnostics, games, summaries }
}

/// The largest event buffer a thread keeps for the next piece (12 bytes an event: 24 MB).
const KEPT_EVENTS: usize = 2 << 20;

fn check_parsed(
    text: &str,
    parse: &super::flat::FlatParse<'_>,
    options: &CheckOptions,
) -> (Vec<Diagnostic>, Vec<duplicates::Summary>) {
    let mut out: Vec<Diagnostic> = parse.errors().to_vec();
    let mut syntax_errors: Vec<TextRange> = out.iter().map(|d| d.range).collect();
    syntax_errors.sort_by_key(|r| r.start());
    lexical::check(text, options.mode, &mut out);
    let mut summaries = Vec::new();
    let mut next_error = 0;
    for game in parse.games() {
        let range = game.range();
        // Syntax errors come in text order: step through them alongside the games.
        while next_error < syntax_errors.len() && syntax_errors[next_error].start() < range.start() {
            next_error += 1;
        }
        let has_syntax_error = syntax_errors.get(next_error).is_some_and(|e| e.start() < range.end());
        let (tags, moves) = check_game(&game, options.mode, has_syntax_error, &mut out);
        summaries.push(duplicates::Summary::of(text, &game, &tags, moves));
    }
    (out, summaries)
}

/// Checks one game; what its tags said and its main line's hash and plies when its moves were
/// replayed (for the duplicate check).
fn check_game<'a>(
    game: &Game<'a>,
    mode: Mode,
    has_syntax_error: bool,
    out: &mut Vec<Diagnostic>,
) -> (tags::TagInfo<'a>, Option<(duplicates::MoveHash, u32)>) {
    let info = tags::check(game, mode, out);
    let replay = match &info.start {
        tags::Start::Position(board) => Some(moves::check(game, (**board).clone(), mode, None, out)),
        tags::Start::Unknown => {
            // The moves are not replayed, their comments are still read.
            let movetext = game.movetext();
            let comments = movetext.iter().flat_map(|m| m.tokens()).filter(|t| t.kind == SyntaxKind::COMMENT);
            comments.for_each(|comment| comments::check(comment, out));
            None
        }
    };
    if let Some(plycount) = &info.plycount {
        if let Some(replay) = &replay {
            if plycount.value != replay.main_plies {
                out.push(Diagnostic::new(
                    &crate::pgn::check::tags::PLYCOUNT_MISMATCH,
                    plycount.range,
                    format!("PlyCount `{}` but the main line has {} plies", plycount.value, replay.main_plies),
                ));
            }
        }
    }
    if let Some(replay) = replay.as_ref().filter(|_| info.standard_start) {
        openings::check(&info.opening, &replay.route, out);
    }
    termination(game, &info, replay.as_ref(), has_syntax_error, out);
    let moves = replay.map(|r| (r.main_moves, r.main_plies));
    (info, moves)
}

/// The edits that give each game of `text` (replayed from the initial position) the ECO and
/// Opening tags it lacks: `kibitzer check --fix --add-eco` and the editor's "Add ECO and
/// Opening tags" ([`crate::fix::add_opening_tags`]). See [`openings::additions`].
pub fn opening_tag_additions(text: &str) -> Vec<crate::diagnostic::TextEdit> {
    let parse = super::parser::parse_events(text, Vec::new());
    let mut scratch = Vec::new();
    let mut edits = Vec::new();
    for game in parse.games() {
        let info = tags::check(&game, Mode::Import, &mut scratch);
        if let (tags::Start::Position(board), true) = (&info.start, info.standard_start) {
            let replay = moves::check(&game, (**board).clone(), Mode::Import, None, &mut scratch);
            edits.extend(openings::additions(text, &game, &info.opening, &replay.route));
        }
        scratch.clear();
    }
    edits
}

/// The position `game`'s moves start from, as the check reads it from the FEN and Variant
/// tags; `None` when the check does not replay them (a broken FEN, a variant kibitzer does not
/// know).
pub fn start_position(game: &Game<'_>) -> Option<cozy_chess::Board> {
    let mut scratch = Vec::new();
    match tags::check(game, Mode::Import, &mut scratch).start {
        tags::Start::Position(board) => Some(*board),
        tags::Start::Unknown => None,
    }
}

/// Replays `game` as the check does (start position from the FEN and Variant tags, every
/// variation from the position before the move it replaces) up to the token at `offset`, and
/// says what is there: the editor's view of a move. `None` when the moves are not replayed
/// (a broken FEN, a variant kibitzer does not know).
pub fn replay_to(game: &Game<'_>, offset: crate::text::TextSize) -> Option<Stop> {
    let mut scratch = Vec::new();
    let info = tags::check(game, Mode::Import, &mut scratch);
    match info.start {
        tags::Start::Position(board) => moves::check(game, *board, Mode::Import, Some(offset), &mut scratch).stop,
        tags::Start::Unknown => None,
    }
}

fn termination(
    game: &Game<'_>,
    info: &tags::TagInfo,
    replay: Option<&moves::Replay>,
    has_syntax_error: bool,
    out: &mut Vec<Diagnostic>,
) {
    let Some(result) = game.result() else {
        // Comments after the last game of a text belong to no game (before a game they open
        // it): nothing there to terminate. Reporting them made a text cut after such comments
        // (the parallel check, a Dask task) disagree with the whole.
        let only_comments = game
            .node()
            .tokens()
            .all(|t| t.kind.is_trivia() || matches!(t.kind, SyntaxKind::COMMENT | SyntaxKind::LINE_COMMENT));
        if !has_syntax_error && !only_comments {
            let end = game.last_significant_end();
            out.push(Diagnostic::new(
                &MISSING_RESULT,
                TextRange::empty(end),
                "game has no termination marker (`1-0`, `0-1`, `1/2-1/2` or `*`)",
            ));
        }
        return;
    };
    // Three sources of one fact: the Result tag, the termination marker and, when the game ends
    // in checkmate or stalemate, the final position (which the laws of chess decide). One
    // disagreement gives one diagnostic, on the source that is wrong, pointing at the others.
    let ending = replay.and_then(|r| r.ending).map(|e| match e {
        moves::Ending::Checkmate { winner_white } => (
            if winner_white { "1-0" } else { "0-1" },
            format!("{} is checkmated", if winner_white { "Black" } else { "White" }),
        ),
        moves::Ending::Stalemate => ("1/2-1/2", "the final position is stalemate".to_owned()),
    });
    let marker = result.text;
    let tag = info.result.as_ref().map(|(v, r)| (v.as_ref(), *r));
    let mismatch = |out: &mut Vec<Diagnostic>, value: &str, range: TextRange| {
        out.push(
            Diagnostic::new(
                &RESULT_MISMATCH,
                result.range,
                format!("termination marker `{marker}` differs from the Result tag `{value}`"),
            )
            .with_related(range, "the Result tag"),
        );
    };
    let Some((expected, why)) = ending else {
        if let Some((value, range)) = tag.filter(|(v, _)| *v != marker) {
            mismatch(out, value, range);
        }
        return;
    };
    // PGN 8.1.1.7: `*` is "game still in progress, game abandoned, or result otherwise unknown",
    // which contradicts no position (lichess writes it on every study chapter); only a result
    // that is written, a win or a draw, can.
    let contradicts = |value: &str| value != "*" && value != expected;
    if contradicts(marker) {
        let mut d = Diagnostic::new(
            &RESULT_CONTRADICTS_POSITION,
            result.range,
            format!("result `{marker}` but {why}: expected `{expected}`"),
        );
        if let Some((value, range)) = tag {
            let note = if value == expected { "the Result tag agrees with the position" } else { "the Result tag" };
            d = d.with_related(range, note);
        }
        out.push(d);
    } else if let Some((value, range)) = tag.filter(|(v, _)| contradicts(v)) {
        let mut d = Diagnostic::new(
            &RESULT_CONTRADICTS_POSITION,
            range,
            format!("Result tag `{value}` but {why}: expected `{expected}`"),
        );
        if marker == expected {
            d = d.with_related(result.range, "the termination marker agrees with the position");
        }
        out.push(d);
    } else if let Some((value, range)) = tag.filter(|(v, _)| *v != marker) {
        // One of the two is `*`, the other the position's result: they must still match (8.2.6).
        mismatch(out, value, range);
    } else if marker == "*" {
        let mut d = Diagnostic::new(
            &UNKNOWN_RESULT_AFTER_END,
            result.range,
            format!("result `*` (unknown) but {why}: the result is `{expected}`"),
        );
        if let Some((_, range)) = tag {
            d = d.with_related(range, "the Result tag");
        }
        out.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cuts(text: &str, pieces: usize) -> Vec<usize> {
        crate::parallel::cuts(text, pieces, next_game)
    }

    #[test]
    fn parallel_check_equals_one_piece_check() {
        let game = |i: usize| {
            format!(
                "[Event \"E{i}\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 2. Qxh7 {{ note }} Nc6 1-0\r\n\r\n\
                 [Event \"F{i}\"]\n[Date \"2024.13.01\"]\n\n1. d4 d5 2. c4 *\n\n"
            )
        };
        let text: String = (0..4000).map(game).collect();
        assert!(text.len() > crate::parallel::PARALLEL_MIN_BYTES);
        assert!(cuts(&text, 4).len() == 5, "the file is cut into four pieces");
        let options = CheckOptions::default();
        let mut serial = check_piece(&text, &options);
        let sorted = |mut d: Vec<Diagnostic>| {
            crate::diagnostic::sort_in_text_order(&mut d);
            d
        };
        serial = sorted(serial);
        assert!(!serial.is_empty());
        assert_eq!(sorted(check(&text, &options)), serial);
        // Many more pieces than cores, taken by whichever core is free.
        assert!(cuts(&text, text.len() / 8192).len() > 50);
        assert_eq!(sorted(check_in_pieces(&text, &options, 8192)), serial);
    }

    /// Comments after the last game are no game without a termination marker; each game that
    /// lacks one still is, and a piece that ends after such comments agrees with the whole text.
    #[test]
    fn comments_after_the_last_game_are_not_a_game() {
        let options = CheckOptions::default();
        let codes = |text: &str| check_piece(text, &options).iter().map(|d| d.code).collect::<Vec<_>>();
        for tail in ["; c\n", "; c\n\n", "{ c }\n", "{ a } ; b\n{ c }"] {
            assert_eq!(codes(&format!("[Event \"a\"]\n\n1. e4 e5 0-1\n\n{tail}")), Vec::<&str>::new(), "{tail:?}");
        }
        assert_eq!(codes("[Event \"a\"]\n\n1. e4 e5\n\n; c\n"), ["PGN300"]);
        assert_eq!(codes("{ c } 1. e4 e5\n"), ["PGN300"]);
        assert_eq!(codes("[Event \"a\"]\n\n; c\n"), ["PGN300"]);
    }

    #[test]
    fn cuts_only_before_an_event_tag_after_a_blank_line() {
        let text = "[Event \"a\"]\n1. e4 *\n[Event \"b\"]\n\n[Event \"c\"]\n1. d4 *\n";
        assert_eq!(cuts(text, 2), [0, text.find("[Event \"c").unwrap(), text.len()]);
        assert_eq!(cuts("1. e4 *", 8), [0, 7]);
    }
}
