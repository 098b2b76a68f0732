//! Mutation test (issue 19): from clean games, plant exactly one fault of one kind and check
//! that the checker reports it on exactly one line, the line of the fault or of the source it
//! disagrees with (for some kinds, one documented set of lines, see [`Kind::allowed`]).
//!
//! The clean games are generated here (random deals, a one-bid auction, a complete play by a
//! simple legal strategy, two rooms of a team match with Score, ScoreIMP and a ScoreTable; the
//! scores computed by this file's own Law 77 and 78B code), plus the fixture
//! `fixtures/pbn/cascade/good.pbn` and the games of `../shared/corpus/pbn` that check clean
//! (skipped with a message when the corpus is absent). The count is bounded; the counts per
//! fault kind are printed (`cargo test --test suites pbn_mutation:: -- --nocapture`).

use crate::pbn_support;

use kibitzer_syntax::text::{ColumnUnit, LineIndex};
use pbn_support::*;
use std::collections::{BTreeMap, BTreeSet};

/// Generated matches (each gives one case of every kind).
const MATCHES: u64 = 240;

const SEATS: [char; 4] = ['N', 'E', 'S', 'W'];
const SUITS: [char; 4] = ['S', 'H', 'D', 'C'];
const RANKS: [char; 13] = ['A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2'];
/// Strains as written in a contract, clubs to no trump; their trump suit index in SUITS.
const STRAINS: [&str; 5] = ["C", "D", "H", "S", "NT"];
const STRAIN_SUIT: [Option<usize>; 5] = [Some(3), Some(2), Some(1), Some(0), None];

use kibitzer_tests::Rng;

/// A card as (suit index, rank index); rank 0 is the ace.
type Card = (usize, usize);

fn card_text(c: Card) -> String {
    format!("{}{}", SUITS[c.0], RANKS[c.1])
}

// ---- Law 77, Law 78B and Law 2, written here independently of the checker ----

fn duplicate_score(level: u32, strain: usize, risk: u32, vulnerable: bool, tricks: u32) -> i32 {
    let needed = level + 6;
    if tricks >= needed {
        let per = if strain <= 1 { 20 } else { 30 };
        let mut trick_score = per * level + if strain == 4 { 10 } else { 0 };
        let over = tricks - needed;
        trick_score *= [1, 2, 4][risk as usize];
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
        if level == 6 {
            score += if vulnerable { 750 } else { 500 };
        }
        if level == 7 {
            score += if vulnerable { 1500 } else { 1000 };
        }
        score += match risk {
            0 => over * per,
            r => over * if vulnerable { 200 } else { 100 } * r,
        };
        if risk > 0 {
            score += 50 * risk;
        }
        score as i32
    } else {
        let down = needed - tricks;
        let loss = match (risk, vulnerable) {
            (0, false) => 50 * down,
            (0, true) => 100 * down,
            (r, false) => {
                let mut l = 0;
                for i in 1..=down {
                    l += if i == 1 {
                        100
                    } else if i <= 3 {
                        200
                    } else {
                        300
                    };
                }
                l * r
            }
            (r, true) => (200 + 300 * (down - 1)) * r,
        };
        -(loss as i32)
    }
}

fn imps(difference: i32) -> i32 {
    const LIMITS: [i32; 24] = [
        20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500,
        3000, 3500, 4000,
    ];
    let n = LIMITS.iter().take_while(|&&l| difference.abs() >= l).count() as i32;
    difference.signum() * n
}

/// Dealer (seat index) and vulnerable sides (NS, EW) of a board (Law 2).
fn rotation(board: u32) -> (usize, (bool, bool)) {
    let b = (board - 1) % 16;
    let vul = [
        (false, false),
        (true, false),
        (false, true),
        (true, true),
        (true, false),
        (false, true),
        (true, true),
        (false, false),
        (false, true),
        (true, true),
        (false, false),
        (true, false),
        (true, true),
        (false, false),
        (true, false),
        (false, true),
    ][b as usize];
    (b as usize % 4, vul)
}

