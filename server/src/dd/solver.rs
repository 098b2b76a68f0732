//! The solver's answers: the deals of a PBN text with what their analysis depends on, solved
//! on the process's work queue ([`super::queue`]) and kept in [`SolvedDeals`], and the
//! analysis written in PBN's notation (seats, strains, the `DoubleDummyTricks` string, a side's
//! score), which the checks, the editor and `kibitzer dd` share.

use super::queue::queue;
use contract_bridge::deal::FullDeal;
use contract_bridge::seat::Seat;
use contract_bridge::Strain;
use kibitzer_syntax::pbn::model::Game;
use pons_dds::{calculate_par, TrickCountTable, Vulnerability};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};

/// The order of `DoubleDummyTricks`: declarers N S E W, each in NT S H D C. The rows of the
/// `OptimumResultTable` that [`analysis_edits`](super::analysis_edits) writes follow it too, as BridgeComposer's do.
pub(super) const SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
pub(super) const STRAINS: [Strain; 5] =
    [Strain::Notrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// What the analysis of a deal depends on: the cards (the trick table), and for par the
/// vulnerability and the dealer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealKey {
    pub deal: FullDeal,
    pub vulnerability: Vulnerability,
    pub dealer: Seat,
}

/// A deal of the file and where its game is.
pub struct Board<'a> {
    pub game: Game<'a>,
    pub key: DealKey,
}

/// The solved analysis of a deal.
#[derive(Debug)]
pub struct Analysis {
    pub table: TrickCountTable,
    /// Par score for North-South (negative when East-West score).
    pub par_score: i32,
    /// The par contracts, as `NS 4S` or `EW 5Dx-2` (PBN's ParContract form).
    pub par_contracts: Vec<String>,
}

/// The deals of a PBN text that have a complete `Deal`.
pub fn boards(text: &str) -> Vec<Board<'_>> {
    let parse = kibitzer_syntax::pbn::parse(text);
    let root = parse.syntax();
    let mut out = Vec::new();
    for node in root.children().filter(|n| n.kind() == kibitzer_syntax::pbn::syntax_kind::SyntaxKind::GAME) {
        let game = Game::from_node(&node, text);
        let Some(deal) = game.value("Deal").and_then(|d| d.parse::<FullDeal>().ok()) else { continue };
        let vulnerability = match game.value("Vulnerable").unwrap_or("None") {
            "NS" => Vulnerability::NS,
            "EW" => Vulnerability::EW,
            "All" | "Both" => Vulnerability::ALL,
            _ => Vulnerability::NONE,
        };
        let dealer = game.value("Dealer").and_then(|d| d.parse::<Seat>().ok()).unwrap_or(Seat::North);
        out.push(Board { game, key: DealKey { deal, vulnerability, dealer } });
    }
    out
}

/// The games of a PBN text whose `Deal` is not a complete deal (52 cards, 13 a hand), each
/// named by its `Board` (or its number in the text) with the deal as written: what the solver
/// cannot take, which [`boards`] leaves out.
pub fn incomplete_deals(text: &str) -> Vec<String> {
    let parse = kibitzer_syntax::pbn::parse(text);
    let root = parse.syntax();
    let games = root.children().filter(|n| n.kind() == kibitzer_syntax::pbn::syntax_kind::SyntaxKind::GAME);
    games
        .enumerate()
        .filter_map(|(i, node)| {
            let game = Game::from_node(&node, text);
            let deal = game.value("Deal")?;
            if deal.parse::<FullDeal>().is_ok() {
                return None;
            }
            let board = game.value("Board").map_or_else(|| format!("game {}", i + 1), |b| format!("board {b}"));
            Some(format!("{board}: `{deal}` is not a complete deal (four hands of 13 cards)"))
        })
        .collect()
}

