//! The one checking engine the CLI and the language server share: a whole text, or one piece of
//! a larger text from the state the pieces before it left, dispatched on [`Lang`] so that callers
//! need not know the formats.

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::lang::Lang;
use crate::text::{TextRange, TextSize};
use crate::units::{self, Piece};
use crate::{epd, pbi, pbn, pgn};

/// All diagnostics of `text` — syntax errors and rules — with the configured severities, in
/// order of position. The CLI and the language server both call this.
pub fn check(lang: Lang, text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    // A binary file gets one diagnostic, not millions.
    if let Some(d) = crate::binary::not_text(lang, [text], options) {
        return vec![d];
    }
    let mut diagnostics = match lang {
        Lang::Pgn => pgn::check(text, options),
        Lang::Epd => epd::check(text, options),
        Lang::Pbn => pbn::check(text, options),
        Lang::Pbi => pbi::check(text, options),
    };
    finish(&mut diagnostics, options);
    diagnostics
}

/// The configured severities applied (and rules turned off dropped), in text order.
fn finish(diagnostics: &mut Vec<Diagnostic>, options: &CheckOptions) {
    options.rules.apply(diagnostics);
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end(), d.code));
}

/// The pieces of `text` ([`crate::pieces`]) with each one's diagnostics, relative to its start:
/// what [`check`] of each piece's text gives, found with one parse of each block of the text
/// (the blocks [`crate::units`] cuts a large PGN text into), on every core, instead of a parse
/// to cut the text and another to check each piece. The language server opens a document this
/// way. `None` where that does not apply (a format other than PGN, a text small enough to cut
/// in one go, a binary text, a cut between blocks that is not proved): the caller cuts and
/// checks piece by piece.
///
/// A block's diagnostics go to the piece their range starts in: checking games alone gives the
/// whole text's diagnostics (tests/pgn_units.rs), each within its own game's piece (a test below
/// compares with checking every piece alone, on the corpus).
pub fn check_pieces(lang: Lang, text: &str, options: &CheckOptions) -> Option<Vec<(Piece, Vec<Diagnostic>)>> {
    if !units::cut_in_blocks(lang, text) || crate::binary::not_text(lang, [text], options).is_some() {
        return None;
    }
    let blocks = crate::parallel::map_pieces(text, &units::block_cuts(text), |start, block| {
        let offset = TextSize::from(start as u32);
        let (diagnostics, games) = pgn::check::check_with_games(block, options);
        let games: Vec<TextRange> = games.into_iter().map(|g| g + offset).collect();
        (diagnostics.into_iter().map(|d| d.shifted(offset)).collect::<Vec<_>>(), games)
    });
    let (diagnostics, games): (Vec<_>, Vec<_>) = blocks.into_iter().unzip();
    let pieces = units::pieces_of(text, units::join_blocks(lang, text, games)?);
    let mut out: Vec<(Piece, Vec<Diagnostic>)> = pieces.into_iter().map(|p| (p, Vec::new())).collect();
    for d in diagnostics.into_iter().flatten() {
        let i = out.partition_point(|(p, _)| p.range.end() <= d.range.start()).min(out.len() - 1);
        let start = out[i].0.range.start();
        out[i].1.push(d.shifted_back(start));
    }
    for (piece, diagnostics) in &mut out {
        // As `check` of the piece's text: a piece can look binary alone (its own sample).
        match crate::binary::not_text(lang, [&text[piece.range]], options) {
            Some(d) => *diagnostics = vec![d],
            None => finish(diagnostics, options),
        }
    }
    Some(out)
}

/// What checking a unit leaves for the units after it ([`check_unit`]): PBN's inherited tag
/// values; nothing for independent units. Equal states make equal diagnostics of the same text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnitState(pbn::check::Carry);

/// The outcome of [`check_unit`].
#[derive(Debug, Clone, Default)]
pub struct UnitCheck {
    /// The unit's diagnostics, relative to its text, in [`check`]'s order.
    pub diagnostics: Vec<Diagnostic>,
    /// Diagnostics of the unit before it, relative to that unit's text: a PBN ScoreIMP is
    /// checked against the other room's when the second room's game comes.
    pub for_previous: Vec<Diagnostic>,
    /// What the unit leaves for the next.
    pub after: UnitState,
}

