//! The one checking engine the CLI and the language server share: a whole text, or one piece of
//! a larger text from the state the pieces before it left, dispatched on [`Lang`] so that callers
//! need not know the formats.

use crate::config::CheckOptions;
use crate::diagnostic::Diagnostic;
use crate::lang::Lang;
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
