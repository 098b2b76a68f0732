//! One name per player, event and site across the games of a file: a White or Black tag that
//! writes a player otherwise than the file's commonest spelling of that player (`Carlsen,M`
//! among many `Carlsen, Magnus`), and the same for the Event and Site tags, is a note on the
//! rarer spelling with the commonest as its fix. Which spellings name the same player is
//! [`crate::spellings`]' rule (case, spacing and punctuation; initials against the one given
//! name they can stand for).
//!
//! Read from the games' [`Summary`]s, which the parallel check collects with the duplicate
//! pass's (the ranges of the roster's values): one pass over them in text order, linear.

use super::duplicates::{Summary, BLACK, EVENT, SITE, WHITE};
use crate::diagnostic::Diagnostic;
use crate::pgn::model::string_value;
use crate::spellings::{self, NameKind, Occurrence, Tokens};

crate::diagnostic::declare_rules! {
    PLAYER_SPELLING = "PGN402" "player-spelling" Information Import "PGN 8.1.1.5"
        "A player written otherwise than the commonest spelling of that player in the file"
        "A database keeps one name per player, so that searching for a player finds every game: `Carlsen, Magnus` in one game and `Carlsen,M` or `carlsen, magnus` in another are one player spelled two ways. The White and Black tags of the file are grouped by player: spellings equal once case, spaces and punctuation are dropped, and initials (`Carlsen, M.`) with the one spelled-out given name of that surname they can stand for (`Carlsen, Magnus`; when the file also has `Carlsen, Mads`, `Carlsen, M` could be either and is left alone; two spelled-out given names are always two players). Each rarer spelling is a note, with the commonest as the fix (an unsafe fix: renaming changes the data) and a game that has it as related information. In the editor, references on a player's name list the values of every game of the workspace (open documents and the workspace folders' PGN files) that spell that player any of these ways, and rename rewrites them all (grouped over all those files together). Across files: `check --across-files` and the language server (setting `acrossFiles`) group the spellings of all the files together; a note whose commonest spelling is also found in other files says so (`3 times across the files (first in club/2024.pgn)`) and points at its first place."
        bad: "[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n\n1. e4 *\n\n[White \"Caruana, Fabiano\"]\n[Black \"Carlsen, Magnus\"]\n\n1. d4 *\n\n[White \"Carlsen,M\"]\n[Black \"Caruana, Fabiano\"]\n\n1. c4 *\n",
        good: "[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n\n1. e4 *\n\n[White \"Caruana, Fabiano\"]\n[Black \"Carlsen, Magnus\"]\n\n1. d4 *\n\n[White \"Carlsen, Magnus\"]\n[Black \"Caruana, Fabiano\"]\n\n1. c4 *\n";
    EVENT_SITE_SPELLING = "PGN403" "event-site-spelling" Information Import "PGN 8.1.1.1"
        "An Event or Site written otherwise than its commonest spelling in the file"
        "The games of one event at one place carry the same Event and Site, so that they are found together: `Tata Steel Masters` and `tata steel masters`, or `Wijk aan Zee NED` and `Wijk aan Zee, NED`, are one event or place spelled two ways. Values of the Event tags, and of the Site tags, that are equal once case, spaces and punctuation are dropped are one name; each rarer spelling is a note, with the commonest as the fix (an unsafe fix) and a game that has it as related information. In the editor, references and rename on an Event or Site value cover every game of the workspace, as for players."
        bad: "[Event \"Tata Steel Masters\"]\n\n1. e4 *\n\n[Event \"Tata Steel Masters\"]\n\n1. d4 *\n\n[Event \"tata steel masters\"]\n\n1. c4 *\n",
        good: "[Event \"Tata Steel Masters\"]\n\n1. e4 *\n\n[Event \"Tata Steel Masters\"]\n\n1. d4 *\n\n[Event \"Tata Steel Challengers\"]\n\n1. c4 *\n";
}

/// The spelling notes of `text`, whose games' summaries are `games` in text order, into `out`.
/// The games of `copies` (indices, in order), duplicates of earlier games, are left out: a copy
/// is deleted rather than renamed, and does not make a spelling commoner.
pub fn check(text: &(impl Tokens + ?Sized), games: &[Summary], copies: &[usize], out: &mut Vec<Diagnostic>) {
    if games.len() < 2 {
        return;
    }
    let kept = || {
        let mut copies = copies.iter().peekable();
        games.iter().enumerate().filter(move |(i, _)| copies.next_if_eq(&i).is_none()).map(|(_, g)| g)
    };
    let values = |tags: &[usize]| -> Vec<Occurrence<'_>> {
        kept()
            .flat_map(|g| tags.iter().filter_map(|&t| g.roster()[t]))
            .map(|range| (range, string_value(text.token(range))))
            .collect()
    };
    spellings::check(text, &values(&[WHITE, BLACK]), NameKind::Person, &PLAYER_SPELLING, "player", out);
    spellings::check(text, &values(&[EVENT]), NameKind::Title, &EVENT_SITE_SPELLING, "Event", out);
    spellings::check(text, &values(&[SITE]), NameKind::Title, &EVENT_SITE_SPELLING, "Site", out);
}
