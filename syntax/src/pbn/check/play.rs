//! Play legality (PBN 3.6, 3.9): the opening leader, each card held and played once, suit
//! followed unless the revoke is marked `^R`, `^L` only on a lead out of turn, each trick led by
//! the previous trick's winner, nothing played after `+` or `*`.

use super::annotations::{split, Item, SectionKind};
use super::context::{Facts, Sink};
use crate::diagnostic::{Applicability, Diagnostic, Severity, TextEdit};
use crate::pbn::model::{Card, CardSet, Game, Seat, Suit};
use crate::pbn::syntax_kind::SyntaxKind;

crate::diagnostic::declare_rules! {
    PLAY_MISSING_TAGS = "PBN400" "play-without-tags" Error Import "PBN 3.1"
        "A Play section without Deal, Declarer or Contract before it."
        "Deal, Declarer and Contract must be filled before the play section."
        bad: "[Play \"W\"]\nSK", good: "[Deal \"…\"]\n[Declarer \"S\"]\n[Contract \"4H\"]\n[Play \"W\"]\nSK";
    INVALID_CARD = "PBN401" "invalid-card" Error Import "PBN 3.6.1"
        "A token in the play that is not a card."
        "Cards are a suit S H D C and a rank A K Q J T 9..2, or `-`."
        bad: "S1", good: "S2";
    CARD_NOT_HELD = "PBN402" "card-not-held" Error Import "PBN 3.6"
        "A card its player does not hold (or played before)."
        "Each card is played once, by the player dealt it."
        bad: "SA HA DA CA\nDA", good: "SA HA DA CA\nDK";
    REVOKE = "PBN403" "revoke" Error Import "PBN 3.9"
        "A player did not follow suit though able to, and the card is not marked `^R`."
        "A revoke that happened is marked `^R` before the card."
        bad: "SK H3", good: "SK ^R H3";
    WRONG_REVOKE_MARK = "PBN404" "wrong-revoke-mark" Error Import "PBN 3.9"
        "`^R` on a card that is not a revoke."
        "`^R` marks only a card that fails to follow suit while the player could."
        bad: "SK ^R S4", good: "SK S4";
    WRONG_LEAD_MARK = "PBN405" "wrong-lead-mark" Error Import "PBN 3.9"
        "`^L` on a card that is not a lead out of turn, or twice in a trick."
        "`^L` marks the first card of a trick played by the wrong player."
        bad: "^L SK H3 S4 S3", good: "SK H3 S4 S3";
    OPENING_LEADER = "PBN406" "opening-leader" Error Import "PBN 3.6"
        "The Play tag is not declarer's left-hand opponent."
        "The opening leader is the player on declarer's left."
        bad: "[Declarer \"S\"]\n[Play \"N\"]", good: "[Declarer \"S\"]\n[Play \"W\"]";
    CARD_AFTER_PLUS = "PBN407" "card-after-plus" Error Import "PBN 3.6"
        "A card after `+` in playing order, or a second `+`."
        "`+` replaces the next card to be played; cards after it are not played yet (`-`)."
        bad: "S3 + S7 SA", good: "S3 + - -";
}

/// Tricks won, as far as the play section shows them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tricks {
    pub declarer: u8,
    pub defenders: u8,
    /// All 13 tricks are known.
    pub complete: bool,
}

pub(super) fn check(game: &Game<'_>, facts: &Facts, sink: &mut Sink) -> Option<Tricks> {
    let replay = replay(game, facts, None, sink)?;
    if replay.lost_track {
        return None;
    }
    replay.declarer.map(|_| replay.won)
}

/// One trick (a row of the section) as the replay saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TrickRecord {
    /// Who led it, when known (the previous trick's winner, or `^L`).
    pub leader: Option<Seat>,
    /// Who won it, when all four cards and the trump are known.
    pub winner: Option<Seat>,
}

