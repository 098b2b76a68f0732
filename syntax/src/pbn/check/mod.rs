//! The PBN rules: syntax errors from the parser, then per-game checks of tags, deal, auction,
//! play, notes, scores, tables and (in export mode) the export format; then, over the games of
//! the file together, the spellings of players, events and sites ([`players`]).
//!
//! Games are checked in order because of tag inheritance (`#`, `##`, PBN 4.8): the only state
//! carried from one game to the next is [`Inheritance`]. A stretch of games can be checked on its
//! own from what the games before it left ([`check_unit`], [`Carry`]): the language server
//! re-checks the game an edit touches and the games after it only while what they inherit changes.

pub mod annotations;
pub mod auction;
mod context;
mod contract_reading;
pub mod deal;
pub mod export;
pub mod instant_score_table;
pub mod layout;
pub mod lines;
pub mod notes;
pub(crate) mod pieces;
pub mod play;
pub mod players;
pub mod scores;
pub mod tables;
pub mod values;

use super::model::{DealData, Game};
use super::syntax_kind::SyntaxKind;
use crate::config::{CheckOptions, Mode};
use crate::diagnostic::{Diagnostic, Severity};
use crate::parsing::{EventElement, EventNode, ParseEvent};
use crate::stretches::{Stretch, MAX_GAME_BYTES};
use crate::text::{TextRange, TextSize};
pub(crate) use context::{Facts, Inherited, Sink};
use players::NameRanges;

crate::diagnostic::declare_rules! {
    INHERITANCE_FORBIDDEN = "PBN700" "inheritance-forbidden" Error Import "PBN 4.8"
        "`#` or `##` on a tag that may not inherit."
        "Dealer, Vulnerable, Deal, Declarer, Contract, Auction, Play and Note must be given in each game."
        bad: "[Deal \"#\"]", good: "[Deal \"N:…\"]";
    INHERITANCE_EMPTY = "PBN701" "inheritance-empty" Warning Import "PBN 4.8"
        "`#` with no earlier value to inherit."
        "With nothing to inherit the value becomes empty."
        bad: "[Event \"#\"] in the first game", good: "[Event \"Club\"]";
    IMPLICIT_REUSE = "PBN702" "implicit-reuse" Error Import "PBN 3"
        "A game with an auction or play but no Dealer/Deal, relying on the previous game."
        "Every game contains all its data; PBN has no implicit reuse (use the tags or `#` where allowed)."
        bad: "(second game without Deal)\n[Play \"W\"]", good: "[Deal \"N:…\"]\n[Play \"W\"]";
}

/// Values carried across games for `#` and `##` (PBN 4.8), and the previous game's deal data for
/// games that silently rely on it.
#[derive(Debug, Default, Clone, PartialEq)]
struct Inheritance {
    /// Which tags `#` and `##` can inherit.
    values: Inherited,
    /// The previous game's Dealer, Vulnerable and Deal, as its checks read them.
    previous_deal: DealData,
    /// The previous game's room result, for the other room's ScoreIMP.
    previous_room: Option<scores::RoomScore>,
}

/// Tags whose value may never be inherited.
const NOT_INHERITABLE: [&str; 8] = ["Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"];

/// The facts of a game's own tags, as the checks read them, for the editor's views of its
/// auction and play ([`auction::replay_to`], [`play::replay_to`]). Inheritance from earlier
/// games is not resolved: the editor asks about one game.
pub(crate) fn facts_of(game: &Game<'_>) -> Facts {
    let mut scratch = Sink::new(false);
    values::check_values(game, &mut scratch)
}

/// What checking some games leaves for the games after them: which tags they can inherit, the
/// last game's deal and room score, whether export format has begun (`% EXPORT`). Two equal
/// carries make the same diagnostics of the same text.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Carry {
    inheritance: Inheritance,
    export: bool,
    /// Whether a line end without CR in export format was reported (once a file).
    bare_line_end_reported: bool,
}

impl Carry {
    /// The last game's Dealer, Vulnerable and Deal, which a game that leaves them out takes.
    pub(crate) fn previous_deal(&self) -> &DealData {
        &self.inheritance.previous_deal
    }

    /// The same carry with its ranges (the last room score's) moved by `delta` bytes: a piece's
    /// carry placed into its file.
    fn shifted(mut self, delta: TextSize) -> Carry {
        self.inheritance.previous_room = self.inheritance.previous_room.map(|r| r.shifted(delta));
        self
    }
}

