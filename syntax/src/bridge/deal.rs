//! A deal: the cards of the four hands, in the deal notation of PBN 3.4.11 (`N:AKQJ.T98.765.432
//! …`), which hand records, double-dummy solvers and dealing programs share: read
//! ([`parse_deal`]) and written in its one spelling ([`normalise_deal`]).

use super::cards::{rank_char, rank_from_byte, rank_from_char, Card, CardSet, Seat, Suit, ACE};

/// A parsed Deal value: the cards of each seat (`None` for a `-` hand).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    pub first: Seat,
    pub hands: [Option<CardSet>; 4],
}

/// A problem in a Deal value, at a byte range of the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

/// Parses `<first>:<hand> <hand> <hand> <hand>` (PBN 3.4.11) syntactically. Card-count and
/// duplicate checks are left to the caller, which sees the returned hands.
pub fn parse_deal(value: &str) -> Result<Deal, DealError> {
    // Nearly every deal is well formed: read it in one pass, and only when that fails again
    // step by step, to name the first problem.
    match well_formed_deal(value.as_bytes()) {
        Some(deal) => Ok(deal),
        None => parse_deal_step_by_step(value),
    }
}

/// [`parse_deal`] a hand at a time, naming the first problem.
fn parse_deal_step_by_step(value: &str) -> Result<Deal, DealError> {
    let err = |start: usize, end: usize, message: String| DealError { start, end, message };
    let bytes = value.as_bytes();
    if bytes.len() < 2 || bytes[1] != b':' {
        // The first two characters (not bytes: the range must not split a character).
        let end = value.char_indices().nth(2).map_or(value.len(), |(i, _)| i);
        return Err(err(0, end, format!("Deal `{value}` does not start with `<seat>:`")));
    }
    let first = Seat::from_char(bytes[0] as char)
        .ok_or_else(|| err(0, 1, format!("Deal first seat `{}` is not N, E, S or W", &value[..1])))?;
    let mut hands = [None; 4];
    let mut pos = 2;
    for i in 0..4 {
        let end = value[pos..].find(' ').map_or(value.len(), |j| pos + j);
        let hand = &value[pos..end];
        let seat = first.offset(i);
        if hand.is_empty() {
            let what = if end < value.len() { "two spaces between hands" } else { "a missing hand" };
            return Err(err(pos, (pos + 1).min(value.len()), format!("Deal has {what}: expected 4 hands")));
        }
        if hand != "-" {
            hands[seat.index()] = Some(parse_hand(hand, pos)?);
        }
        pos = end + 1;
        if i < 3 && end >= value.len() {
            return Err(err(value.len(), value.len(), format!("Deal has {} hands: expected 4", i + 1)));
        }
    }
    if pos <= value.len() {
        return Err(err(pos - 1, value.len(), "Deal has text after the fourth hand".to_owned()));
    }
    Ok(Deal { first, hands })
}

/// [`parse_deal`] of a deal with no problem, in one pass over its bytes (a fifth of the work of
/// reading it hand by hand, which a hand record's check did for every board); `None` at the
/// first thing that is not plainly right, which [`parse_deal`] then reads again to report.
fn well_formed_deal(bytes: &[u8]) -> Option<Deal> {
    let (&[seat, b':'], rest) = bytes.split_first_chunk::<2>()? else { return None };
    let first = Seat::from_char(char::from(seat))?;
    let mut hands = [None; 4];
    let mut count = 0;
    for hand in rest.split(|&b| b == b' ') {
        let seat = first.offset(count);
        count += 1;
        if count > 4 {
            return None;
        }
        if hand == b"-" {
            continue;
        }
        let mut cards = 0u64;
        let mut suit = 0;
        for &b in hand {
            if b == b'.' {
                suit += 1;
                if suit > 3 {
                    return None;
                }
                continue;
            }
            // The bit of `Card::index`: 13 a suit, from the two.
            let bit = 1u64 << (suit * 13 + usize::from(rank_from_byte(b)? - 2));
            if cards & bit != 0 {
                return None;
            }
            cards |= bit;
        }
        // An empty hand (two spaces, a space at the end) has no dots either.
        if suit != 3 {
            return None;
        }
        hands[seat.index()] = Some(CardSet(cards));
    }
    (count == 4).then_some(Deal { first, hands })
}

