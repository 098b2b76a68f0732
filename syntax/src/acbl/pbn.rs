//! The decoded game as PBN 2.1 score tables (PBN chapter 5.9 and 5.10): for every event and
//! section one game per board with a `ScoreTable`, and a `TotalScoreTable` per section.
//!
//! Game files hold no hand records, so the games have no Deal, Auction or Play; Dealer and
//! Vulnerable follow the standard rotation from the board number (Law 2).
//!
//! Table cells: pair ids are the reference decoder's entry names (`7` in a Howell, `3N`/`3E` for
//! the N-S and E-W pair 3 of a Mitchell) so that a ScoreTable row can be looked up in the
//! TotalScoreTable. A score the director assigned (Ave-, Ave, Ave+) has no trick score, `!`
//! ("irrelevant"), and its matchpoints are artificial, `^`; a board that should have been
//! played and was not has unknown score and matchpoints, `?`.

use super::decode::Decoded;
use super::model::*;
use crate::bridge::cards::Seat;
use crate::bridge::score::{board_rotation, Vulnerability};
use std::fmt::Write;

/// A PBN file with the score tables of every event and section.
pub fn to_pbn(decoded: &Decoded) -> String {
    let mut out = String::from("% PBN 2.1\n% Converted by kibitzer from an ACBLscore game file\n");
    for event in &decoded.game.events {
        for section in &event.sections {
            write_section(&mut out, event, section);
        }
    }
    out
}

fn write_section(out: &mut String, event: &Event, section: &Section) {
    let mut boards: Vec<&BoardResults> = section.boards.iter().flatten().collect();
    boards.sort_by_key(|b| b.board);
    let mut wrote_totals = false;
    for board in boards {
        let rows: Vec<&BoardResult> = board
            .results
            .iter()
            .filter(|r| r.sides.len() == 2 && r.sides[0].score.meaning() != Score::NotInPlay)
            .collect();
        write_tags(out, event, section, Some(board.board));
        write_score_table(out, &rows, !section.is_howell());
        if !wrote_totals {
            write_total_score_table(out, event, section);
            wrote_totals = true;
        }
        out.push('\n');
    }
    if !wrote_totals && !section.entries.is_empty() {
        write_tags(out, event, section, None);
        write_total_score_table(out, event, section);
        out.push('\n');
    }
}

fn write_tags(out: &mut String, event: &Event, section: &Section, board: Option<u8>) {
    let d = &event.details;
    tag(out, "Event", d.event_name.trim());
    tag(out, "Site", d.club_or_tournament.trim());
    tag(out, "Date", &pbn_date(&d.date));
    if let Some(board) = board {
        tag(out, "Board", &board.to_string());
    }
    tag(out, "Section", section.letter.trim());
    if let Some(board) = board {
        tag(out, "Dealer", dealer(board));
        tag(out, "Vulnerable", vulnerable(board));
    }
    if let Some(scoring) = pbn_scoring(event) {
        tag(out, "Scoring", scoring);
    }
}

fn tag(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
}

/// A PBN string: `"` and `\` escaped, control characters (never meant in a name) as spaces.
fn escape(value: &str) -> String {
    let mut s = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '"' | '\\' => {
                s.push('\\');
                s.push(c);
            }
            c if c.is_control() => s.push(' '),
            c => s.push(c),
        }
    }
    s
}

fn pbn_scoring(event: &Event) -> Option<&'static str> {
    match event.scoring {
        0 | 4 | 14 | 16 => Some("MP"),
        1 | 2 | 3 | 13 => Some("IMP"),
        _ => None,
    }
}

/// Dealer and vulnerability of a board number by Law 2 ([`board_rotation`]). ACBLscore numbers
/// boards from 1; a board 0 is taken as the one before board 1 in the 16-board cycle.
fn rotation(board: u8) -> (Seat, Vulnerability) {
    board_rotation(u32::from(board.wrapping_sub(1)) + 1)
}

/// Dealer by board number: N, E, S, W in turn.
pub fn dealer(board: u8) -> &'static str {
    ["N", "E", "S", "W"][rotation(board).0.index()]
}

/// Vulnerability by board number: the standard 16-board cycle.
pub fn vulnerable(board: u8) -> &'static str {
    rotation(board).1.as_str()
}

/// `August 10, 2017` → `2017.08.10`; anything else → `????.??.??`.
pub fn pbn_date(date: &str) -> String {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let parse = || -> Option<String> {
        let (month, rest) = date.trim().split_once(' ')?;
        let (day, year) = rest.split_once(',')?;
        let month = MONTHS.iter().position(|m| m.starts_with(&month.to_ascii_lowercase()) && month.len() >= 3)? + 1;
        let day: u8 = day.trim().parse().ok().filter(|d| (1..=31).contains(d))?;
        let year: u16 = year.trim().parse().ok().filter(|y| (1000..=9999).contains(y))?;
        Some(format!("{year:04}.{month:02}.{day:02}"))
    };
    parse().unwrap_or_else(|| "????.??.??".into())
}

