//! Dates as producers write them where the standards want `YYYY.MM.DD`: one reading for PGN
//! (8.1.1.3, 9.5) and PBN (3.4.3), so that `kibitzer check --fix` and the editor's quick fix
//! rewrite the same spelling the same way in both formats.
//!
//! BBO and PbnTools write `2021-04-03 05:06` in the Date tag; lichess's and many databases'
//! exports write `2021-04-03`; others `2021/04/03` or an ISO timestamp `2021-04-03T05:06:07Z`.
//! tablemonitor writes `2-Aug-2023`, BridgeNZ's txt2pbn `20151006`.
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

/// The standard spelling of a date value as producers write it, optionally followed by a time
/// (after a space, or after `T` in the ISO form: `HH:MM` or `HH:MM:SS`, an optional `Z`):
///
/// - year first with `-` or `/` (or `.`) between its parts: `2021-04-03`, `2021/04/03`;
/// - the day, the English month's abbreviation and the year (tablemonitor): `2-Aug-2023`,
///   `02-aug-2023`;
/// - eight digits, year, month and day (BridgeNZ's txt2pbn): `20151006`.
///
/// - what is known of a date, and nothing for what is not (pgn-extract's test files, older
///   databases): a year alone `1959` is `1959.??.??`, a year and a month `1959-05` (or `/`, `.`)
///   `1959.05.??`, `?` alone the unknown date `????.??.??`, and one `?` for a whole unknown
///   part (bridgebots' `2015.09.?`) that part's question marks, `2015.09.??`.
///
/// `None` for anything else, and for a day the month does not have (29 February only in a leap
/// year) or a time out of range.
pub fn producer_spelling(value: &str) -> Option<Spelled> {
    let value = value.trim();
    // The commonest spelling first (`2023-07-28`, a bot's hand records, every game): a whole
    // date of digits has no unknown part and no time, so nothing below would read it otherwise.
    if let Some((year, month, day)) = year_first(value) {
        return standard_date(year, month, day).map(|date| Spelled { date, time: None });
    }
    if let Some(date) = partly_known(value) {
        return Some(Spelled { date, time: None });
    }
    let (date, time) = match value.find(' ').or_else(|| (value.as_bytes().get(10) == Some(&b'T')).then_some(10)) {
        Some(i) => (&value[..i], Some(value[i + 1..].trim_start())),
        None => (value, None),
    };
    let (year, month, day) = year_first(date).or_else(|| day_month_year(date)).or_else(|| eight_digits(date))?;
    let date = standard_date(year, month, day)?;
    let time = match time {
        None => None,
        Some(t) => Some(time_of(t.strip_suffix('Z').unwrap_or(t))?),
    };
    Some(Spelled { date, time })
}

/// `YYYY.MM.DD` of a known year (below 10000), month and day, digit by digit (a database of
/// games each dated the producer's way has its every date rewritten, and the formatting
/// machinery was half of that); `None` for a month or a day the calendar does not have.
fn standard_date(year: u32, month: u32, day: u32) -> Option<String> {
    if !(1..=12).contains(&month) || !(1..=days_in_month(year, month)).contains(&day) {
        return None;
    }
    let digit = |n: u32| char::from(b'0' + (n % 10) as u8);
    let mut date = String::with_capacity(10);
    for c in [digit(year / 1000), digit(year / 100), digit(year / 10), digit(year), '.'] {
        date.push(c);
    }
    for c in [digit(month / 10), digit(month), '.', digit(day / 10), digit(day)] {
        date.push(c);
    }
    Some(date)
}