fn parse_hand(hand: &str, offset: usize) -> Result<CardSet, DealError> {
    let mut set = CardSet::default();
    let suits = hand.bytes().filter(|&b| b == b'.').count() + 1;
    if suits != 4 {
        return Err(DealError {
            start: offset,
            end: offset + hand.len(),
            message: format!("hand `{hand}` has {suits} suits: expected 4 separated by dots"),
        });
    }
    // Byte by byte (a rank is one ASCII byte): the four suits are the parts between the dots.
    let mut suit = 0;
    for (i, &b) in hand.as_bytes().iter().enumerate() {
        if b == b'.' {
            suit += 1;
            continue;
        }
        let Some(rank) = rank_from_byte(b) else {
            let c = hand[i..].chars().next().unwrap_or_default();
            return Err(DealError {
                start: offset + i,
                end: offset + i + c.len_utf8(),
                message: format!("`{c}` in hand `{hand}` is not a rank (A K Q J T 9..2)"),
            });
        };
        let card = Card { suit: Suit::ALL[suit], rank };
        if set.contains(card) {
            return Err(DealError {
                start: offset + i,
                end: offset + i + 1,
                message: format!("{card} appears twice in hand `{hand}`"),
            });
        }
        set.insert(card);
    }
    Ok(set)
}

/// A Deal value in the one spelling of export format (PBN 3.4.11): `first:hand hand hand hand`
/// from `from` (the dealer; the value's own first seat when `None`), each suit's ranks in upper
/// case and descending. `None` when the value is not shaped like a deal (left for the checks to
/// report); nothing else is checked (a card may be written twice, a hand may lack cards).
pub fn normalise_deal(value: &str, from: Option<Seat>) -> Option<String> {
    // Most deals have their hands in order already, if not from the seat wanted: one pass
    // over the bytes, then the hands copied in turn (`fmt` of a hand record spent a third of
    // its time sorting each hand's ranks).
    match hands_in_order(value) {
        Some((first, hands)) => Some(join_hands(from.unwrap_or(first), first, hands)),
        None => normalise_by_sorting(value, from),
    }
}

/// [`normalise_deal`] the whole way: every suit's ranks sorted.
fn normalise_by_sorting(value: &str, from: Option<Seat>) -> Option<String> {
    let (first, hands) = value.trim().split_once(':')?;
    let first = match first.as_bytes() {
        [b] => Seat::from_char(char::from(*b))?,
        _ => return None,
    };
    let mut normalised: [String; 4] = Default::default();
    let mut hands = hands.split_whitespace();
    for out in &mut normalised {
        let hand = hands.next()?;
        if hand == "-" {
            out.push('-');
            continue;
        }
        let mut suits = hand.split('.');
        for i in 0..4 {
            if i > 0 {
                out.push('.');
            }
            // Ranks descending: counted by rank, written from the ace down.
            let mut counts = [0usize; 15];
            for c in suits.next()?.chars() {
                counts[usize::from(rank_from_char(c)?)] += 1;
            }
            for rank in (2..=14u8).rev() {
                (0..counts[usize::from(rank)]).for_each(|_| out.push(rank_char(rank)));
            }
        }
        if suits.next().is_some() {
            return None;
        }
    }
    if hands.next().is_some() {
        return None;
    }
    Some(join_hands(from.unwrap_or(first), first, normalised.each_ref().map(String::as_str)))
}