/// Hundredths as a PBN number: `360` → `3.6`, `300` → `3`.
fn decimal(hundredths: i64) -> String {
    let sign = if hundredths < 0 { "-" } else { "" };
    let (whole, frac) = (hundredths.unsigned_abs() / 100, hundredths.unsigned_abs() % 100);
    match frac {
        0 => format!("{sign}{whole}"),
        f if f % 10 == 0 => format!("{sign}{whole}.{}", f / 10),
        f => format!("{sign}{whole}.{f:02}"),
    }
}

/// `per_direction`: Mitchell pair numbers repeat in the two directions, so ids get `N`/`E`.
fn write_score_table(out: &mut String, rows: &[&BoardResult], per_direction: bool) {
    let (ns_suffix, ew_suffix) = if per_direction { ("N", "E") } else { ("", "") };
    out.push_str("[ScoreTable \"PairId_NS;PairId_EW;Score_NS;Score_EW;MP_NS;MP_EW\"]\n");
    for row in rows {
        let (ns, ew) = (&row.sides[0], &row.sides[1]);
        let cells = [
            format!("{}{ns_suffix}", ns.pair),
            format!("{}{ew_suffix}", ew.pair),
            score_cell(ns.score),
            score_cell(ew.score),
            mp_cell(ns),
            mp_cell(ew),
        ];
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
}

fn score_cell(score: RawScore) -> String {
    match score.meaning() {
        Score::Points(p) | Score::Fouled { points: p, .. } => p.to_string(),
        s if s.is_artificial() => "!".into(),
        _ => "?".into(),
    }
}

fn mp_cell(side: &SideResult) -> String {
    let mp = decimal(i64::from(side.mp));
    match side.score.meaning() {
        Score::Points(_) | Score::Fouled { .. } => mp,
        s if s.is_artificial() => format!("^{mp}"),
        _ => "?".into(),
    }
}

fn write_total_score_table(out: &mut String, event: &Event, section: &Section) {
    let scoring = pbn_scoring(event);
    // Percentages exist for matchpoints only; teams' victory points or wins are plain scores.
    let total = match scoring {
        Some("MP") => "TotalMP",
        Some("IMP") => "TotalIMP",
        _ => "TotalScore",
    };
    let _ = writeln!(out, "[TotalScoreTable \"Rank;PairId;Names;{total};TotalPercentage;NrBoards\"]");
    let score = |e: &Entry| i64::from(e.score_final.or(e.score_session).unwrap_or(0));
    // Mitchell directions are ranked apart; Howell pairs and teams all together.
    let mut groups: Vec<Vec<&Entry>> = Vec::new();
    for entry in &section.entries {
        match groups.iter_mut().find(|g| g[0].direction == entry.direction) {
            Some(group) => group.push(entry),
            None => groups.push(vec![entry]),
        }
    }
    for mut group in groups {
        group.sort_by_key(|e| (std::cmp::Reverse(score(e)), e.number));
        // Sorted best first, so tied entries are adjacent and share the first one's rank.
        let mut rank = 0;
        for (i, entry) in group.iter().enumerate() {
            if i == 0 || score(group[i - 1]) != score(entry) {
                rank = i + 1;
            }
            let id = entry.id();
            let names: Vec<String> = entry.players.iter().filter(|p| !p.is_blank()).map(Player::display_name).collect();
            let pct = if scoring == Some("MP") { decimal(i64::from(entry.pct)) } else { "!".to_string() };
            let _ = writeln!(
                out,
                "{rank} {id} \"{}\" {} {pct} {}",
                escape(&names.join(";")),
                decimal(score(entry)),
                entry.nboards
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_follows_law_2() {
        assert_eq!((dealer(1), vulnerable(1)), ("N", "None"));
        assert_eq!((dealer(2), vulnerable(2)), ("E", "NS"));
        assert_eq!((dealer(7), vulnerable(7)), ("S", "All"));
        assert_eq!((dealer(16), vulnerable(16)), ("W", "EW"));
        assert_eq!((dealer(17), vulnerable(17)), ("N", "None"));
        assert_eq!(dealer(0), "W");
    }

    #[test]
    fn dates_and_decimals() {
        assert_eq!(pbn_date("August 7, 2017"), "2017.08.07");
        assert_eq!(pbn_date("Sept 30, 2013"), "2013.09.30");
        assert_eq!(pbn_date("Sunday"), "????.??.??");
        assert_eq!(decimal(360), "3.6");
        assert_eq!(decimal(345), "3.45");
        assert_eq!(decimal(300), "3");
        assert_eq!(decimal(-5), "-0.05");
    }

    #[test]
    fn escapes_quotes_and_backslashes() {
        assert_eq!(escape(r#"Bob "the" \ Club"#), r#"Bob \"the\" \\ Club"#);
        assert_eq!(escape("a\tb"), "a b");
    }
}
