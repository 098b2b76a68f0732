//! The one checking engine the CLI and the language server share: a whole text, or one piece of
//! a larger text from the state the pieces before it left, dispatched on [`Lang`] so that callers
//! need not know the formats.

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::lang::Lang;
use crate::text::{TextRange, TextSize};
use crate::units::{self, Piece};
use crate::{epd, lin, pbi, pbn, pgn};

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
        Lang::Lin => lin::check(text, options),
    };
    crate::layout::check(lang, text, options, &mut diagnostics);
    finish(&mut diagnostics, options);
    diagnostics
}

/// What checking a unit gathers for the checks of a text's units together (duplicate games):
/// each PGN game's summary, with ranges relative to the text checked. Empty for the other
/// formats, whose units are checked together by [`check`] or [`check_unit`] already.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UnitFacts(Vec<pgn::check::duplicates::Summary>);

impl UnitFacts {
    /// The summaries of the unit's PGN games, in order.
    pub(crate) fn games(&self) -> &[pgn::check::duplicates::Summary] {
        &self.0
    }
}

impl UnitFacts {
    /// The same facts in a text in which this unit's text starts `delta` bytes later.
    pub fn shifted(&self, delta: TextSize) -> UnitFacts {
        UnitFacts(self.0.iter().map(|s| s.clone().shifted(delta)).collect())
    }

    /// These facts of the unit `text` with the copies of its text that [`check_across_detached`]
    /// needs in place of it: what a piece of a text no one holds whole sends on.
    pub fn detach(&self, text: &str) -> DetachedFacts {
        DetachedFacts(pgn::check::detached::Detached::of(text, &self.0))
    }
}

/// A unit's [`UnitFacts`] taken out of its text ([`UnitFacts::detach`]), relative to the unit,
/// to be serialized and sent where the units' facts are gathered (a Dask task's result).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DetachedFacts(pub(crate) pgn::check::detached::Detached);

impl DetachedFacts {
    /// The length of the unit's text: where the next unit starts in the text they make together.
    pub fn text_len(&self) -> TextSize {
        self.0.len()
    }
}

/// [`check_across`] of a text no one holds whole, from the facts of its units taken out of
/// their texts, in text order: the diagnostics, with ranges in the text the units make one after
/// the other (unit `k` starts at the sum of the [`DetachedFacts::text_len`] before it), the same
/// as [`check_across`] of that text gives (a test below proves it). Only PGN's units keep facts.
pub fn check_across_detached(lang: Lang, facts: Vec<DetachedFacts>, options: &CheckOptions) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    if lang == Lang::Pgn {
        let (mut text, summaries) = pgn::check::detached::Joined::of(facts.iter().map(|f| &f.0), options);
        pgn::check::across_in(&mut text, &summaries, &mut diagnostics);
    }
    finish(&mut diagnostics, options);
    diagnostics
}

/// Checks a unit of a larger text (a piece, [`crate::pieces`]) as [`check`] does, leaving out the
/// checks of the text's units together, and gives what those need from it: [`check`] of a text
/// is the diagnostics of this for its pieces plus [`check_across`] of their facts (a test below
/// proves it). The language server keeps both per piece, so that an edit re-checks one game and
/// the pass over the whole runs on what is kept.
pub fn check_alone(lang: Lang, text: &str, options: &CheckOptions) -> (Vec<Diagnostic>, UnitFacts) {
    if lang != Lang::Pgn || crate::binary::not_text(lang, [text], options).is_some() {
        return (check(lang, text, options), UnitFacts::default());
    }
    let (mut diagnostics, summaries) = pgn::check::check_with_summaries(text, options);
    crate::layout::check(lang, text, options, &mut diagnostics);
    finish(&mut diagnostics, options);
    (diagnostics, UnitFacts(summaries))
}

