//! Auction legality (PBN 3.5, 3.9): the first call is the dealer's, bids are sufficient unless
//! marked `^I`, doubles and redoubles are legal, nothing follows the end, `+` or `*`; and the
//! Contract and Declarer tags agree with the auction.

use super::annotations::{split, Item, SectionKind};
use super::context::{Facts, Sink, Source};
use crate::bridge::auction;
use crate::diagnostic::{Applicability, Diagnostic, TextEdit};
use crate::pbn::model::{Contract, Denomination, Game, Risk, Seat};
use crate::pbn::syntax_kind::SyntaxKind;
use crate::text::TextRange;
use std::ops::ControlFlow;

crate::diagnostic::declare_rules! {
    AUCTION_NO_DEALER = "PBN300" "auction-without-dealer" Error Import "PBN 3.1"
        "An Auction section without a Dealer tag before it."
        "The Dealer tag must be filled before the auction section."
        bad: "[Auction \"N\"]\nPass", good: "[Dealer \"N\"]\n[Auction \"N\"]\nPass";
    AUCTION_FIRST_CALL = "PBN301" "auction-first-call" Error Import "PBN 3.5"
        "The first call is not the dealer's."
        "The Auction tag names the first column; each player before the dealer has a `-`."
        bad: "[Dealer \"N\"]\n[Auction \"W\"]\n1D", good: "[Dealer \"N\"]\n[Auction \"W\"]\n- 1D";
    INVALID_CALL = "PBN302" "invalid-call" Error Import "PBN 3.5.1"
        "A token in the auction that is not a call."
        "Calls are Pass, X, XX, AP, `-` or a bid `<1-7><C|D|H|S|NT>`."
        bad: "1N", good: "1NT";
    INSUFFICIENT_BID = "PBN303" "insufficient-bid" Error Import "PBN 3.5"
        "A bid not higher than the previous bid, without `^I`."
        "Each bid must be higher than the last; an accepted insufficient bid is marked `^I`."
        bad: "1D 1C", good: "1D ^I 1C";
    ILLEGAL_DOUBLE = "PBN304" "illegal-double" Error Import "PBN 3.9"
        "A double that does not double an opponent's undoubled bid."
        "A player may double only the last bid, made by an opponent and not yet doubled."
        bad: "1D Pass X", good: "1D X";
    ILLEGAL_REDOUBLE = "PBN305" "illegal-redouble" Error Import "PBN 3.9"
        "A redouble that does not redouble an opponent's double."
        "A player may redouble only an opponent's double of his side's bid."
        bad: "1D X Pass XX", good: "1D X XX";
    CALL_AFTER_END = "PBN306" "call-after-end" Error Import "PBN 3.5"
        "A call after the auction has ended."
        "The auction ends with three passes after a bid, four passes, `AP` or `*`."
        bad: "1C Pass Pass Pass Pass", good: "1C Pass Pass Pass";
    CALL_AFTER_PLUS = "PBN307" "call-after-plus" Error Import "PBN 3.5"
        "A call or `*` after `+`, or a second `+`."
        "`+` replaces the next call to be made, so nothing follows it."
        bad: "Pass + Pass", good: "Pass +";
    CONTRACT_MISMATCH = "PBN308" "contract-mismatch" Error Import "PBN 3.4.14"
        "The Contract tag differs from the auction's final contract."
        "The contract is the last bid with its double or redouble."
        bad: "[Contract \"1D\"]\n[Auction \"S\"]\n1C AP", good: "[Contract \"1C\"]\n[Auction \"S\"]\n1C AP";
    DECLARER_MISMATCH = "PBN309" "declarer-mismatch" Error Import "PBN 3.4.13"
        "The Declarer tag differs from the auction's declarer."
        "Declarer is the first player of the contracting side to name the final denomination. When the first call is not the dealer's and shifting the calls to begin at the dealer would make the Declarer tag right, the message says the auction looks rotated and no fix to Declarer is offered (the auction is what is wrong)."
        bad: "[Declarer \"N\"]\n[Auction \"S\"]\n1C AP", good: "[Declarer \"S\"]\n[Auction \"S\"]\n1C AP";
    AUCTION_UNFINISHED = "PBN311" "auction-unfinished" Error Import "PBN 3.5"
        "An auction that neither ends nor is closed by `*`, followed by the play."
        "The auction section ends with all passes or with `*` (PBN 3.5); an auction to be continued later may stop, best with `+`, but the play cannot begin before the auction has ended."
        bad: "[Auction \"N\"]\n1S Pass 4S Pass\nPass\n[Play \"W\"]", good: "[Auction \"N\"]\n1S Pass 4S Pass\nPass Pass\n[Play \"W\"]";
}