/// The play of a game replayed, completely or up to an item.
#[derive(Debug, Clone)]
pub(crate) struct PlayReplay {
    pub declarer: Option<Seat>,
    /// `None` when unknown; `Some(None)` at no trump.
    pub trump: Option<Option<Suit>>,
    /// The tricks replayed (the last may be partial), in order.
    pub tricks: Vec<TrickRecord>,
    /// The cards each seat still holds after the items replayed (`None` without a full deal).
    pub hands: Option<[CardSet; 4]>,
    /// Who leads the trick after the last complete one replayed.
    pub next_leader: Option<Seat>,
    /// The play ended (`*`) or was cut short (`+`).
    pub closed: bool,
    /// The section disagrees with the deal: later cards were not followed.
    pub lost_track: bool,
    pub won: Tricks,
}

/// Replays the play section: every trick, or with `upto` only the cards before that item
/// (then the last trick may be partial). `None` without a well-formed Play tag, or when the
/// tags the play needs are missing.
pub(crate) fn replay(game: &Game<'_>, facts: &Facts, upto: Option<usize>, sink: &mut Sink) -> Option<PlayReplay> {
    replay_until(game, facts, upto, false, sink)
}

/// [`replay`], which with `first_error` stops before the next trick once the play has an error:
/// all that a reading of the contract needs when it is only to be compared with a reading the
/// play has no error under ([`super::contract_reading`]).
pub(crate) fn replay_until(
    game: &Game<'_>,
    facts: &Facts,
    upto: Option<usize>,
    first_error: bool,
    sink: &mut Sink,
) -> Option<PlayReplay> {
    let reported_before = sink.diagnostics.len();
    let index = game.tags.iter().position(|t| t.name == "Play" && t.well_formed)?;
    let tag = &game.tags[index];
    let first = Seat::parse(tag.value)?;
    let before = &game.tags[..index];
    // An end position (PBN 3.10) names the trump only and has no declarer.
    let end_position_deal = facts.deal.as_ref().is_some_and(|d| d.hands.iter().flatten().any(|h| h.len() < 13));
    let end_position = facts.end_position_trump.is_some() || end_position_deal;
    let missing: Vec<&str> = ["Deal", "Declarer", "Contract"]
        .into_iter()
        .filter(|name| !(before.iter().any(|t| t.name == *name) || *name == "Deal" && facts.deal.is_some()))
        .filter(|name| !(*name == "Declarer" && end_position))
        .collect();
    let items = split(tag, SectionKind::Play, sink).items;
    if !missing.is_empty() {
        sink.report(
            &PLAY_MISSING_TAGS,
            tag.name_range,
            format!("Play section without {} before it", missing.join(", ")),
        );
        return None;
    }
    let declarer = facts.declarer.map(|(s, _)| s);
    let trump = facts.contract.map(|c| c.denomination).or(facts.end_position_trump).map(|d| d.trump());
    let hands: Option<[CardSet; 4]> = facts.deal.as_ref().and_then(|d| {
        let h = d.hands;
        Some([h[0]?, h[1]?, h[2]?, h[3]?])
    });
    if let (Some(decl), false) = (declarer, end_position) {
        let leader_marked = items.first().is_some_and(|i| i.prefix_is("^L"));
        if first != decl.next() && !leader_marked {
            let lho = decl.next().letter().to_string();
            sink.push(
                Diagnostic::new(
                    &OPENING_LEADER,
                    tag.value_range,
                    format!(
                        "Play starts with {} but declarer {}'s left-hand opponent {} leads",
                        first.name(),
                        decl.name(),
                        decl.next().name()
                    ),
                )
                .with_replacement(format!("Replace with `{lho}`"), tag.value_range, lho),
            );
        }
    }
    // Without a known trump no trick has a known winner, so only the first trick is checked.
    let trump_known = trump.is_some();
    let mut state = PlayState {
        hands,
        trump: trump.flatten(),
        played: CardSet::default(),
        plus: false,
        ended: false,
        lost_track: false,
        not_held: 0,
        deal: game.tag("Deal").map(|t| t.value_range),
    };
    let items = &items[..upto.unwrap_or(items.len()).min(items.len())];
    let mut out = PlayReplay {
        declarer,
        trump,
        tricks: Vec::with_capacity(13),
        hands: None,
        next_leader: Some(first),
        closed: false,
        lost_track: false,
        won: Tricks { declarer: 0, defenders: 0, complete: false },
    };
    let mut known_tricks = 0;
    for row in items.chunks(4) {
        if first_error && sink.diagnostics[reported_before..].iter().any(|d| d.severity == Severity::Error) {
            break;
        }
        let mut slots: [Option<&Item<'_>>; 4] = [None; 4];
        for (column, item) in row.iter().enumerate() {
            slots[first.offset(column).index()] = Some(item);
        }
        let expected = out.next_leader;
        let marked = Seat::ALL.into_iter().find(|s| slots[s.index()].is_some_and(|i| i.prefix_is("^L")));
        let reported = sink.diagnostics.len();
        let winner = state.trick(&slots, expected, sink);
        // After a card that cannot have been played (not held, or a revoke not marked), who won
        // the trick and who leads next are unknown: the later tricks would only echo the error,
        // as a PGN line stops after an illegal move.
        if sink.diagnostics[reported..].iter().any(|d| d.code == CARD_NOT_HELD.code || d.code == REVOKE.code) {
            state.lost_track = true;
        }
        out.tricks.push(TrickRecord { leader: marked.or(expected), winner });
        if state.ended {
            break;
        }
        if state.lost_track {
            // A card not held means the section disagrees with the deal; everything after it
            // would repeat the same error.
            out.lost_track = true;
            break;
        }
        if row.len() == 4 {
            out.next_leader = winner.filter(|_| trump_known);
        }
        if let (Some(w), Some(d), true) = (winner, declarer, trump_known) {
            // Saturating: a section of hundreds of rows (cards repeated, the deal partial, so
            // that nothing stops the replay) has more tricks than a u8 counts.
            if w.is_ns() == d.is_ns() {
                out.won.declarer = out.won.declarer.saturating_add(1);
            } else {
                out.won.defenders = out.won.defenders.saturating_add(1);
            }
            known_tricks += 1;
        }
    }
    out.won.complete = known_tricks == 13;
    out.closed = state.ended || state.plus;
    out.hands = state.hands;
    Some(out)
}

/// A card of the play section as the editor shows it.
#[derive(Debug, Clone)]
pub(crate) struct CardAt {
    pub text: String,
    pub range: crate::text::TextRange,
    /// Who played it: its column's seat.
    pub seat: Seat,
    /// Its trick, counted from 1 (the row of the section).
    pub trick: usize,
}

/// The play as the editor needs it at `offset`.
#[derive(Debug, Clone)]
pub(crate) struct PlayAt {
    pub replay: PlayReplay,
    /// The item at the offset, if any.
    pub item: Option<CardAt>,
    /// Who plays the next card after the items before the offset, who leads its trick, and
    /// the suit led when the leader's card is among the items before the offset.
    pub next_seat: Seat,
    pub leader: Option<Seat>,
    pub led: Option<Suit>,
    /// The cards of the item's trick (its row of the section) by seat, as written.
    pub trick_cards: [Option<String>; 4],
}

/// The play of `game` at `offset`: the replay of the cards before the offset, or with
/// `whole_trick` through the end of the trick at the offset (so that its winner is known).
/// `None` without a well-formed Play tag or the tags the play needs.
pub(crate) fn replay_to(
    game: &Game<'_>,
    facts: &Facts,
    offset: crate::text::TextSize,
    whole_trick: bool,
) -> Option<PlayAt> {
    let tag = game.tags.iter().find(|t| t.name == "Play" && t.well_formed)?;
    let first = Seat::parse(tag.value)?;
    let mut sink = Sink::new(false);
    let items = split(tag, SectionKind::Play, &mut sink).items;
    let at = items.iter().position(|i| i.token.range.contains_inclusive(offset));
    let before = at.unwrap_or_else(|| items.partition_point(|i| i.token.range.end() < offset));
    let item = at.map(|i| CardAt {
        text: items[i].token.text.to_owned(),
        range: items[i].token.range,
        seat: first.offset(i % 4),
        trick: i / 4 + 1,
    });
    let upto = if whole_trick { (before / 4 + 1) * 4 } else { before };
    let replay = replay(game, facts, Some(upto), &mut sink)?;
    let row_start = before - before % 4;
    let leader = replay.tricks.get(before / 4).and_then(|t| t.leader).or(replay.next_leader);
    let led = leader.and_then(|l| {
        let column = (l.index() + 4 - first.index()) % 4;
        items[row_start..before].get(column).and_then(|i| Card::parse(i.token.text)).map(|c| c.suit)
    });
    let mut trick_cards: [Option<String>; 4] = Default::default();
    if let Some(i) = at {
        let row = i - i % 4;
        for (k, card) in items.iter().skip(row).take(4).enumerate() {
            trick_cards[first.offset(k).index()] = Some(card.token.text.to_owned());
        }
    }
    Some(PlayAt { replay, item, next_seat: first.offset(before % 4), leader, led, trick_cards })
}

/// One row of the play section, a trick, as the editor shows it.
#[derive(Debug, Clone)]
pub(crate) struct PlayRow {
    /// From its first card to its last.
    pub range: crate::text::TextRange,
    /// Its cards by seat (N, E, S, W); `None` for a `-` or a seat without a card.
    pub cards: [Option<Card>; 4],
    pub leader: Option<Seat>,
    pub winner: Option<Seat>,
    /// The cards each seat holds before the trick (`None` without a full deal).
    pub hands_before: Option<[CardSet; 4]>,
    /// Tricks won by declarer's side and by the defenders before the trick.
    pub won_before: Tricks,
}

/// The play section a row a trick, from the check's own replay: the cards of each row, its
/// leader and winner, the hands before it and the tricks won so far. With the declarer and the
/// trump (`Some(None)` at no trump) as the replay knows them. `None` without a well-formed Play
/// tag or the tags the play needs.
pub(crate) fn rows(game: &Game<'_>, facts: &Facts) -> Option<(PlayReplay, Vec<PlayRow>)> {
    let tag = game.tags.iter().find(|t| t.name == "Play" && t.well_formed)?;
    let first = Seat::parse(tag.value)?;
    let mut sink = Sink::new(false);
    let mut items = split(tag, SectionKind::Play, &mut sink).items;
    // `*` ends an incomplete play and `+` marks where it is to go on (PBN 3.2): no trick after them.
    if let Some(end) = items.iter().position(|i| matches!(i.token.text, "*" | "+")) {
        items.truncate(end);
    }
    let whole = replay(game, facts, None, &mut sink)?;
    let mut rows = Vec::new();
    for (k, row) in items.chunks(4).enumerate() {
        let Some(record) = whole.tricks.get(k) else { break };
        // The replay up to the row's first card: the hands and the tricks won before it.
        let before = replay(game, facts, Some(4 * k), &mut sink)?;
        let mut cards = [None; 4];
        for (column, item) in row.iter().enumerate() {
            cards[first.offset(column).index()] = Card::parse(item.token.text);
        }
        rows.push(PlayRow {
            range: row[0].token.range.cover(row[row.len() - 1].token.range),
            cards,
            leader: record.leader,
            winner: record.winner,
            hands_before: before.hands,
            won_before: before.won,
        });
    }
    Some((whole, rows))
}

/// Where a row of the play section ends, and declarer's side's tricks up to it.
pub(crate) type RowTricks = (crate::text::TextSize, Option<u8>);

/// The tricks of the play section as the editor's hints need them: for each row, where its last
/// card ends and how many tricks declarer's side has won up to and including it (`None` once a
/// winner is unknown). `None` without the rows ([`rows`]), a declarer or a trump.
pub(crate) fn tricks_by_row(game: &Game<'_>, facts: &Facts) -> Option<(Seat, Vec<RowTricks>)> {
    let (replay, rows) = rows(game, facts)?;
    let declarer = replay.declarer?;
    replay.trump?;
    let mut won = Some(0u8);
    let ends = rows
        .iter()
        .map(|row| {
            won = match (won, row.winner) {
                (Some(n), Some(w)) => Some(n + u8::from(w.is_ns() == declarer.is_ns())),
                _ => None,
            };
            (row.range.end(), won)
        })
        .collect();
    Some((declarer, ends))
}

struct PlayState {
    hands: Option<[CardSet; 4]>,
    trump: Option<Suit>,
    played: CardSet,
    plus: bool,
    ended: bool,
    lost_track: bool,
    not_held: u32,
    /// The Deal tag's value: where a card played by the wrong hand points.
    deal: Option<crate::text::TextRange>,
}

impl PlayState {
    /// Checks one trick given by seat; returns its winner when every card is known.
    fn trick(&mut self, slots: &[Option<&Item<'_>>; 4], expected: Option<Seat>, sink: &mut Sink) -> Option<Seat> {
        // `^L` moves the lead to the marked card's player.
        let mut first_marked: Option<Seat> = None;
        for seat in Seat::ALL {
            let Some(item) = slots[seat.index()].filter(|i| i.prefix_is("^L")) else { continue };
            let range = item.prefix.map_or(item.token.range, |p| p.range);
            if first_marked.is_some() {
                sink.report(&WRONG_LEAD_MARK, range, "a second `^L` in one trick");
            } else if Some(seat) == expected {
                sink.report(&WRONG_LEAD_MARK, range, format!("`^L` but {} leads this trick in turn", seat.name()));
            }
            first_marked.get_or_insert(seat);
        }
        let leader = first_marked.or(expected);
        let mut led: Option<Suit> = None;
        let mut best: Option<(Seat, Card)> = None;
        let mut all_known = leader.is_some();
        // On the stack: a trick is checked for every row of every play replayed.
        let order: [Seat; 4] = match leader {
            Some(l) => [0, 1, 2, 3].map(|i| l.offset(i)),
            None => Seat::ALL,
        };
        for (position, seat) in order.into_iter().enumerate() {
            let Some(item) = slots[seat.index()] else {
                all_known = false;
                continue;
            };
            let t = item.token;
            if self.ended {
                sink.report(&CARD_AFTER_PLUS, t.range, format!("`{}` after the `*` that ends the play", t.text));
                return None;
            }
            match t.kind {
                SyntaxKind::STAR => {
                    self.ended = true;
                    all_known = false;
                    continue;
                }
                SyntaxKind::PLUS => {
                    if self.plus {
                        sink.report(&CARD_AFTER_PLUS, t.range, "a second `+`: it stands for the one next card");
                    }
                    self.plus = true;
                    all_known = false;
                    continue;
                }
                SyntaxKind::DASH => {
                    all_known = false;
                    continue;
                }
                _ => {}
            }
            if self.plus {
                sink.report(
                    &CARD_AFTER_PLUS,
                    t.range,
                    format!("`{}` is played after the `+` that stands for the next card", t.text),
                );
                all_known = false;
                continue;
            }
            let card = if t.kind == SyntaxKind::CARD { Card::parse(t.text) } else { None };
            let Some(card) = card else {
                let message = format!("`{}` is not a card (suit S H D C, rank A K Q J T 9..2)", t.text);
                let d = Diagnostic::new(&INVALID_CARD, t.range, message);
                // `--` in a card's place (bridgebots after a claim): the standard's `-`, a card
                // not played, is its one reading.
                sink.push(if t.text == "--" { d.with_replacement("Replace with `-`", t.range, "-") } else { d });
                all_known = false;
                continue;
            };
            if item.prefix_is("^R") && position == 0 {
                sink.report(
                    &WRONG_REVOKE_MARK,
                    item.prefix.map_or(t.range, |p| p.range),
                    "`^R` on a lead: a lead cannot revoke",
                );
            }
            let holder = self.hands.as_ref().and_then(|h| Seat::ALL.into_iter().find(|s| h[s.index()].contains(card)));
            if let (Some(hands), Some(_)) = (&mut self.hands, leader) {
                let hand = &mut hands[seat.index()];
                if !hand.contains(card) {
                    let why = if self.played.contains(card) { "was played before" } else { "is not in this hand" };
                    let hint = if self.row_in_playing_order(slots, leader) {
                        "; the row lists the cards in playing order, but PBN 3.6 gives them in columns by seat from the Play tag's seat"
                    } else {
                        ""
                    };
                    let mut d = Diagnostic::new(
                        &CARD_NOT_HELD,
                        t.range,
                        format!("{} plays {card}, which {why}{hint}", seat.name()),
                    );
                    // The play and the Deal disagree: say where the Deal puts the card.
                    if let (Some(holder), Some(deal)) = (holder, self.deal) {
                        d = d.with_related(deal, format!("the Deal gives {card} to {}", holder.name()));
                    }
                    sink.push(d);
                    self.not_held += 1;
                    // A layout problem or a deal that does not match the play: stop before
                    // every later card repeats the error.
                    if !hint.is_empty() || self.not_held >= 3 {
                        self.lost_track = true;
                        return None;
                    }
                } else {
                    if position > 0 {
                        if let Some(suit) = led {
                            let revoke = card.suit != suit && hand.has_suit(suit);
                            match (revoke, item.prefix_is("^R")) {
                                (true, false) => sink.push(
                                    Diagnostic::new(
                                        &REVOKE,
                                        t.range,
                                        format!(
                                            "{} plays {card} on a {} lead while holding {}",
                                            seat.name(),
                                            suit.letter(),
                                            suit_name(suit)
                                        ),
                                    )
                                    .with_fix(
                                        "Mark the revoke with `^R`",
                                        vec![TextEdit::insert(t.range.start(), "^R ")],
                                        Applicability::Unsafe,
                                    ),
                                ),
                                (false, true) => sink.report(
                                    &WRONG_REVOKE_MARK,
                                    item.prefix.map_or(t.range, |p| p.range),
                                    format!("`^R` on {card}, which is not a revoke"),
                                ),
                                _ => {}
                            }
                        }
                    }
                    hand.remove(card);
                    self.played.insert(card);
                }
            }
            if position == 0 {
                led = Some(card.suit);
            }
            if best.is_none_or(|(_, b)| crate::bridge::play::beats(card, b, self.trump)) {
                best = Some((seat, card));
            }
        }
        if all_known && slots.iter().all(Option::is_some) {
            best.map(|(s, _)| s)
        } else {
            None
        }
    }
}

impl PlayState {
    /// Whether the trick's cards, read in column order as playing order from the leader, are
    /// all held by their players (the common rpbridge layout).
    fn row_in_playing_order(&self, slots: &[Option<&Item<'_>>; 4], leader: Option<Seat>) -> bool {
        let (Some(hands), Some(leader)) = (&self.hands, leader) else { return false };
        // The slot of column c is seat (play seat + c); the play seat is not known here, so try
        // each start.
        (0..4).any(|start| {
            (0..4).all(|c| {
                let column_seat = Seat::from_index(start + c);
                let player = leader.offset(c);
                match slots[column_seat.index()].map(|i| i.token) {
                    Some(t) if t.kind == SyntaxKind::CARD => {
                        Card::parse(t.text).is_some_and(|card| hands[player.index()].contains(card))
                    }
                    _ => false,
                }
            })
        })
    }
}

fn suit_name(s: Suit) -> &'static str {
    ["spades", "hearts", "diamonds", "clubs"][s as usize]
}

#[cfg(test)]
mod tests {
    /// Found by the LIN fuzz suite (tests/tests/lin_fuzz.rs): a play of more than 255 tricks
    /// whose cards nothing stops (a partial deal, so no card is "not held") overflowed the count
    /// of tricks won, a panic in a debug build.
    #[test]
    fn a_play_of_hundreds_of_tricks_is_counted_without_overflow() {
        let rows = "S2 S3 S4 S5\n".repeat(300);
        let pbn = format!("[Deal \"N:A... - - -\"]\n[Declarer \"S\"]\n[Contract \"1S\"]\n[Play \"W\"]\n{rows}*\n");
        // The check returns (its diagnostics are another matter: the panic was the fault).
        crate::check(crate::Lang::Pbn, &pbn, &Default::default());
    }
}