/// What is wrong with a date value that should be `YYYY.MM.DD`, `?` standing for each unknown
/// digit (PGN 8.1.1.3 and 9.5, PBN 3.4.3: the same words in both standards, so one reading and
/// one message for both); `None` when it is right. A known month is 01–12 and a known day one
/// the month has: 29 February only in a leap year, or when the year is not known.
pub fn standard_date_problem(value: &str) -> Option<String> {
    const SHAPE: &str = "expected `YYYY.MM.DD` (`?` for unknown digits)";
    let b = value.as_bytes();
    if b.len() != 10 || b[4] != b'.' || b[7] != b'.' {
        return Some(SHAPE.to_owned());
    }
    // The shape is right: name the one character that is not a digit (`1995.o6.10`).
    if let Some(c) = value.chars().enumerate().find(|&(i, c)| i != 4 && i != 7 && !(c.is_ascii_digit() || c == '?')) {
        return Some(format!("`{}` is not a digit or `?` (expected `YYYY.MM.DD`)", c.1));
    }
    let (year, month, day) = (&value[..4], &value[5..7], &value[8..]);
    let known = |s: &str| digits(s).then(|| s.parse::<u32>().ok()).flatten();
    let month = known(month);
    if let Some(m) = month.filter(|m| !(1..=12).contains(m)) {
        return Some(format!("month {m:02} is not 01–12"));
    }
    let d = known(day)?;
    let max = match (known(year), month) {
        (Some(y), Some(m)) => days_in_month(y, m),
        (None, Some(m)) => days_in_month(2000, m), // an unknown year may be a leap year
        (_, None) => 31,
    };
    if (1..=max).contains(&d) {
        None
    } else if d == 29 && max == 28 {
        Some(format!("day 29 is not 01–28: {year} is not a leap year"))
    } else {
        Some(format!("day {d:02} is not 01–{max}"))
    }
}

/// What is wrong with a time value that should be `HH:MM:SS` (PGN 9.5.1 and 9.5.2, PBN's Time
/// and UTCTime in the same words), `??` standing for an unknown field; `None` when it is right.
/// Hours are 00–23, minutes and seconds 00–59.
pub fn standard_time_problem(value: &str) -> Option<String> {
    let mut parts = value.split(':');
    let (Some(h), Some(m), Some(s), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return Some("expected `HH:MM:SS`".to_owned());
    };
    if ![h, m, s].iter().all(|p| p.len() == 2 && (digits(p) || *p == "??")) {
        return Some("expected `HH:MM:SS`".to_owned());
    }
    let over = |p: &str, max: u32| p.parse::<u32>().is_ok_and(|n| n >= max);
    if over(h, 24) || over(m, 60) || over(s, 60) {
        return Some("hours are 00–23, minutes and seconds 00–59".to_owned());
    }
    None
}

/// A date of which only the year, or the year and the month, or nothing is given, as
/// `YYYY.MM.DD` with `?` for the digits not known (PGN 8.1.1.3, PBN 3.4.3: "?" for each unknown
/// digit). The year is four digits: `59` is not read as 1959.
fn partly_known(value: &str) -> Option<String> {
    if value == "?" {
        return Some("????.??.??".to_owned());
    }
    let mut parts = value.split('.');
    if let (Some(year), Some(month), Some(day), None) = (parts.next(), parts.next(), parts.next(), parts.next()) {
        let part = |p: &str, n: usize| {
            let written = p.len() == n && p.bytes().all(|c| c.is_ascii_digit() || c == b'?');
            (p == "?").then(|| "?".repeat(n)).or_else(|| written.then(|| p.to_owned()))
        };
        if [year, month, day].contains(&"?") {
            let date = format!("{}.{}.{}", part(year, 4)?, part(month, 2)?, part(day, 2)?);
            return standard_date_problem(&date).is_none().then_some(date);
        }
        return None;
    }
    let b = value.as_bytes();
    match b.len() {
        4 if digits(value) => Some(format!("{value}.??.??")),
        7 if matches!(b[4], b'-' | b'/' | b'.') && digits(&value[..4]) && digits(&value[5..]) => {
            let month: u32 = value[5..].parse().ok()?;
            (1..=12).contains(&month).then(|| format!("{}.{month:02}.??", &value[..4]))
        }
        _ => None,
    }
}

/// Whether `s` is all ASCII digits (and not empty).
fn digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())
}

/// `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY.MM.DD`: year, month and day as written (not yet checked).
fn year_first(date: &str) -> Option<(u32, u32, u32)> {
    let b = date.as_bytes();
    if b.len() != 10 || !(b[4] == b[7] && matches!(b[4], b'-' | b'/' | b'.')) {
        return None;
    }
    let (year, month, day) = (&date[..4], &date[5..7], &date[8..10]);
    if !(digits(year) && digits(month) && digits(day)) {
        return None;
    }
    Some((year.parse().ok()?, month.parse().ok()?, day.parse().ok()?))
}