fn vul_text(v: (bool, bool)) -> &'static str {
    match v {
        (false, false) => "None",
        (true, false) => "NS",
        (false, true) => "EW",
        (true, true) => "All",
    }
}

// ---- generated games ----

/// One room's game: its lines and where each part is.
struct Room {
    ns: i32,
    lines: Vec<String>,
    at: BTreeMap<&'static str, usize>,
    /// Lines of the auction calls and of the play rows (0-based in `lines`).
    calls: Vec<usize>,
    play: Vec<usize>,
    /// Which seat played each card of the play, by (row, column) and the card.
    cards: Vec<(usize, usize, Card)>,
    table_rows: Vec<usize>,
}

struct Contract {
    declarer: usize,
    level: u32,
    strain: usize,
    risk: u32,
}

fn contract_text(c: &Contract) -> String {
    format!("{}{}{}", c.level, STRAINS[c.strain], ["", "X", "XX"][c.risk as usize])
}

/// A legal complete play: the leader plays his highest card, the others follow with their
/// highest (the last of the trick with the lowest), ruff low or discard low. Returns the rows
/// by seat (columns from the opening leader) and declarer's tricks.
fn play(hands: &[Vec<Card>; 4], declarer: usize, trump: Option<usize>) -> (Vec<[Card; 4]>, u32) {
    let mut hands = hands.clone();
    let mut leader = (declarer + 1) % 4;
    let mut rows = Vec::new();
    let mut won = 0;
    for _ in 0..13 {
        let mut trick: [Option<Card>; 4] = [None; 4];
        let mut led = None;
        for i in 0..4 {
            let seat = (leader + i) % 4;
            let hand = &mut hands[seat];
            let choice = match led {
                None => *hand.iter().min_by_key(|c| c.1).unwrap(),
                Some(suit) => {
                    let follow: Vec<Card> = hand.iter().copied().filter(|c| c.0 == suit).collect();
                    if !follow.is_empty() {
                        if i == 3 {
                            *follow.iter().max_by_key(|c| c.1).unwrap()
                        } else {
                            *follow.iter().min_by_key(|c| c.1).unwrap()
                        }
                    } else {
                        let ruffs: Vec<Card> = hand.iter().copied().filter(|c| Some(c.0) == trump).collect();
                        if ruffs.is_empty() {
                            *hand.iter().max_by_key(|c| c.1).unwrap()
                        } else {
                            *ruffs.iter().max_by_key(|c| c.1).unwrap()
                        }
                    }
                }
            };
            hand.retain(|c| *c != choice);
            led.get_or_insert(choice.0);
            trick[seat] = Some(choice);
        }
        let led = led.unwrap();
        let key = |c: Card| (if Some(c.0) == trump { 2 } else { u8::from(c.0 == led) }, 13 - c.1);
        let winner = (0..4).max_by_key(|&s| key(trick[s].unwrap())).unwrap();
        if winner % 2 == declarer % 2 {
            won += 1;
        }
        let lead0 = (declarer + 1) % 4;
        rows.push([0, 1, 2, 3].map(|i| trick[(lead0 + i) % 4].unwrap()));
        leader = winner;
    }
    (rows, won)
}