/// Solves the boards, on the queue of every core ([`super::queue`]).
pub fn analyse(boards: &[Board<'_>]) -> Vec<Arc<Analysis>> {
    solved().solve(&boards.iter().map(|b| b.key).collect::<Vec<_>>())
}

/// The analysis of a deal from its trick table: par for its vulnerability and dealer.
fn analysis(key: &DealKey, table: TrickCountTable) -> Analysis {
    let par = calculate_par(table, key.vulnerability, key.dealer);
    let mut par_contracts: Vec<String> = par
        .contracts
        .iter()
        .map(|p| {
            let side = if matches!(p.declarer, Seat::North | Seat::South) { "NS" } else { "EW" };
            let strain = strain_letter(p.contract.bid.strain);
            let penalty = match p.contract.penalty {
                contract_bridge::contract::Penalty::Undoubled => "",
                contract_bridge::contract::Penalty::Doubled => "x",
                contract_bridge::contract::Penalty::Redoubled => "xx",
            };
            let over = match p.overtricks {
                0 => String::new(),
                n => format!("{n:+}"),
            };
            format!("{side} {}{strain}{penalty}{over}", p.contract.bid.level.get())
        })
        .collect();
    // The same contract by either partner is one par contract of the side.
    let mut seen = HashSet::new();
    par_contracts.retain(|c| seen.insert(c.clone()));
    Analysis { table, par_score: par.score, par_contracts }
}

/// Analyses of deals, for the language server and `kibitzer check`: the trick tables come
/// from the process's [`queue`] (which keeps them, in memory and on disk); a deal's par,
/// which depends on its vulnerability and dealer too, is worked out once here. Bounded: the
/// oldest analyses are forgotten first (each is about a hundred bytes).
pub struct SolvedDeals {
    solved: Mutex<Solved>,
}

#[derive(Default)]
struct Solved {
    analyses: HashMap<DealKey, Arc<Analysis>>,
    order: VecDeque<DealKey>,
}

impl SolvedDeals {
    const CAPACITY: usize = super::queue::MOST_KEPT;

    pub fn new() -> SolvedDeals {
        SolvedDeals { solved: Mutex::new(Solved::default()) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Solved> {
        // The map is whole after any panic: each change is one insert or remove.
        self.solved.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The analysis of `key` if its deal is solved already (never waits).
    pub fn get(&self, key: &DealKey) -> Option<Arc<Analysis>> {
        if let Some(known) = self.lock().analyses.get(key) {
            return Some(known.clone());
        }
        queue().known(&key.deal).map(|table| self.keep(key, table))
    }

    fn keep(&self, key: &DealKey, table: TrickCountTable) -> Arc<Analysis> {
        let analysis = Arc::new(analysis(key, table));
        let mut kept = self.lock();
        if kept.analyses.insert(*key, analysis.clone()).is_none() {
            kept.order.push_back(*key);
        }
        while kept.order.len() > Self::CAPACITY {
            if let Some(old) = kept.order.pop_front() {
                kept.analyses.remove(&old);
            }
        }
        analysis
    }

    /// The analyses of `keys`, waiting for those not solved yet (all queued at once, so every
    /// worker takes one).
    pub fn solve(&self, keys: &[DealKey]) -> Vec<Arc<Analysis>> {
        let missing: Vec<FullDeal> = keys.iter().filter(|k| self.get(k).is_none()).map(|k| k.deal).collect();
        let _wanted = queue().want(&missing);
        keys.iter().map(|k| self.get(k).unwrap_or_else(|| self.keep(k, queue().table(&k.deal, false)))).collect()
    }

    /// The analysis of `key` once solved in the order queued, or `None` soon after `cancelled`
    /// is set.
    pub fn solve_unless(&self, key: &DealKey, cancelled: &std::sync::atomic::AtomicBool) -> Option<Arc<Analysis>> {
        self.get(key).or_else(|| queue().table_unless(&key.deal, cancelled).map(|t| self.keep(key, t)))
    }

    /// The analysis of one deal that someone waits for now (a hover, an action): solved
    /// ahead of every deal queued.
    pub fn solve_first(&self, key: &DealKey) -> Arc<Analysis> {
        self.get(key).unwrap_or_else(|| self.keep(key, queue().table(&key.deal, true)))
    }
}

/// The deals this process has solved: `kibitzer check` (and `--fix`, which checks a text in
/// rounds) and, in the language server, the diagnostics, the hover and the actions share them.
pub fn solved() -> &'static SolvedDeals {
    static SOLVED: std::sync::OnceLock<SolvedDeals> = std::sync::OnceLock::new();
    SOLVED.get_or_init(SolvedDeals::new)
}

impl Default for SolvedDeals {
    fn default() -> Self {
        SolvedDeals::new()
    }
}

pub(super) fn strain_letter(s: Strain) -> &'static str {
    match s {
        Strain::Notrump => "NT",
        Strain::Spades => "S",
        Strain::Hearts => "H",
        Strain::Diamonds => "D",
        Strain::Clubs => "C",
    }
}

pub(super) fn tricks(table: &TrickCountTable, seat: Seat, strain: Strain) -> u8 {
    u8::from(table[strain].get(seat))
}

/// The `DoubleDummyTricks` value of a table.
pub fn dd_tricks_string(table: &TrickCountTable) -> String {
    SEATS
        .iter()
        .flat_map(|&seat| STRAINS.iter().map(move |&strain| (seat, strain)))
        .map(|(seat, strain)| char::from_digit(u32::from(tricks(table, seat, strain)), 16).unwrap_or('?'))
        .collect()
}

pub(super) fn seat_letter(s: Seat) -> char {
    match s {
        Seat::North => 'N',
        Seat::East => 'E',
        Seat::South => 'S',
        Seat::West => 'W',
    }
}

/// A score for North-South as PBN writes a side's score: `NS 140`, `EW 430`.
pub(super) fn side_score(ns: i32) -> String {
    if ns >= 0 {
        format!("NS {ns}")
    } else {
        format!("EW {}", -ns)
    }
}

/// Queues the deals of `keys` (those not solved yet) for the workers; dropping what is returned
/// takes them off the queue unless someone else wants them.
pub fn want(keys: &[DealKey]) -> super::queue::Wanted {
    queue().want(&keys.iter().map(|k| k.deal).collect::<Vec<_>>())
}
