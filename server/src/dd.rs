//! Double-dummy truth for PBN hand records (the `dd` feature, on by default): every deal of a
//! file that carries `DoubleDummyTricks`, `OptimumResultTable`, `OptimumScore` or `ParContract`
//! is solved with DDS (through the `dds-bridge` crate, all deals of the file in one batch on
//! every core), and each of those tags is checked against the solver. `kibitzer dd FILE.pbn`
//! prints the analysis of every deal.

use contract_bridge::deal::FullDeal;
use contract_bridge::seat::Seat;
use contract_bridge::Strain;
use dds_bridge::{calculate_par, solve_deals, TrickCountTable, Vulnerability};
use kibitzer_syntax::diagnostic::{Rule, RuleScope};
use kibitzer_syntax::pbn::model::Game;
use kibitzer_syntax::{Diagnostic, Severity, TextRange, TextSize};

macro_rules! dd_rule {
    ($name:ident, $code:literal, $kebab:literal, $summary:literal) => {
        pub const $name: Rule = Rule {
            code: $code,
            name: $kebab,
            severity: Severity::Error,
            scope: RuleScope::Import,
            section: "PBN 4.2.7, 5.7 (DDS)",
            summary: $summary,
            explanation: "The double-dummy solver (DDS) disagrees with the hand record: the analysis was made for \
                          another deal (re-dealt or mistyped) or by a faulty program. Recompute it.",
            bad: "",
            good: "",
        };
    };
}

dd_rule!(DD_TRICKS, "DDS001", "double-dummy-tricks-wrong", "DoubleDummyTricks disagrees with the double-dummy solver");
dd_rule!(DD_TABLE, "DDS002", "optimum-result-table-wrong", "an OptimumResultTable row disagrees with the solver");
dd_rule!(DD_SCORE, "DDS003", "optimum-score-wrong", "OptimumScore is not the par score of the deal");
dd_rule!(DD_PAR, "DDS004", "par-contract-wrong", "a ParContract does not take the tricks the solver gives it");

/// Some programs write 1 for every contract that goes down at the one level: that is not the
/// number of tricks, but it is no stale analysis either, so it is a warning, said once a tag.
pub const DD_TRICKS_BELOW_BOOK: Rule = Rule {
    code: "DDS005",
    name: "double-dummy-below-book-as-one",
    severity: Severity::Warning,
    scope: RuleScope::Import,
    section: "PBN 5.7 (DDS)",
    summary: "DoubleDummyTricks or OptimumResultTable writes 1 where declarer takes fewer than 7 tricks",
    explanation: "Some hand-record programs write 1 instead of the number of tricks when a contract fails at the \
                  one level. The entries that matter for bidding agree with the solver; write the true counts.",
    bad: "",
    good: "",
};

/// The tags this module checks; a file without any is not solved.
const TAGS: [&str; 4] = ["DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract"];

/// The order of `DoubleDummyTricks`: declarers N S E W, each in NT S H D C.
const SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
const STRAINS: [Strain; 5] = [Strain::Notrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// A deal of the file and where its game is.
pub struct Board<'a> {
    pub game: Game<'a>,
    pub deal: FullDeal,
    pub vulnerability: Vulnerability,
    pub dealer: Seat,
}

/// The solved analysis of a deal.
pub struct Analysis {
    pub table: TrickCountTable,
    /// Par score for North-South (negative when East-West score).
    pub par_score: i32,
    /// The par contracts, as `NS 4S` or `EW 5Dx-2` (PBN's ParContract form).
    pub par_contracts: Vec<String>,
}

/// Whether `text` carries a tag this module checks (cheap: no parse).
pub fn has_dd_tags(text: &str) -> bool {
    TAGS.iter().any(|t| text.contains(t))
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
        out.push(Board { game, deal, vulnerability, dealer });
    }
    out
}

