//! What the tests of kibitzer's crates share (hidden from the documentation: not for users).

/// A seeded source of numbers (xorshift64*): the same numbers every run from the same seed, so
/// that a failing case is found again, and spread enough to pick test inputs with. For tests
/// only: it is neither uniform nor unpredictable. The integration tests use it too
/// (`kibitzer_tests::Rng`).
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A source from `seed`, which must not be 0 (0 gives only 0).
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n`; 0 when `n` is 0 (an empty list's only index to stop at).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_below_stays_below() {
        let (mut a, mut b) = (Rng::new(0x9e37_79b9_7f4a_7c15), Rng::new(0x9e37_79b9_7f4a_7c15));
        let first: Vec<u64> = (0..100).map(|_| a.next_u64()).collect();
        assert_eq!(first, (0..100).map(|_| b.next_u64()).collect::<Vec<_>>());
        assert!(first.windows(2).all(|w| w[0] != w[1]), "it moves");
        assert!((0..1000).all(|_| a.below(7) < 7));
        assert_eq!(a.below(0), 0);
    }
}
