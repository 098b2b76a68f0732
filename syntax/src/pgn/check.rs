//! The PGN checks: syntax errors from the parser, lexical rules over the raw lines, then per
//! game the tag rules, the move replay and the termination rules.

mod lexical;
mod moves;
mod tags;

use super::model::{self, Game};
use super::rules;
use crate::config::{CheckOptions, Mode};
use crate::diagnostic::{Diagnostic, Severity};
use crate::text::TextRange;

pub fn check(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    let parse = super::parse(text);
    let mut out: Vec<Diagnostic> = parse.errors().to_vec();
    let mut syntax_errors: Vec<TextRange> = out.iter().map(|d| d.range).collect();
    syntax_errors.sort_by_key(|r| r.start());
    lexical::check(text, options.mode, &mut out);
    let root = parse.syntax();
    let mut next_error = 0;
    for game in model::games(&root) {
        let range = game.range();
        // Syntax errors come in text order: step through them alongside the games.
        while next_error < syntax_errors.len() && syntax_errors[next_error].start() < range.start() {
            next_error += 1;
        }
        let has_syntax_error = syntax_errors.get(next_error).is_some_and(|e| e.start() < range.end());
        check_game(&game, options.mode, has_syntax_error, &mut out);
    }
    out
}

fn check_game(game: &Game, mode: Mode, has_syntax_error: bool, out: &mut Vec<Diagnostic>) {
    let info = tags::check(game, mode, out);
    let replay = match &info.start {
        tags::Start::Position(board) => Some(moves::check(game, (**board).clone(), mode, out)),
        tags::Start::Unknown => None,
    };
    if let Some(plycount) = &info.plycount {
        if let Some(replay) = &replay {
            if plycount.value != replay.main_plies {
                out.push(Diagnostic::new(
                    &rules::PLYCOUNT_MISMATCH,
                    plycount.range,
                    format!("PlyCount `{}` but the main line has {} plies", plycount.value, replay.main_plies),
                ));
            }
        }
    }
    termination(game, &info, replay.as_ref(), has_syntax_error, out);
}

fn termination(
    game: &Game,
    info: &tags::TagInfo,
    replay: Option<&moves::Replay>,
    has_syntax_error: bool,
    out: &mut Vec<Diagnostic>,
) {
    let Some(result) = game.result() else {
        if !has_syntax_error {
            let end = last_significant_end(game);
            out.push(Diagnostic::new(
                &rules::MISSING_RESULT,
                TextRange::empty(end),
                "game has no termination marker (`1-0`, `0-1`, `1/2-1/2` or `*`)",
            ));
        }
        return;
    };
    if let Some((tag_value, tag_range)) = &info.result {
        if tag_value != result.text() {
            out.push(
                Diagnostic::new(
                    &rules::RESULT_MISMATCH,
                    result.text_range(),
                    format!("termination marker `{}` differs from the Result tag `{tag_value}`", result.text()),
                )
                .with_related(*tag_range, "the Result tag"),
            );
        }
    }
    if let Some(moves::Ending::Checkmate { winner_white }) = replay.and_then(|r| r.ending) {
        let expected = if winner_white { "1-0" } else { "0-1" };
        if result.text() != expected {
            out.push(Diagnostic::new(
                &rules::RESULT_CONTRADICTS_POSITION,
                result.text_range(),
                format!(
                    "result `{}` but {} is checkmated: expected `{expected}`",
                    result.text(),
                    if winner_white { "Black" } else { "White" }
                ),
            ));
        }
    } else if let Some(moves::Ending::Stalemate) = replay.and_then(|r| r.ending) {
        if result.text() != "1/2-1/2" {
            out.push(Diagnostic::new(
                &rules::RESULT_CONTRADICTS_POSITION,
                result.text_range(),
                format!("result `{}` but the final position is stalemate: expected `1/2-1/2`", result.text()),
            ));
        }
    }
}

/// Where a missing termination marker belongs: after the last token that is not trivia.
fn last_significant_end(game: &Game) -> crate::text::TextSize {
    let mut token = game.syntax().last_token();
    while let Some(t) = token {
        if !t.kind().is_trivia() {
            return t.text_range().end();
        }
        token = t.prev_token();
    }
    game.range().start()
}

/// Rules that the export format makes errors: the non-canonical spellings.
fn export_severity(diagnostic: Diagnostic, mode: Mode) -> Diagnostic {
    match mode {
        Mode::Export => Diagnostic { severity: Severity::Error, ..diagnostic },
        Mode::Import => diagnostic,
    }
}