/// `start:hand hand hand hand`, the `hands` (given from seat `first` clockwise) turned to start
/// from `start`.
fn join_hands(start: Seat, first: Seat, hands: [&str; 4]) -> String {
    let mut out = String::with_capacity(2 + hands.iter().map(|h| h.len() + 1).sum::<usize>());
    out.push(start.letter());
    out.push(':');
    for i in 0..4 {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(hands[(start.index() + 4 - first.index() + i) % 4]);
    }
    out
}

/// The first seat and the four hands of `value` when they are written as [`normalise_deal`]
/// writes them: an upper-case seat, hands one space apart, each `-` or four suits of upper-case
/// ranks, descending. Then normalising only turns the hands to start from another seat.
fn hands_in_order(value: &str) -> Option<(Seat, [&str; 4])> {
    let first = match value.as_bytes() {
        [seat @ (b'N' | b'E' | b'S' | b'W'), b':', ..] => Seat::from_char(char::from(*seat))?,
        _ => return None,
    };
    let bytes = value.as_bytes();
    let mut hands = [""; 4];
    let mut start = 2;
    for (i, out) in hands.iter_mut().enumerate() {
        // Up to the next space, found byte by byte (a hand is a dozen bytes: `str::split`'s
        // searcher cost 190 instructions a hand); a space is one byte, so the hand is a whole
        // number of characters. Three hands end at a space, the last at the end of the value.
        let len = bytes[start..].iter().position(|&b| b == b' ');
        let end = match (i, len) {
            (3, None) => bytes.len(),
            (0..=2, Some(len)) => start + len,
            _ => return None,
        };
        let hand = &value[start..end];
        start = end + 1;
        *out = hand;
        if hand == "-" {
            continue;
        }
        let mut suits = 1;
        // Each rank upper-case and never higher than the one before in its suit.
        let mut last = ACE;
        for b in hand.bytes() {
            if b == b'.' {
                suits += 1;
                last = ACE;
                continue;
            }
            let rank = rank_from_byte(b).filter(|&rank| rank <= last && !b.is_ascii_lowercase())?;
            last = rank;
        }
        if suits != 4 {
            return None;
        }
    }
    Some((first, hands))
}

