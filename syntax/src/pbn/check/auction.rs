//! Auction legality (PBN 3.5, 3.9): the first call is the dealer's, bids are sufficient unless
//! marked `^I`, doubles and redoubles are legal, nothing follows the end, `+` or `*`; and the
//! Contract and Declarer tags agree with the auction.

use super::annotations::{split, SectionKind};
use super::{Facts, Sink};
use crate::diagnostic::Diagnostic;
use crate::pbn::model::{Contract, Denomination, Game, Risk, Seat};
use crate::pbn::rules;
use crate::pbn::syntax_kind::SyntaxKind;

/// What a complete auction decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Outcome {
    /// `None` when passed out.
    pub contract: Option<(Contract, Seat)>,
    /// Who made the first call (after any `-`).
    pub first_caller: Option<Seat>,
}

/// A bid: level 1..7 and denomination.
fn parse_bid(text: &str) -> Option<(u8, Denomination, bool)> {
    let level = text.chars().next()?.to_digit(10)? as u8;
    let den = &text[1..];
    if den.eq_ignore_ascii_case("N") {
        return Some((level, Denomination::NoTrump, true));
    }
    Some((level, Denomination::parse(den)?, false))
}

pub(super) fn check(game: &Game<'_>, facts: &Facts, sink: &mut Sink) -> Option<Outcome> {
    let tag = game.tag("Auction").filter(|t| t.well_formed)?;
    let first = Seat::parse(tag.value)?;
    if facts.dealer.is_none() {
        sink.report(&rules::AUCTION_NO_DEALER, tag.name_range, "Auction section without a Dealer tag");
    }
    let items = split(tag, SectionKind::Auction, sink).items;
    let mut seat = first;
    let mut started = false;
    let mut last_bid: Option<(u8, Denomination, Seat)> = None;
    let mut risk = Risk::Undoubled;
    let mut passes = 0;
    let mut ended = false;
    let mut plus = false;
    let mut star = false;
    // First bidder of each denomination per side (NS = 0, EW = 1).
    let mut first_namer: [[Option<Seat>; 5]; 2] = [[None; 5]; 2];
    let mut first_caller = None;
    for item in &items {
        let t = item.token;
        if plus {
            let message = if t.kind == SyntaxKind::PLUS { "a second `+`" } else { "nothing may follow `+`" };
            sink.report(&rules::CALL_AFTER_PLUS, t.range, format!("`{}` after `+`: {message}", t.text));
            break;
        }
        if star || ended {
            if t.kind != SyntaxKind::STAR || star {
                sink.report(&rules::CALL_AFTER_END, t.range, format!("`{}` after the end of the auction", t.text));
            }
            break;
        }
        if t.kind == SyntaxKind::STAR {
            star = true;
            continue;
        }
        if t.kind == SyntaxKind::DASH {
            if started || facts.dealer == Some(seat) {
                let message = if started {
                    "`-` after the first call: each call is given".to_owned()
                } else {
                    format!("`-` for the dealer {}: the dealer makes the first call", seat.name())
                };
                sink.report(&rules::AUCTION_FIRST_CALL, t.range, message);
            }
            seat = seat.next();
            continue;
        }
        if !started {
            started = true;
            first_caller = Some(seat);
            if let Some(dealer) = facts.dealer.filter(|&d| d != seat) {
                sink.report(
                    &rules::AUCTION_FIRST_CALL,
                    t.range,
                    format!("first call `{}` is {}'s but the dealer is {}", t.text, seat.name(), dealer.name()),
                );
            }
        }
        match t.kind {
            SyntaxKind::PLUS => plus = true,
            SyntaxKind::IRREGULARITY => {}
            SyntaxKind::CALL => {
                let upper = t.text.to_ascii_uppercase();
                match upper.as_str() {
                    "AP" => ended = true,
                    "PASS" => {
                        passes += 1;
                        ended = passes >= if last_bid.is_some() { 3 } else { 4 };
                    }
                    "X" => {
                        match last_bid {
                            Some((_, _, by)) if risk == Risk::Undoubled && by.is_ns() != seat.is_ns() => {
                                risk = Risk::Doubled
                            }
                            _ => sink.report(
                                &rules::ILLEGAL_DOUBLE,
                                t.range,
                                "double of no opponent's undoubled bid".to_owned(),
                            ),
                        }
                        passes = 0;
                    }
                    "XX" => {
                        match last_bid {
                            Some((_, _, by)) if risk == Risk::Doubled && by.is_ns() == seat.is_ns() => {
                                risk = Risk::Redoubled
                            }
                            _ => sink.report(
                                &rules::ILLEGAL_REDOUBLE,
                                t.range,
                                "redouble of no opponent's double of this side's bid".to_owned(),
                            ),
                        }
                        passes = 0;
                    }
                    _ => {
                        let Some((level, den, short_nt)) = parse_bid(t.text) else { continue };
                        if short_nt {
                            let fixed = format!("{level}NT");
                            sink.push(
                                Diagnostic::new(
                                    &rules::INVALID_CALL,
                                    t.range,
                                    format!("call `{}`: no trump is `NT`", t.text),
                                )
                                .with_replacement(
                                    format!("Replace with `{fixed}`"),
                                    t.range,
                                    fixed,
                                ),
                            );
                        }
                        let sufficient = last_bid.is_none_or(|(l, d, _)| (level, den) > (l, d));
                        match (sufficient, item.prefix_is("^I")) {
                            (false, false) => {
                                let (l, d, _) = last_bid.expect("insufficient implies a previous bid");
                                sink.report(
                                    &rules::INSUFFICIENT_BID,
                                    t.range,
                                    format!(
                                        "`{}` is insufficient after {}{}; mark an accepted one with `^I`",
                                        t.text,
                                        l,
                                        d.as_str()
                                    ),
                                );
                            }
                            (true, true) => sink.report(
                                &rules::IRREGULARITY_MISUSE,
                                item.prefix.map_or(t.range, |p| p.range),
                                format!("`^I` on `{}`, which is sufficient", t.text),
                            ),
                            _ => {}
                        }
                        last_bid = Some((level, den, seat));
                        risk = Risk::Undoubled;
                        passes = 0;
                        let side = usize::from(!seat.is_ns());
                        first_namer[side][den as usize].get_or_insert(seat);
                    }
                }
            }
            _ => {
                sink.report(&rules::INVALID_CALL, t.range, format!("`{}` is not a call", t.text));
                // What the player meant is unknown: checking the rest would only echo this error.
                return None;
            }
        }
        seat = seat.next();
    }
    if !ended {
        return None;
    }
    let contract = last_bid.map(|(level, denomination, by)| {
        let declarer = first_namer[usize::from(!by.is_ns())][denomination as usize].unwrap_or(by);
        (Contract { level, denomination, risk }, declarer)
    });
    Some(Outcome { contract, first_caller })
}

