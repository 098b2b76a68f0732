//! Contracts: a level, a denomination and the risk (undoubled, doubled, redoubled).

use super::cards::Suit;

/// Bidding denominations in rank order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Denomination {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
    NoTrump,
}

impl Denomination {
    /// `C D H S NT`, in either case.
    pub fn parse(s: &str) -> Option<Denomination> {
        let (upper, len) = crate::text::short_ascii_upper::<2>(s)?;
        Denomination::parse_upper(&upper[..len])
    }

    /// [`Denomination::parse`] of a text already in upper case.
    fn parse_upper(upper: &[u8]) -> Option<Denomination> {
        Some(match upper {
            b"C" => Denomination::Clubs,
            b"D" => Denomination::Diamonds,
            b"H" => Denomination::Hearts,
            b"S" => Denomination::Spades,
            b"NT" => Denomination::NoTrump,
            _ => return None,
        })
    }

    pub fn trump(self) -> Option<Suit> {
        match self {
            Denomination::Clubs => Some(Suit::C),
            Denomination::Diamonds => Some(Suit::D),
            Denomination::Hearts => Some(Suit::H),
            Denomination::Spades => Some(Suit::S),
            Denomination::NoTrump => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        ["C", "D", "H", "S", "NT"][self as usize]
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Risk {
    Undoubled,
    Doubled,
    Redoubled,
}

impl Risk {
    pub fn as_str(self) -> &'static str {
        ["", "X", "XX"][self as usize]
    }
}

/// A contract `<level><denomination><risk>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    pub level: u8,
    pub denomination: Denomination,
    pub risk: Risk,
}

impl Contract {
    /// Parses `3NT`, `4Hx`, `6SXX` (case-insensitive).
    pub fn parse(s: &str) -> Option<Contract> {
        let level = s.chars().next()?.to_digit(10)?;
        if !(1..=7).contains(&level) {
            return None;
        }
        // After the level: a denomination of at most two letters and at most two `X`.
        let (upper, len) = crate::text::short_ascii_upper::<4>(&s[1..])?;
        let upper = &upper[..len];
        let (den, risk) = if let Some(d) = upper.strip_suffix(b"XX") {
            (d, Risk::Redoubled)
        } else if let Some(d) = upper.strip_suffix(b"X") {
            (d, Risk::Doubled)
        } else {
            (upper, Risk::Undoubled)
        };
        Some(Contract { level: level as u8, denomination: Denomination::parse_upper(den)?, risk })
    }

    /// A contract written with `N` for no trump, as bidding programs and score sheets write it
    /// (`3N`, `1nx`, `4NXX`): its one standard reading. `None` for anything else, a contract
    /// already written with `NT` included.
    pub fn parse_short_notrump(s: &str) -> Option<Contract> {
        let upper = s.to_ascii_uppercase();
        let n = upper.find('N').filter(|&i| !upper[i..].starts_with("NT"))?;
        Contract::parse(&format!("{}NT{}", &s[..n], &s[n + 1..]))
    }

    /// A redoubled contract written with `R` for the redouble (`5DR`, `3NR`, as rpbridge writes
    /// them: `R` is BBO's call for a redouble, and the auctions end in `XX`): its one standard
    /// reading, `5DXX`, `3NTXX`. `None` for anything else: a contract that is also doubled
    /// (`5DXR`) or already has its risk in `X`.
    pub fn parse_redouble_as_r(s: &str) -> Option<Contract> {
        let undoubled = s.strip_suffix(['R', 'r'])?;
        let c = Contract::parse(undoubled).or_else(|| Contract::parse_short_notrump(undoubled))?;
        (c.risk == Risk::Undoubled).then_some(Contract { risk: Risk::Redoubled, ..c })
    }
}

impl std::fmt::Display for Contract {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}{}", self.level, self.denomination.as_str(), self.risk.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contracts_read_in_either_case_and_only_whole() {
        let read = |s: &str| Contract::parse(s).map(|c| c.to_string());
        assert_eq!(read("3NT").as_deref(), Some("3NT"));
        assert_eq!(read("4hx").as_deref(), Some("4HX"));
        assert_eq!(read("6SXX").as_deref(), Some("6SXX"));
        assert_eq!(read("7ntxx").as_deref(), Some("7NTXX"));
        assert_eq!(read("1c").as_deref(), Some("1C"));
        for bad in ["", "3", "0C", "8C", "3N", "3XX", "3NTXXX", "3NTX ", "3é", "33NT", "3SXXX"] {
            assert_eq!(read(bad), None, "{bad:?}");
        }
        assert_eq!(Denomination::parse("nt"), Some(Denomination::NoTrump));
        assert_eq!(Denomination::parse("N"), None);
        assert_eq!(Denomination::parse("NTX"), None);
    }

    #[test]
    fn a_redouble_written_r_reads_as_xx_and_nothing_else_does() {
        let read = |s: &str| Contract::parse_redouble_as_r(s).map(|c| c.to_string());
        assert_eq!(read("5DR").as_deref(), Some("5DXX"));
        assert_eq!(read("4sr").as_deref(), Some("4SXX"));
        assert_eq!(read("3NR").as_deref(), Some("3NTXX"));
        assert_eq!(read("1NTR").as_deref(), Some("1NTXX"));
        for bad in ["R", "5D", "5DXR", "5DXXR", "5DRR", "8DR", "5R", "5HEARTSR", "5DXX"] {
            assert_eq!(read(bad), None, "{bad:?}");
        }
    }
}