fn deal_text(hands: &[Vec<Card>; 4]) -> String {
    let hand = |h: &Vec<Card>| {
        (0..4)
            .map(|s| {
                let mut ranks: Vec<usize> = h.iter().filter(|c| c.0 == s).map(|c| c.1).collect();
                ranks.sort();
                ranks.iter().map(|&r| RANKS[r]).collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(".")
    };
    format!("N:{}", hands.iter().map(hand).collect::<Vec<_>>().join(" "))
}

fn room(
    board: u32,
    hands: &[Vec<Card>; 4],
    c: &Contract,
    first: bool,
    imp_ns: i32,
    other: Option<(&Contract, u32, i32)>,
) -> Room {
    let (dealer, vul) = rotation(board);
    let vulnerable = if c.declarer.is_multiple_of(2) { vul.0 } else { vul.1 };
    let (rows, tricks) = play(hands, c.declarer, STRAIN_SUIT[c.strain]);
    let score = duplicate_score(c.level, c.strain, c.risk, vulnerable, tricks);
    let ns = if c.declarer.is_multiple_of(2) { score } else { -score };
    let mut r = Room {
        ns,
        lines: Vec::new(),
        at: BTreeMap::new(),
        calls: Vec::new(),
        play: Vec::new(),
        cards: Vec::new(),
        table_rows: Vec::new(),
    };
    let tag = |r: &mut Room, name: &'static str, value: String| {
        r.at.insert(name, r.lines.len());
        r.lines.push(format!("[{name} \"{value}\"]"));
    };
    let inherit = |v: &str| if first { v.to_owned() } else { "#".to_owned() };
    tag(&mut r, "Event", inherit("Mutation match"));
    tag(&mut r, "Site", inherit("Test room"));
    tag(&mut r, "Date", "2026.11.24".into());
    tag(&mut r, "Board", board.to_string());
    for (name, seat) in [("West", "w"), ("North", "n"), ("East", "e"), ("South", "s")] {
        tag(&mut r, name, format!("Player {seat}"));
    }
    tag(&mut r, "Dealer", SEATS[dealer].to_string());
    tag(&mut r, "Vulnerable", vul_text(vul).into());
    tag(&mut r, "Deal", deal_text(hands));
    tag(&mut r, "Scoring", "IMP".into());
    tag(&mut r, "Room", if first { "Open" } else { "Closed" }.into());
    tag(&mut r, "Declarer", SEATS[c.declarer].to_string());
    tag(&mut r, "Contract", contract_text(c));
    tag(&mut r, "Result", tricks.to_string());
    tag(&mut r, "Auction", SEATS[dealer].to_string());
    let mut calls: Vec<String> = Vec::new();
    let mut seat = dealer;
    while seat != c.declarer {
        calls.push("Pass".into());
        seat = (seat + 1) % 4;
    }
    calls.push(format!("{}{}", c.level, STRAINS[c.strain]));
    if c.risk > 0 {
        calls.push("X".into());
    }
    if c.risk > 1 {
        calls.push("XX".into());
    }
    calls.extend(["Pass", "Pass", "Pass"].map(String::from));
    for chunk in calls.chunks(4) {
        r.calls.push(r.lines.len());
        r.lines.push(chunk.join(" "));
    }
    tag(&mut r, "Play", SEATS[(c.declarer + 1) % 4].to_string());
    for (i, row) in rows.iter().enumerate() {
        r.play.push(r.lines.len());
        for (col, card) in row.iter().enumerate() {
            r.cards.push((i, col, *card));
        }
        r.lines.push(row.iter().map(|&c| card_text(c)).collect::<Vec<_>>().join(" "));
    }
    r.lines.push("*".into());
    tag(&mut r, "Score", if ns >= 0 { format!("NS {ns}") } else { format!("EW {}", -ns) });
    tag(&mut r, "ScoreIMP", if imp_ns >= 0 { format!("NS {imp_ns}") } else { format!("EW {}", -imp_ns) });
    if let Some((o, o_tricks, o_ns)) = other {
        tag(&mut r, "ScoreTable", "Contract;Declarer;Result;Score_NS".into());
        for (cc, t, n) in [(c, tricks, ns), (o, o_tricks, o_ns)] {
            r.table_rows.push(r.lines.len());
            r.lines.push(format!("{} {} {t} {n}", contract_text(cc), SEATS[cc.declarer]));
        }
    }
    r
}

/// Two rooms of one board: the text and each room's lines (offset of room 2 = room 1's len + 1).
fn generate(rng: &mut Rng, board: u32) -> (Room, Room) {
    let mut cards: Vec<Card> = (0..4).flat_map(|s| (0..13).map(move |r| (s, r))).collect();
    for i in (1..52).rev() {
        cards.swap(i, rng.below(i + 1));
    }
    let hands: [Vec<Card>; 4] = [0, 1, 2, 3].map(|s| cards[s * 13..s * 13 + 13].to_vec());
    let contract = |rng: &mut Rng| Contract {
        declarer: rng.below(4),
        level: 1 + rng.below(7) as u32,
        strain: rng.below(5),
        risk: [0, 0, 0, 1, 2][rng.below(5)],
    };
    let (c1, c2) = (contract(rng), contract(rng));
    // Scores first, for the IMPs and the table.
    let probe1 = room(board, &hands, &c1, true, 0, None);
    let probe2 = room(board, &hands, &c2, false, 0, None);
    let imp = imps(probe1.ns - probe2.ns);
    let tricks_of =
        |r: &Room| r.lines[r.at["Result"]].trim_start_matches("[Result \"").trim_end_matches("\"]").parse().unwrap();
    let (t1, t2) = (tricks_of(&probe1), tricks_of(&probe2));
    let r1 = room(board, &hands, &c1, true, imp, Some((&c2, t2, probe2.ns)));
    let r2 = room(board, &hands, &c2, false, -imp, None);
    let _ = t1;
    (r1, r2)
}

// ---- faults ----

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Strain,
    Level,
    Doubling,
    Declarer,
    Call,
    Card,
    Swap,
    Result,
    Score,
    TableCell,
    Imp,
    BoardTriple,
    Inherited,
}

