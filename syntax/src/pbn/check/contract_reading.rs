//! One fact, two sources: when the Contract or Declarer tag disagrees with a complete auction,
//! which of the two readings the rest of the game (the play, the Result, the Score) supports.
//!
//! The disagreement itself is reported once ([`super::auction::check_against_tags`]); the play
//! and the scores are then checked under the chosen reading, so that one typo in a tag does not
//! turn every trick of the play into a revoke or the Score into a second error.

use super::auction::Outcome;
use super::context::{Facts, Sink, Source};
use super::play::{self, Tricks};
use super::scores;
use crate::diagnostic::{Diagnostic, Severity};
use crate::pbn::model::Game;

/// What the rest of the game says about one reading.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Support {
    /// Errors the play gives under this reading.
    pub play_errors: usize,
    /// Whether Result and Score (when given) agree with this reading.
    pub result_agrees: bool,
    pub score_agrees: bool,
}

impl Support {
    fn disagreements(&self) -> usize {
        self.play_errors.min(1) + usize::from(!self.result_agrees) + usize::from(!self.score_agrees)
    }
}

/// The facts the auction gives: its contract and declarer in place of the tags'.
pub(super) fn auction_facts(facts: &Facts, outcome: &Outcome) -> Option<Facts> {
    let (contract, declarer) = outcome.contract?;
    let mut f = facts.clone();
    f.contract = Some(contract);
    f.declarer = Some(match facts.declarer {
        // `^X`: X, declarer's partner, played the hand; the tag and the auction then agree.
        Some((seat, true)) if seat == declarer.partner() => (seat, true),
        _ => (declarer, false),
    });
    Some(f)
}

/// The play replayed under a reading: what [`play::check`] gives and reports under it (the
/// play reads only the deal, the contract and the declarer, so the chosen reading's replay is
/// not done a third time).
pub(super) struct Replayed {
    pub diagnostics: Vec<Diagnostic>,
    pub tricks: Option<Tricks>,
}

/// How well a reading fits the rest of the game, and its replay of the play; with
/// `first_error`, the replay stops before the next trick once the play has an error (the
/// support is then only good for telling an error-free reading from the others).
pub(super) fn support(game: &Game<'_>, facts: &Facts, first_error: bool) -> (Support, Replayed) {
    let mut scratch = Sink::new(false);
    let replay = play::replay_until(game, facts, None, first_error, &mut scratch);
    let play_errors = scratch.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
    let tricks: Option<Tricks> = replay.filter(|r| !r.lost_track && r.declarer.is_some()).map(|r| r.won);
    let proven = tricks.filter(|t| t.complete && play_errors == 0).map(|t| t.declarer);
    let result_agrees = match (facts.result, proven) {
        (Some(r), Some(p)) => facts.result_irregular || r == p,
        _ => true,
    };
    let score_agrees = scores::score_agrees(game, facts, proven);
    (Support { play_errors, result_agrees, score_agrees }, Replayed { diagnostics: scratch.diagnostics, tricks })
}

/// Chooses between the tags' and the auction's readings: the one the rest of the game supports
/// better; on a tie the auction's (the laws define the contract by the auction).
/// With the reading chosen, its replay of the play when one was needed to choose.
pub(super) fn choose(game: &Game<'_>, facts: &Facts, outcome: &Outcome) -> (Source, Facts, Option<Replayed>) {
    let Some(from_auction) = auction_facts(facts, outcome) else {
        return (Source::Agree, facts.clone(), None);
    };
    let same = from_auction.contract == facts.contract && from_auction.declarer == facts.declarer;
    if same || facts.contract.is_none() && facts.declarer.is_none() {
        return (Source::Agree, facts.clone(), None);
    }
    // Fewer sources against it first, then fewer errors in the play (a play that is wrong
    // under both readings, e.g. written in playing order, still has its opening lead right
    // under one of them).
    let key = |s: &Support| (s.disagreements(), s.play_errors);
    let (by_tags, tags_replay) = support(game, facts, false);
    // Against a tags' reading with nothing against it, the auction's wins (a tie) only with
    // nothing against it either: its replay may stop at its first error, and a replay that
    // stopped is never the one kept. A match record whose Contract tags are the other room's
    // replays half its plays once, not twice.
    let tags_clean = key(&by_tags) == (0, 0);
    let (by_auction, auction_replay) = support(game, &from_auction, tags_clean);
    if key(&by_tags) < key(&by_auction) {
        (Source::Tags, facts.clone(), Some(tags_replay))
    } else {
        (Source::Auction, from_auction, Some(auction_replay))
    }
}