/// Solves the boards, all at once (DDS spreads them over the cores).
pub fn analyse(boards: &[Board<'_>]) -> Vec<Analysis> {
    let deals: Vec<FullDeal> = boards.iter().map(|b| b.deal).collect();
    let tables = solve_deals(&deals);
    tables
        .into_iter()
        .zip(boards)
        .map(|(table, board)| {
            let par = dealer_par(table, board.vulnerability, board.dealer);
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
            let mut seen = std::collections::HashSet::new();
            par_contracts.retain(|c| seen.insert(c.clone()));
            Analysis { table, par_score: par.score, par_contracts }
        })
        .collect()
}

/// The par of a deal for its dealer and vulnerability. dds-bridge 0.21's `calculate_par` passes
/// its two arguments to DDS's `DealerParBin(table, par, dealer, vulnerable)` the other way round
/// (the vulnerability's code lands in `dealer`, the dealer's in `vulnerable`), so each is handed
/// over in the other's place; `server/tests/dd_endplay.rs` checks the result against endplay.
fn dealer_par(table: TrickCountTable, vulnerability: Vulnerability, dealer: Seat) -> dds_bridge::Par {
    // DDS codes: dealer N E S W = 0 1 2 3; vulnerable none, both, NS, EW = 0 1 2 3.
    let vul_code = vulnerability.to_sys();
    let as_vulnerability =
        [Vulnerability::NONE, Vulnerability::ALL, Vulnerability::NS, Vulnerability::EW][dealer as usize];
    let as_dealer = [Seat::North, Seat::East, Seat::South, Seat::West][vul_code as usize];
    calculate_par(table, as_vulnerability, as_dealer)
}

fn strain_letter(s: Strain) -> &'static str {
    match s {
        Strain::Notrump => "NT",
        Strain::Spades => "S",
        Strain::Hearts => "H",
        Strain::Diamonds => "D",
        Strain::Clubs => "C",
    }
}

