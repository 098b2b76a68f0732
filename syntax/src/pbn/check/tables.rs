//! Supplemental section tables (PBN 5): column specifications, rows of whole elements, no
//! comments among elements, predefined columns by their meaning, and ScoreTable scores.

use super::context::{Facts, Sink};
use super::instant_score_table::TABLE_VALUE;
use super::values::parse_int;
use crate::bridge::score::duplicate_score;
use crate::diagnostic::Diagnostic;
use crate::pbn::model::{parse_column, Contract, Denomination, Game, Seat, SectionToken, Tag, TABLES};
use crate::pbn::syntax_kind::SyntaxKind;

crate::diagnostic::declare_rules! {
    TABLE_COLUMN_SPEC = "PBN900" "table-column-spec" Error Import "PBN 5.2"
        "A table column specification with a bad width (`\\` not followed by a number and an optional L/R)."
        "Columns are `[+|-]name[\\width[L|R]]` separated by `;`."
        bad: "[ActionTable \"Rank;Call\\\\L\"]", good: "[ActionTable \"Rank;Call\\\\4L\"]";
    TABLE_ROW_SIZE = "PBN901" "table-row-size" Error Import "PBN 5.2"
        "A table whose elements do not fill whole rows."
        "Every row has one element per column (`?` for unknown, `!` for irrelevant)."
        bad: "[ScoreTable \"Rank;Score_NS\"]\n1 420\n2", good: "[ScoreTable \"Rank;Score_NS\"]\n1 420\n2 ?";
    TABLE_COMMENT = "PBN902" "table-comment" Error Import "PBN 5.1"
        "A comment among the elements of a table."
        "Only the tag pair of a section may be followed by commentary."
        bad: "1 4H ; note", good: "1 4H";
    TABLE_ROW_COUNT = "PBN904" "table-row-count" Error Import "PBN 5.4"
        "An AuctionTimeTable or PlayTimeTable whose rows do not match the calls or cards."
        "Each row gives the time of one call (one card), in the order of the auction (play) section."
        bad: "[Auction \"N\"]\n1C Pass\n[AuctionTimeTable \"Time\"]\n5", good: "[AuctionTimeTable \"Time\"]\n5\n2";
}

pub(super) fn check(game: &Game<'_>, facts: &Facts, sink: &mut Sink) {
    for tag in game
        .tags
        .iter()
        .filter(|t| t.well_formed && crate::text::is_one_of(t.name, &TABLES) && !t.value.starts_with('#'))
    {
        check_table(tag, facts, sink);
    }
    check_time_tables(game, sink);
}

/// AuctionTimeTable and PlayTimeTable have one row per call or card (PBN 5.4, 5.8).
fn check_time_tables(game: &Game<'_>, sink: &mut Sink) {
    for (table, section, items) in [
        ("AuctionTimeTable", "Auction", [SyntaxKind::CALL, SyntaxKind::WORD]),
        ("PlayTimeTable", "Play", [SyntaxKind::CARD, SyntaxKind::WORD]),
    ] {
        // The section is looked up only for a game with the table: most have neither.
        let Some(tag) = game.tag(table).filter(|t| t.well_formed) else { continue };
        let Some(source) = game.tag(section) else { continue };
        let columns = tag.value.split(';').count();
        let elements =
            tag.section_items().filter(|t| matches!(t.kind, SyntaxKind::STRING | SyntaxKind::SECTION_WORD)).count();
        let rows = elements / columns.max(1);
        let expected = source.section_items().filter(|t| items.contains(&t.kind)).count();
        if rows != expected && !tag.value.starts_with('#') {
            sink.report(
                &TABLE_ROW_COUNT,
                tag.name_range,
                format!(
                    "{table} has {rows} rows but the {section} section has {expected} {}",
                    if section == "Auction" { "calls" } else { "cards" }
                ),
            );
        }
    }
}

/// A column: its name without order sign and width.
fn columns(tag: &Tag<'_>, sink: &mut Sink) -> Vec<String> {
    let mut out = Vec::new();
    let mut pos = 0;
    for spec in tag.value.split(';') {
        let range = tag.sub_range(pos, pos + spec.len());
        pos += spec.len() + 1;
        match parse_column(spec) {
            Some(column) => out.push(column.name.to_owned()),
            None => {
                sink.report(
                    &TABLE_COLUMN_SPEC,
                    range,
                    format!("column `{spec}`: `\\` must be followed by a width and optionally L or R"),
                );
                let unsigned = spec.strip_prefix(['+', '-']).unwrap_or(spec);
                out.push(unsigned.split_once('\\').map_or(unsigned, |(name, _)| name).to_owned());
            }
        }
    }
    out
}