/// Checks `text`, the games of a file from some game on (and what follows them up to the next),
/// as the games before it left things (`before`): its diagnostics, those of the game just before
/// it (relative to that game's text, see [`Sink::previous_unit`]), and what it leaves for the
/// games after it. Checking a file's pieces this way in order gives the diagnostics of
/// checking it whole.
///
/// A text larger than [`MAX_GAME_BYTES`] is read a stretch of whole games at a time
/// ([`crate::stretches`]), so that memory stays bounded whatever it holds; a game larger than
/// that gets one diagnostic (PBN007) and is not read: what it would leave for later games (the
/// values they inherit, its room score) is not known, and they are checked without it.
pub fn check_unit(text: &str, before: &Carry, options: &CheckOptions) -> UnitChecked {
    if text.len() <= MAX_GAME_BYTES {
        return check_in_one_go(text, before, options);
    }
    let mut out = Vec::new();
    let mut for_previous = None;
    let mut carry = before.clone();
    let mut names = NameRanges::default();
    for stretch in crate::stretches::stretches(text, &super::parser::GAMES) {
        match stretch {
            Stretch::Games(range) => {
                let checked = check_in_one_go(&text[range], &carry, options);
                // The first stretch's game before is the text's; the others' are in the text.
                match for_previous {
                    None => for_previous = Some(checked.for_previous),
                    Some(_) => out.extend(checked.for_previous),
                }
                out.extend(checked.diagnostics.into_iter().map(|d| d.shifted(range.start())));
                carry = checked.after.shifted(range.start());
                names.append_shifted(checked.names, range.start());
            }
            Stretch::TooLarge(range) => {
                out.push(crate::stretches::too_large(text, range, &super::parser::GAMES));
                for_previous.get_or_insert_with(Vec::new);
                carry.inheritance.previous_room = None;
            }
        }
    }
    UnitChecked { diagnostics: out, for_previous: for_previous.unwrap_or_default(), after: carry, names }
}

/// What [`check_unit`] gives of a text.
pub struct UnitChecked {
    /// Its diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// Those of the game before it, relative to that game's text.
    pub for_previous: Vec<Diagnostic>,
    /// What it leaves for the games after it.
    pub after: Carry,
    /// Where its games' names are, for the spelling checks of the games together.
    pub names: NameRanges,
}

fn check_in_one_go(text: &str, before: &Carry, options: &CheckOptions) -> UnitChecked {
    let (events, errors) = super::parser::parse_events(text, EVENTS.take());
    let root = EventNode::root(&events);
    // `% EXPORT` declares export format for the games after it (usually the whole file).
    let export_from =
        if options.mode == Mode::Export || before.export { Some(TextSize::from(0)) } else { export_line(root, text) };
    let mut sink = Sink::new(before.inheritance.previous_room.is_some());
    sink.diagnostics = errors;
    let text_from = export_from.map_or(text.len(), usize::from);
    let bare_line_end_reported = lines::check(text, text_from, before.bare_line_end_reported, &mut sink);
    lines::fix_suit_symbols(&events, text, &mut sink.diagnostics);
    let mut inheritance = before.inheritance.clone();
    let mut names = NameRanges::default();
    let mut games = 0;
    for child in root.children() {
        let EventElement::Node(node) = child else { continue };
        if node.kind() != Some(SyntaxKind::GAME) {
            continue;
        }
        games += 1;
        let game = Game::from_events(node, text);
        names.push_game(&game, TextSize::from(0));
        sink.export = export_from.is_some_and(|from| game.range.start() >= from);
        check_game(&game, &mut inheritance, &mut sink);
        sink.previous_game_outside = false;
        if sink.export {
            export::check(&game, text, &inheritance.values, &mut sink);
        }
    }
    if games == 0 {
        // A room score from before is now two pieces back: its range would be misplaced.
        inheritance.previous_room = None;
    }
    // A buffer grown by one huge piece is let go: the language server's threads live on.
    if events.capacity() <= KEPT_EVENTS {
        EVENTS.set(events);
    }
    UnitChecked {
        diagnostics: sink.diagnostics,
        for_previous: sink.previous_unit,
        after: Carry { inheritance, export: export_from.is_some(), bare_line_end_reported },
        names,
    }
}