/// What a complete auction decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Outcome {
    /// `None` when passed out.
    pub contract: Option<(Contract, Seat)>,
    /// Who made the first call (after any `-`).
    pub first_caller: Option<Seat>,
    /// The final bid, and the call with which declarer first named the final denomination:
    /// where a disagreeing Contract or Declarer tag points to.
    pub final_bid: Option<TextRange>,
    pub declarer_call: Option<TextRange>,
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

/// The state of an auction after the calls so far: whose call is next, the last bid and its
/// doubles, whether the auction is over. The check steps it call by call; the editor steps it
/// up to the cursor to say who made a call and which calls are legal next.
#[derive(Debug, Clone)]
pub(crate) struct Bidding {
    /// Whose turn it is (the seat of the next item).
    pub seat: Seat,
    /// Items (calls and `-`) taken so far: a row of the section holds four.
    pub taken: usize,
    started: bool,
    pub last_bid: Option<(u8, Denomination, Seat)>,
    pub risk: Risk,
    passes: u8,
    pub ended: bool,
    plus: bool,
    star: bool,
    /// First bidder of each denomination per side (NS = 0, EW = 1): the declarer, and the
    /// range of that call.
    first_namer: [[Option<(Seat, TextRange)>; 5]; 2],
    last_bid_range: Option<TextRange>,
    first_caller: Option<Seat>,
    /// Where a `?` suffix starts: a short spelling just before one (`P?`, a lesson's "what
    /// would you call?") is a question, not a call, and is not read as one.
    pub queried: Vec<crate::text::TextSize>,
}

impl Bidding {
    pub fn new(first: Seat) -> Bidding {
        Bidding {
            seat: first,
            taken: 0,
            started: false,
            last_bid: None,
            risk: Risk::Undoubled,
            passes: 0,
            ended: false,
            plus: false,
            star: false,
            first_namer: [[None; 5]; 2],
            last_bid_range: None,
            queried: Vec::new(),
            first_caller: None,
        }
    }

    /// Whether nothing more may be called: the auction ended, or `+` or `*` closed it.
    pub fn closed(&self) -> bool {
        self.ended || self.plus || self.star
    }

    /// The calls the next player may make (Laws 18–19): Pass, any sufficient bid, a double of
    /// an opponent's undoubled bid, a redouble of the opponents' double. None once closed.
    pub fn legal_calls(&self) -> Vec<String> {
        if self.closed() {
            return Vec::new();
        }
        let mut calls = vec!["Pass".to_owned()];
        let by = self.last_bid.map(|(_, _, by)| by);
        if auction::may_double(by, self.risk, self.seat) {
            calls.push("X".to_owned());
        }
        if auction::may_redouble(by, self.risk, self.seat) {
            calls.push("XX".to_owned());
        }
        let last = self.last_bid.map(|(l, d, _)| (l, d));
        for level in 1..=7u8 {
            for den in auction::DENOMINATIONS {
                if auction::is_sufficient(level, den, last) {
                    calls.push(format!("{level}{}", den.as_str()));
                }
            }
        }
        calls
    }

