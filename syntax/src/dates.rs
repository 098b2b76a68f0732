//! Dates as producers write them where the standards want `YYYY.MM.DD`: one reading for PGN
//! (8.1.1.3, 9.5) and PBN (3.4.3), so that `kibitzer check --fix` and the editor's quick fix
//! rewrite the same spelling the same way in both formats.
//!
//! BBO and PbnTools write `2021-04-03 05:06` in the Date tag; lichess's and many databases'
//! exports write `2021-04-03`; others `2021/04/03` or an ISO timestamp `2021-04-03T05:06:07Z`.
//! Each has exactly one standard spelling: the date `2021.04.03`, and the time, when there is
//! one, in the tag the standards give it (`Time` beside `Date`, `UTCTime` beside `UTCDate`,
//! `HH:MM:SS`). A date whose order is not certain (`03/04/2021`: March or April?) is never
//! rewritten.

use crate::diagnostic::{Applicability, Diagnostic, TextEdit};
use crate::text::{TextRange, TextSize};

/// A date value read as a producer spelled it: the standard date and the time it carried.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spelled {
    /// `YYYY.MM.DD`.
    pub date: String,
    /// `HH:MM:SS`, when the value held a time.
    pub time: Option<String>,
}

/// The standard spelling of a date value written year first with `-` or `/` (or `.`) between its
/// parts, optionally followed by a time (after a space or `T`, `HH:MM` or `HH:MM:SS`, an optional
/// `Z`); `None` for anything else, and for a date or time out of range.
pub fn producer_spelling(value: &str) -> Option<Spelled> {
    let value = value.trim();
    let (date, time) = match value.find([' ', 'T']) {
        Some(i) => (&value[..i], Some(value[i + 1..].trim_start())),
        None => (value, None),
    };
    let b = date.as_bytes();
    if b.len() != 10 || !(b[4] == b[7] && matches!(b[4], b'-' | b'/' | b'.')) {
        return None;
    }
    let (year, month, day) = (&date[..4], &date[5..7], &date[8..10]);
    let digits = |s: &str| s.bytes().all(|c| c.is_ascii_digit());
    if !(digits(year) && digits(month) && digits(day)) {
        return None;
    }
    let (m, d) = (month.parse::<u32>().ok()?, day.parse::<u32>().ok()?);
    let days = match m {
        2 => 29,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=12).contains(&m) || !(1..=days).contains(&d) {
        return None;
    }
    let time = match time {
        None => None,
        Some(t) => Some(time_of(t.strip_suffix('Z').unwrap_or(t))?),
    };
    Some(Spelled { date: format!("{year}.{month}.{day}"), time })
}

/// `HH:MM` or `HH:MM:SS` as `HH:MM:SS`.
fn time_of(t: &str) -> Option<String> {
    let parts: Vec<&str> = t.split(':').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.len() != 2 || !p.bytes().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let n = |i: usize| parts.get(i).map_or(Some(0), |p| p.parse::<u32>().ok());
    let (h, m, s) = (n(0)?, n(1)?, n(2)?);
    (h < 24 && m < 60 && s < 61).then(|| format!("{h:02}:{m:02}:{s:02}"))
}

/// The tag that holds the time of a date tag: `Time` for `Date`, `UTCTime` for `UTCDate`;
/// `EventDate` has none.
pub fn time_tag_of(date_tag: &str) -> Option<&'static str> {
    match date_tag {
        "Date" => Some("Time"),
        "UTCDate" => Some("UTCTime"),
        _ => None,
    }
}

/// Where the time of a rewritten date goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimePlace<'a> {
    /// The game has no time tag yet: a new tag line is inserted at this offset (the end of the
    /// last tag of the roster, so that export order is kept), with this line end.
    Insert(TextSize, &'a str),
    /// The game already has the time tag, with this value.
    Present(&'a str),
    /// The date tag has no time tag (EventDate).
    None,
}

/// `diagnostic` (a date-format one on `value_range`) with the fix that writes the standard date
/// and moves the time, when `value` is a producer's spelling ([`producer_spelling`]). The fix is
/// safe when nothing is lost: no time, a new time tag, or one that already says the same; else
/// (another time already there, or no tag for it) it is offered as unsafe and names what it
/// drops.
pub fn with_fix(
    diagnostic: Diagnostic,
    tag: &str,
    value: &str,
    value_range: TextRange,
    place: TimePlace<'_>,
) -> Diagnostic {
    // A date already spelled the standard way is wrong in another way (a day the month lacks):
    // no spelling fixes that.
    let Some(spelled) = producer_spelling(value).filter(|s| s.time.is_some() || s.date != value) else {
        return diagnostic;
    };
    let mut edits = vec![TextEdit::replace(value_range, spelled.date.clone())];
    let Some(time) = spelled.time else {
        return diagnostic.with_fix(format!("Write `{}`", spelled.date), edits, Applicability::Safe);
    };
    let time_tag = time_tag_of(tag);
    match (place, time_tag) {
        (TimePlace::Insert(at, eol), Some(name)) => {
            edits.push(TextEdit::insert(at, format!("{eol}[{name} \"{time}\"]")));
            let title = format!("Write `{}` and the time in a {name} tag", spelled.date);
            diagnostic.with_fix(title, edits, Applicability::Safe)
        }
        (TimePlace::Present(v), Some(_)) if v == time => {
            diagnostic.with_fix(format!("Write `{}`", spelled.date), edits, Applicability::Safe)
        }
        _ => {
            let title = format!("Write `{}` (dropping the time `{time}`)", spelled.date);
            diagnostic.with_fix(title, edits, Applicability::Unsafe)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spelled(v: &str) -> Option<(String, Option<String>)> {
        producer_spelling(v).map(|s| (s.date, s.time))
    }

    #[test]
    fn producers_spellings_have_one_standard_date_and_time() {
        let date = |d: &str| Some((d.to_owned(), None));
        let both = |d: &str, t: &str| Some((d.to_owned(), Some(t.to_owned())));
        assert_eq!(spelled("2021-04-03"), date("2021.04.03"));
        assert_eq!(spelled("2021/04/03"), date("2021.04.03"));
        assert_eq!(spelled("2021-04-03 05:06"), both("2021.04.03", "05:06:00"));
        assert_eq!(spelled("2021-04-03 05:06:07"), both("2021.04.03", "05:06:07"));
        assert_eq!(spelled("2021-04-03T05:06:07Z"), both("2021.04.03", "05:06:07"));
        assert_eq!(spelled("2021.04.03 23:59"), both("2021.04.03", "23:59:00"));
    }

    #[test]
    fn uncertain_or_impossible_dates_are_not_rewritten() {
        for v in [
            "03/04/2021",
            "21-04-03",
            "2021-13-03",
            "2021-04-32",
            "2021-02-30",
            "2021-04-31",
            "2021-04-03 25:00",
            "2021-04-03 5:6",
            "2021-4-3",
            "2021-04/03",
            "2021.??.03 05:06",
        ] {
            assert_eq!(spelled(v), None, "{v}");
        }
    }
}
