//! Duplicate bridge scoring (Law 77), the IMP scale (Law 78B) and the board rotation (Law 2).

use super::cards::Seat;
use super::contract::{Contract, Denomination, Risk};

/// The score of a played contract from declarer's side: positive when made, negative when
/// defeated. `tricks` is the number declarer won (0..=13).
pub fn duplicate_score(contract: Contract, vulnerable: bool, tricks: u8) -> i32 {
    let needed = i32::from(contract.level) + 6;
    let won = i32::from(tricks);
    let multiplier = match contract.risk {
        Risk::Undoubled => 1,
        Risk::Doubled => 2,
        Risk::Redoubled => 4,
    };
    if won < needed {
        let down = needed - won;
        return -undertrick_penalty(down, vulnerable, contract.risk);
    }
    let per_trick = match contract.denomination {
        Denomination::Clubs | Denomination::Diamonds => 20,
        _ => 30,
    };
    let level = i32::from(contract.level);
    let nt_bonus = if contract.denomination == Denomination::NoTrump { 10 } else { 0 };
    let trick_score = (per_trick * level + nt_bonus) * multiplier;
    let mut score = trick_score;
    score += if trick_score >= 100 {
        if vulnerable {
            500
        } else {
            300
        }
    } else {
        50
    };
    score += match contract.level {
        6 => {
            if vulnerable {
                750
            } else {
                500
            }
        }
        7 => {
            if vulnerable {
                1500
            } else {
                1000
            }
        }
        _ => 0,
    };
    score += match contract.risk {
        Risk::Undoubled => 0,
        Risk::Doubled => 50,
        Risk::Redoubled => 100,
    };
    let over = won - needed;
    score += over
        * match contract.risk {
            Risk::Undoubled => per_trick,
            Risk::Doubled => {
                if vulnerable {
                    200
                } else {
                    100
                }
            }
            Risk::Redoubled => {
                if vulnerable {
                    400
                } else {
                    200
                }
            }
        };
    score
}

fn undertrick_penalty(down: i32, vulnerable: bool, risk: Risk) -> i32 {
    match risk {
        Risk::Undoubled => down * if vulnerable { 100 } else { 50 },
        Risk::Doubled | Risk::Redoubled => {
            let k = down + i32::from(vulnerable);
            let doubled = match k {
                1 => 100,
                2 if vulnerable => 200,
                2 => 300,
                _ => 300 * k - 400,
            };
            doubled * if risk == Risk::Redoubled { 2 } else { 1 }
        }
    }
}

/// IMPs for a score difference (Law 78B), signed like the difference.
pub fn imps(difference: i32) -> i32 {
    const THRESHOLDS: [i32; 24] = [
        15, 45, 85, 125, 165, 215, 265, 315, 365, 425, 495, 595, 745, 895, 1095, 1295, 1495, 1745, 1995, 2245, 2495,
        2995, 3495, 3995,
    ];
    let n = THRESHOLDS.iter().filter(|&&t| t <= difference.abs()).count() as i32;
    n * difference.signum()
}

/// Vulnerability of a side from a Vulnerable value (any spelling of PBN 3.4.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vulnerability {
    None,
    NS,
    EW,
    All,
}

impl Vulnerability {
    pub fn parse(s: &str) -> Option<Vulnerability> {
        let is = |word: &str| s.eq_ignore_ascii_case(word);
        Some(if is("none") || is("love") || s == "-" {
            Vulnerability::None
        } else if is("ns") {
            Vulnerability::NS
        } else if is("ew") {
            Vulnerability::EW
        } else if is("all") || is("both") {
            Vulnerability::All
        } else {
            return None;
        })
    }

    pub fn is_vulnerable(self, seat: Seat) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::All => true,
            Vulnerability::NS => seat.is_ns(),
            Vulnerability::EW => !seat.is_ns(),
        }
    }

    /// The export spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NS => "NS",
            Vulnerability::EW => "EW",
            Vulnerability::All => "All",
        }
    }
}

/// Dealer and vulnerability of a board number by Law 2 (repeating every 16 boards).
pub fn board_rotation(board: u32) -> (Seat, Vulnerability) {
    let n = (board.max(1) - 1) % 16;
    let dealer = Seat::from_index(n as usize);
    let vul =
        [Vulnerability::None, Vulnerability::NS, Vulnerability::EW, Vulnerability::All][((n + n / 4) % 4) as usize];
    (dealer, vul)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn score(c: &str, vul: bool, tricks: u8) -> i32 {
        duplicate_score(Contract::parse(c).unwrap(), vul, tricks)
    }

    #[test]
    fn worked_examples_of_the_scoring_table() {
        assert_eq!(score("4S", false, 10), 420);
        assert_eq!(score("3NT", true, 10), 630);
        assert_eq!(score("1CX", false, 7), 140);
        assert_eq!(score("2HXX", false, 8), 640);
        assert_eq!(score("6NT", false, 12), 990);
        assert_eq!(score("7S", true, 13), 2210);
        assert_eq!(score("7NTXX", true, 13), 2980);
        assert_eq!(score("1NTX", false, 6), -100);
        assert_eq!(score("2H", false, 10), 170);
    }

    #[test]
    fn doubled_undertricks_follow_the_table() {
        let nv: Vec<i32> = (1..=13).map(|d| -score("7CX", false, 13 - d)).collect();
        assert_eq!(nv, [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500]);
        let v: Vec<i32> = (1..=13).map(|d| -score("7CX", true, 13 - d)).collect();
        assert_eq!(v, [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800]);
        assert_eq!(score("7CXX", true, 12), -400);
        assert_eq!(score("3H", true, 7), -200);
    }

    #[test]
    fn imp_scale_and_rotation() {
        assert_eq!(imps(10), 0);
        assert_eq!(imps(20), 1);
        assert_eq!(imps(-630), -12);
        assert_eq!(imps(4000), 24);
        assert_eq!(board_rotation(1), (Seat::N, Vulnerability::None));
        assert_eq!(board_rotation(2), (Seat::E, Vulnerability::NS));
        assert_eq!(board_rotation(13), (Seat::N, Vulnerability::All));
        assert_eq!(board_rotation(16), (Seat::W, Vulnerability::EW));
        assert_eq!(board_rotation(17), (Seat::N, Vulnerability::None));
    }
}