/// The checks of a text's units together (PGN duplicate games and spellings of names) from the
/// facts of its units in text order, each with ranges in `text` ([`UnitFacts::shifted`]), with
/// the configured severities, in text order. PGN only: [`check_alone`] of the other formats
/// is their whole check already, and a PBN text's pieces give their names to
/// [`crate::across_files`] ([`crate::UnitCheck::names`]).
pub fn check_across(lang: Lang, text: &str, facts: &[UnitFacts], options: &CheckOptions) -> Vec<Diagnostic> {
    let mut diagnostics = Vec::new();
    if lang == Lang::Pgn {
        let summaries: Vec<_> = facts.iter().flat_map(|f| f.0.iter().cloned()).collect();
        pgn::check::across(text, &summaries, options, &mut diagnostics);
    }
    finish(&mut diagnostics, options);
    diagnostics
}

/// The configured severities applied (and rules turned off dropped), in text order.
pub(crate) fn finish(diagnostics: &mut Vec<Diagnostic>, options: &CheckOptions) {
    options.rules.apply(diagnostics);
    crate::diagnostic::sort_in_text_order(diagnostics);
}

/// The pieces of `text` ([`crate::pieces`]) with each one's diagnostics and facts, relative to
/// its start: what [`check_alone`] of each piece's text gives, found with one parse of each block
/// of the text (the blocks [`crate::units`] cuts a large PGN text into), on every core, instead
/// of a parse to cut the text and another to check each piece. The language server opens a
/// document this way. `None` where that does not apply (a format other than PGN, a text small
/// enough to cut in one go, a binary text, a cut between blocks that is not proved): the caller
/// cuts and checks piece by piece.
///
/// A block's diagnostics and game summaries go to the piece their range starts in: checking
/// games alone gives the whole text's diagnostics (tests/pgn_units.rs), each within its own
/// game's piece (a test below compares with checking every piece alone, on the corpus).
pub fn check_pieces(lang: Lang, text: &str, options: &CheckOptions) -> Option<Vec<CheckedPiece>> {
    if !units::cut_in_blocks(lang, text) || crate::binary::not_text(lang, [text], options).is_some() {
        return None;
    }
    let blocks = crate::parallel::map_pieces(text, &units::block_cuts(text), |start, block| {
        let offset = TextSize::from(start as u32);
        let checked = pgn::check::check_with_games(block, options);
        let games: Vec<TextRange> = checked.games.into_iter().map(|g| g + offset).collect();
        let diagnostics: Vec<Diagnostic> = checked.diagnostics.into_iter().map(|d| d.shifted(offset)).collect();
        let summaries: Vec<_> = checked.summaries.into_iter().map(|s| s.shifted(offset)).collect();
        (diagnostics, games, summaries)
    });
    let mut diagnostics = Vec::new();
    let mut games = Vec::new();
    let mut summaries = Vec::new();
    for (d, g, s) in blocks {
        diagnostics.push(d);
        games.push(g);
        summaries.extend(s);
    }
    let pieces = units::pieces_of(text, units::join_blocks(lang, text, games)?);
    let mut out: Vec<CheckedPiece> = pieces
        .into_iter()
        .map(|piece| CheckedPiece { piece, diagnostics: Vec::new(), facts: UnitFacts::default() })
        .collect();
    let piece_at =
        |out: &[CheckedPiece], at: TextSize| out.partition_point(|p| p.piece.range.end() <= at).min(out.len() - 1);
    for d in diagnostics.into_iter().flatten() {
        let i = piece_at(&out, d.range.start());
        let start = out[i].piece.range.start();
        out[i].diagnostics.push(d.shifted_back(start));
    }
    for s in summaries {
        let i = piece_at(&out, s.start());
        let start = out[i].piece.range.start();
        out[i].facts.0.push(s.shifted_back(start));
    }
    for checked in &mut out {
        // As `check_alone` of the piece's text: a piece can look binary alone (its own sample).
        match crate::binary::not_text(lang, [&text[checked.piece.range]], options) {
            Some(d) => {
                checked.diagnostics = vec![d];
                checked.facts = UnitFacts::default();
            }
            None => {
                crate::layout::check(lang, &text[checked.piece.range], options, &mut checked.diagnostics);
                finish(&mut checked.diagnostics, options);
            }
        }
    }
    Some(out)
}

/// A piece of a text checked by [`check_pieces`]: its diagnostics and facts relative to its start.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedPiece {
    pub piece: Piece,
    pub diagnostics: Vec<Diagnostic>,
    pub facts: UnitFacts,
}