const KINDS: [Kind; 13] = [
    Kind::Strain,
    Kind::Level,
    Kind::Doubling,
    Kind::Declarer,
    Kind::Call,
    Kind::Card,
    Kind::Swap,
    Kind::Result,
    Kind::Score,
    Kind::TableCell,
    Kind::Imp,
    Kind::BoardTriple,
    Kind::Inherited,
];

/// A planted fault: the new lines and the lines (0-based) where its report may be.
struct Planted {
    lines: Vec<String>,
    allowed: BTreeSet<usize>,
}

fn replace_value(line: &str, value: &str) -> String {
    let start = line.find('"').unwrap();
    format!("{}\"{value}\"]", &line[..start])
}

fn value(line: &str) -> &str {
    let start = line.find('"').unwrap() + 1;
    &line[start..line.rfind('"').unwrap()]
}

/// Plants one fault of `kind` into the room (`r`, whose lines start at `base` in `lines`).
fn plant(kind: Kind, r: &Room, base: usize, lines: &[String], rng: &mut Rng) -> Option<Planted> {
    let mut lines = lines.to_vec();
    let mut allowed = BTreeSet::new();
    let at = |name: &str| r.at.get(name).map(|l| base + l);
    let contract_line = at("Contract")?;
    let contract = value(&lines[contract_line]).to_owned();
    let level: u32 = contract.get(..1)?.parse().ok()?;
    let strain = STRAINS.iter().position(|s| contract[1..].trim_end_matches('X') == *s)?;
    let risk = contract.matches('X').count();
    match kind {
        Kind::Strain | Kind::Level | Kind::Doubling => {
            let new = match kind {
                Kind::Strain => {
                    let s = (strain + 1 + rng.below(4)) % 5;
                    format!("{level}{}{}", STRAINS[s], "X".repeat(risk))
                }
                Kind::Level => {
                    let l = (level as usize + rng.below(6)) % 7 + 1;
                    format!("{l}{}{}", STRAINS[strain], "X".repeat(risk))
                }
                _ => format!("{level}{}{}", STRAINS[strain], "X".repeat((risk + 1 + rng.below(2)) % 3)),
            };
            lines[contract_line] = replace_value(&lines[contract_line], &new);
            allowed.insert(contract_line);
        }
        Kind::Declarer => {
            let line = at("Declarer")?;
            let d = SEATS.iter().position(|s| value(&lines[line]) == s.to_string())?;
            let new = SEATS[(d + 1 + rng.below(3)) % 4];
            lines[line] = replace_value(&lines[line], &new.to_string());
            allowed.insert(line);
        }
        Kind::Call => {
            // Raise the contract bid one level (or lower it from 7), or double an undoubled one
            // by the opponent on the bidder's left: the auction then disagrees with the tags,
            // which the rest of the game supports.
            let (line_i, call_i, new) = {
                let mut found = None;
                for &l in &r.calls {
                    let calls: Vec<&str> = lines[base + l].split(' ').collect();
                    if let Some(i) = calls.iter().rposition(|c| c.as_bytes()[0].is_ascii_digit()) {
                        found = Some((base + l, i));
                    }
                }
                let (l, i) = found?;
                let calls: Vec<&str> = lines[l].split(' ').collect();
                if risk == 0 && rng.below(2) == 0 && i + 1 < calls.len() {
                    (l, i + 1, "X".to_owned())
                } else {
                    let bid = calls[i];
                    let lv: u32 = bid[..1].parse().unwrap();
                    let nl = if lv == 7 { 6 } else { lv + 1 };
                    (l, i, format!("{nl}{}", &bid[1..]))
                }
            };
            let mut calls: Vec<String> = lines[line_i].split(' ').map(String::from).collect();
            calls[call_i] = new;
            lines[line_i] = calls.join(" ");
            // An auction that no longer ends is reported at its last call.
            allowed.extend([contract_line, at("Declarer")?]);
            allowed.extend(r.calls.iter().map(|l| base + l));
        }
        Kind::Card => {
            // One card of the play replaced by another card.
            let (row, col, card) = r.cards[rng.below(r.cards.len())];
            let other = loop {
                let c = (rng.below(4), rng.below(13));
                if c != card {
                    break c;
                }
            };
            let line = base + r.play[row];
            let mut cards: Vec<String> = lines[line].split(' ').map(String::from).collect();
            cards[col] = card_text(other);
            lines[line] = cards.join(" ");
            // Reported at the card, or where the play (from there on) first shows it.
            allowed.extend(r.play[row..].iter().map(|l| base + l));
        }
        Kind::Swap => {
            // Two cards of different hands exchanged in the Deal.
            let line = at("Deal")?;
            let deal = value(&lines[line]).to_owned();
            let hands: Vec<Vec<String>> =
                deal[2..].split(' ').map(|h| h.split('.').map(String::from).collect()).collect();
            let (a, b) = (rng.below(4), rng.below(3));
            let b = (a + 1 + b) % 4;
            let pick = |h: &Vec<String>, rng: &mut Rng| loop {
                let s = rng.below(4);
                if !h[s].is_empty() {
                    let i = rng.below(h[s].len());
                    break (s, i);
                }
            };
            let (sa, ia) = pick(&hands[a], rng);
            let (sb, ib) = pick(&hands[b], rng);
            let mut hands = hands;
            let ca = hands[a][sa].remove(ia);
            let cb = hands[b][sb].remove(ib);
            hands[a][sb].push(cb);
            hands[b][sa].push(ca);
            let order = |s: &mut String| {
                let mut v: Vec<char> = s.chars().collect();
                v.sort_by_key(|c| RANKS.iter().position(|r| r == c));
                *s = v.into_iter().collect();
            };
            for h in &mut hands {
                h.iter_mut().for_each(order);
            }
            let new = format!("N:{}", hands.iter().map(|h| h.join(".")).collect::<Vec<_>>().join(" "));
            lines[line] = replace_value(&lines[line], &new);
            // The first card of the play that the changed deal contradicts.
            allowed.insert(line);
            allowed.extend(r.play.iter().map(|l| base + l));
        }
        Kind::Result => {
            let line = at("Result")?;
            let t: usize = value(&lines[line]).parse().ok()?;
            let new = (t + 1 + rng.below(13)) % 14;
            lines[line] = replace_value(&lines[line], &new.to_string());
            allowed.insert(line);
        }
        Kind::Score => {
            let line = at("Score")?;
            let old = value(&lines[line]).to_owned();
            let (head, n) = old.rsplit_once(' ').unwrap_or(("", old.as_str()));
            let n: i32 = n.parse().ok()?;
            let n = n + 10 * (1 + rng.below(50) as i32);
            let new = if head.is_empty() { n.to_string() } else { format!("{head} {n}") };
            lines[line] = replace_value(&lines[line], &new);
            allowed.insert(line);
        }
        Kind::TableCell => {
            let row = *r.table_rows.get(rng.below(r.table_rows.len().max(1)))?;
            let _ = r.ns;
            let line = base + row;
            let mut cells: Vec<String> = lines[line].split(' ').map(String::from).collect();
            let n: i32 = cells.get(3)?.parse().ok()?;
            // (0 stands for the other side's score in some tables: not a fault.)
            let new = n + 10 * (1 + rng.below(30) as i32);
            cells[3] = (if new == 0 { new + 10 } else { new }).to_string();
            lines[line] = cells.join(" ");
            allowed.insert(line);
        }
        Kind::Imp => {
            let line = at("ScoreIMP")?;
            let v = value(&lines[line]).to_owned();
            let (side, n) = v.split_once(' ')?;
            let n: i32 = n.parse().ok()?;
            let ns = if side == "NS" { n } else { -n };
            let new = ns + 1 + rng.below(5) as i32;
            let text = if new >= 0 { format!("NS {new}") } else { format!("EW {}", -new) };
            lines[line] = replace_value(&lines[line], &text);
            allowed.insert(line);
        }
        Kind::BoardTriple => {
            let which = ["Board", "Dealer", "Vulnerable"][rng.below(3)];
            let line = at(which)?;
            let old = value(&lines[line]).to_owned();
            let new = match which {
                "Board" => {
                    let b: u32 = old.parse().ok()?;
                    // A board with another dealer (a multiple of 4 away keeps the dealer).
                    (b + 1 + 4 * rng.below(3) as u32).to_string()
                }
                "Dealer" => {
                    let d = SEATS.iter().position(|s| old == s.to_string())?;
                    SEATS[(d + 1 + rng.below(3)) % 4].to_string()
                }
                _ => {
                    let all = ["None", "NS", "EW", "All"];
                    let i = all.iter().position(|v| *v == old)?;
                    all[(i + 1 + rng.below(3)) % 4].to_owned()
                }
            };
            lines[line] = replace_value(&lines[line], &new);
            allowed.extend([at("Board")?, at("Dealer")?, at("Vulnerable")?]);
        }
        Kind::Inherited => {
            // The first room's Event given as `#`: nothing earlier to inherit (the second
            // room's `#` inherits the same and is not reported again).
            if base != 0 {
                return None;
            }
            let line = at("Event")?;
            lines[line] = replace_value(&lines[line], "#");
            allowed.insert(line);
        }
    }
    Some(Planted { lines, allowed })
}

