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
}
