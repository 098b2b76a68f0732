//! What every PBN check shares: where its diagnostics go ([`Sink`]), which tags earlier games
//! gave values to ([`Inherited`]), and the typed facts of a game's tags ([`Facts`]). The checks
//! import this module, never the driver in `mod.rs` that calls them.

use crate::bridge::score::Vulnerability;
use crate::diagnostic::{Diagnostic, Rule};
use crate::names::NameSet;
use crate::pbn::model::{self, Contract, Deal, Denomination, Seat};
use crate::text::TextRange;

/// Where diagnostics go, with the mode the rules need to know.
pub(crate) struct Sink {
    pub diagnostics: Vec<Diagnostic>,
    pub export: bool,
    /// Diagnostics of the game before the checked text ([`check_unit`]): a score is checked
    /// against the other room's when the second room's game comes.
    pub previous_unit: Vec<Diagnostic>,
    /// Whether the previous game (its room score) is before the checked text.
    pub previous_game_outside: bool,
}

impl Sink {
    pub fn new(previous_game_outside: bool) -> Sink {
        Sink { diagnostics: Vec::new(), export: false, previous_unit: Vec::new(), previous_game_outside }
    }

    pub fn report(&mut self, rule: &Rule, range: TextRange, message: impl Into<String>) {
        self.diagnostics.push(Diagnostic::new(rule, range, message));
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }
}

/// What the checks read of inheritance (PBN 4.8): which tags an earlier game gave a value (a `#`
/// for one never given is empty) and which were given with `##` (later games may omit them).
/// The values themselves are not checked again where they are inherited, so they are not kept:
/// editing a tag's value leaves what the games after it inherit as it was, and the language
/// server does not check them again.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Inherited {
    pub(super) given: NameSet<String>,
    sticky: NameSet<String>,
}

impl Inherited {
    /// Takes note of a game's tag, in file order (as [`model::Inheritance::record`]).
    pub(super) fn record(&mut self, name: &str, value: &str) {
        match model::passes_on(name, value) {
            model::PassesOn::Sticky(_) => {
                self.sticky.insert(name, || name.to_owned());
                self.given.insert(name, || name.to_owned());
            }
            model::PassesOn::Value(_) => self.given.insert(name, || name.to_owned()),
            model::PassesOn::Nothing => {}
        }
    }

    /// Whether a `#` in `name` inherits a value.
    pub(super) fn is_given(&self, name: &str) -> bool {
        self.given.contains(name)
    }

    /// Whether an earlier game gave `name` with `##`, so that later games may omit it.
    pub fn is_sticky(&self, name: &str) -> bool {
        self.sticky.contains(name)
    }
}

/// What the game's tags say, after inheritance, in typed form: the facts the auction, play and
/// score checks compare against.
#[derive(Debug, Default, Clone)]
pub(crate) struct Facts {
    pub dealer: Option<Seat>,
    pub vulnerable: Option<Vulnerability>,
    pub deal: Option<Deal>,
    /// Declarer, and whether the `^` swap form was used.
    pub declarer: Option<(Seat, bool)>,
    pub passed_out: bool,
    pub contract: Option<Contract>,
    /// Denomination only (an end position's Contract).
    pub end_position_trump: Option<Denomination>,
    pub result: Option<u8>,
    /// Result given with `^` (deliberately differing from the tricks won).
    pub result_irregular: bool,
    pub board: Option<u32>,
}

/// Which source of the contract and declarer the game is checked under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    /// The tags and the auction agree (or there is no complete auction to compare).
    Agree,
    /// The auction's reading makes the rest of the game consistent (or at least more so).
    Auction,
    /// The tags' reading does; the auction is the odd one out.
    Tags,
}
