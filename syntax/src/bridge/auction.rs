//! The laws of the auction (Laws 18–22): which bids are sufficient, who may double or redouble,
//! when the auction is over. The PBN check steps an auction call by call with them and reports
//! what breaks them; the editor asks them which calls are legal next.

use super::cards::Seat;
use super::contract::{Denomination, Risk};

/// The denominations in rank order, lowest first (Law 18E).
pub const DENOMINATIONS: [Denomination; 5] =
    [Denomination::Clubs, Denomination::Diamonds, Denomination::Hearts, Denomination::Spades, Denomination::NoTrump];

/// Whether a bid of `level` in `denomination` is sufficient over the last bid (Law 18D): a
/// higher level, or the same level in a higher denomination; any bid is the first.
pub fn is_sufficient(level: u8, denomination: Denomination, last: Option<(u8, Denomination)>) -> bool {
    last.is_none_or(|(l, d)| (level, denomination) > (l, d))
}

/// Whether `caller` may double (Law 19A): the last bid is an opponent's and not doubled yet.
pub fn may_double(last_bid_by: Option<Seat>, risk: Risk, caller: Seat) -> bool {
    last_bid_by.is_some_and(|by| risk == Risk::Undoubled && by.is_ns() != caller.is_ns())
}

/// Whether `caller` may redouble (Law 19B): the last bid is their side's and the opponents
/// doubled it.
pub fn may_redouble(last_bid_by: Option<Seat>, risk: Risk, caller: Seat) -> bool {
    last_bid_by.is_some_and(|by| risk == Risk::Doubled && by.is_ns() == caller.is_ns())
}

/// Whether the auction is over after `passes` consecutive passes (Law 22): three after a bid,
/// four when nobody bid.
pub fn is_over(passes: u8, any_bid: bool) -> bool {
    passes >= if any_bid { 3 } else { 4 }
}

/// A call (Law 18): pass, double, redouble or a bid, however a format spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Call {
    Pass,
    Double,
    Redouble,
    Bid(u8, Denomination),
}

/// What an auction's calls decide, read as they stand (their legality is the checks' concern):
/// the last bid with the doubles after it, its declarer (the first of the contracting side to
/// name its denomination, Law 22), whether the auction is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// The final contract and its declarer; `None` when nobody bid.
    pub contract: Option<(super::contract::Contract, Seat)>,
    pub over: bool,
}

/// The outcome of `calls` made in turn from `dealer` on.
pub fn outcome(dealer: Seat, calls: &[Call]) -> Outcome {
    let mut last: Option<(u8, Denomination, Seat)> = None;
    let mut risk = Risk::Undoubled;
    let mut passes = 0;
    // The first of each side (NS = 0) to name each denomination.
    let mut first_namer = [[None::<Seat>; 5]; 2];
    for (i, call) in calls.iter().enumerate() {
        let seat = dealer.offset(i);
        match *call {
            Call::Pass => passes += 1,
            Call::Double => (passes, risk) = (0, Risk::Doubled),
            Call::Redouble => (passes, risk) = (0, Risk::Redoubled),
            Call::Bid(level, denomination) => {
                (passes, risk) = (0, Risk::Undoubled);
                last = Some((level, denomination, seat));
                first_namer[usize::from(!seat.is_ns())][denomination as usize].get_or_insert(seat);
            }
        }
    }
    let contract = last.map(|(level, denomination, by)| {
        let declarer = first_namer[usize::from(!by.is_ns())][denomination as usize].unwrap_or(by);
        (super::contract::Contract { level, denomination, risk }, declarer)
    });
    Outcome { contract, over: is_over(passes, last.is_some()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sufficiency_doubles_and_the_end() {
        assert!(is_sufficient(1, Denomination::Clubs, None));
        assert!(is_sufficient(1, Denomination::NoTrump, Some((1, Denomination::Spades))));
        assert!(!is_sufficient(1, Denomination::Spades, Some((1, Denomination::NoTrump))));
        assert!(is_sufficient(2, Denomination::Clubs, Some((1, Denomination::NoTrump))));
        assert!(may_double(Some(Seat::N), Risk::Undoubled, Seat::E));
        assert!(!may_double(Some(Seat::N), Risk::Undoubled, Seat::S));
        assert!(!may_double(None, Risk::Undoubled, Seat::E));
        assert!(may_redouble(Some(Seat::N), Risk::Doubled, Seat::S));
        assert!(!may_redouble(Some(Seat::N), Risk::Doubled, Seat::E));
        assert!(is_over(3, true) && !is_over(3, false) && is_over(4, false));
    }

    #[test]
    fn the_outcome_is_the_last_bid_by_the_first_to_name_it() {
        use Call::*;
        let calls = [Pass, Bid(1, Denomination::Hearts), Pass, Bid(2, Denomination::Hearts), Double, Pass, Pass, Pass];
        let out = outcome(Seat::N, &calls);
        let (contract, declarer) = out.contract.unwrap();
        assert_eq!((contract.to_string(), declarer, out.over), ("2HX".to_owned(), Seat::E, true));
        assert_eq!(outcome(Seat::S, &[Pass, Pass, Pass]), Outcome { contract: None, over: false });
        assert!(outcome(Seat::S, &[Pass; 4]).over);
    }
}