/// A table's elements (its strings and words), each comment among them reported (PBN 5.1).
fn elements<'r, 't>(tag: &'r Tag<'t>, sink: &mut Sink) -> Vec<&'r SectionToken<'t>> {
    let mut elements = Vec::new();
    for t in &tag.section {
        match t.kind {
            SyntaxKind::STRING | SyntaxKind::SECTION_WORD => elements.push(t),
            SyntaxKind::LINE_COMMENT | SyntaxKind::BRACE_COMMENT if !elements.is_empty() => {
                sink.report(&TABLE_COMMENT, t.range, format!("comment among the elements of {}", tag.name));
            }
            _ => {}
        }
    }
    elements
}

fn check_table(tag: &Tag<'_>, facts: &Facts, sink: &mut Sink) {
    let columns = columns(tag, sink);
    let elements = elements(tag, sink);
    if columns.is_empty() || elements.is_empty() {
        return;
    }
    let n = columns.len();
    if !elements.len().is_multiple_of(n) {
        let last = elements[elements.len() - 1];
        sink.report(
            &TABLE_ROW_SIZE,
            last.range,
            format!("{} has {} columns but the last row has {} elements", tag.name, n, elements.len() % n),
        );
    }
    let col = |name: &str| columns.iter().position(|c| c == name);
    if tag.name == "InstantScoreTable" {
        super::instant_score_table::check(&columns, &elements, sink);
    }
    if tag.name == "OptimumResultTable" {
        check_optimum_pairs(&elements, n, col("Declarer"), col("Denomination"), sink);
    }
    for row in elements.chunks_exact(n) {
        let cell = |i: Option<usize>| i.map(|i| row[i]);
        let text = |t: &SectionToken<'_>| t.text.trim_matches('"').trim().to_owned();
        let unknown = |s: &str| matches!(s, "?" | "!" | "-" | "") || s.starts_with('^');
        if let Some(t) = cell(col("Declarer")) {
            let v = text(t);
            if !unknown(&v) && Seat::parse(&v).is_none() {
                sink.report(&TABLE_VALUE, t.range, format!("Declarer element `{v}` is not W, N, E or S"));
            }
        }
        if let Some(t) = cell(col("Denomination")) {
            let v = text(t);
            if !unknown(&v) && Denomination::parse(&v).is_none() {
                sink.report(&TABLE_VALUE, t.range, format!("Denomination element `{v}` is not S, H, D, C or NT"));
            }
        }
        if let Some(t) = cell(col("Result")) {
            let v = text(t);
            if !unknown(&v) && !v.parse::<u8>().is_ok_and(|r| r <= 13) {
                sink.report(&TABLE_VALUE, t.range, format!("Result element `{v}` is not a number of tricks 0..13"));
            }
        }
        if let Some(t) = cell(col("Contract")) {
            let v = text(t);
            if !unknown(&v) && !v.eq_ignore_ascii_case("pass") && Contract::parse(&v).is_none() {
                // `3N` (score sheets, as in the Contract tag: PBN107) has one standard spelling;
                // the fix is offered where the element is written bare, as most tables write it.
                match Contract::parse_short_notrump(&v).filter(|_| t.text == v) {
                    Some(c) => sink.push(
                        Diagnostic::new(
                            &TABLE_VALUE,
                            t.range,
                            format!("Contract element `{v}`: no trump is `NT`, not `N`"),
                        )
                        .with_replacement(
                            format!("Replace with `{c}`"),
                            t.range,
                            c.to_string(),
                        ),
                    ),
                    None => sink.report(
                        &TABLE_VALUE,
                        t.range,
                        format!("Contract element `{v}` is not Pass or <1-7><S|H|D|C|NT><|X|XX>"),
                    ),
                }
            }
        }
        if tag.name == "ScoreTable" {
            check_row_score(row, &col, facts, sink);
        }
    }
}