/// The distinct 0-based lines of the diagnostics of `text`.
fn reported_lines(text: &str) -> (BTreeSet<usize>, String) {
    let diagnostics = check(text);
    let index = LineIndex::new(text);
    let lines =
        diagnostics.iter().map(|d| index.line_col(text, d.range.start(), ColumnUnit::Char).line as usize).collect();
    (lines, render(text, &diagnostics))
}

#[derive(Default)]
struct Tally {
    cases: usize,
    failures: Vec<String>,
}

fn run_case(kind: Kind, planted: Planted, tally: &mut BTreeMap<Kind, Tally>, origin: &str) {
    let text = planted.lines.join("\n") + "\n";
    let (lines, rendered) = reported_lines(&text);
    let t = tally.entry(kind).or_default();
    t.cases += 1;
    let ok = lines.len() == 1 && lines.iter().all(|l| planted.allowed.contains(l));
    if !ok && t.failures.len() < 3 {
        let allowed: Vec<usize> = planted.allowed.iter().map(|l| l + 1).collect();
        t.failures.push(format!("{kind:?} in {origin}: allowed lines {allowed:?}, got:\n{rendered}\n{text}"));
    }
    if !ok {
        t.failures.push(String::new());
    }
}

#[test]
fn one_planted_fault_is_reported_on_one_line() {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut tally: BTreeMap<Kind, Tally> = BTreeMap::new();
    for m in 0..MATCHES {
        let board = 1 + (m % 32) as u32;
        let (r1, r2) = generate(&mut rng, board);
        let mut lines = r1.lines.clone();
        lines.push(String::new());
        let base2 = lines.len();
        lines.extend(r2.lines.iter().cloned());
        let text = lines.join("\n") + "\n";
        let (clean, rendered) = reported_lines(&text);
        assert!(clean.is_empty(), "generated match {m} is not clean:\n{rendered}\n{text}");
        for kind in KINDS {
            // Alternate the room the fault goes into (the ScoreTable is in the first).
            let in_second = m % 2 == 1 && !matches!(kind, Kind::TableCell | Kind::Inherited);
            let (r, base) = if in_second { (&r2, base2) } else { (&r1, 0) };
            if let Some(p) = plant(kind, r, base, &lines, &mut rng) {
                run_case(kind, p, &mut tally, &format!("generated match {m}"));
            }
        }
    }
    let report = summarise(&tally, &format!("{MATCHES} generated matches"));
    println!("{report}");
    let failed: Vec<String> =
        tally.values().flat_map(|t| t.failures.iter().filter(|f| !f.is_empty()).cloned()).collect();
    let total: usize = tally.values().map(|t| t.cases).sum();
    assert!(failed.is_empty(), "{report}\n{}", failed.join("\n----\n"));
    assert!(total >= 3000, "{total} cases");
}

