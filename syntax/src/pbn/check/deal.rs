//! Deal consistency (PBN 3.4.11, 3.10): distinct cards, 13 per hand or an end position of
//! equal hands, duplicates and missing cards named.

use super::context::{Facts, Sink};
use crate::pbn::model::{list_cards, CardSet, Game, Seat};

crate::diagnostic::declare_rules! {
    DEAL_DUPLICATE_CARD = "PBN201" "deal-duplicate-card" Error Import "PBN 3.4.11"
        "A card dealt to two hands."
        "Every card is in exactly one hand."
        bad: "[Deal \"N:A... A... - -\"]", good: "[Deal \"N:A... K... - -\"]";
    DEAL_HAND_SIZE = "PBN202" "deal-hand-size" Error Import "PBN 3.4.11"
        "Hands of different sizes, or more than 13 cards, or no cards at all."
        "A deal has 13 cards per hand; an end position (PBN 3.10) has equal hands of fewer cards."
        bad: "[Deal \"W:KQT2.AT.J6542.852 - - -\"]", good: "[Deal \"W:KQT2.AT.J6542.85 - - -\"]";
}

pub(super) fn check(game: &Game<'_>, facts: &Facts, sink: &mut Sink) {
    let (Some(deal), Some(tag)) = (&facts.deal, game.tag("Deal")) else { return };
    let range = tag.value_range;
    let given: Vec<(Seat, CardSet)> = Seat::ALL.iter().filter_map(|&s| deal.hands[s.index()].map(|h| (s, h))).collect();
    if given.iter().all(|(_, h)| h.is_empty()) {
        sink.report(&DEAL_HAND_SIZE, range, format!("Deal `{}` gives no cards", tag.value));
        return;
    }
    // Cards in two hands.
    let mut seen = CardSet::default();
    let mut twice = CardSet::default();
    for (_, h) in &given {
        twice.0 |= seen.0 & h.0;
        seen.0 |= h.0;
    }
    if !twice.is_empty() {
        sink.report(&DEAL_DUPLICATE_CARD, range, format!("Deal gives {} to two hands", list_cards(twice)));
    }
    for (seat, h) in &given {
        if h.len() > 13 {
            sink.report(&DEAL_HAND_SIZE, range, format!("{} has {} cards: at most 13", seat.name(), h.len()));
            return;
        }
    }
    let largest = given.iter().map(|(_, h)| h.len()).max().unwrap_or(0);
    let empty: Vec<Seat> = given.iter().filter(|(_, h)| h.is_empty()).map(|(s, _)| *s).collect();
    if !empty.is_empty() && given.iter().all(|(_, h)| h.is_empty() || h.len() == largest) {
        if let Some(value) = unknown_hands_as_dashes(tag.value) {
            let names: Vec<&str> = empty.iter().map(|s| s.name()).collect();
            let message = format!(
                "{} written `...`, a hand without cards, beside hands of {largest}: an unknown hand is `-`",
                names.join(", ")
            );
            sink.push(crate::diagnostic::Diagnostic::new(&DEAL_HAND_SIZE, range, message).with_replacement(
                "Write the unknown hands as `-`",
                range,
                value,
            ));
            return;
        }
    }
    if let Some((seat, h)) = given.iter().find(|(_, h)| h.len() != largest) {
        let (big_seat, _) = given.iter().find(|(_, h)| h.len() == largest).expect("largest hand exists");
        let mut message = format!(
            "{} has {} cards but {} has {}: all hands must be the same size",
            seat.name(),
            h.len(),
            big_seat.name(),
            largest
        );
        if given.len() == 4 && largest == 13 {
            let missing = CardSet(((1u64 << 52) - 1) & !seen.0);
            if !missing.is_empty() {
                message.push_str(&format!(" (missing: {})", list_cards(missing)));
            }
        }
        sink.report(&DEAL_HAND_SIZE, range, message);
    }
}

/// The Deal value with each hand written `...` (no card in any suit: BridgeComposer's spelling
/// of a hand it leaves out) written `-`, the standard's unknown hand; `None` when the value is
/// not `<seat>:` and four hands separated by single spaces, or has no such hand.
fn unknown_hands_as_dashes(value: &str) -> Option<String> {
    let (first, hands) = value.split_once(':')?;
    let hands: Vec<&str> = hands.split(' ').collect();
    if hands.len() != 4 || !hands.contains(&"...") {
        return None;
    }
    let hands: Vec<&str> = hands.into_iter().map(|h| if h == "..." { "-" } else { h }).collect();
    Some(format!("{first}:{}", hands.join(" ")))
}
