//! The laws of the play: which card wins a trick (Law 44).

use super::cards::{Card, Seat, Suit};

/// Whether `card` beats `best`, the card winning the trick so far (Law 44): a higher card of the
/// same suit, or a trump over a card of another suit.
pub fn beats(card: Card, best: Card, trump: Option<Suit>) -> bool {
    if card.suit == best.suit {
        card.rank > best.rank
    } else {
        Some(card.suit) == trump
    }
}

/// Who wins a trick led by `leader` with `cards` played in turn from the leader on.
pub fn trick_winner(leader: Seat, cards: &[Card], trump: Option<Suit>) -> Seat {
    let mut best = 0;
    for (i, &card) in cards.iter().enumerate().skip(1) {
        if beats(card, cards[best], trump) {
            best = i;
        }
    }
    leader.offset(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn higher_of_the_suit_led_or_a_trump_wins() {
        let c = |suit, rank| Card { suit, rank };
        assert!(beats(c(Suit::S, 14), c(Suit::S, 2), None));
        assert!(!beats(c(Suit::H, 14), c(Suit::S, 2), None));
        assert!(beats(c(Suit::H, 2), c(Suit::S, 14), Some(Suit::H)));
        assert!(!beats(c(Suit::C, 14), c(Suit::H, 2), Some(Suit::H)));
        let trick = [c(Suit::S, 10), c(Suit::S, 13), c(Suit::H, 2), c(Suit::S, 14)];
        assert_eq!(trick_winner(Seat::W, &trick, None), Seat::S);
        assert_eq!(trick_winner(Seat::W, &trick, Some(Suit::H)), Seat::E);
    }
}