fn tricks(table: &TrickCountTable, seat: Seat, strain: Strain) -> u8 {
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

/// Checks the double-dummy tags of a PBN text against the solver.
pub fn verify(text: &str) -> Vec<Diagnostic> {
    if !has_dd_tags(text) {
        return Vec::new();
    }
    let boards: Vec<Board<'_>> =
        boards(text).into_iter().filter(|b| TAGS.iter().any(|t| b.game.tag(t).is_some())).collect();
    let analyses = analyse(&boards);
    let mut out = Vec::new();
    for (board, analysis) in boards.iter().zip(&analyses) {
        verify_board(board, analysis, &mut out);
    }
    out
}

fn verify_board(board: &Board<'_>, analysis: &Analysis, out: &mut Vec<Diagnostic>) {
    let table = &analysis.table;
    if let Some(tag) = board.game.tag("DoubleDummyTricks") {
        let want = dd_tricks_string(table);
        let below_book_as_1 = tag.value.len() == 20
            && tag.value.bytes().zip(want.bytes()).all(|(a, b)| a.eq_ignore_ascii_case(&b) || (a == b'1' && b < b'7'));
        if below_book_as_1 && !tag.value.eq_ignore_ascii_case(&want) {
            out.push(Diagnostic::new(
                &DD_TRICKS_BELOW_BOOK,
                tag.value_range,
                format!(
                    "DoubleDummyTricks `{}` writes 1 wherever declarer takes fewer than 7 tricks (the solver: `{want}`); \
                     every other entry agrees",
                    tag.value
                ),
            ));
        } else if tag.value.len() == 20 && !tag.value.eq_ignore_ascii_case(&want) {
            let first = tag.value.bytes().zip(want.bytes()).position(|(a, b)| !a.eq_ignore_ascii_case(&b)).unwrap_or(0);
            let (seat, strain) = (SEATS[first / 5], STRAINS[first % 5]);
            out.push(Diagnostic::new(
                &DD_TRICKS,
                tag.sub_range(first, first + 1),
                format!(
                    "DoubleDummyTricks `{}` disagrees with the double-dummy solver: `{want}` ({} takes {} tricks in {}, not {}); was the deal changed after the analysis?",
                    tag.value,
                    seat_letter(seat),
                    tricks(table, seat, strain),
                    strain_letter(strain),
                    &tag.value[first..first + 1]
                ),
            ));
        }
    }
    if let Some(tag) = board.game.tag("OptimumResultTable") {
        let items: Vec<_> = tag.section_items().collect();
        let mut below_book = 0;
        for row in items.chunks(3) {
            let [declarer, denomination, result] = row else { continue };
            let (Ok(seat), Some(strain), Ok(claimed)) =
                (declarer.text.parse::<Seat>(), parse_strain(denomination.text), result.text.parse::<u8>())
            else {
                continue;
            };
            let solved = tricks(table, seat, strain);
            if claimed == 1 && solved < 7 {
                // The convention of DoubleDummyTricks above: said once for the table.
                below_book += 1;
            } else if solved != claimed {
                out.push(Diagnostic::new(
                    &DD_TABLE,
                    TextRange::new(declarer.range.start(), result.range.end()),
                    format!(
                        "OptimumResultTable: {} in {} takes {solved} tricks double dummy, not {claimed}",
                        seat_letter(seat),
                        strain_letter(strain)
                    ),
                ));
            }
        }
        if below_book > 0 {
            out.push(Diagnostic::new(
                &DD_TRICKS_BELOW_BOOK,
                tag.name_range,
                format!("OptimumResultTable writes 1 for {below_book} declarer × denomination pairs that take fewer than 7 tricks double dummy"),
            ));
        }
    }
    if let Some(tag) = board.game.tag("OptimumScore") {
        if let Some(claimed) = parse_side_score(tag.value) {
            if claimed != analysis.par_score {
                out.push(Diagnostic::new(
                    &DD_SCORE,
                    tag.value_range,
                    format!(
                        "OptimumScore `{}` is not the par score of the deal: {} (par {})",
                        tag.value,
                        side_score(analysis.par_score),
                        analysis.par_contracts.join(", ")
                    ),
                ));
            }
        }
    }
    if let Some(tag) = board.game.tag("ParContract") {
        for part in tag.value.split([',', ';']).map(str::trim).filter(|p| !p.is_empty()) {
            let Some((ns, level, strain, result)) = parse_par_contract(part) else { continue };
            let seats = if ns { [Seat::North, Seat::South] } else { [Seat::East, Seat::West] };
            let best = seats.iter().map(|&s| tricks(table, s, strain)).max().unwrap_or(0);
            let claimed = i32::from(level) + 6 + result;
            if claimed != i32::from(best) {
                out.push(Diagnostic::new(
                    &DD_PAR,
                    tag.value_range,
                    format!(
                        "ParContract `{part}` means {claimed} tricks, but {} take {best} in {} double dummy (par: {})",
                        if ns { "NS" } else { "EW" },
                        strain_letter(strain),
                        analysis.par_contracts.join(", ")
                    ),
                ));
            }
        }
    }
}

fn seat_letter(s: Seat) -> char {
    match s {
        Seat::North => 'N',
        Seat::East => 'E',
        Seat::South => 'S',
        Seat::West => 'W',
    }
}

fn parse_strain(s: &str) -> Option<Strain> {
    Some(match s.to_ascii_uppercase().as_str() {
        "NT" | "N" => Strain::Notrump,
        "S" => Strain::Spades,
        "H" => Strain::Hearts,
        "D" => Strain::Diamonds,
        "C" => Strain::Clubs,
        _ => return None,
    })
}

/// `NS 140`, `EW 430`, `NS -100` → the score for North-South.
fn parse_side_score(v: &str) -> Option<i32> {
    let (side, score) = v.trim().split_once(' ')?;
    let score: i32 = score.trim().parse().ok()?;
    match side {
        "NS" => Some(score),
        "EW" => Some(-score),
        _ => None,
    }
}

fn side_score(ns: i32) -> String {
    if ns >= 0 {
        format!("NS {ns}")
    } else {
        format!("EW {}", -ns)
    }
}

/// `NS 4S`, `EW 3N+1`, `NS 5Dx-2`, `EW 4HXX` → (NS?, level, strain, over- or undertricks).
fn parse_par_contract(s: &str) -> Option<(bool, u8, Strain, i32)> {
    let (side, contract) = s.split_once(' ')?;
    let ns = match side {
        "NS" | "N" | "S" => true,
        "EW" | "E" | "W" => false,
        _ => return None,
    };
    let contract = contract.trim();
    let level = contract.chars().next()?.to_digit(10)? as u8;
    if !(1..=7).contains(&level) {
        return None;
    }
    let rest = &contract[1..];
    let strain_len = if rest.len() >= 2 && rest[..2].eq_ignore_ascii_case("NT") { 2 } else { 1 };
    let strain = parse_strain(rest.get(..strain_len)?)?;
    let rest = rest[strain_len..].trim_start_matches(['x', 'X', '*']);
    let result = if rest.is_empty() { 0 } else { rest.parse::<i32>().ok()? };
    Some((ns, level, strain, result))
}

/// Markdown for a hover on a `Deal` tag of `text` (one game, as the language server cuts it): the
/// double-dummy table and par. Solving takes tens of milliseconds; the last few deals are kept.
pub fn hover(text: &str, offset: TextSize) -> Option<(TextRange, String)> {
    use std::sync::Mutex;
    static CACHE: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());
    let boards = boards(text);
    let board = boards.iter().find(|b| b.game.tag("Deal").is_some_and(|t| t.range.contains_inclusive(offset)))?;
    let tag = board.game.tag("Deal")?;
    let key = format!("{}|{:?}|{:?}", tag.value, board.vulnerability, board.dealer);
    if let Some((_, md)) = CACHE.lock().ok()?.iter().find(|(k, _)| *k == key) {
        return Some((tag.range, md.clone()));
    }
    let analysis = analyse(std::slice::from_ref(board)).pop()?;
    let mut md = String::from("**Double dummy** (DDS): tricks for each declarer\n\n| | NT | ♠ | ♥ | ♦ | ♣ |\n|---|---:|---:|---:|---:|---:|\n");
    for seat in SEATS {
        md.push_str(&format!("| {} |", seat_letter(seat)));
        for strain in STRAINS {
            md.push_str(&format!(" {} |", tricks(&analysis.table, seat, strain)));
        }
        md.push('\n');
    }
    md.push_str(&format!(
        "\nPar {} ({}) · `DoubleDummyTricks \"{}\"`",
        side_score(analysis.par_score),
        analysis.par_contracts.join(", "),
        dd_tricks_string(&analysis.table)
    ));
    if let Ok(mut cache) = CACHE.lock() {
        if cache.len() >= 16 {
            cache.remove(0);
        }
        cache.push((key, md.clone()));
    }
    Some((tag.range, md))
}