/// The months' English abbreviations, January first.
const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/// `D-Mon-YYYY` or `DD-Mon-YYYY`, the month's English abbreviation in any case.
fn day_month_year(date: &str) -> Option<(u32, u32, u32)> {
    let mut parts = date.split('-');
    let (day, month, year) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || !(1..=2).contains(&day.len()) || !digits(day) || year.len() != 4 || !digits(year) {
        return None;
    }
    let month = MONTHS.iter().position(|m| m.eq_ignore_ascii_case(month))?;
    Some((year.parse().ok()?, u32::try_from(month).ok()? + 1, day.parse().ok()?))
}

/// `YYYYMMDD`: eight digits.
fn eight_digits(date: &str) -> Option<(u32, u32, u32)> {
    if date.len() != 8 || !digits(date) {
        return None;
    }
    Some((date[..4].parse().ok()?, date[4..6].parse().ok()?, date[6..].parse().ok()?))
}

/// The days of `month` (1–12) in `year` of the Gregorian calendar.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `HH:MM` or `HH:MM:SS` as `HH:MM:SS`.
fn time_of(t: &str) -> Option<String> {
    let parts: Vec<&str> = t.split(':').collect();
    if !(2..=3).contains(&parts.len()) || parts.iter().any(|p| p.len() != 2 || !p.bytes().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let n = |i: usize| parts.get(i).map_or(Some(0), |p| p.parse::<u32>().ok());
    let (h, m, s) = (n(0)?, n(1)?, n(2)?);
    (h < 24 && m < 60 && s < 60).then(|| format!("{h:02}:{m:02}:{s:02}"))
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
/// drops. `place` says where the time goes; it is asked only of a value that holds one.
pub fn with_fix<'p>(
    diagnostic: Diagnostic,
    tag: &str,
    value: &str,
    value_range: TextRange,
    place: impl FnOnce() -> TimePlace<'p>,
) -> Diagnostic {
    // A date already spelled the standard way is wrong in another way (a day the month lacks):
    // no spelling fixes that.
    let Some(Spelled { date, time }) = producer_spelling(value).filter(|s| s.time.is_some() || s.date != value) else {
        return diagnostic;
    };
    let Some(time) = time else {
        let title = ["Write `", &date, "`"].concat();
        return diagnostic.with_fix(title, vec![TextEdit::replace(value_range, date)], Applicability::Safe);
    };
    let mut edits = vec![TextEdit::replace(value_range, date.clone())];
    let time_tag = time_tag_of(tag);
    match (place(), time_tag) {
        (TimePlace::Insert(at, eol), Some(name)) => {
            edits.push(TextEdit::insert(at, format!("{eol}[{name} \"{time}\"]")));
            let title = format!("Write `{date}` and the time in a {name} tag");
            diagnostic.with_fix(title, edits, Applicability::Safe)
        }
        (TimePlace::Present(v), Some(_)) if v == time => {
            diagnostic.with_fix(format!("Write `{date}`"), edits, Applicability::Safe)
        }
        _ => {
            let title = format!("Write `{date}` (dropping the time `{time}`)");
            diagnostic.with_fix(title, edits, Applicability::Unsafe)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_dates_are_checked_alike_for_every_format() {
        assert_eq!(standard_date_problem("2024.??.??"), None);
        assert_eq!(standard_date_problem("????.??.??"), None);
        assert_eq!(standard_date_problem("2024.1?.05"), None);
        assert_eq!(standard_date_problem("2024.02.29"), None);
        assert_eq!(standard_date_problem("????.02.29"), None);
        assert_eq!(standard_date_problem("2024.13.01").as_deref(), Some("month 13 is not 01–12"));
        assert_eq!(standard_date_problem("2024.04.31").as_deref(), Some("day 31 is not 01–30"));
        assert_eq!(standard_date_problem("2024.02.30").as_deref(), Some("day 30 is not 01–29"));
        assert_eq!(
            standard_date_problem("2023.02.29").as_deref(),
            Some("day 29 is not 01–28: 2023 is not a leap year")
        );
        assert_eq!(standard_date_problem("2024.00.01").as_deref(), Some("month 00 is not 01–12"));
        let shape = Some("expected `YYYY.MM.DD` (`?` for unknown digits)");
        assert_eq!(
            standard_date_problem("1995.o6.10").as_deref(),
            Some("`o` is not a digit or `?` (expected `YYYY.MM.DD`)")
        );
        for bad in ["2024-01-01", "2024.1.01", "24.01.01", "2024.01.01 ", "2024.01.01.01", "2024.01.é1", ""] {
            assert_eq!(standard_date_problem(bad).as_deref(), shape, "{bad}");
        }
    }

    #[test]
    fn standard_times_are_checked_alike_for_every_format() {
        assert_eq!(standard_time_problem("23:59:59"), None);
        assert_eq!(standard_time_problem("??:??:??"), None);
        let range = Some("hours are 00–23, minutes and seconds 00–59");
        assert_eq!(standard_time_problem("24:00:00").as_deref(), range);
        assert_eq!(standard_time_problem("12:00:60").as_deref(), range);
        for bad in ["12:00", "1:00:00", "12.00.00", "12:00:00:00", "noon"] {
            assert_eq!(standard_time_problem(bad).as_deref(), Some("expected `HH:MM:SS`"), "{bad}");
        }
    }

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
        assert_eq!(spelled("2024-02-29"), date("2024.02.29"), "a leap year");
        assert_eq!(spelled("2000/02/29"), date("2000.02.29"), "a leap year");
        assert_eq!(spelled("0987-10-05"), date("0987.10.05"), "every digit of the year");
    }

    #[test]
    fn day_month_name_and_year() {
        let date = |d: &str| Some((d.to_owned(), None));
        assert_eq!(spelled("2-Aug-2023"), date("2023.08.02"));
        assert_eq!(spelled("02-Aug-2023"), date("2023.08.02"));
        assert_eq!(spelled("31-dec-1999"), date("1999.12.31"));
        assert_eq!(spelled("1-JAN-2024"), date("2024.01.01"));
        assert_eq!(spelled("7-OCT-2023"), date("2023.10.07"), "the T of OCT is no time");
        assert_eq!(spelled("29-Feb-2024"), date("2024.02.29"));
        assert_eq!(spelled("2-Aug-2023 19:30"), Some(("2023.08.02".to_owned(), Some("19:30:00".to_owned()))));
    }

    #[test]
    fn eight_digits_year_month_day() {
        assert_eq!(spelled("20151006"), Some(("2015.10.06".to_owned(), None)));
        assert_eq!(spelled("20240229"), Some(("2024.02.29".to_owned(), None)));
        assert_eq!(spelled("19991231"), Some(("1999.12.31".to_owned(), None)));
    }

    #[test]
    fn partly_known_dates_write_question_marks_for_the_rest() {
        let date = |d: &str| Some((d.to_owned(), None));
        assert_eq!(spelled("1959"), date("1959.??.??"));
        assert_eq!(spelled("1959-05"), date("1959.05.??"));
        assert_eq!(spelled("1959/12"), date("1959.12.??"));
        assert_eq!(spelled("1959.01"), date("1959.01.??"));
        assert_eq!(spelled("?"), date("????.??.??"));
        assert_eq!(spelled("2015.09.?"), date("2015.09.??"));
        assert_eq!(spelled("2015.?.?"), date("2015.??.??"));
        assert_eq!(spelled("?.05.17"), date("????.05.17"));
        for v in [
            "59",
            "195",
            "19590",
            "1959-13",
            "1959-00",
            "1959-5",
            "1959 05",
            "??",
            "1959?",
            "2015.13.?",
            "2015.02.?3",
            "15.09.?",
            "2015.9.?",
            "2015.09.?.?",
            "2015-09-?",
            "?.02.30",
        ] {
            assert_eq!(spelled(v), None, "{v}");
        }
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
            "2021-02-29",
            "1900-02-29",
            // Day, month name, year: only the English abbreviations, a one- or two-digit day.
            "2-Aug-23",
            "2-August-2023",
            "2-Ago-2023",
            "002-Aug-2023",
            "32-Aug-2023",
            "31-Sep-2023",
            "29-Feb-2023",
            "2 Aug 2023",
            "Aug-2-2023",
            "2-Aug-2023-1",
            // Eight digits: a calendar date or nothing (never day first).
            "20151306",
            "20151032",
            "20230229",
            "06102015",
            "2015106",
            "201510061",
            "2015-1006",
        ] {
            assert_eq!(spelled(v), None, "{v}");
        }
    }
}