/// Checks one piece of a larger text (a unit and the text after it up to the next unit, or a run
/// of them) as the pieces before it left things. Where units are independent
/// ([`Lang::has_independent_units`]) this is [`check`] on the piece; where they are chained
/// ([`Lang::has_chained_units`]) checking a text's pieces in order, each from the state the one
/// before left, gives [`check`] of the whole text (a test proves it on the corpus). Other
/// formats are checked whole.
pub fn check_unit(lang: Lang, text: &str, before: &UnitState, options: &CheckOptions) -> UnitCheck {
    if lang != Lang::Pbn {
        return UnitCheck { diagnostics: check(lang, text, options), ..UnitCheck::default() };
    }
    let (mut diagnostics, mut for_previous, after) = pbn::check::check_unit(text, &before.0, options);
    for list in [&mut diagnostics, &mut for_previous] {
        finish(list, options);
    }
    UnitCheck { diagnostics, for_previous, after: UnitState(after) }
}

/// A unit too large to read at the start of a stream (PGN008, PBN007, EPD016; PBI has no limit
/// of its own): [`crate::stretches::too_large_in_stream`] with the format's rule.
pub fn too_large_in_stream(lang: Lang, head: &str, bytes: usize, options: &CheckOptions) -> Option<Diagnostic> {
    let rule = match lang {
        Lang::Pgn => (&pgn::stretches::GAME_TOO_LARGE, "game", "game"),
        Lang::Pbn => (&pbn::parser::GAME_TOO_LARGE, "game", "game"),
        // PBI has no size limit of its own (a stream of it is read whole, up to the reader's).
        Lang::Pbi => return None,
        Lang::Epd => (&epd::check::EPD_RECORD_TOO_LARGE, "line", "record"),
    };
    crate::stretches::too_large_in_stream(rule, head, bytes, options)
}

/// Parses `text` and prints the tree back: equal to `text` for every input (the lossless
/// invariant, tested on the corpus and on fuzzed input).
pub fn reprint(lang: Lang, text: &str) -> String {
    match lang {
        Lang::Pgn => pgn::parse(text).syntax().to_string(),
        Lang::Epd => epd::parse(text).syntax().to_string(),
        Lang::Pbn => pbn::parse(text).syntax().to_string(),
        Lang::Pbi => pbi::parse(text).syntax().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checking a large PGN text's pieces from its blocks gives what cutting it and checking
    /// each piece alone gives: on corpus files, and on text whose guessed cuts are wrong.
    #[test]
    fn pieces_checked_from_blocks_equal_pieces_checked_alone() {
        let game = |n: usize| format!("[Event \"{n}\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Qxf7# *\n\n");
        let plain: String = (0..3000).map(game).collect();
        let mut texts = vec![plain.clone(), format!("{plain}{{ open\n\n[Event \"x\"]\n\n{plain}")];
        // Odd games among plain ones: text before the first game and between games, a game
        // after another's result on the same line, no blank line between games, CRLF, a game
        // without a result, a bad move, trailing blanks, no final newline.
        let odd = [
            "junk before\n\n",
            "[Event \"a\"]\n\n1. e4 e5 1-0 [Event \"b\"]\n\n1. d4 *\n\n",
            "[Event \"c\"]\n1. e4 *\n[Event \"d\"]\n1. d4 *\n\n",
            "[Event \"e\"]\r\n[Result \"*\"]\r\n\r\n1. e4 e5 *\r\n\r\n",
            "[Event \"f\"]\n\n1. e4 e5 2. Nf3\n\n",
            "stray text } ) between games\n\n",
            "[Event \"g\"]\n\n1. e4 e5 2. Ke3 Kxe7 *  \n\n",
        ];
        let mixed: String =
            (0..3000).map(|n| if n % 7 == 3 { odd[n / 7 % odd.len()].to_owned() } else { game(n) }).collect();
        texts.push(format!("{}{mixed}1. e4", odd[0]));
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for file in ["pgn/pgn-reader/lichess_db_1000k.pgn", "pgn/pgn-reader/twic1599_1000k.pgn"] {
            match std::fs::read(here.join("../../shared/corpus").join(file)) {
                Ok(bytes) => texts.push(crate::text::decode(&bytes).text),
                Err(_) => eprintln!("skipped: {file} missing"),
            }
        }
        let options = CheckOptions::default();
        for text in &texts {
            let alone: Vec<(Piece, Vec<Diagnostic>)> = crate::pieces(Lang::Pgn, text)
                .into_iter()
                .map(|p| (p, check(Lang::Pgn, &text[p.range], &options)))
                .collect();
            match check_pieces(Lang::Pgn, text, &options) {
                Some(from_blocks) => {
                    assert_eq!(from_blocks.len(), alone.len());
                    for (a, b) in from_blocks.iter().zip(&alone) {
                        assert_eq!(a, b, "piece {:?}", a.0.range);
                    }
                }
                // Only where a cut is not proved (the open comment).
                None => assert!(text.contains("{ open"), "not checked from blocks"),
            }
        }
    }
}