    /// Takes the next item, reporting what is wrong with it. `Break` when the rest of the
    /// auction is not worth checking (it ended, or a call cannot be understood).
    fn take(&mut self, item: &Item<'_>, facts: &Facts, sink: &mut Sink) -> ControlFlow<()> {
        let t = item.token;
        if self.plus {
            let message = if t.kind == SyntaxKind::PLUS { "a second `+`" } else { "nothing may follow `+`" };
            sink.report(&CALL_AFTER_PLUS, t.range, format!("`{}` after `+`: {message}", t.text));
            return ControlFlow::Break(());
        }
        if self.star || self.ended {
            if t.kind != SyntaxKind::STAR || self.star {
                sink.report(&CALL_AFTER_END, t.range, format!("`{}` after the end of the auction", t.text));
            }
            return ControlFlow::Break(());
        }
        if t.kind == SyntaxKind::STAR {
            self.star = true;
            return ControlFlow::Continue(());
        }
        self.taken += 1;
        let seat = self.seat;
        if t.kind == SyntaxKind::DASH {
            if self.started || facts.dealer == Some(seat) {
                let message = if self.started {
                    "`-` after the first call: each call is given".to_owned()
                } else {
                    format!("`-` for the dealer {}: the dealer makes the first call", seat.name())
                };
                sink.report(&AUCTION_FIRST_CALL, t.range, message);
            }
            self.seat = seat.next();
            return ControlFlow::Continue(());
        }
        if !self.started {
            self.started = true;
            self.first_caller = Some(seat);
            // A Dealer tag that disagrees with both the board's rotation and the first call is
            // the one mistake, reported by the rotation check (PBN601).
            let rotation_agrees = facts.board.is_some_and(|b| crate::bridge::score::board_rotation(b).0 == seat);
            if let Some(dealer) = facts.dealer.filter(|&d| d != seat && !rotation_agrees) {
                sink.report(
                    &AUCTION_FIRST_CALL,
                    t.range,
                    format!("first call `{}` is {}'s but the dealer is {}", t.text, seat.name(), dealer.name()),
                );
            }
        }
        match t.kind {
            SyntaxKind::PLUS => self.plus = true,
            SyntaxKind::IRREGULARITY => {}
            SyntaxKind::CALL => self.call(item, t.text, sink),
            _ if producer_call(t.text).is_some() && !self.queried.contains(&t.range.end()) => {
                // A program's short spelling of a call (BBO's `P`, `D`, `R`): one right answer,
                // and the auction goes on as that call.
                let call = producer_call(t.text).unwrap_or_default();
                sink.push(
                    Diagnostic::new(
                        &INVALID_CALL,
                        t.range,
                        format!("`{}` is not a call: the standard writes `{call}`", t.text),
                    )
                    .with_replacement(format!("Replace with `{call}`"), t.range, call),
                );
                self.call(item, call, sink);
            }
            _ => {
                sink.report(&INVALID_CALL, t.range, format!("`{}` is not a call", t.text));
                // What the player meant is unknown: checking the rest would only echo this error.
                self.seat = seat.next();
                return ControlFlow::Break(());
            }
        }
        self.seat = seat.next();
        ControlFlow::Continue(())
    }

