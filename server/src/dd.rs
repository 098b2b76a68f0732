//! Double-dummy truth for PBN hand records: every deal of a file that carries
//! `DoubleDummyTricks`, `OptimumResultTable`, `OptimumScore` or `ParContract` is solved with
//! pons-dds (DDS 2.9's search in pure Rust, so every build has it; all deals of the file in one
//! batch on every core), and each of those tags is checked against the solver (rules DDS001–
//! DDS005, declared in `kibitzer_syntax::pbn::double_dummy`). `kibitzer dd
//! FILE.pbn` prints the analysis of every deal. The language server uses the same checks one
//! game at a time, with the deals it solved kept in [`SolvedDeals`], and writes the analysis
//! into a game with [`analysis_edits`].

use contract_bridge::deal::FullDeal;
use contract_bridge::seat::Seat;
use contract_bridge::Strain;
use kibitzer_syntax::bridge::contract::{Contract, Denomination, Risk};
use kibitzer_syntax::bridge::score::duplicate_score;
use kibitzer_syntax::diagnostic::TextEdit;
use kibitzer_syntax::pbn::double_dummy::{
    BELOW_BOOK_WRITTEN_AS_ONE, WRONG_DOUBLE_DUMMY_TRICKS, WRONG_OPTIMUM_RESULT, WRONG_OPTIMUM_SCORE, WRONG_PAR_CONTRACT,
};
use kibitzer_syntax::pbn::model::Game;
use kibitzer_syntax::{CheckOptions, Diagnostic, TextRange, TextSize};
use pons_dds::{calculate_par, solve_deals, NonEmptyStrainFlags, TrickCountTable, Vulnerability};
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};

/// The tags this module checks; a file without any is not solved.
const TAGS: [&str; 4] = ["DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract"];

/// The order of `DoubleDummyTricks`: declarers N S E W, each in NT S H D C. The rows of the
/// `OptimumResultTable` that [`analysis_edits`] writes follow it too, as BridgeComposer's do.
const SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
const STRAINS: [Strain; 5] = [Strain::Notrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

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

impl Board<'_> {
    /// Whether the game carries a tag this module checks.
    pub fn has_dd_tags(&self) -> bool {
        TAGS.iter().any(|t| self.game.tag(t).is_some())
    }
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
        out.push(Board { game, key: DealKey { deal, vulnerability, dealer } });
    }
    out
}