/// ScoreTable rows with Contract, Declarer, Result and Score_NS/Score_EW: the score must be the
/// duplicate score (artificial scores are marked `^` and skipped).
fn check_row_score(row: &[&SectionToken<'_>], col: &dyn Fn(&str) -> Option<usize>, facts: &Facts, sink: &mut Sink) {
    row_score_mismatches(row, col, facts, |m| {
        sink.push(Diagnostic::new(
            &crate::pbn::check::scores::SCORE_MISMATCH,
            m.token.range,
            format!(
                "{} `{}` but {} by {} making {} tricks scores {} for {}",
                m.column,
                m.given,
                m.contract,
                m.declarer.name(),
                m.tricks,
                m.expected,
                &m.column[6..]
            ),
        ))
    });
}

/// A Score_NS or Score_EW element of a ScoreTable row that is not the duplicate score of the
/// row's contract.
struct ScoreMismatch<'r, 't> {
    /// `Score_NS` or `Score_EW`.
    column: &'static str,
    token: &'r SectionToken<'t>,
    /// The element as written, without quotes and blanks.
    given: &'t str,
    contract: Contract,
    declarer: Seat,
    tricks: u8,
    expected: i32,
}

/// The ScoreTable mismatches of [`check`] under `facts`' vulnerability, counted and not
/// reported: the vulnerability a game's scores are checked under is chosen by this count, once
/// for each of two (`prefer_rotation_vulnerability`), and the other tables play no part in it.
pub(super) fn score_mismatches(game: &Game<'_>, facts: &Facts) -> usize {
    let mut count = 0;
    let score_tables =
        game.tags.iter().filter(|t| t.well_formed && t.name == "ScoreTable" && !t.value.starts_with('#'));
    for tag in score_tables {
        // What is wrong in the table's columns or among its elements is reported by [`check`];
        // here they are only read.
        let mut unreported = Sink::new(false);
        let columns = columns(tag, &mut unreported);
        let elements = elements(tag, &mut unreported);
        if columns.is_empty() {
            continue;
        }
        let col = |name: &str| columns.iter().position(|c| c == name);
        for row in elements.chunks_exact(columns.len()) {
            row_score_mismatches(row, &col, facts, |_| count += 1);
        }
    }
    count
}

/// Calls `found` with each score of a ScoreTable row that disagrees with the duplicate score of
/// its Contract, Declarer and Result under `facts`' vulnerability.
fn row_score_mismatches<'r, 't>(
    row: &[&'r SectionToken<'t>],
    col: &dyn Fn(&str) -> Option<usize>,
    facts: &Facts,
    mut found: impl FnMut(ScoreMismatch<'r, 't>),
) {
    let Some(vul) = facts.vulnerable else { return };
    let get = |name: &str| col(name).map(|i| row[i].text.trim_matches('"').trim());
    let (Some(contract), Some(declarer), Some(result)) = (get("Contract"), get("Declarer"), get("Result")) else {
        return;
    };
    let (Some(contract), Some(declarer), Ok(tricks)) =
        (Contract::parse(contract), Seat::parse(declarer), result.parse::<u8>())
    else {
        return;
    };
    if tricks > 13 {
        return;
    }
    let score = duplicate_score(contract, vul.is_vulnerable(declarer), tricks);
    let ns = if declarer.is_ns() { score } else { -score };
    for (column, expected) in [("Score_NS", ns), ("Score_EW", -ns)] {
        let Some(i) = col(column) else { continue };
        let token = row[i];
        let v = token.text.trim_matches('"').trim();
        // Tables often leave the other side's column empty (`-`) or give only positive scores.
        let Some(given) = parse_int(v) else { continue };
        if given != expected && !(given == 0 && expected < 0) {
            found(ScoreMismatch { column, token, given: v, contract, declarer, tricks, expected });
        }
    }
}

/// OptimumResultTable: each Declarer × Denomination pair at most once (a full table has 20).
fn check_optimum_pairs(
    elements: &[&SectionToken<'_>],
    n: usize,
    declarer: Option<usize>,
    denomination: Option<usize>,
    sink: &mut Sink,
) {
    let (Some(dc), Some(nc)) = (declarer, denomination) else { return };
    let mut seen: Vec<(Seat, Denomination)> = Vec::new();
    for row in elements.chunks_exact(n) {
        let (Some(d), Some(den)) = (Seat::parse(row[dc].text), Denomination::parse(row[nc].text)) else { continue };
        if seen.contains(&(d, den)) {
            sink.report(
                &TABLE_VALUE,
                row[dc].range.cover(row[nc].range),
                format!("OptimumResultTable gives {} {} twice", d.letter(), den.as_str()),
            );
        } else {
            seen.push((d, den));
        }
    }
}
