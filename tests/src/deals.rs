//! Bridge deals for the suites that need many different ones (the solver's queue, its
//! interruption): dealt from a seeded shuffle, so every run has the same deals.

/// The deal of `seed`, in PBN's notation from North (a linear congruential generator's
/// Fisher-Yates shuffle of the 52 cards).
pub fn deal(seed: u64) -> String {
    let step = |s: u64| s.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
    let mut cards: Vec<usize> = (0..52).collect();
    let mut state = step(seed);
    for i in (1..52).rev() {
        state = step(state);
        cards.swap(i, (state >> 33) as usize % (i + 1));
    }
    let hands: Vec<String> = cards
        .chunks(13)
        .map(|hand| {
            // Suits spades to clubs, ranks high to low.
            (0..4)
                .rev()
                .map(|suit| {
                    let mut ranks: Vec<usize> = hand.iter().filter(|c| *c / 13 == suit).map(|c| c % 13).collect();
                    ranks.sort_unstable_by(|a, b| b.cmp(a));
                    ranks.iter().map(|r| char::from(b"23456789TJQKA"[*r])).collect::<String>()
                })
                .collect::<Vec<_>>()
                .join(".")
        })
        .collect();
    format!("N:{}", hands.join(" "))
}

/// `count` boards with the deals of seeds 1 to `count`, each with a `DoubleDummyTricks` of
/// zeros (wrong for any deal: once solved, each board has a DDS001).
pub fn hand_record(count: usize) -> String {
    (1..=count)
        .map(|n| {
            format!(
                "[Board \"{n}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{}\"]\n[DoubleDummyTricks \"00000000000000000000\"]\n\n",
                deal(n as u64)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_deal_has_each_card_once() {
        let deal = super::deal(7);
        let hands: Vec<&str> = deal[2..].split(' ').collect();
        assert_eq!(hands.len(), 4);
        let mut cards: Vec<(usize, char)> = hands
            .iter()
            .flat_map(|h| h.split('.').enumerate().flat_map(|(suit, ranks)| ranks.chars().map(move |r| (suit, r))))
            .collect();
        assert!(hands.iter().all(|h| h.len() == 13 + 3), "{deal}");
        cards.sort_unstable();
        cards.dedup();
        assert_eq!(cards.len(), 52, "{deal}");
        assert_ne!(super::deal(7), super::deal(8));
    }
}