/// The Contract and Declarer tags against a complete auction.
pub(super) fn check_against_tags(game: &Game<'_>, facts: &Facts, outcome: &Outcome, sink: &mut Sink) {
    let contract_tag = game.tag("Contract").filter(|t| t.well_formed && !matches!(t.value, "" | "?"));
    let declarer_tag = game.tag("Declarer").filter(|t| t.well_formed && t.value != "?");
    match outcome.contract {
        None => {
            if let Some(tag) = contract_tag.filter(|t| !t.value.eq_ignore_ascii_case("pass")) {
                sink.push(
                    Diagnostic::new(
                        &rules::CONTRACT_MISMATCH,
                        tag.value_range,
                        format!("Contract `{}` but the auction is passed out", tag.value),
                    )
                    .with_replacement("Replace with `Pass`", tag.value_range, "Pass"),
                );
            }
            if let Some(tag) = declarer_tag.filter(|t| !t.value.is_empty()) {
                sink.push(
                    Diagnostic::new(
                        &rules::DECLARER_MISMATCH,
                        tag.value_range,
                        format!("Declarer `{}` but the auction is passed out", tag.value),
                    )
                    .with_replacement("Make it empty", tag.value_range, ""),
                );
            }
        }
        Some((contract, declarer)) => {
            if let Some(tag) = contract_tag {
                if facts.contract != Some(contract) {
                    sink.push(
                        Diagnostic::new(
                            &rules::CONTRACT_MISMATCH,
                            tag.value_range,
                            format!("Contract `{}` but the auction ends in {contract}", tag.value),
                        )
                        .with_replacement(
                            format!("Replace with `{contract}`"),
                            tag.value_range,
                            contract.to_string(),
                        ),
                    );
                }
            }
            if let Some(tag) = declarer_tag {
                let ok = match facts.declarer {
                    Some((seat, false)) => seat == declarer,
                    // `^X`: X played the hand instead of declarer, i.e. declarer's partner.
                    Some((seat, true)) => seat == declarer.partner(),
                    None => false,
                };
                if !ok && facts.declarer.is_some() {
                    let message = match facts.declarer {
                        Some((seat, true)) => format!(
                            "Declarer `{}`: `^` names the dummy who played the hand, but {} is the auction's declarer",
                            tag.value,
                            seat.name()
                        ),
                        _ => format!("Declarer `{}` but the auction's declarer is {}", tag.value, declarer.name()),
                    };
                    let rotated = rotated_declarer(facts, outcome, declarer);
                    let message = match rotated {
                        Some((dealer, _)) => format!(
                            "{message}; the auction looks rotated: begun at the dealer {} it makes {} declarer",
                            dealer.name(),
                            tag.value
                        ),
                        None => message,
                    };
                    let mut d = Diagnostic::new(&rules::DECLARER_MISMATCH, tag.value_range, message);
                    // A rotated auction is fixed in the auction, not in the Declarer tag.
                    if !matches!(facts.declarer, Some((_, true))) && rotated.is_none() {
                        d = d.with_replacement(
                            format!("Replace with `{}`", declarer.letter()),
                            tag.value_range,
                            declarer.letter().to_string(),
                        );
                    }
                    sink.push(d);
                }
            }
        }
    }
}

/// When the first call is not the dealer's, the declarer the auction would give if its calls
/// were shifted to begin at the dealer; `Some` only when that is the Declarer tag's seat (a
/// precise sign of an auction written from the wrong seat).
fn rotated_declarer(facts: &Facts, outcome: &Outcome, declarer: Seat) -> Option<(Seat, Seat)> {
    let (Some(dealer), Some(first), Some((tag_seat, false))) = (facts.dealer, outcome.first_caller, facts.declarer)
    else {
        return None;
    };
    let shifted = Seat::from_index(declarer.index() + 4 + dealer.index() - first.index());
    (first != dealer && shifted == tag_seat).then_some((dealer, shifted))
}
