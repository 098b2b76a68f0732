//! What a format's formatter provides to the engine ([`UnitFormatter`]), the options it gets,
//! and what makes a unit untouchable (its syntax errors). Each format's `format.rs` imports this
//! module only; the engine in [`crate::format`] dispatches to them.

use crate::diagnostic::Diagnostic;
use crate::lang::Lang;
use crate::text::{TextRange, TextSize};

/// Settings of the formatter. Export format leaves almost nothing to choose; what is here is
/// what the standards leave open.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatOptions {
    /// PGN movetext lines are filled greedily up to this many characters (PGN 8.2.1: below 80).
    pub max_line_width: usize,
}

impl Default for FormatOptions {
    fn default() -> Self {
        FormatOptions { max_line_width: 79 }
    }
}

/// Why a format's formatter declined a unit: diagnostics with ranges relative to the unit.
pub type Declined = Vec<Diagnostic>;

/// What a format provides to the engine. One value formats one file, units in order, so it may
/// carry state from unit to unit (PBI keeps the file's first line terminator, PBN the values
/// of `#` and `##`). The file comes in windows: `prepare` is called for each, with the text
/// that follows the units the engine is done with.
pub(crate) trait UnitFormatter {
    /// The units of the file and its syntax errors. A format whose units are nodes of its
    /// parse tree parses once here and keeps the nodes, so that [`UnitFormatter::unit`] need
    /// not parse again (parsing is most of the formatter's time).
    fn prepare(&mut self, lang: Lang, text: &str) -> (Vec<TextRange>, Vec<Diagnostic>) {
        (crate::units(lang, text), syntax_errors(lang, text))
    }

    /// The export text of the unit at `range`, `unit` (free of syntax errors), including the
    /// line terminator that ends it and any blank line that the format puts after it.
    fn unit(&mut self, range: TextRange, unit: &str) -> Result<String, Declined>;

    /// What replaces `gap`, whitespace-only text between units (or before the first, after the
    /// last), given what came before it. The default drops whitespace at the start of the file
    /// and after a formatted unit (which brings its own separator), and keeps it after a unit
    /// left as written (whose separator is that whitespace).
    fn gap(&mut self, gap: &str, after: Before) -> String {
        match after {
            Before::Start | Before::Formatted => String::new(),
            Before::Kept => gap.to_owned(),
        }
    }

    /// Whether the engine writes a formatted unit with the unit's own line breaks (when they
    /// are all alike) instead of the ones [`UnitFormatter::unit`] wrote: for formats whose
    /// export format does not fix them (PGN, LIN; PBN's is CR LF).
    fn keeps_line_ends(&self) -> bool {
        false
    }

    /// The engine is done with the units of the text given to the last
    /// [`UnitFormatter::prepare`] that end at or before `consumed`; the next `prepare` gets the
    /// text after them (the file is formatted a window at a time). A format that carries state
    /// from unit to unit takes the rest of those units into account here.
    fn advance(&mut self, _consumed: TextSize) {}

    /// The unit at `start` of the file `text` (where a unit, or blanks before one, start) when
    /// it is too large to read, for a format that knows it better than the engine does (LIN,
    /// whose boards depend on whether the file numbers them): its range from `start` and its
    /// diagnostic. The engine asks only when a window has grown to a quarter of the limit.
    fn too_large_at(&self, _text: &str, _start: usize) -> Option<(TextRange, Diagnostic)> {
        None
    }

    /// Forgets the parse of the last window given to [`UnitFormatter::prepare`], its memory
    /// included: the engine skips a unit too large to read there, and nothing of that window is
    /// formatted or inherited from.
    fn release(&mut self) {}

    /// Whether syntax error `error` of a window could be an effect of the window's end: whether
    /// the format's lexer, had it seen `after` (the rest of the file), might have decided
    /// otherwise. The engine then formats none of the units from the error on in this window.
    fn may_depend_on_text_after(&self, _error: &Diagnostic, _after: &str) -> bool {
        false
    }

    /// Text between units that is not whitespace (`%` lines between PBN games, say): a format
    /// may normalise it (its line ends, its blank lines); by default it is kept byte for byte.
    fn stray(&mut self, text: &str, _after: Before) -> String {
        text.to_owned()
    }

    /// What the units of the text given to the last [`UnitFormatter::prepare`] (all of them)
    /// and the units before them leave for the units after: see [`Carry`].
    fn carry(&mut self) -> Carry {
        Carry::Nothing
    }

    /// What the units since [`UnitFormatter::start_from`] used of the carry they started from
    /// (all of them, as [`UnitFormatter::carry`]): see [`Carry::reads_alike`].
    fn carry_use(&mut self) -> CarryUse {
        CarryUse::Nothing
    }

    /// Formats what follows as the units that left `carry` would have it formatted.
    fn start_from(&mut self, _carry: &Carry) {}
}

/// What formatting a stretch of a file leaves for the units after it: nothing where units are
/// independent (PGN games, EPD lines), the tag values that later games inherit with `#` and `##`
/// where they are chained (PBN 4.8). A piece of a file formatted from the carry of the units
/// before it is formatted as in the whole file; equal carries format the same text the same, so
/// a guessed carry is proved right by comparing it with the real one.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) enum Carry {
    #[default]
    Nothing,
    Inherited(crate::pbn::model::Inheritance),
}

/// What a stretch formatted from a carry used of it (nothing where units are independent).
#[derive(Debug, Clone, Default)]
pub(crate) enum CarryUse {
    #[default]
    Nothing,
    Inherited(crate::pbn::model::InheritanceUse),
}

impl Carry {
    /// Whether a stretch formatted from `self` that used `used` of it is formatted the same from
    /// `real`: equal carries, or carries that differ only where the stretch never looked (the
    /// last values of tags its games never inherit, say).
    pub(crate) fn reads_alike(&self, real: &Carry, used: &CarryUse) -> bool {
        match (self, real, used) {
            _ if self == real => true,
            (Carry::Inherited(guess), Carry::Inherited(real), CarryUse::Inherited(used)) => {
                guess.reads_alike(real, used)
            }
            _ => false,
        }
    }

    /// What a stretch that left `self` leaves when it starts from `before` instead, which
    /// [`Carry::reads_alike`] what it started from.
    pub(crate) fn after_run_from(&self, before: &Carry, used: &CarryUse) -> Carry {
        match (self, before, used) {
            (Carry::Inherited(after), Carry::Inherited(before), CarryUse::Inherited(used)) => {
                Carry::Inherited(after.after_run_from(before, used))
            }
            _ => self.clone(),
        }
    }
}

/// What precedes a stretch of text between units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Before {
    /// Nothing: the start of the file.
    Start,
    /// A unit the formatter rewrote.
    Formatted,
    /// A unit left as written (syntax errors, declined, or outside the range).
    Kept,
}

/// The syntax errors of `text` (no rules): what makes a unit untouchable.
pub fn syntax_errors(lang: Lang, text: &str) -> Vec<Diagnostic> {
    match lang {
        Lang::Pgn => crate::pgn::parse(text).into_parts().1,
        Lang::Epd => crate::epd::parse(text).into_parts().1,
        Lang::Pbn => crate::pbn::parse(text).into_parts().1,
        Lang::Pbi => crate::pbi::parse(text).into_parts().1,
        Lang::Lin => crate::lin::parse(text).into_parts().1,
    }
}
