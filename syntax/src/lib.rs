//! kibitzer-syntax: everything kibitzer knows about PGN, EPD/FEN, PBN and PBI files and ACBLscore
//! game files — decoding, lossless lexing and parsing, checks, formatting — with no I/O, no
//! async and no LSP types. The `kibitzer` binary (CLI and language server) is built on it.
//!
//! Each format is a module that reads top-down: `lexer` → `parser` (lossless rowan tree) →
//! `model` (typed views) → `check` (diagnostics) → `format`. The functions of this file
//! dispatch on [`Lang`] so that callers need not know the formats.

pub mod acbl;
pub mod binary;
pub mod config;
pub mod diagnostic;
pub mod epd;
pub mod fix;
pub mod format;
pub mod ide;
pub mod parsing;
pub mod pbi;
pub mod pbn;
pub mod pgn;
pub mod text;
mod units;

pub use config::{CheckOptions, Mode};
pub use diagnostic::{Diagnostic, Rule, Severity};
pub use text::{TextRange, TextSize};
pub use units::{pieces, units, Piece};

use std::path::Path;

/// The text formats kibitzer reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Portable Game Notation (chess games).
    Pgn,
    /// FEN positions and EPD records, one per line (`.epd`, `.fen`).
    Epd,
    /// Portable Bridge Notation.
    Pbn,
    /// Problem Import format (chess compositions).
    Pbi,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::Pgn, Lang::Epd, Lang::Pbn, Lang::Pbi];

    /// Whether a unit's diagnostics depend on its own text only (PGN games, EPD lines), so that
    /// a text can be checked and fixed unit by unit, each unit with the text up to the next one.
    /// A PBN game inherits values from earlier games (`#`, PBN 3.5) and a PBI file's first line
    /// is its marker, so those are always checked whole.
    pub fn has_independent_units(self) -> bool {
        matches!(self, Lang::Pgn | Lang::Epd)
    }

    /// Whether a unit can be checked on its own given what checking the units before it left
    /// ([`check_unit`]): PBN games, which inherit tag values from earlier games.
    pub fn has_chained_units(self) -> bool {
        self == Lang::Pbn
    }

    /// The language of a file by its extension (case-insensitive).
    pub fn from_path(path: &Path) -> Option<Lang> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Lang::from_id(&ext)
    }

    /// The language for an editor's language id or a `--lang` value: `pgn`, `pbn`, `pbi`, `epd`,
    /// `fen`.
    pub fn from_id(id: &str) -> Option<Lang> {
        Some(match id {
            "pgn" => Lang::Pgn,
            "epd" | "fen" => Lang::Epd,
            "pbn" => Lang::Pbn,
            "pbi" => Lang::Pbi,
            _ => return None,
        })
    }

    pub fn id(self) -> &'static str {
        match self {
            Lang::Pgn => "pgn",
            Lang::Epd => "epd",
            Lang::Pbn => "pbn",
            Lang::Pbi => "pbi",
        }
    }

    /// File extensions walked in directories.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Lang::Pgn => &["pgn"],
            Lang::Epd => &["epd", "fen"],
            Lang::Pbn => &["pbn"],
            Lang::Pbi => &["pbi"],
        }
    }

    /// How lines end in this format: PBI also breaks lines at U+0085 and U+2028.
    pub fn line_breaks(self) -> text::LineBreaks {
        match self {
            Lang::Pbi => text::LineBreaks::WithUnicode,
            _ => text::LineBreaks::Standard,
        }
    }
}

/// All diagnostics of `text` — syntax errors and rules — with the configured severities, in
/// order of position. The CLI and the language server both call this.
pub fn check(lang: Lang, text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    // A binary file gets one diagnostic, not millions.
    if let Some(d) = binary::not_text(lang, [text], options) {
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