// ---- games from the fixtures and the corpus ----

/// Reads a game written one tag a line, with plain calls and plain four-card play rows, into
/// the places the faults are planted. `None` for a game in another layout.
fn read_game(text: &str) -> Option<Room> {
    let lines: Vec<String> = text.lines().map(|l| l.trim_end().to_owned()).collect();
    let mut r = Room {
        ns: 0,
        lines: lines.clone(),
        at: BTreeMap::new(),
        calls: Vec::new(),
        play: Vec::new(),
        cards: Vec::new(),
        table_rows: Vec::new(),
    };
    // (ScoreIMP is checked between two rooms: its faults are planted in the generated matches.)
    const NAMES: [&str; 13] = [
        "Event",
        "Board",
        "Dealer",
        "Vulnerable",
        "Deal",
        "Declarer",
        "Contract",
        "Result",
        "Auction",
        "Play",
        "Score",
        "Room",
        "Scoring",
    ];
    let mut section = "";
    for (i, line) in lines.iter().enumerate() {
        if let Some(rest) = line.strip_prefix('[') {
            let name = rest.split([' ', '"']).next()?;
            if let Some(n) = NAMES.iter().find(|n| **n == name) {
                if r.at.insert(n, i).is_some() {
                    return None;
                }
            }
            section = if matches!(name, "Auction" | "Play") { NAMES.iter().find(|n| **n == name)? } else { "" };
            if !line.ends_with("\"]") {
                return None;
            }
            continue;
        }
        match section {
            "Auction" => {
                let plain = line.split(' ').all(|c| {
                    matches!(c, "Pass" | "X" | "XX" | "AP")
                        || c.len() >= 2 && c.as_bytes()[0].is_ascii_digit() && STRAINS.contains(&&c[1..])
                });
                if !plain {
                    return None;
                }
                r.calls.push(i);
            }
            "Play" if line == "*" => {}
            "Play" => {
                let cards: Vec<&str> = line.split(' ').collect();
                if cards.len() != 4 {
                    return None;
                }
                let row = r.play.len();
                for (col, c) in cards.iter().enumerate() {
                    let b = c.as_bytes();
                    let suit = SUITS.iter().position(|s| b.len() == 2 && *s as u8 == b[0])?;
                    let rank = RANKS.iter().position(|k| *k as u8 == b[1])?;
                    r.cards.push((row, col, (suit, rank)));
                }
                r.play.push(i);
            }
            _ => {}
        }
    }
    let complete = r.play.len() == 13;
    let has = |n: &str| r.at.contains_key(n);
    (complete && ["Deal", "Declarer", "Contract", "Result", "Auction"].iter().all(|n| has(n))).then_some(r)
}