/// Solves the boards, all at once (DDS spreads them over the cores).
pub fn analyse(boards: &[Board<'_>]) -> Vec<Analysis> {
    solve(&boards.iter().map(|b| b.key).collect::<Vec<_>>())
}

/// Solves the deals, all at once.
fn solve(keys: &[DealKey]) -> Vec<Analysis> {
    let deals: Vec<FullDeal> = keys.iter().map(|k| k.deal).collect();
    let tables = solve_deals(&deals, NonEmptyStrainFlags::ALL);
    tables
        .into_iter()
        .zip(keys)
        .map(|(table, key)| {
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
        })
        .collect()
}

/// Deals solved before, for the language server: a deal is solved once however often its game
/// is checked again or hovered, while the keystrokes go elsewhere. Bounded: the oldest
/// analyses are forgotten first (each is about a hundred bytes).
pub struct SolvedDeals {
    solved: Mutex<Solved>,
}

#[derive(Default)]
struct Solved {
    analyses: HashMap<DealKey, Arc<Analysis>>,
    order: VecDeque<DealKey>,
}

impl SolvedDeals {
    /// Enough for the largest hand-record files of the corpus many times over.
    const CAPACITY: usize = 50_000;

    pub fn new() -> SolvedDeals {
        SolvedDeals { solved: Mutex::new(Solved::default()) }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Solved> {
        // The map is whole after any panic: each change is one insert or remove.
        self.solved.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn get(&self, key: &DealKey) -> Option<Arc<Analysis>> {
        self.lock().analyses.get(key).cloned()
    }

    /// The analyses of `keys`, solving (in one batch, not under the lock) those not known.
    pub fn solve(&self, keys: &[DealKey]) -> Vec<Arc<Analysis>> {
        let mut seen = HashSet::new();
        let missing: Vec<DealKey> =
            keys.iter().filter(|k| self.get(k).is_none() && seen.insert(**k)).copied().collect();
        let solved = solve(&missing);
        let mut cache = self.lock();
        for (key, analysis) in missing.into_iter().zip(solved) {
            if cache.analyses.insert(key, Arc::new(analysis)).is_none() {
                cache.order.push_back(key);
            }
            while cache.order.len() > Self::CAPACITY {
                if let Some(old) = cache.order.pop_front() {
                    cache.analyses.remove(&old);
                }
            }
        }
        // A key forgotten at once (more keys than the capacity) is solved again alone.
        keys.iter()
            .map(|k| cache.analyses.get(k).cloned().unwrap_or_else(|| Arc::new(solve(&[*k]).remove(0))))
            .collect()
    }
}

impl Default for SolvedDeals {
    fn default() -> Self {
        SolvedDeals::new()
    }
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

/// Checks the double-dummy tags of a PBN text against the solver (`kibitzer check`): the deals
/// of the games that carry such tags, solved in one batch; the configured severities applied.
pub fn verify(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    if !has_dd_tags(text) {
        return Vec::new();
    }
    let boards: Vec<Board<'_>> = boards(text).into_iter().filter(Board::has_dd_tags).collect();
    let analyses = analyse(&boards);
    let mut out = Vec::new();
    for (board, analysis) in boards.iter().zip(&analyses) {
        verify_board(board, analysis, &mut out);
    }
    options.rules.apply(&mut out);
    out
}

/// [`verify`] for the language server, which checks a game at a time and must not wait for the
/// solver: from the deals solved before, or `Err` with the deals still to solve
/// ([`SolvedDeals::solve`]).
pub fn verify_solved(
    text: &str,
    options: &CheckOptions,
    solved: &SolvedDeals,
) -> Result<Vec<Diagnostic>, Vec<DealKey>> {
    if !has_dd_tags(text) {
        return Ok(Vec::new());
    }
    let boards: Vec<Board<'_>> = boards(text).into_iter().filter(Board::has_dd_tags).collect();
    let analyses: Vec<Option<Arc<Analysis>>> = boards.iter().map(|b| solved.get(&b.key)).collect();
    if analyses.iter().any(Option::is_none) {
        return Err(boards.iter().zip(&analyses).filter(|(_, a)| a.is_none()).map(|(b, _)| b.key).collect());
    }
    let mut out = Vec::new();
    for (board, analysis) in boards.iter().zip(analyses.into_iter().flatten()) {
        verify_board(board, &analysis, &mut out);
    }
    options.rules.apply(&mut out);
    Ok(out)
}

fn verify_board(board: &Board<'_>, analysis: &Analysis, out: &mut Vec<Diagnostic>) {
    let table = &analysis.table;
    if let Some(tag) = board.game.tag("DoubleDummyTricks") {
        let want = dd_tricks_string(table);
        let below_book_as_1 = tag.value.len() == 20
            && tag.value.bytes().zip(want.bytes()).all(|(a, b)| a.eq_ignore_ascii_case(&b) || (a == b'1' && b < b'7'));
        if below_book_as_1 && !tag.value.eq_ignore_ascii_case(&want) {
            out.push(Diagnostic::new(
                &BELOW_BOOK_WRITTEN_AS_ONE,
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
                &WRONG_DOUBLE_DUMMY_TRICKS,
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
                    &WRONG_OPTIMUM_RESULT,
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
                &BELOW_BOOK_WRITTEN_AS_ONE,
                tag.name_range,
                format!("OptimumResultTable writes 1 for {below_book} declarer × denomination pairs that take fewer than 7 tricks double dummy"),
            ));
        }
    }
    if let Some(tag) = board.game.tag("OptimumScore") {
        if let Some(claimed) = parse_side_score(tag.value) {
            if claimed != analysis.par_score {
                out.push(Diagnostic::new(
                    &WRONG_OPTIMUM_SCORE,
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
        for (at, part) in par_contract_parts(tag.value) {
            let Some(claim) = ParClaim::parse(part) else { continue };
            if let Some(wrong) = claim.disagreement(analysis, board.key.vulnerability) {
                out.push(Diagnostic::new(
                    &WRONG_PAR_CONTRACT,
                    tag.sub_range(at, at + part.len()),
                    format!("ParContract `{part}` {wrong} (par: {})", analysis.par_contracts.join(", ")),
                ));
            }
        }
    }
}

/// The contracts of a `ParContract` value with their offsets in it: producers list several
/// par contracts separated by `,` or `;` (`NS 4S+1;NS 5C=`).
fn par_contract_parts(value: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    value.split([',', ';']).filter_map(move |piece| {
        let start = at + (piece.len() - piece.trim_start().len());
        at += piece.len() + 1;
        let part = piece.trim();
        (!part.is_empty()).then_some((start, part))
    })
}

/// One par contract as producers write it: a side or a seat, then level, denomination, risk and
/// result (`NS 4S`, `EW 3NT+1`, `NS 5Dx-2`, BridgeComposer's `NS 4S=` and `EW 5DX-1`, a seat
/// alone as in `S 3N=`).
#[derive(Debug, PartialEq)]
struct ParClaim {
    /// The declarer when one seat is named; otherwise the better of the side's two.
    seats: &'static [Seat],
    contract: Contract,
    /// Over- (positive) or undertricks (negative).
    result: i32,
}

impl ParClaim {
    fn parse(s: &str) -> Option<ParClaim> {
        let (side, contract) = s.split_once(' ')?;
        let seats: &'static [Seat] = match side {
            "NS" => &[Seat::North, Seat::South],
            "EW" => &[Seat::East, Seat::West],
            "N" => &[Seat::North],
            "S" => &[Seat::South],
            "E" => &[Seat::East],
            "W" => &[Seat::West],
            _ => return None,
        };
        let contract = contract.trim();
        let level = contract.chars().next()?.to_digit(10)? as u8;
        if !(1..=7).contains(&level) {
            return None;
        }
        let rest = &contract[1..];
        let strain_len = if rest.get(..2).is_some_and(|d| d.eq_ignore_ascii_case("NT")) { 2 } else { 1 };
        let denomination = Denomination::parse(match rest.get(..strain_len)? {
            "N" | "n" => "NT",
            d => d,
        })?;
        let rest = &rest[strain_len..];
        let doubles = rest.bytes().take_while(|b| matches!(b, b'x' | b'X' | b'*')).count();
        let risk = match doubles {
            0 => Risk::Undoubled,
            1 => Risk::Doubled,
            2 => Risk::Redoubled,
            _ => return None,
        };
        let result = match &rest[doubles..] {
            "" | "=" => 0,
            r if r.starts_with(['+', '-']) => r.parse::<i32>().ok()?,
            _ => return None,
        };
        Some(ParClaim { seats, contract: Contract { level, denomination, risk }, result })
    }

    fn side_is_ns(&self) -> bool {
        matches!(self.seats[0], Seat::North | Seat::South)
    }

    /// What is wrong with the claim for this analysis, said for the message; `None` when it is
    /// a par contract: it takes the tricks it says double dummy, and scores the par score.
    fn disagreement(&self, analysis: &Analysis, vulnerability: Vulnerability) -> Option<String> {
        let strain = match self.contract.denomination {
            Denomination::NoTrump => Strain::Notrump,
            Denomination::Spades => Strain::Spades,
            Denomination::Hearts => Strain::Hearts,
            Denomination::Diamonds => Strain::Diamonds,
            Denomination::Clubs => Strain::Clubs,
        };
        let best = self.seats.iter().map(|&s| tricks(&analysis.table, s, strain)).max().unwrap_or(0);
        let claimed = i32::from(self.contract.level) + 6 + self.result;
        let who = match self.seats {
            [seat] => format!("{} takes", seat_letter(*seat)),
            _ if self.side_is_ns() => "NS take".to_string(),
            _ => "EW take".to_string(),
        };
        if claimed != i32::from(best) {
            return Some(format!("means {claimed} tricks, but {who} {best} in {} double dummy", strain_letter(strain)));
        }
        let vulnerable = vulnerability.contains(if self.side_is_ns() { Vulnerability::NS } else { Vulnerability::EW });
        let score = duplicate_score(self.contract, vulnerable, best);
        let ns_score = if self.side_is_ns() { score } else { -score };
        (ns_score != analysis.par_score)
            .then(|| format!("scores {}, not the par score {}", side_score(ns_score), side_score(analysis.par_score)))
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

/// Markdown for a hover on a `Deal` tag of `text` (one game, as the language server cuts it): the
/// double-dummy table and par.
pub fn hover(text: &str, offset: TextSize, solved: &SolvedDeals) -> Option<(TextRange, String)> {
    let boards = boards(text);
    let board = boards.iter().find(|b| b.game.tag("Deal").is_some_and(|t| t.range.contains_inclusive(offset)))?;
    let tag = board.game.tag("Deal")?;
    let analysis = solved.solve(&[board.key]).pop()?;
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
    Some((tag.range, md))
}

/// The columns of the `OptimumResultTable` written (PBN 5.7), as BridgeComposer writes them:
/// the declarer, then denomination and tricks right-aligned in two characters.
const RESULT_TABLE_COLUMNS: &str = "Declarer;Denomination\\2R;Result\\2R";

/// Edits of `text` (PBN) that write the analysis of the game at `offset`: `DoubleDummyTricks`,
/// `OptimumScore` (PBN 4.2.7) and `ParContract` after the `Deal` line, the `OptimumResultTable`
/// (PBN 5.7, all 20 rows) at the end of the game; tags already there get the solver's values
/// in place, so the game's layout is kept. With the game's range; `None` when no game with a
/// complete deal is there.
pub fn analysis_edits(text: &str, offset: TextSize, solved: &SolvedDeals) -> Option<(TextRange, Vec<TextEdit>)> {
    let boards = boards(text);
    let board = boards.iter().find(|b| b.game.range.contains_inclusive(offset))?;
    let analysis = solved.solve(&[board.key]).pop()?;
    let game = &board.game;
    let deal = game.tag("Deal")?;
    let eol = if text[game.range].contains("\r\n") { "\r\n" } else { "\n" };
    let mut edits = Vec::new();
    // Where a line may be inserted after the deal: the start of the next line.
    let after_deal = match text[usize::from(deal.range.end())..usize::from(game.range.end())].find('\n') {
        Some(at) => deal.range.end() + TextSize::from(at as u32 + 1),
        None => deal.range.end(),
    };
    let mut new_tags = Vec::new();
    // A deal that all four pass out has no par contract: its stale ParContract goes.
    let par_contracts = (!analysis.par_contracts.is_empty()).then(|| analysis.par_contracts.join(", "));
    let values = [
        ("DoubleDummyTricks", Some(dd_tricks_string(&analysis.table))),
        ("OptimumScore", Some(side_score(analysis.par_score))),
        ("ParContract", par_contracts),
    ];
    for (name, value) in values {
        match (game.tag(name), value) {
            (Some(tag), Some(value)) if tag.value != value => edits.push(TextEdit::replace(tag.value_range, value)),
            (Some(tag), None) => {
                let line_end = if text[usize::from(tag.range.end())..].starts_with(eol) { eol.len() } else { 0 };
                edits.push(TextEdit::delete(TextRange::new(
                    tag.range.start(),
                    tag.range.end() + TextSize::from(line_end as u32),
                )));
            }
            (None, Some(value)) => new_tags.push(format!("[{name} \"{value}\"]")),
            _ => {}
        }
    }
    if !new_tags.is_empty() {
        let lines = if text[..usize::from(after_deal)].ends_with('\n') {
            new_tags.iter().map(|t| format!("{t}{eol}")).collect()
        } else {
            // The deal ends the text: the tags go on lines of their own after it.
            new_tags.iter().map(|t| format!("{eol}{t}")).collect::<String>()
        };
        edits.push(TextEdit::insert(after_deal, lines));
    }
    let mut table = format!("[OptimumResultTable \"{RESULT_TABLE_COLUMNS}\"]");
    for seat in SEATS {
        for strain in STRAINS {
            let tricks = tricks(&analysis.table, seat, strain);
            table.push_str(&format!("{eol}{} {:>2} {tricks:>2}", seat_letter(seat), strain_letter(strain)));
        }
    }
    // The end of what the game says: its last tag or section item, before the trivia after it.
    let content_end = |tag: &kibitzer_syntax::pbn::model::Tag<'_>| {
        tag.section_items().last().map_or(tag.range.end(), |t| t.range.end())
    };
    match game.tag("OptimumResultTable") {
        Some(tag) => {
            let written = &text[TextRange::new(tag.range.start(), content_end(tag))];
            if written != table {
                edits.push(TextEdit::replace(TextRange::new(tag.range.start(), content_end(tag)), table));
            }
        }
        None => {
            let end = game.tags.iter().map(content_end).max().unwrap_or(game.range.end());
            edits.push(TextEdit::insert(end, format!("{eol}{table}")));
        }
    }
    Some((game.range, edits))
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
        match args.format {
            DdFormat::Text => {
                let boards = boards(&text);
                let analyses = analyse(&boards);
                for (board, analysis) in boards.iter().zip(&analyses) {
                    let number = board.game.value("Board").unwrap_or("");
                    let tricks = dd_tricks_string(&analysis.table);
                    let par = side_score(analysis.par_score);
                    let _ = writeln!(
                        out,
                        "{}: board {number}: DoubleDummyTricks {tricks}, par {par} ({})",
                        path.display(),
                        analysis.par_contracts.join(", ")
                    );
                }
            }
            DdFormat::Json => rows.extend(json_rows(&text).into_iter().map(|mut row| {
                row.insert("path".to_owned(), path.display().to_string().into());
                row
            })),
        }
    }
    if args.format == DdFormat::Json {
        let _ = serde_json::to_writer_pretty(&mut out, &rows);
        let _ = writeln!(out);
    }
    std::process::ExitCode::SUCCESS
}

/// The analysis of every deal of `text` as `kibitzer dd --format json` prints it, less the
/// file's path (the Python API's `kibitzer.dd` returns these).
pub fn json_rows(text: &str) -> Vec<serde_json::Map<String, serde_json::Value>> {
    let boards = boards(text);
    let analyses = analyse(&boards);
    boards
        .iter()
        .zip(&analyses)
        .map(|(board, analysis)| {
            let fields = [
                ("board", board.game.value("Board").unwrap_or("").into()),
                ("deal", board.game.value("Deal").into()),
                ("dealer", board.game.value("Dealer").into()),
                ("vulnerable", board.game.value("Vulnerable").into()),
                ("double_dummy_tricks", dd_tricks_string(&analysis.table).into()),
                ("par_score_ns", analysis.par_score.into()),
                ("par_contracts", analysis.par_contracts.clone().into()),
            ];
            fields.into_iter().map(|(key, value): (&str, serde_json::Value)| (key.to_owned(), value)).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par_contracts_and_scores_are_read() {
        let read = |s: &str| ParClaim::parse(s).map(|c| (c.seats.len(), c.contract.to_string(), c.result));
        assert_eq!(read("EW 3N+1"), Some((2, "3NT".into(), 1)));
        assert_eq!(read("NS 5Dx-2"), Some((2, "5DX".into(), -2)));
        assert_eq!(read("EW 5DX-1"), Some((2, "5DX".into(), -1)));
        assert_eq!(read("NS 4S"), Some((2, "4S".into(), 0)));
        assert_eq!(read("NS 4S="), Some((2, "4S".into(), 0)));
        assert_eq!(read("S 3N="), Some((1, "3NT".into(), 0)));
        assert_eq!(read("NS 4NTXX"), Some((2, "4NTXX".into(), 0)));
        assert_eq!(read("NS 4S*-1"), Some((2, "4SX".into(), -1)));
        for bad in ["NS", "NS 8S", "XY 4S", "NS 4Q", "NS 4SXXX", "NS 4S=1", "NS 4S 1", "NS 4Sé", "NS 4é", "NS é"] {
            assert_eq!(read(bad), None, "{bad}");
        }
        let parts: Vec<_> = par_contract_parts("NS 4S+1; NS 5C=,EW 4H").collect();
        assert_eq!(parts, [(0, "NS 4S+1"), (9, "NS 5C="), (16, "EW 4H")]);
        assert_eq!(parse_side_score("EW 430"), Some(-430));
        assert_eq!(parse_side_score("NS -100"), Some(-100));
    }

    /// Each hand holds one suit: whoever has trumps takes all 13; in notrump the leader's suit
    /// runs (declarer N: East leads his suit).
    /// The analysis written into a game whose deal ends the text (no line end after it) and into
    /// one in CRLF with a stale tag and a table: the solver then agrees with every tag.
    #[test]
    fn the_analysis_written_in_checks_clean() {
        let solved = SolvedDeals::new();
        let ends = "[Board \"1\"]\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]";
        let stale = "[Board \"1\"]\r\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\r\n\
                     [OptimumScore \"NS 1\"]\r\n[OptimumResultTable \"Declarer;Result\"]\r\nN 2\r\n[Auction \"N\"]\r\n7S AP\r\n";
        for text in [ends, stale] {
            let (_, edits) = analysis_edits(text, TextSize::from(3), &solved).unwrap();
            let (written, _) = kibitzer_syntax::diagnostic::apply_edits(text, &edits);
            assert_eq!(verify(&written, &CheckOptions::default()), vec![], "{written}");
            assert_eq!(boards(&written).len(), 1, "{written}");
            assert!(written.contains("[DoubleDummyTricks \"0d0d00d0d000d0d00d0d\"]"), "{written}");
            assert!(written.contains("[OptimumScore \"NS 1510\"]") && written.contains("W  C 13"), "{written}");
            assert_eq!(written.contains('\r'), text.contains('\r'), "{written}");
            // Written again: nothing left to change.
            assert_eq!(analysis_edits(&written, TextSize::from(3), &solved).unwrap().1, vec![], "{written}");
        }
    }

    #[test]
    fn the_solver_solves_a_trivial_deal() {
        let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                    [Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\
                    [DoubleDummyTricks \"00000000000000000000\"]\n";
        let boards = boards(text);
        let analysis = &analyse(&boards)[0];
        assert_eq!(tricks(&analysis.table, Seat::North, Strain::Spades), 13);
        assert_eq!(tricks(&analysis.table, Seat::South, Strain::Diamonds), 13);
        let found = verify(text, &CheckOptions::default());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, "DDS001");
    }
}