    /// The call `text` (the token's, or the standard spelling of a program's short one).
    fn call(&mut self, item: &Item<'_>, text: &str, sink: &mut Sink) {
        let t = item.token;
        let seat = self.seat;
        let upper = crate::text::short_ascii_upper::<4>(text);
        match upper.as_ref().map_or(&[][..], |(bytes, len)| &bytes[..*len]) {
            b"AP" => self.ended = true,
            b"PASS" => {
                self.passes += 1;
                self.ended = auction::is_over(self.passes, self.last_bid.is_some());
            }
            b"X" => {
                if auction::may_double(self.last_bid.map(|(_, _, by)| by), self.risk, seat) {
                    self.risk = Risk::Doubled;
                } else {
                    sink.report(&ILLEGAL_DOUBLE, t.range, "double of no opponent's undoubled bid".to_owned());
                }
                self.passes = 0;
            }
            b"XX" => {
                if auction::may_redouble(self.last_bid.map(|(_, _, by)| by), self.risk, seat) {
                    self.risk = Risk::Redoubled;
                } else {
                    sink.report(
                        &ILLEGAL_REDOUBLE,
                        t.range,
                        "redouble of no opponent's double of this side's bid".to_owned(),
                    );
                }
                self.passes = 0;
            }
            _ => {
                let Some((level, den, short_nt)) = parse_bid(t.text) else { return };
                if short_nt {
                    let fixed = format!("{level}NT");
                    sink.push(
                        Diagnostic::new(&INVALID_CALL, t.range, format!("call `{}`: no trump is `NT`", t.text))
                            .with_replacement(format!("Replace with `{fixed}`"), t.range, fixed),
                    );
                }
                let sufficient = auction::is_sufficient(level, den, self.last_bid.map(|(l, d, _)| (l, d)));
                match (sufficient, item.prefix_is("^I")) {
                    (false, false) => {
                        let (l, d, _) = self.last_bid.expect("insufficient implies a previous bid");
                        sink.report(
                            &INSUFFICIENT_BID,
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
                        &crate::pbn::check::annotations::IRREGULARITY_MISUSE,
                        item.prefix.map_or(t.range, |p| p.range),
                        format!("`^I` on `{}`, which is sufficient", t.text),
                    ),
                    _ => {}
                }
                self.last_bid = Some((level, den, seat));
                self.last_bid_range = Some(t.range);
                self.risk = Risk::Undoubled;
                self.passes = 0;
                let side = usize::from(!seat.is_ns());
                self.first_namer[side][den as usize].get_or_insert((seat, t.range));
            }
        }
    }
}

/// The standard call a program's short spelling stands for: `P` (BBO, PbnTools) is `Pass`, `D`
/// and `Dbl` are `X`, `R` and `Rdbl` are `XX`, in any case.
fn producer_call(text: &str) -> Option<&'static str> {
    match text.to_ascii_uppercase().as_str() {
        "P" => Some("Pass"),
        "D" | "DBL" => Some("X"),
        "R" | "RDBL" => Some("XX"),
        _ => None,
    }
}

/// A call of the auction as the editor shows it.
#[derive(Debug, Clone)]
pub(crate) struct CallAt {
    pub text: String,
    pub range: crate::text::TextRange,
    /// Who made it.
    pub seat: Seat,
    /// Its round: the row of the section, four calls each from the Auction tag's seat.
    pub round: usize,
}

/// The auction of `game` replayed up to `offset`: the state before the item there (or after
/// the last item before it) and that item, if the offset is on one. `None` without a
/// well-formed Auction tag or when `offset` is not in its section.
pub(crate) fn replay_to(
    game: &Game<'_>,
    facts: &Facts,
    offset: crate::text::TextSize,
) -> Option<(Bidding, Option<CallAt>)> {
    let tag = game.tag("Auction").filter(|t| t.well_formed)?;
    let first = Seat::parse(tag.value)?;
    let mut sink = Sink::new(false);
    let items = split(tag, SectionKind::Auction, &mut sink).items;
    let mut bidding = Bidding::new(first);
    for item in &items {
        let r = item.token.range;
        if r.contains_inclusive(offset) {
            let at =
                CallAt { text: item.token.text.to_owned(), range: r, seat: bidding.seat, round: bidding.taken / 4 + 1 };
            return Some((bidding, Some(at)));
        }
        if r.start() > offset || bidding.take(item, facts, &mut sink).is_break() {
            break;
        }
    }
    Some((bidding, None))
}