/// The games of a file, as texts (split at empty lines).
fn games_of(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if current.contains('[') {
                out.push(std::mem::take(&mut current));
            }
            current.clear();
        } else if !line.starts_with('%') {
            // Spacing normalised (tabs, runs of spaces): the faults are planted by token.
            if line.starts_with('[') {
                current.push_str(line.trim_end());
            } else {
                current.push_str(&line.split_whitespace().collect::<Vec<_>>().join(" "));
            }
            current.push('\n');
        }
    }
    if current.contains('[') {
        out.push(current);
    }
    out
}

#[test]
fn planted_faults_in_fixture_and_corpus_games() {
    let mut files = vec![fixtures().join("cascade/good.pbn")];
    match corpus() {
        Some(dir) => files.extend(pbn_files(&dir)),
        None => println!("../shared/corpus is absent: the corpus games are skipped"),
    }
    let mut rng = Rng::new(0x2545_F491_4F6C_DD1D);
    let mut tally: BTreeMap<Kind, Tally> = BTreeMap::new();
    let mut games = 0;
    let mut readable = 0;
    'files: for path in files {
        for game in games_of(&read(&path)) {
            if games >= CORPUS_GAMES {
                break 'files;
            }
            let Some(r) = read_game(&game) else { continue };
            readable += 1;
            // Only games that are clean on their own.
            if !check(&game).is_empty() {
                continue;
            }
            games += 1;
            for kind in KINDS {
                if let Some(p) = plant(kind, &r, 0, &r.lines, &mut rng) {
                    run_case(kind, p, &mut tally, &path.display().to_string());
                }
            }
        }
    }
    let report = summarise(
        &tally,
        &format!("{games} clean fixture and corpus games (of {readable} with a complete plain play)"),
    );
    println!("{report}");
    let failed: Vec<String> =
        tally.values().flat_map(|t| t.failures.iter().filter(|f| !f.is_empty()).cloned()).collect();
    assert!(failed.is_empty(), "{report}\n{}", failed.join("\n----\n"));
    assert!(games >= 1, "no clean game with a complete play");
}

/// Games of the fixtures and corpus used at most.
const CORPUS_GAMES: usize = 300;

fn summarise(tally: &BTreeMap<Kind, Tally>, origin: &str) -> String {
    let mut report =
        format!("planted faults in {origin}, cases per kind (each reported on exactly one allowed line):\n");
    let mut total = 0;
    for (kind, t) in tally {
        let bad = t.failures.iter().filter(|f| f.is_empty()).count();
        report.push_str(&format!("  {kind:?}: {} cases, {} on one allowed line\n", t.cases, t.cases - bad));
        total += t.cases;
    }
    report.push_str(&format!("  total: {total} cases\n"));
    report
}