/// What checking a unit leaves for the units after it ([`check_unit`]): PBN's inherited tag
/// values; nothing for independent units. Equal states make equal diagnostics of the same text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UnitState(pbn::check::Carry, crate::format::Carry);

impl UnitState {
    /// The Dealer, Vulnerable and Deal of the last game checked, which the next game takes when
    /// it leaves them out and has an auction or play (PBN702's reading,
    /// [`pbn::model::DealData::taken_by`]); empty for other formats.
    pub fn previous_deal(&self) -> &pbn::model::DealData {
        self.0.previous_deal()
    }
}

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
    /// Where a PBN unit's names are, for the spelling checks of the games together
    /// ([`crate::across_files::PieceFacts::of_pbn`]).
    pub names: pbn::check::players::NameRanges,
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
    let pbn::check::UnitChecked { mut diagnostics, mut for_previous, after, names } =
        pbn::check::check_unit(text, &before.0, options);
    // The export layout of the piece, formatted from what the pieces before it left the
    // formatter (their inherited tags), as `check` of the whole text finds it.
    let piece = TextRange::up_to(TextSize::of(text));
    let formatted = crate::layout::check_piece(lang, text, piece, &before.1, options, &mut diagnostics);
    for list in [&mut diagnostics, &mut for_previous] {
        finish(list, options);
    }
    UnitCheck { diagnostics, for_previous, after: UnitState(after, formatted), names }
}

