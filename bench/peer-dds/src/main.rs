//! `peer-dds FILE.pbn…`: the double-dummy table and par of every deal of the files, solved by the
//! C++ DDS through dds-bridge, all deals in one batch on every core — the work `kibitzer dd` does,
//! for `bench/dd.sh` to time beside it. Prints one line a deal (the DoubleDummyTricks string and
//! the par score for North-South), so the two outputs can also be compared.

use contract_bridge::deal::FullDeal;
use contract_bridge::seat::Seat;
use contract_bridge::Strain;
use dds_bridge::{calculate_par, solve_deals, Vulnerability};

/// A deal as the hand record gives it, with what its par depends on.
struct Board {
    deal: FullDeal,
    vulnerability: Vulnerability,
    dealer: Seat,
}

/// The value of a `[Name "value"]` line.
fn tag<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.trim().strip_prefix('[')?.strip_prefix(name)?.trim_start();
    rest.strip_prefix('"')?.split('"').next()
}

/// The boards of a PBN text, read line by line (hand records write one tag a line); a game ends
/// at its `Deal`, whose `Dealer` and `Vulnerable` come before it.
fn boards(text: &str) -> Vec<Board> {
    let (mut dealer, mut vulnerability) = (Seat::North, Vulnerability::NONE);
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(v) = tag(line, "Dealer") {
            dealer = v.parse().unwrap_or(Seat::North);
        } else if let Some(v) = tag(line, "Vulnerable") {
            vulnerability = match v {
                "NS" => Vulnerability::NS,
                "EW" => Vulnerability::EW,
                "All" | "Both" => Vulnerability::ALL,
                _ => Vulnerability::NONE,
            };
        } else if let Some(v) = tag(line, "Deal") {
            if let Ok(deal) = v.parse() {
                out.push(Board { deal, vulnerability, dealer });
            }
        }
    }
    out
}

fn main() {
    let mut boards_of_files = Vec::new();
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        boards_of_files.extend(boards(&String::from_utf8_lossy(&bytes)));
    }
    let deals: Vec<FullDeal> = boards_of_files.iter().map(|b| b.deal).collect();
    let tables = solve_deals(&deals);
    let seats = [Seat::North, Seat::South, Seat::East, Seat::West];
    let strains = [Strain::Notrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];
    for (board, table) in boards_of_files.iter().zip(tables) {
        // dds-bridge 0.21 hands DDS's DealerParBin its dealer and vulnerability codes in each
        // other's places: give each in the other's encoding (DDS: dealer N E S W = 0 1 2 3;
        // vulnerable none, both, NS, EW = 0 1 2 3).
        let vul_code = board.vulnerability.to_sys() as usize;
        let as_vulnerability =
            [Vulnerability::NONE, Vulnerability::ALL, Vulnerability::NS, Vulnerability::EW][board.dealer as usize];
        let as_dealer = [Seat::North, Seat::East, Seat::South, Seat::West][vul_code];
        let par = calculate_par(table, as_vulnerability, as_dealer);
        let tricks: String = seats
            .iter()
            .flat_map(|&seat| strains.iter().map(move |&strain| (seat, strain)))
            .map(|(seat, strain)| char::from_digit(u32::from(u8::from(table[strain].get(seat))), 16).unwrap_or('?'))
            .collect();
        println!("{tricks} {}", par.score);
    }
}