pub(super) fn check(game: &Game<'_>, facts: &Facts, sink: &mut Sink) -> Option<Outcome> {
    let tag = game.tag("Auction").filter(|t| t.well_formed)?;
    let first = Seat::parse(tag.value)?;
    if facts.dealer.is_none() {
        sink.report(&AUCTION_NO_DEALER, tag.name_range, "Auction section without a Dealer tag");
    }
    let items = split(tag, SectionKind::Auction, sink).items;
    let mut bidding = Bidding::new(first);
    bidding.queried = tag
        .section
        .iter()
        .filter(|t| t.kind == SyntaxKind::SUFFIX && t.text.starts_with('?'))
        .map(|t| t.range.start())
        .collect();
    for item in &items {
        if bidding.take(item, facts, sink).is_break() {
            if item.token.kind == SyntaxKind::CALL || bidding.closed() {
                break;
            }
            // An item that is not a call: the rest is not checked and the auction has no outcome.
            return None;
        }
    }
    if !bidding.ended {
        // An auction may stop to be continued later (`+` is only recommended, PBN 3.5), but not
        // once the play has begun.
        if !bidding.closed() && game.tag("Play").is_some() {
            if let Some(last) = items.iter().rev().find(|i| i.token.kind != SyntaxKind::DASH) {
                let passes = if bidding.last_bid.is_some() { "three passes after the last bid" } else { "four passes" };
                sink.report(
                    &AUCTION_UNFINISHED,
                    last.token.range,
                    format!(
                        "the auction stops at `{}` but the play follows: the auction ends with {passes}, `AP`, or `*` where the rest is unknown",
                        last.token.text
                    ),
                );
            }
        }
        return None;
    }
    let mut declarer_call = None;
    let contract = bidding.last_bid.map(|(level, denomination, by)| {
        let named = bidding.first_namer[usize::from(!by.is_ns())][denomination as usize];
        declarer_call = named.map(|(_, r)| r);
        (Contract { level, denomination, risk: bidding.risk }, named.map_or(by, |(s, _)| s))
    });
    Some(Outcome { contract, first_caller: bidding.first_caller, final_bid: bidding.last_bid_range, declarer_call })
}

