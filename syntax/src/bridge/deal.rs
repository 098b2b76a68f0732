//! A deal: the cards of the four hands, in the deal notation of PBN 3.4.11 (`N:AKQJ.T98.765.432
//! …`), which hand records, double-dummy solvers and dealing programs share: read
//! ([`parse_deal`]) and written in its one spelling ([`normalise_deal`]).

use super::cards::{rank_char, rank_from_char, Card, CardSet, Seat, Suit};

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
        let Some(rank) = Some(char::from(b)).filter(|_| b.is_ascii()).and_then(rank_from_char) else {
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
    const RANKS: &[u8; 13] = b"AKQJT98765432";
    let first = match value.as_bytes() {
        [seat @ (b'N' | b'E' | b'S' | b'W'), b':', ..] => Seat::from_char(char::from(*seat))?,
        _ => return None,
    };
    let mut hands = [""; 4];
    let mut split = value[2..].split(' ');
    for out in &mut hands {
        let hand = split.next()?;
        *out = hand;
        if hand == "-" {
            continue;
        }
        let mut suits = 0;
        for suit in hand.split('.') {
            suits += 1;
            // Each rank's place in RANKS: never smaller than the one before.
            let mut last = 0;
            for rank in suit.bytes() {
                match RANKS.iter().position(|r| *r == rank) {
                    Some(place) if place >= last => last = place,
                    _ => return None,
                }
            }
        }
        if suits != 4 {
            return None;
        }
    }
    split.next().is_none().then_some((first, hands))
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

    /// The quick way with a deal whose hands are in order gives what the whole work gives: over
    /// the corpus's deals, from every seat, and each of them spoiled one byte at a time.
    #[test]
    fn a_deal_taken_as_normalised_is_what_normalising_gives() {
        let mut deals = vec![
            "N:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4".to_owned(),
            "N:- - - -".to_owned(),
            "W:- KQT2.AT.J6542.85 - -".to_owned(),
            "S:AAK.... ... ... ...".to_owned(),
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
        let slow = |value: &str, from| {
            assert_eq!(normalise_deal(value, from), normalise_by_sorting(value, from), "{value:?} from {from:?}");
        };
        // The corpus's deals mostly take the quick way: the comparison is not vacuous.
        assert!(deals.iter().filter(|d| hands_in_order(d).is_some()).count() * 2 > deals.len());
        for deal in &deals {
            for from in [None, Some(Seat::N), Some(Seat::E), Some(Seat::S), Some(Seat::W)] {
                slow(deal, from);
                for i in 0..deal.len() {
                    for b in [b'x', b' ', b'.', b'-', b'a', b'2', b'A', b'\t'] {
                        let mut spoiled = deal.clone().into_bytes();
                        spoiled[i] = b;
                        if let Ok(spoiled) = String::from_utf8(spoiled) {
                            slow(&spoiled, from);
                        }
                    }
                }
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
