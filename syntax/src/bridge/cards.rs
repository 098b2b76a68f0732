//! Seats, suits, cards and sets of cards.

/// A compass seat. Index order N, E, S, W (clockwise from North).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    N,
    E,
    S,
    W,
}

impl Seat {
    pub const ALL: [Seat; 4] = [Seat::N, Seat::E, Seat::S, Seat::W];

    /// `N`, `E`, `S`, `W` in either case.
    pub fn from_char(c: char) -> Option<Seat> {
        Some(match c.to_ascii_uppercase() {
            'N' => Seat::N,
            'E' => Seat::E,
            'S' => Seat::S,
            'W' => Seat::W,
            _ => return None,
        })
    }

    pub fn parse(s: &str) -> Option<Seat> {
        let mut chars = s.chars();
        let seat = Seat::from_char(chars.next()?)?;
        chars.next().is_none().then_some(seat)
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Seat {
        Seat::ALL[i % 4]
    }

    /// The next seat clockwise (left-hand opponent).
    pub fn next(self) -> Seat {
        Seat::from_index(self.index() + 1)
    }

    pub fn offset(self, n: usize) -> Seat {
        Seat::from_index(self.index() + n)
    }

    pub fn is_ns(self) -> bool {
        matches!(self, Seat::N | Seat::S)
    }

    pub fn partner(self) -> Seat {
        self.offset(2)
    }

    pub fn letter(self) -> char {
        ['N', 'E', 'S', 'W'][self.index()]
    }

    pub fn name(self) -> &'static str {
        ["North", "East", "South", "West"][self.index()]
    }
}

/// Suits in the order of a Deal hand: spades, hearts, diamonds, clubs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suit {
    S,
    H,
    D,
    C,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::S, Suit::H, Suit::D, Suit::C];

    pub fn from_char(c: char) -> Option<Suit> {
        Some(match c.to_ascii_uppercase() {
            'S' => Suit::S,
            'H' => Suit::H,
            'D' => Suit::D,
            'C' => Suit::C,
            _ => return None,
        })
    }

    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self as usize]
    }
}

/// Rank 2..=14 (ace 14) from a rank character (`T` for ten) in either case.
pub fn rank_from_char(c: char) -> Option<u8> {
    u8::try_from(c).ok().and_then(rank_from_byte)
}

/// [`rank_from_char`] of a byte: a table look-up, as a deal's 52 ranks are read for every board.
pub fn rank_from_byte(b: u8) -> Option<u8> {
    Some(RANK_FROM_BYTE[usize::from(b)]).filter(|&rank| rank != 0)
}

/// The highest rank.
pub const ACE: u8 = 14;

/// The rank each byte names, in either case; 0 for none.
const RANK_FROM_BYTE: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = match (b as u8).to_ascii_uppercase() {
            c @ b'2'..=b'9' => c - b'0',
            b'T' => 10,
            b'J' => 11,
            b'Q' => 12,
            b'K' => 13,
            b'A' => ACE,
            _ => 0,
        };
        b += 1;
    }
    table
};

pub fn rank_char(rank: u8) -> char {
    b"23456789TJQKA"[usize::from(rank.clamp(2, 14) - 2)] as char
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    pub suit: Suit,
    pub rank: u8,
}

impl Card {
    /// A distinct index 0..52.
    pub fn index(self) -> usize {
        self.suit as usize * 13 + usize::from(self.rank - 2)
    }

    /// `SA`, `H10`, `ht`: a card token of the play section.
    pub fn parse(s: &str) -> Option<Card> {
        let mut chars = s.chars();
        let suit = Suit::from_char(chars.next()?)?;
        let rest = chars.as_str();
        let rank = if rest == "10" {
            10
        } else {
            let mut r = rest.chars();
            let rank = rank_from_char(r.next()?)?;
            if r.next().is_some() {
                return None;
            }
            rank
        };
        Some(Card { suit, rank })
    }
}

impl std::fmt::Display for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.suit.letter(), rank_char(self.rank))
    }
}

/// A set of cards as a 52-bit mask.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CardSet(pub u64);

impl CardSet {
    pub fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.index()) != 0
    }
    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.index();
    }
    pub fn remove(&mut self, c: Card) {
        self.0 &= !(1 << c.index());
    }
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn has_suit(self, s: Suit) -> bool {
        (self.0 >> (s as usize * 13)) & 0x1fff != 0
    }
}

/// The cards of a set, for messages: `SA HK D2`.
pub fn list_cards(set: CardSet) -> String {
    let mut out = Vec::new();
    for suit in Suit::ALL {
        for rank in (2..=14).rev() {
            let c = Card { suit, rank };
            if set.contains(c) {
                out.push(c.to_string());
            }
        }
    }
    out.join(" ")
}
