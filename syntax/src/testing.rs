//! What the tests of kibitzer's crates share (hidden from the documentation: not for users).

/// A seeded source of numbers (xorshift64): the same numbers every run from the same seed, so
/// that a failing case is found again, and spread enough to pick test inputs with. For tests
/// only: it is neither uniform nor unpredictable.
#[derive(Debug, Clone)]
pub struct Xorshift(u64);

impl Xorshift {
    /// A source from `seed`, which must not be 0 (0 gives only 0).
    pub fn new(seed: u64) -> Self {
        Xorshift(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`, which must not be 0.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_below_stays_below() {
        let (mut a, mut b) = (Xorshift::new(0x9e37_79b9_7f4a_7c15), Xorshift::new(0x9e37_79b9_7f4a_7c15));
        let first: Vec<u64> = (0..100).map(|_| a.next_u64()).collect();
        assert_eq!(first, (0..100).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert!(first.windows(2).all(|w| w[0] != w[1]), "it moves");
        assert!((0..1000).all(|_| a.below(7) < 7));
    }
}