/// A deal in the deal notation, from seat `from` clockwise, ranks descending, `-` for a hand
/// not given: the spelling [`normalise_deal`] gives.
pub fn write_deal(deal: &Deal, from: Seat) -> String {
    let mut out = String::with_capacity(69);
    out.push(from.letter());
    out.push(':');
    for i in 0..4 {
        if i > 0 {
            out.push(' ');
        }
        let Some(hand) = deal.hands[from.offset(i).index()] else {
            out.push('-');
            continue;
        };
        for (j, suit) in Suit::ALL.into_iter().enumerate() {
            if j > 0 {
                out.push('.');
            }
            for rank in (2..=14u8).rev().filter(|&rank| hand.contains(Card { suit, rank })) {
                out.push(rank_char(rank));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deals_are_from_the_dealer_with_ranks_descending() {
        assert_eq!(
            normalise_deal("e:.36.akq987.a9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85", Some(Seat::N)),
            Some("N:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4".to_owned())
        );
        assert_eq!(normalise_deal("N:- - - -", None), Some("N:- - - -".to_owned()));
        assert_eq!(normalise_deal("N:AK.x", None), None);
    }

    /// Deal values to compare two readings on: a few written here and up to fifty of each
    /// fixture and corpus file.
    fn sample_deals() -> Vec<String> {
        let mut deals = vec![
            "N:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4".to_owned(),
            "N:- - - -".to_owned(),
            "W:- KQT2.AT.J6542.85 - -".to_owned(),
            "S:AAK.... ... ... ...".to_owned(),
            "e:kqt2.at.j6542.85 .63.akq987.a9732 a8654.kq5.t.qjt6 j973.j98742.3.k4".to_owned(),
        ];
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut stack = vec![here.join("../fixtures/pbn"), here.join("../../shared/corpus/pbn")];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else { continue };
            for path in entries.flatten().map(|e| e.path()) {
                if path.is_dir() {
                    stack.push(path);
                } else if let Ok(bytes) = std::fs::read(&path) {
                    let text = String::from_utf8_lossy(&bytes);
                    let values = text.lines().filter_map(|l| l.strip_prefix("[Deal \"")?.strip_suffix("\"]"));
                    deals.extend(values.take(50).map(str::to_owned));
                }
            }
        }
        assert!(deals.len() > 100 || !here.join("../../shared/corpus").is_dir(), "{}", deals.len());
        deals
    }

    /// Each deal spoiled one byte at a time, in ways that break or keep its shape.
    fn spoiled(deal: &str) -> impl Iterator<Item = String> + '_ {
        (0..deal.len()).flat_map(move |i| {
            [b'x', b' ', b'.', b'-', b'a', b'2', b'A', b'\t', b':'].into_iter().filter_map(move |b| {
                let mut spoiled = deal.as_bytes().to_vec();
                spoiled[i] = b;
                String::from_utf8(spoiled).ok()
            })
        })
    }

    /// The one-pass reading of a well-formed deal gives what the reading hand by hand gives,
    /// and leaves every other value to it: over the corpus's deals each spoiled one byte at a
    /// time, cut short and made longer.
    #[test]
    fn a_well_formed_deal_read_in_one_pass_is_read_as_hand_by_hand() {
        let deals = sample_deals();
        let mut taken = 0;
        for deal in &deals {
            let variants = spoiled(deal)
                .chain((0..deal.len()).filter_map(|n| deal.get(..n).map(str::to_owned)))
                .chain([format!("{deal} "), format!("{deal} -"), format!(" {deal}"), deal.replace(' ', "  ")])
                .chain([deal.clone()]);
            for value in variants {
                let step_by_step = parse_deal_step_by_step(&value);
                match well_formed_deal(value.as_bytes()) {
                    Some(deal) => {
                        taken += 1;
                        assert_eq!(Ok(deal), step_by_step, "{value:?}");
                    }
                    None => assert!(step_by_step.is_err(), "{value:?} is well formed: {step_by_step:?}"),
                }
                assert_eq!(parse_deal(&value), step_by_step, "{value:?}");
            }
        }
        assert!(taken > deals.len(), "{taken} of {} deals", deals.len());
    }

    /// The quick way with a deal whose hands are in order gives what the whole work gives: over
    /// the corpus's deals, from every seat, and each of them spoiled one byte at a time.
    #[test]
    fn a_deal_taken_as_normalised_is_what_normalising_gives() {
        let deals = sample_deals();
        let slow = |value: &str, from| {
            assert_eq!(normalise_deal(value, from), normalise_by_sorting(value, from), "{value:?} from {from:?}");
        };
        // The corpus's deals mostly take the quick way: the comparison is not vacuous.
        assert!(deals.iter().filter(|d| hands_in_order(d).is_some()).count() * 2 > deals.len());
        for deal in &deals {
            for from in [None, Some(Seat::N), Some(Seat::E), Some(Seat::S), Some(Seat::W)] {
                slow(deal, from);
                spoiled(deal).for_each(|spoiled| slow(&spoiled, from));
            }
        }
    }

    #[test]
    fn a_deal_is_written_as_normalise_deal_spells_it() {
        let text = "N:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4";
        let deal = parse_deal(text).unwrap();
        assert_eq!(write_deal(&deal, Seat::N), text);
        assert_eq!(write_deal(&deal, Seat::E), normalise_deal(text, Some(Seat::E)).unwrap());
        let partial = Deal { first: Seat::N, hands: [deal.hands[0], None, None, None] };
        assert_eq!(write_deal(&partial, Seat::W), "W:- KQT2.AT.J6542.85 - -");
    }
}