/// A unit too large to read at the start of a stream (PGN008, PBN007, EPD016; PBI has no limit
/// of its own): [`crate::stretches::too_large_in_stream`] with the format's rule.
pub fn too_large_in_stream(lang: Lang, head: &str, bytes: usize, options: &CheckOptions) -> Option<Diagnostic> {
    let rule = match lang {
        Lang::Pgn => (&pgn::stretches::GAME_TOO_LARGE, "game", "game"),
        Lang::Pbn => (&pbn::parser::GAME_TOO_LARGE, "game", "game"),
        // PBI has no size limit of its own (a stream of it is read whole, up to the reader's).
        Lang::Pbi => return None,
        // Nor has LIN: BBO's files are a board a line, read whole.
        Lang::Lin => return None,
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
        Lang::Lin => lin::parse(text).syntax().to_string(),
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
            let alone: Vec<CheckedPiece> = crate::pieces(Lang::Pgn, text)
                .into_iter()
                .map(|piece| {
                    let (diagnostics, facts) = check_alone(Lang::Pgn, &text[piece.range], &options);
                    CheckedPiece { piece, diagnostics, facts }
                })
                .collect();
            match check_pieces(Lang::Pgn, text, &options) {
                Some(from_blocks) => {
                    assert_eq!(from_blocks.len(), alone.len());
                    for (a, b) in from_blocks.iter().zip(&alone) {
                        assert_eq!(a, b, "piece {:?}", a.piece.range);
                    }
                }
                // Only where a cut is not proved (the open comment).
                None => assert!(text.contains("{ open"), "not checked from blocks"),
            }
        }
    }

    /// `check` of a text is its pieces checked alone plus the checks of their facts together:
    /// what the language server shows of an open document is what `kibitzer check` says.
    #[test]
    fn pieces_alone_and_the_pass_across_them_give_the_whole_check() {
        let game = |n: usize, moves: &str| {
            format!(
                "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.05\"]\n[Round \"{n}\"]\n[White \"Adams, M\"]\n\
                 [Black \"Brown\"]\n[Result \"*\"]\n\n{moves} *\n\n"
            )
        };
        let ruy = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
        let mut text: String =
            (0..40).map(|n| game(n % 3, if n % 2 == 0 { ruy } else { "1. d4 d5 2. c4 e6 3. Nc3 Nf6" })).collect();
        text.push_str(&game(1, ruy).replace("Club", "club"));
        let options = CheckOptions::default();
        let whole = check(Lang::Pgn, &text, &options);
        assert!(whole.iter().any(|d| d.code == "PGN400") && whole.iter().any(|d| d.code == "PGN401"));
        let mut parts = Vec::new();
        let mut facts = Vec::new();
        for piece in crate::pieces(Lang::Pgn, &text) {
            let (diagnostics, f) = check_alone(Lang::Pgn, &text[piece.range], &options);
            parts.extend(diagnostics.into_iter().map(|d| d.shifted(piece.range.start())));
            facts.push(f.shifted(piece.range.start()));
        }
        let pieces = |facts: &[UnitFacts]| {
            let detached = facts.iter().map(|f| std::sync::Arc::new(crate::across_files::PieceFacts::of_pgn(&text, f)));
            crate::across_files::FileFacts::of_pieces(detached.collect::<Vec<_>>())
        };
        assert!(pieces(&facts).may_find_alone(Lang::Pgn));
        parts.extend(check_across(Lang::Pgn, &text, &facts, &options));
        crate::diagnostic::sort_in_text_order(&mut parts);
        assert_eq!(parts, whole);
        // No two games with the same moves: nothing to gather.
        let distinct: Vec<UnitFacts> = facts.iter().take(2).cloned().collect();
        assert!(!pieces(&distinct).may_find_alone(Lang::Pgn));
    }

    /// The pass across a text's units from their facts taken out of the text, each unit sent as
    /// a serialized value, gives what the pass over the whole text gives: the same diagnostics
    /// (the earlier game's line in the message, the spelling's fix, the deletion of the last
    /// game with the blanks before it), in pieces of every size, LF or CR LF, from any first line.
    #[test]
    fn the_pass_across_detached_facts_equals_the_pass_over_the_text() {
        let game = |n: usize, white: &str, moves: &str| {
            format!(
                "[Event \"Club\"]\n[Site \"Here\"]\n[Date \"2024.01.05\"]\n[Round \"{n}\"]\n[White \"{white}\"]\n\
                 [Black \"Brown\"]\n[Result \"*\"]\n\n{moves} *\n\n"
            )
        };
        let ruy = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";
        let qgd = "1. d4 d5 2. c4 e6 3. Nc3 Nf6";
        let english = "1. c4 e5 2. Nc3 Nf6 3. g3 d5";
        let mut lf: String = (0..30)
            .map(|n| {
                game(
                    n % 3,
                    if n == 7 { "Adams,M" } else { "Adams, M" },
                    [ruy, qgd, english][n % 2 + usize::from(n == 7)],
                )
            })
            .collect();
        // The last game, a copy, alone in the last piece: its deletion reaches into the piece before.
        lf.push_str(&game(1, "Adams, M", ruy).replace("Club", "club"));
        lf.push_str("\n\n");
        lf.push_str(&game(0, "Adams, M", ruy));
        let crlf = lf.replace('\n', "\r\n");
        for text in [&lf, &crlf] {
            for first_line in [0, 41] {
                let options = CheckOptions { first_line, ..CheckOptions::default() };
                let pieces = crate::pieces(Lang::Pgn, text);
                let alone: Vec<(TextRange, UnitFacts)> =
                    pieces.iter().map(|p| (p.range, check_alone(Lang::Pgn, &text[p.range], &options).1)).collect();
                let facts: Vec<UnitFacts> = alone.iter().map(|(r, f)| f.shifted(r.start())).collect();
                let whole = check_across(Lang::Pgn, text, &facts, &options);
                let codes: Vec<&str> = whole.iter().map(|d| d.code).collect();
                assert!(["PGN400", "PGN401", "PGN402"].iter().all(|c| codes.contains(c)), "{codes:?}");
                for group in [1, 2, 7, pieces.len()] {
                    let detached: Vec<DetachedFacts> = alone
                        .chunks(group)
                        .map(|run| {
                            let range = TextRange::new(run[0].0.start(), run[run.len() - 1].0.end());
                            let facts: Vec<UnitFacts> =
                                run.iter().map(|(r, f)| f.shifted(r.start() - range.start())).collect();
                            let joined = UnitFacts(facts.into_iter().flat_map(|f| f.0).collect());
                            let sent = serde_json::to_string(&joined.detach(&text[range])).unwrap();
                            serde_json::from_str(&sent).unwrap()
                        })
                        .collect();
                    assert_eq!(check_across_detached(Lang::Pgn, detached, &options), whole, "pieces of {group}");
                }
            }
        }
    }
}
