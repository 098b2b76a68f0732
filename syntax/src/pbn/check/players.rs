//! One name per player, event and site across the games of a file: a North, East, South or
//! West tag that writes a player otherwise than the file's commonest spelling of that player,
//! and the same for the Event and Site tags, is a note on the rarer spelling with the commonest
//! as its fix ([`crate::spellings`] decides which spellings name the same player).
//!
//! Unlike the other PBN checks this one sees the games of the file together, so it runs once
//! over the whole text after them, one pass in text order, linear, on the names the games'
//! checks found ([`NameRanges`], gathered by [`super::check_unit`]; [`NameRanges::of`] reads
//! them from a text alone, each stretch of games parsed for its tags only). Inherited values
//! (`#`, `##…`) name nothing of their own and are left out.

use super::super::model::Game;
use super::super::parser::{parse_events, GAMES};
use super::super::syntax_kind::SyntaxKind;
use crate::diagnostic::Diagnostic;
use crate::parsing::{EventElement, EventNode};
use crate::spellings::{self, NameKind, Occurrence, Tokens};
use crate::stretches::{stretches, Stretch};
use crate::text::{TextRange, TextSize};
use std::borrow::Cow;

crate::diagnostic::declare_rules! {
    PLAYER_SPELLING = "PBN120" "player-spelling" Information Import "PBN 3.4.5"
        "A player written otherwise than the commonest spelling of that player in the file"
        "A hand record or a session's file keeps one name per player, so that a player's boards are found together: `Meckstroth, Jeff` in one game and `Meckstroth,J` or `meckstroth, jeff` in another are one player spelled two ways. The North, East, South and West tags of the file are grouped by player as PGN402 groups White and Black: spellings equal once case, spaces and punctuation are dropped, and initials with the one spelled-out given name of that surname they can stand for. Each rarer spelling is a note, with the commonest as the fix (an unsafe fix: renaming changes the data) and a game that has it as related information. Inherited values (`#`) are left out. In the editor, references and rename on a player's name cover every game of the workspace (open documents and the workspace folders' PBN files), as for PGN402."
        bad: "[Board \"1\"]\n[North \"Meckstroth, Jeff\"]\n\n[Board \"2\"]\n[North \"Meckstroth, Jeff\"]\n\n[Board \"3\"]\n[North \"Meckstroth,J\"]\n",
        good: "[Board \"1\"]\n[North \"Meckstroth, Jeff\"]\n\n[Board \"2\"]\n[North \"Meckstroth, Jeff\"]\n\n[Board \"3\"]\n[North \"Meckstroth, Jeff\"]\n";
    EVENT_SITE_SPELLING = "PBN121" "event-site-spelling" Information Import "PBN 3.4.1"
        "An Event or Site written otherwise than its commonest spelling in the file"
        "The boards of one event at one place carry the same Event and Site: `Spring Nationals` and `spring nationals` are one event spelled two ways. Values of the Event tags, and of the Site tags, equal once case, spaces and punctuation are dropped are one name; each rarer spelling is a note, with the commonest as the fix (an unsafe fix) and a game that has it as related information. Inherited values (`#`) are left out. In the editor, references and rename on an Event or Site value cover every game of the workspace, as for players."
        bad: "[Event \"Spring Nationals\"]\n[Board \"1\"]\n\n[Event \"Spring Nationals\"]\n[Board \"2\"]\n\n[Event \"spring nationals\"]\n[Board \"3\"]\n",
        good: "[Event \"Spring Nationals\"]\n[Board \"1\"]\n\n[Event \"#\"]\n[Board \"2\"]\n\n[Event \"#\"]\n[Board \"3\"]\n";
}

/// The tags whose values name players.
const SEATS: [&str; 4] = ["North", "East", "South", "West"];

/// The values of a text's tags that name players, events and sites, in text order (ranges in
/// the text), inherited values left out: what the spelling check reads, of one text or of
/// several files together ([`crate::across_files`]).
#[derive(Debug, Clone, Default)]
pub struct Names<'t> {
    pub players: Vec<Occurrence<'t>>,
    pub events: Vec<Occurrence<'t>>,
    pub sites: Vec<Occurrence<'t>>,
}

/// Where the values that name players, events and sites are in a text, by kind (players in
/// seat order, events, sites), each in text order, inherited values left out: what [`Names`]
/// reads. Gathered while the games are checked ([`super::check_unit`]), so that the language
/// server has a game's names without parsing it again.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameRanges {
    kinds: [Vec<TextRange>; 3],
}

impl NameRanges {
    /// The name values of `text`'s games, each stretch of games ([`crate::stretches`]) parsed
    /// for its tags only.
    pub fn of(text: &str) -> NameRanges {
        let mut ranges = NameRanges::default();
        for stretch in stretches(text, &GAMES) {
            let Stretch::Games(range) = stretch else { continue };
            let piece = &text[range];
            let (events_of_piece, _) = parse_events(piece, Vec::new());
            for child in EventNode::root(&events_of_piece).children() {
                let EventElement::Node(node) = child else { continue };
                if node.kind() == Some(SyntaxKind::GAME) {
                    ranges.push_game(&Game::from_events(node, piece), range.start());
                }
            }
        }
        ranges
    }

    /// Adds the name values of `game`, whose text starts `offset` bytes into the text.
    pub(crate) fn push_game(&mut self, game: &Game<'_>, offset: TextSize) {
        let [players, events, sites] = &mut self.kinds;
        let take = |name: &str, into: &mut Vec<TextRange>| {
            if let Some(tag) = game.tag(name).filter(|t| t.well_formed && !t.value.starts_with('#')) {
                into.push(tag.value_range + offset);
            }
        };
        SEATS.iter().for_each(|seat| take(seat, players));
        take("Event", events);
        take("Site", sites);
    }

    /// Adds `other`'s name values, found in a text that starts `offset` bytes into this one.
    pub(crate) fn append_shifted(&mut self, other: NameRanges, offset: TextSize) {
        for (into, from) in self.kinds.iter_mut().zip(other.kinds) {
            into.extend(from.into_iter().map(|r| r + offset));
        }
    }

    /// The values, read from `text`.
    pub fn names<'t>(&self, text: &'t str) -> Names<'t> {
        let read = |ranges: &[TextRange]| ranges.iter().map(|&r| (r, Cow::Borrowed(&text[r]))).collect();
        let [players, events, sites] = &self.kinds;
        Names { players: read(players), events: read(events), sites: read(sites) }
    }
}

/// The spelling notes of `names`, whose tokens `text` holds, into `out`.
pub fn check_names(text: &(impl Tokens + ?Sized), names: &Names<'_>, out: &mut Vec<Diagnostic>) {
    spellings::check(text, &names.players, NameKind::Person, &PLAYER_SPELLING, "player", out);
    spellings::check(text, &names.events, NameKind::Title, &EVENT_SITE_SPELLING, "Event", out);
    spellings::check(text, &names.sites, NameKind::Title, &EVENT_SITE_SPELLING, "Site", out);
}