/// The Contract and Declarer tags against a complete auction.
pub(super) fn check_against_tags(game: &Game<'_>, facts: &Facts, outcome: &Outcome, source: Source, sink: &mut Sink) {
    let contract_tag = game.tag("Contract").filter(|t| t.well_formed && !matches!(t.value, "" | "?"));
    let declarer_tag = game.tag("Declarer").filter(|t| t.well_formed && t.value != "?");
    match outcome.contract {
        None => {
            if let Some(tag) = contract_tag.filter(|t| !t.value.eq_ignore_ascii_case("pass")) {
                sink.push(
                    Diagnostic::new(
                        &CONTRACT_MISMATCH,
                        tag.value_range,
                        format!("Contract `{}` but the auction is passed out", tag.value),
                    )
                    .with_replacement("Replace with `Pass`", tag.value_range, "Pass"),
                );
            }
            if let Some(tag) = declarer_tag.filter(|t| !t.value.is_empty()) {
                sink.push(
                    Diagnostic::new(
                        &DECLARER_MISMATCH,
                        tag.value_range,
                        format!("Declarer `{}` but the auction is passed out", tag.value),
                    )
                    .with_replacement("Make it empty", tag.value_range, ""),
                );
            }
        }
        Some((contract, declarer)) => {
            let contract_wrong = contract_tag.filter(|_| facts.contract != Some(contract));
            let declarer_wrong = declarer_tag.filter(|_| {
                let ok = match facts.declarer {
                    Some((seat, false)) => seat == declarer,
                    // `^X`: X played the hand instead of declarer, i.e. declarer's partner.
                    Some((seat, true)) => seat == declarer.partner(),
                    None => true,
                };
                !ok
            });
            let mut parts: Vec<String> = Vec::new();
            if let Some(tag) = contract_wrong {
                parts.push(format!("Contract `{}`", tag.value));
            }
            let mut rotated = None;
            if let Some(tag) = declarer_wrong {
                parts.push(match facts.declarer {
                    Some((_, true)) => format!("Declarer `{}` (`^` names the dummy who played the hand)", tag.value),
                    _ => format!("Declarer `{}`", tag.value),
                });
                rotated = rotated_declarer(facts, outcome, declarer);
            }
            // One disagreement, one diagnostic: on the first disagreeing tag, pointing at the
            // other tag and at the auction's calls that decide.
            let Some(first) = contract_wrong.or(declarer_wrong) else { return };
            // An auction written from the wrong seat: one mistake, reported at the first call
            // (PBN301), which now says so.
            if let (Some((dealer, _)), None, Some(tag)) = (rotated, contract_wrong, declarer_wrong) {
                // This game's first-call diagnostic only: an earlier game's is another mistake.
                let this_game =
                    |d: &Diagnostic| d.code == AUCTION_FIRST_CALL.code && game.range.contains_range(d.range);
                if let Some(d) = sink.diagnostics.iter_mut().rev().find(|d| this_game(d)) {
                    d.message.push_str(&format!(
                        "; the auction looks rotated: begun at the dealer {} it makes {} declarer, as the Declarer tag says",
                        dealer.name(),
                        tag.value
                    ));
                    d.related.push(crate::diagnostic::Related {
                        range: tag.value_range,
                        message: format!("Declarer `{}`", tag.value),
                        file: None,
                    });
                    return;
                }
            }
            let rule = if contract_wrong.is_some() { &CONTRACT_MISMATCH } else { &DECLARER_MISMATCH };
            let mut message =
                format!("{} but the auction ends in {contract} by {}", parts.join(" and "), declarer.name());
            if let Some((dealer, _)) = rotated {
                message.push_str(&format!(
                    "; the auction looks rotated: begun at the dealer {} it makes {} declarer",
                    dealer.name(),
                    declarer_wrong.map_or("", |t| t.value)
                ));
            }
            match source {
                Source::Tags => message.push_str("; the rest of the game (play, Result, Score) agrees with the tags, so it is checked under them: is a call of the auction wrong?"),
                Source::Auction => message.push_str("; the rest of the game is checked under the auction's contract"),
                Source::Agree => {}
            }
            let mut d = Diagnostic::new(rule, first.value_range, message);
            if let (Some(_), Some(tag)) = (contract_wrong, declarer_wrong) {
                d = d.with_related(tag.value_range, format!("Declarer `{}` disagrees too", tag.value));
            }
            if let Some(r) = outcome.final_bid.filter(|_| contract_wrong.is_some()) {
                d = d.with_related(r, format!("the auction's final bid: the contract is {contract}"));
            }
            if let Some(r) = outcome.declarer_call.filter(|_| declarer_wrong.is_some()) {
                d = d.with_related(
                    r,
                    format!("{} first named the denomination for the side: declarer", declarer.name()),
                );
            }
            // A fix to the tags when the rest of the game agrees with the auction; a rotated
            // auction is fixed in the auction, not in the Declarer tag.
            if source != Source::Tags && rotated.is_none() && !matches!(facts.declarer, Some((_, true))) {
                let mut edits = Vec::new();
                if let Some(tag) = contract_wrong {
                    edits.push(TextEdit::replace(tag.value_range, contract.to_string()));
                }
                if let Some(tag) = declarer_wrong {
                    edits.push(TextEdit::replace(tag.value_range, declarer.letter().to_string()));
                }
                let title = match (contract_wrong, declarer_wrong) {
                    (Some(_), Some(_)) => format!("Replace with `{contract}` by `{}`", declarer.letter()),
                    (Some(_), None) => format!("Replace with `{contract}`"),
                    _ => format!("Replace with `{}`", declarer.letter()),
                };
                d = d.with_fix(title, edits, Applicability::Safe);
            }
            sink.push(d);
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
