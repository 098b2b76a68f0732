//! InstantScoreTable (PBN 5.5): each score range well formed, the ranges of a column neither
//! overlapping nor leaving a score uncovered, IMP and percentage elements numbers. It declares
//! PBN903 (table-value), which the other tables' checks ([`super::tables`]) report too.

use super::context::Sink;
use super::values::{parse_decimal, parse_int};
use crate::pbn::model::SectionToken;

crate::diagnostic::declare_rules! {
    TABLE_VALUE = "PBN903" "table-value" Error Import "PBN 5.5, 5.7, 5.9"
        "A table element that is not valid for its predefined column."
        "Declarer is W N E S, Denomination S H D C NT, Result 0..13, Contract as in the Contract tag; an OptimumResultTable gives each Declarer × Denomination once (PBN 5.7 defines nothing more: N's and E's tricks in one denomination need not add to 13, since the opening leader differs, so that is not checked). InstantScoreTable (5.5): ScoreRange_NS/ScoreRange_EW elements are `<score>`, `<score1>,*`, `<score1>,<score2>` with score1 < score2, or `*,<score2>`; the ranges of a column do not overlap and together cover every score (a gap is reported when it holds a multiple of 10, as every trick score is); IMP_NS/IMP_EW are numbers and Percentage_NS/Percentage_EW 0..100. `?`, `!` and `^`-marked artificial elements are not checked."
        bad: "N NT 14", good: "N NT 13";
}

/// A score range as the closed interval of integer scores it contains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Range {
    low: i64,
    high: i64,
}

/// `<score>`, `<score1>,*`, `<score1>,<score2>` (score1 < score2) or `*,<score2>`: equal to,
/// higher than, between (exclusive) and lower than.
fn parse_range(s: &str) -> Result<Range, String> {
    let score = |v: &str| parse_int(v).map(i64::from).ok_or_else(|| format!("`{v}` is not an integer score"));
    match s.split_once(',') {
        None => score(s).map(|p| Range { low: p, high: p }),
        Some(("*", "*")) => Err("`*,*` bounds neither side".to_owned()),
        Some(("*", high)) => Ok(Range { low: i64::MIN, high: score(high)? - 1 }),
        Some((low, "*")) => Ok(Range { low: score(low)? + 1, high: i64::MAX }),
        Some((low, high)) => {
            let (l, h) = (score(low)?, score(high)?);
            if l >= h {
                return Err(format!("`{low}` is not lower than `{high}`"));
            }
            Ok(Range { low: l + 1, high: h - 1 })
        }
    }
}

/// Elements that stand for no value: unknown, irrelevant, or an artificial score (`^`).
fn no_value(v: &str) -> bool {
    matches!(v, "?" | "!" | "-" | "") || v.starts_with('^')
}

pub(super) fn check(columns: &[String], elements: &[&SectionToken<'_>], sink: &mut Sink) {
    let n = columns.len();
    for (i, column) in columns.iter().enumerate() {
        let cells = elements.chunks_exact(n).map(|row| row[i]);
        match column.as_str() {
            "ScoreRange_NS" | "ScoreRange_EW" => check_ranges(column, cells, sink),
            "IMP_NS" | "IMP_EW" | "Percentage_NS" | "Percentage_EW" => {
                for t in cells {
                    let v = t.text.trim_matches('"').trim();
                    if no_value(v) {
                        continue;
                    }
                    let percentage = column.starts_with('P');
                    let ok = parse_decimal(v).is_some_and(|x| !percentage || (0.0..=100.0).contains(&x));
                    if !ok {
                        let expected = if percentage { "a percentage 0..100" } else { "a number of IMPs" };
                        sink.report(&TABLE_VALUE, t.range, format!("{column} element `{v}` is not {expected}"));
                    }
                }
            }
            _ => {}
        }
    }
}

fn check_ranges<'a>(column: &str, cells: impl Iterator<Item = &'a SectionToken<'a>>, sink: &mut Sink) {
    let mut ranges: Vec<(Range, &SectionToken<'_>)> = Vec::new();
    for t in cells {
        let v = t.text.trim_matches('"').trim();
        if no_value(v) {
            continue;
        }
        match parse_range(v) {
            Ok(r) => ranges.push((r, t)),
            Err(why) => sink.report(
                &TABLE_VALUE,
                t.range,
                format!("{column} element `{v}` is not a score range (<score>, <score>,*, <score>,<score> or *,<score>): {why}"),
            ),
        }
    }
    if ranges.is_empty() {
        return;
    }
    ranges.sort_by_key(|(r, _)| (r.low, r.high));
    let side = &column[column.len() - 2..];
    for pair in ranges.windows(2) {
        let ((a, at), (b, bt)) = (pair[0], pair[1]);
        if b.low <= a.high {
            sink.report(
                &TABLE_VALUE,
                bt.range,
                format!("{column} range `{}` overlaps `{}`: the ranges may not overlap", bt.text, at.text),
            );
        } else if let Some(score) = uncovered_score(a.high, b.low) {
            sink.report(
                &TABLE_VALUE,
                bt.range,
                format!("{side} score {score} is in no {column} range (between `{}` and `{}`): the ranges must cover every score", at.text, bt.text),
            );
        }
    }
    // Trick scores are multiples of 10: a gap at either end that holds one is uncovered.
    let (first, last) = (ranges[0], ranges[ranges.len() - 1]);
    if first.0.low != i64::MIN {
        sink.report(
            &TABLE_VALUE,
            first.1.range,
            format!(
                "{side} scores below `{}` are in no {column} range: the ranges must cover every score",
                first.1.text
            ),
        );
    }
    if last.0.high != i64::MAX {
        sink.report(
            &TABLE_VALUE,
            last.1.range,
            format!(
                "{side} scores above `{}` are in no {column} range: the ranges must cover every score",
                last.1.text
            ),
        );
    }
}

/// A score (a multiple of 10, as every bridge score is) strictly between two covered ones.
fn uncovered_score(covered_high: i64, next_low: i64) -> Option<i64> {
    let candidate = (covered_high + 1).div_euclid(10) * 10;
    let candidate = if candidate <= covered_high { candidate + 10 } else { candidate };
    (candidate < next_low).then_some(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_are_integer_intervals() {
        assert_eq!(parse_range("100"), Ok(Range { low: 100, high: 100 }));
        assert_eq!(parse_range("100,*"), Ok(Range { low: 101, high: i64::MAX }));
        assert_eq!(parse_range("*,-50"), Ok(Range { low: i64::MIN, high: -51 }));
        assert_eq!(parse_range("-50,100"), Ok(Range { low: -49, high: 99 }));
        assert!(parse_range("100,50").is_err());
        assert!(parse_range("*,*").is_err());
        assert!(parse_range("1O0").is_err());
    }

    #[test]
    fn gaps_hold_a_multiple_of_ten() {
        assert_eq!(uncovered_score(99, 101), Some(100));
        assert_eq!(uncovered_score(100, 101), None);
        assert_eq!(uncovered_score(-51, -49), Some(-50));
        assert_eq!(uncovered_score(101, 109), None);
    }
}
