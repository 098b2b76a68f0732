//! kibitzer-syntax: everything kibitzer knows about PGN, EPD/FEN, PBN and PBI files and ACBLscore
//! game files — decoding, lossless lexing and parsing, checks, formatting — with no I/O, no
//! async and no LSP types. The `kibitzer` binary (CLI and language server) is built on it.
//!
//! Each format is a module that reads top-down: `lexer` → `parser` (lossless rowan tree) →
//! `model` (typed views) → `check` (diagnostics) → `format`. The functions of this file
//! dispatch on [`Lang`] so that callers need not know the formats.

pub mod acbl;
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
pub use units::units;

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
    let mut diagnostics = match lang {
        Lang::Pgn => pgn::check(text, options),
        Lang::Epd => epd::check(text, options),
        Lang::Pbn => pbn::check(text, options),
        Lang::Pbi => pbi::check(text, options),
    };
    options.rules.apply(&mut diagnostics);
    diagnostics.sort_by_key(|d| (d.range.start(), d.range.end(), d.code));
    diagnostics
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