thread_local! {
    /// Each thread's event buffer, reused from piece to piece: a fresh one costs page faults.
    static EVENTS: std::cell::Cell<Vec<ParseEvent<SyntaxKind>>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The largest event buffer a thread keeps for the next piece (12 bytes an event: 24 MB).
const KEPT_EVENTS: usize = 2 << 20;

/// Where an escape line `% EXPORT` puts the file into export format. Escape lines between games
/// are children of the root, inside a game children of the game node: no deeper walk is needed.
fn export_line(root: EventNode<'_, SyntaxKind>, text: &str) -> Option<TextSize> {
    let is_export = |(kind, range): (SyntaxKind, TextRange)| {
        (kind == SyntaxKind::ESCAPE_LINE && text[range].trim_end() == "% EXPORT").then(|| range.start())
    };
    root.children().find_map(|e| match e {
        EventElement::Token(kind, range) => is_export((kind, range)),
        EventElement::Node(n) => n.child_tokens().find_map(is_export),
    })
}

fn check_game(game: &Game<'_>, inheritance: &mut Inheritance, sink: &mut Sink) {
    values::check_names(game, sink);
    resolve_inheritance(game, inheritance, sink);
    let mut facts = values::check_values(game, sink);
    deal::check(game, &facts, sink);
    reuse_previous(game, &mut facts, inheritance, sink);
    let before_auction = sink.diagnostics.len();
    let auction = auction::check(game, &facts, sink);
    // An auction with errors of its own does not decide the contract: its disagreement with the
    // Contract and Declarer tags would only repeat them.
    // (A first call not the dealer's leaves the calls legal: the Declarer tag may then show the
    // auction is rotated, which the first-call diagnostic says.)
    let auction_sound = sink.diagnostics[before_auction..]
        .iter()
        .all(|d| d.severity != Severity::Error || d.code == crate::pbn::check::auction::AUCTION_FIRST_CALL.code);
    // The play and the scores are checked under the reading the rest of the game supports.
    let mut checked = facts.clone();
    let mut replayed = None;
    if let Some(outcome) = auction.as_ref().filter(|_| auction_sound) {
        let (source, chosen, replay) = contract_reading::choose(game, &facts, outcome);
        auction::check_against_tags(game, &facts, outcome, source, sink);
        checked = chosen;
        replayed = replay;
    }
    prefer_rotation_vulnerability(game, &mut checked);
    // A reading chosen by replaying the play under it has its replay (the vulnerability, which
    // the line above may change, is not read by the play).
    let tricks = match replayed {
        Some(replayed) => {
            sink.diagnostics.extend(replayed.diagnostics);
            replayed.tricks
        }
        None => play::check(game, &checked, sink),
    };
    scores::check(game, &facts, &checked, tricks, sink);
    scores::check_imps(game, &checked, tricks, &mut inheritance.previous_room, sink);
    notes::check(game, sink);
    tables::check(game, &checked, sink);
    inheritance.previous_deal = DealData { dealer: facts.dealer, vulnerable: facts.vulnerable, deal: facts.deal };
}

/// Reports forbidden and empty inheritance (`#`, `##`) and records the values later games may
/// inherit. Value checks see only literal values (and the text after `##`).
fn resolve_inheritance(game: &Game<'_>, inheritance: &mut Inheritance, sink: &mut Sink) {
    for tag in game.tags.iter().filter(|t| t.counts) {
        if tag.value.starts_with('#') && crate::text::is_one_of(tag.name, &NOT_INHERITABLE) {
            sink.report(
                &INHERITANCE_FORBIDDEN,
                tag.value_range,
                format!("{} may not inherit its value with `{}`", tag.name, tag.value),
            );
            continue;
        }
        if tag.value == "#" && !inheritance.values.is_given(tag.name) {
            sink.report(
                &INHERITANCE_EMPTY,
                tag.value_range,
                format!("`#` in {}: no earlier game gives a value to inherit, so it is empty", tag.name),
            );
            // Reported once: later games inheriting the same (empty) value repeat no mistake.
            inheritance.values.given.insert(tag.name, || tag.name.to_owned());
        }
        inheritance.values.record(tag.name, tag.value);
    }
}

/// Real files (rpbridge conversions) omit Dealer, Vulnerable and Deal in the second room's game
/// and rely on the previous game. PBN has no such reuse: report it, then check the auction and
/// play against the previous game's values so that their own errors are still found (the
/// formatter writes the same values into the game: [`DealData::taken_by`] decides for both).
fn reuse_previous(game: &Game<'_>, facts: &mut Facts, inheritance: &Inheritance, sink: &mut Sink) {
    let Some(taken) = inheritance.previous_deal.taken_by(|name| game.tag(name).is_some(), facts.vulnerable) else {
        return;
    };
    let anchor = game.tag("Auction").or(game.tag("Play")).map_or(game.range, |t| t.name_range);
    sink.report(
        &IMPLICIT_REUSE,
        anchor,
        "game has no Dealer, Vulnerable or Deal and relies on the previous game's (PBN has no implicit reuse)",
    );
    (facts.dealer, facts.vulnerable, facts.deal) = (taken.dealer, taken.vulnerable, taken.deal);
}

/// A Vulnerable tag that disagrees with the board's standard rotation (Law 2) while the Score
/// agrees with the rotation's vulnerability and not with the tag's: the tag is the one mistake
/// (reported by the rotation check), and the scores are checked under the rotation's.
fn prefer_rotation_vulnerability(game: &Game<'_>, facts: &mut context::Facts) {
    let (Some(board), Some(given)) = (facts.board, facts.vulnerable) else { return };
    let (_, rotation) = crate::bridge::score::board_rotation(board);
    if rotation == given {
        return;
    }
    let mut other = facts.clone();
    other.vulnerable = Some(rotation);
    // Disagreements of the Score and the ScoreTable rows under each vulnerability.
    let misfits =
        |f: &context::Facts| usize::from(!scores::score_agrees(game, f, None)) + tables::score_mismatches(game, f);
    if misfits(&other) < misfits(facts) {
        *facts = other;
    }
}
