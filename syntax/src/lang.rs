//! The text formats kibitzer reads, and what each says about its files: extensions, editor
//! language ids, line breaks, and whether its units can be checked one at a time.

use crate::text;
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
    /// BBO's LIN (bridge hand records, one board a line).
    Lin,
}

impl Lang {
    pub const ALL: [Lang; 5] = [Lang::Pgn, Lang::Epd, Lang::Pbn, Lang::Pbi, Lang::Lin];

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

    /// Whether a file is read, formatted and checked in one go rather than in windows and pieces:
    /// a PBI file's lines take their meaning from its marker line, a LIN file's boards from
    /// whether it numbers them with `qx` anywhere.
    pub fn is_read_whole(self) -> bool {
        matches!(self, Lang::Pbi | Lang::Lin)
    }

    /// Whether the formatter reads a file in one window rather than a window of units at a
    /// time: a PBI file, whose lines take their meaning from its marker line. (A LIN file's
    /// formatter finds once whether it numbers its boards, and reads it in windows.)
    pub fn is_formatted_whole(self) -> bool {
        self == Lang::Pbi
    }

    /// The language of a file by its extension (case-insensitive).
    pub fn from_path(path: &Path) -> Option<Lang> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Lang::from_id(&ext)
    }

    /// The language for an editor's language id or a `--lang` value: `pgn`, `pbn`, `pbi`, `epd`,
    /// `fen`, `lin`.
    pub fn from_id(id: &str) -> Option<Lang> {
        Some(match id {
            "pgn" => Lang::Pgn,
            "epd" | "fen" => Lang::Epd,
            "pbn" => Lang::Pbn,
            "pbi" => Lang::Pbi,
            "lin" => Lang::Lin,
            _ => return None,
        })
    }

    pub fn id(self) -> &'static str {
        match self {
            Lang::Pgn => "pgn",
            Lang::Epd => "epd",
            Lang::Pbn => "pbn",
            Lang::Pbi => "pbi",
            Lang::Lin => "lin",
        }
    }

    /// File extensions walked in directories.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Lang::Pgn => &["pgn"],
            Lang::Epd => &["epd", "fen"],
            Lang::Pbn => &["pbn"],
            Lang::Pbi => &["pbi"],
            Lang::Lin => &["lin"],
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