/// `kibitzer dd`: the analysis of every deal, as text or JSON.
#[derive(clap::Args)]
pub struct DdArgs {
    /// PBN files (compressed ones too).
    #[arg(required = true)]
    pub paths: Vec<std::path::PathBuf>,
    /// `text`: one line a deal; `json`: one JSON array.
    #[arg(long, value_enum, default_value_t = DdFormat::Text)]
    pub format: DdFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DdFormat {
    Text,
    Json,
}

pub fn run(args: DdArgs) -> std::process::ExitCode {
    use std::io::Write;
    let mut rows = Vec::new();
    let mut out = std::io::stdout().lock();
    for path in &args.paths {
        let bytes = match crate::compressed::read_whole(path) {
            Ok(b) => b,
            Err(e) => return crate::cli::trouble(&e),
        };
        let text = kibitzer_syntax::text::decode_owned(bytes).text;
        let boards = boards(&text);
        let analyses = analyse(&boards);
        for (board, analysis) in boards.iter().zip(&analyses) {
            let number = board.game.value("Board").unwrap_or("");
            let tricks = dd_tricks_string(&analysis.table);
            let par = side_score(analysis.par_score);
            match args.format {
                DdFormat::Text => {
                    let _ = writeln!(
                        out,
                        "{}: board {number}: DoubleDummyTricks {tricks}, par {par} ({})",
                        path.display(),
                        analysis.par_contracts.join(", ")
                    );
                }
                DdFormat::Json => rows.push(serde_json::json!({
                    "path": path.display().to_string(),
                    "board": number,
                    "deal": board.game.value("Deal"),
                    "dealer": board.game.value("Dealer"),
                    "vulnerable": board.game.value("Vulnerable"),
                    "double_dummy_tricks": tricks,
                    "par_score_ns": analysis.par_score,
                    "par_contracts": analysis.par_contracts,
                })),
            }
        }
    }
    if args.format == DdFormat::Json {
        let _ = serde_json::to_writer_pretty(&mut out, &rows);
        let _ = writeln!(out);
    }
    std::process::ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par_contracts_and_scores_are_read() {
        assert_eq!(parse_par_contract("EW 3N+1"), Some((false, 3, Strain::Notrump, 1)));
        assert_eq!(parse_par_contract("NS 5Dx-2"), Some((true, 5, Strain::Diamonds, -2)));
        assert_eq!(parse_par_contract("NS 4S"), Some((true, 4, Strain::Spades, 0)));
        assert_eq!(parse_par_contract("NS 4NTXX"), Some((true, 4, Strain::Notrump, 0)));
        assert_eq!(parse_side_score("EW 430"), Some(-430));
        assert_eq!(parse_side_score("NS -100"), Some(-100));
    }

    /// Each hand holds one suit: whoever has trumps takes all 13; in notrump the leader's suit
    /// runs (declarer N: East leads his suit).
    #[test]
    fn the_solver_solves_a_trivial_deal() {
        let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                    [Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\
                    [DoubleDummyTricks \"00000000000000000000\"]\n";
        let boards = boards(text);
        let analysis = &analyse(&boards)[0];
        assert_eq!(tricks(&analysis.table, Seat::North, Strain::Spades), 13);
        assert_eq!(tricks(&analysis.table, Seat::South, Strain::Diamonds), 13);
        let found = verify(text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, "DDS001");
    }
}
