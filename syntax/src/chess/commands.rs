//! Command comments: the `[%name arguments]` annotations that programs embed in PGN comments,
//! as lichess and chess.com write them into every game they export.
//!
//! The PGN standard (1994) does not define them. The *PGN Specification Supplement* (Alan
//! Cowderoy, Andreas Bray, Steve Tyrrell, 2001) introduced the syntax (`[%` command name, a
//! space, comma-separated arguments, `]`) and the commands
//!
//! - `[%clk h:mm:ss]` the clock time left after the move, `[%emt h:mm:ss]` the time the move
//!   took, `[%egt h:mm:ss]` the elapsed game time, `[%mct h:mm:ss]` a mechanical clock's time;
//! - `[%csl Ra1,Gb2]` coloured squares and `[%cal Ge2e4,Rd8h4]` coloured arrows, each item a
//!   colour letter (`R`ed, `G`reen, `B`lue, `Y`ellow) and one or two squares.
//!
//! `[%eval 0.17]` (pawns from White's view), `[%eval #-3]` (mate in 3 for Black) and the form with
//! the search depth `[%eval 0.17,22]` are the convention of lichess, chess.com and ChessBase, read
//! as python-chess reads them (`chess.pgn`, `EVAL_REGEX`). Fractional seconds (`0:00:09.3`) are
//! chess.com's, and python-chess reads them too.
//!
//! [`commands`] finds the commands of a comment's text and reads each one into a typed value,
//! or says exactly which bytes are wrong and what was expected. Ranges are byte offsets into the
//! text given.

use crate::text::{TextRange, TextSize};
use cozy_chess::Square;

/// One `[%…]` command of a comment.
#[derive(Debug, Clone, PartialEq)]
pub struct Command<'a> {
    /// The whole command, `[` to `]` (to the end of the text when the `]` is missing).
    pub range: TextRange,
    /// The command name, without the `%`.
    pub name: &'a str,
    /// The arguments as written (surrounding spaces removed).
    pub args: &'a str,
    pub args_range: TextRange,
    /// What the arguments say, or why they cannot be read.
    pub value: Result<Value, Problem>,
}

/// The value of a command kibitzer knows.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `%clk`, `%emt`, `%egt`, `%mct`: a duration.
    Time(Duration),
    /// `%eval`.
    Eval(Eval),
    /// `%cal`: arrows.
    Arrows(Vec<Arrow>),
    /// `%csl`: coloured squares.
    Squares(Vec<MarkedSquare>),
    /// A command kibitzer does not read (`%evp`, `%tqu`, a program's own).
    Other,
}

/// A time as the commands write it: `h:mm:ss` with optional decimal fractions of a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Duration {
    /// In milliseconds.
    pub millis: u64,
}

impl Duration {
    /// `1 h 2 min 3.4 s`, `3 min`, `9.3 s`: the short human form.
    pub fn human(self) -> String {
        let (h, rest) = (self.millis / 3_600_000, self.millis % 3_600_000);
        let (m, rest) = (rest / 60_000, rest % 60_000);
        let (s, ms) = (rest / 1000, rest % 1000);
        let mut parts = Vec::new();
        if h > 0 {
            parts.push(format!("{h} h"));
        }
        if m > 0 {
            parts.push(format!("{m} min"));
        }
        if s > 0 || ms > 0 || parts.is_empty() {
            let frac = format!("{:03}", ms);
            let frac = frac.trim_end_matches('0');
            parts.push(if frac.is_empty() { format!("{s} s") } else { format!("{s}.{frac} s") });
        }
        parts.join(" ")
    }
}

/// An engine evaluation, always from White's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn; positive favours White.
    Centipawns(i64),
    /// Mate in so many moves; positive: White mates, negative: Black mates.
    Mate(i32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Eval {
    pub score: Score,
    /// The search depth, when given (`[%eval 0.17,22]`).
    pub depth: Option<u32>,
}

impl Eval {
    /// "+0.17: White is slightly better", "Black mates in 3", from White's view.
    pub fn human(self) -> String {
        let depth = self.depth.map(|d| format!(" (depth {d})")).unwrap_or_default();
        match self.score {
            Score::Mate(n) if n > 0 => format!("White mates in {n}{depth}"),
            Score::Mate(n) if n < 0 => format!("Black mates in {}{depth}", -n),
            Score::Mate(_) => format!("mate on the board{depth}"),
            Score::Centipawns(cp) => {
                let sign = if cp > 0 {
                    "+"
                } else if cp < 0 {
                    "−"
                } else {
                    ""
                };
                let abs = cp.unsigned_abs();
                let who = if cp > 0 { "White" } else { "Black" };
                let verdict = match abs {
                    0..=29 => "about equal".to_owned(),
                    30..=99 => format!("{who} is slightly better"),
                    100..=299 => format!("{who} is clearly better"),
                    _ => format!("{who} is winning"),
                };
                format!("{sign}{}.{:02} pawns from White's view: {verdict}{depth}", abs / 100, abs % 100)
            }
        }
    }
}

/// The four colours of `%csl` and `%cal`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    Red,
    Green,
    Blue,
    Yellow,
}

impl Colour {
    fn parse(c: u8) -> Option<Colour> {
        Some(match c {
            b'R' => Colour::Red,
            b'G' => Colour::Green,
            b'B' => Colour::Blue,
            b'Y' => Colour::Yellow,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Green => "green",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Arrow {
    pub colour: Colour,
    pub from: Square,
    pub to: Square,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarkedSquare {
    pub colour: Colour,
    pub square: Square,
}

/// Why a command's arguments cannot be read: the bytes that are wrong, what they are, and
/// what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub range: TextRange,
    pub found: String,
    pub expected: &'static str,
}

/// The time commands of the PGN Specification Supplement.
pub const TIME_COMMANDS: [&str; 4] = ["clk", "emt", "egt", "mct"];

/// Every `[%…]` command in `text` (a comment's text, braces and all), in order. A `[%` that is
/// not followed by a command name is not a command; one without its `]` runs to the end of the
/// text and its value is a [`Problem`] on the missing bracket.
///
/// lichess writes a command or two after every move, so a file of its games holds as many
/// commands as moves: the text is searched a byte at a time for `[` and `]` (`memchr`), never
/// with a substring searcher, and nothing is allocated for a command that reads well.
pub fn commands(text: &str) -> impl Iterator<Item = Command<'_>> {
    let bytes = text.as_bytes();
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let at = next_opening(bytes, from)?;
        from = at + 2;
        let name_end = at + 2 + bytes[at + 2..].iter().take_while(|b| b.is_ascii_alphabetic()).count();
        if name_end == at + 2 {
            continue;
        }
        // The command ends at its `]`; without one before the next `[%`, it was never closed.
        let (end, closed) = match closing_or_opening(bytes, name_end) {
            Some(i) if bytes[i] == b']' => (i + 1, true),
            Some(i) => (i, false),
            None => (text.len() - usize::from(text.ends_with('}')), false),
        };
        from = end.max(name_end);
        let name = &text[at + 2..name_end];
        let inner_end = if closed { end - 1 } else { end };
        let raw = &text[name_end..inner_end];
        let args = raw.trim();
        let args_start = name_end + (raw.len() - raw.trim_start().len());
        let args_range = range(args_start, args_start + args.len());
        let value = if !closed {
            Err(Problem {
                range: range(at, at + text[at..end].trim_end().len()),
                found: text[at..end].trim_end().to_owned(),
                expected: "a `]` closing the command",
            })
        } else if !raw.is_empty() && !raw.starts_with(char::is_whitespace) {
            Err(Problem {
                range: range(name_end, inner_end),
                found: raw.to_owned(),
                expected: "a space between the command name and its arguments",
            })
        } else {
            read(name, args, args_start)
        };
        return Some(Command { range: range(at, end), name, args, args_range, value });
    })
}

/// Where the first `[%` at or after `from` starts.
fn next_opening(bytes: &[u8], mut from: usize) -> Option<usize> {
    loop {
        let at = from + memchr::memchr(b'[', bytes.get(from..)?)?;
        if bytes.get(at + 1) == Some(&b'%') {
            return Some(at);
        }
        from = at + 1;
    }
}

/// Where the first `]` or `[%` at or after `from` is: a command's end, closed or not.
fn closing_or_opening(bytes: &[u8], mut from: usize) -> Option<usize> {
    loop {
        let at = from + memchr::memchr2(b']', b'[', bytes.get(from..)?)?;
        if bytes[at] == b']' || bytes.get(at + 1) == Some(&b'%') {
            return Some(at);
        }
        from = at + 1;
    }
}

/// The command of `text` whose range holds `offset` (ends included).
pub fn command_at(text: &str, offset: usize) -> Option<Command<'_>> {
    let at = TextSize::from(offset as u32);
    commands(text).find(|c| c.range.contains_inclusive(at))
}

fn range(start: usize, end: usize) -> TextRange {
    TextRange::new(TextSize::from(start as u32), TextSize::from(end as u32))
}

fn read(name: &str, args: &str, start: usize) -> Result<Value, Problem> {
    let whole = |expected| Problem { range: range(start, start + args.len()), found: args.to_owned(), expected };
    if TIME_COMMANDS.contains(&name) {
        return time(args).map(Value::Time).ok_or_else(|| whole("a time `h:mm:ss` (minutes and seconds 00–59, seconds may have decimals, e.g. `0:03:00` or `0:00:09.3`)"));
    }
    match name {
        "eval" => eval(args).map(Value::Eval).ok_or_else(|| {
            whole("pawns from White's view like `0.17` or `-1.50`, or mate like `#3` / `#-3`, optionally `,depth`")
        }),
        "cal" => items(args, start, 4, "an arrow: a colour R, G, B or Y and two squares, like `Ge2e4`").map(|list| {
            Value::Arrows(list.into_iter().map(|(colour, sq)| Arrow { colour, from: sq[0], to: sq[1] }).collect())
        }),
        "csl" => items(args, start, 2, "a square: a colour R, G, B or Y and a square, like `Rd5`").map(|list| {
            Value::Squares(list.into_iter().map(|(colour, sq)| MarkedSquare { colour, square: sq[0] }).collect())
        }),
        _ => Ok(Value::Other),
    }
}

/// `h:mm:ss` or `h:mm:ss.f…`: hours any number of digits, minutes and seconds two.
pub fn time(s: &str) -> Option<Duration> {
    let (h, rest) = split_at_first(s, b':')?;
    let (m, sec) = split_at_first(rest, b':')?;
    if sec.bytes().any(|b| b == b':') {
        return None;
    }
    let (whole, frac) = split_at_first(sec, b'.').map_or((sec, None), |(whole, frac)| (whole, Some(frac)));
    let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    if !digits(h) || h.len() > 4 || m.len() != 2 || !digits(m) || whole.len() != 2 || !digits(whole) {
        return None;
    }
    let frac = match frac {
        Some(frac) if !digits(frac) || frac.len() > 3 => return None,
        frac => frac.unwrap_or(""),
    };
    let (h, m, s) = (decimal(h), decimal(m), decimal(whole));
    if m > 59 || s > 59 {
        return None;
    }
    // `.3` is 300 ms: the decimals of a second, read as thousandths.
    let ms = decimal(frac) * 10u64.pow(3 - frac.len() as u32);
    Some(Duration { millis: ((h * 60 + m) * 60 + s) * 1000 + ms })
}

/// `s` before and after its first `byte` (ASCII), found by a plain loop: the arguments are a
/// few bytes long, too short for `str::split_once`'s searcher to pay for setting itself up.
fn split_at_first(s: &str, byte: u8) -> Option<(&str, &str)> {
    let i = s.bytes().position(|b| b == byte)?;
    Some((&s[..i], &s[i + 1..]))
}

/// The value of a run of at most a few ASCII digits (checked by the caller), 0 when empty.
fn decimal(digits: &str) -> u64 {
    crate::text::decimal_value(digits).map_or(0, u64::from)
}

/// `0.17`, `-1.5`, `+3`, `#3`, `#-3`, each optionally followed by `,depth`.
pub fn eval(s: &str) -> Option<Eval> {
    let (score, depth) = match split_at_first(s, b',') {
        Some((score, depth)) => (score, Some(depth)),
        None => (s, None),
    };
    let depth = match depth {
        Some(d) if !d.is_empty() && d.len() <= 4 && d.bytes().all(|b| b.is_ascii_digit()) => Some(d.parse().ok()?),
        Some(_) => return None,
        None => None,
    };
    let score = match score.strip_prefix('#') {
        Some(moves) => mate(moves)?,
        None => pawns(score)?,
    };
    Some(Eval { score, depth })
}

/// The sign of a score and the rest.
fn signed(t: &str) -> Option<(bool, &str)> {
    Some(match t.as_bytes().first()? {
        b'-' => (true, &t[1..]),
        b'+' => (false, &t[1..]),
        _ => (false, t),
    })
}

/// `3`, `-3` after the `#`: mate in so many moves, negative when Black mates.
fn mate(moves: &str) -> Option<Score> {
    let (neg, n) = signed(moves)?;
    if n.is_empty() || n.len() > 4 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i32 = n.parse().ok()?;
    Some(Score::Mate(if neg { -n } else { n }))
}

/// `0.17`, `-1.5`, `+3`: pawns with up to two decimals, as hundredths.
fn pawns(score: &str) -> Option<Score> {
    let (neg, n) = signed(score)?;
    let (int, frac) = split_at_first(n, b'.').unwrap_or((n, ""));
    let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
    if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) || int.len() > 5 || frac.len() > 2 {
        return None;
    }
    // `.5` is 50 hundredths.
    let cp = (decimal(int) * 100 + decimal(frac) * 10u64.pow(2 - frac.len() as u32)) as i64;
    Some(Score::Centipawns(if neg { -cp } else { cp }))
}

/// The comma-separated items of `%cal` (`square_chars` 4: two squares) or `%csl` (2: one
/// square): each a colour letter and its squares. The first bad item is the problem.
fn items(
    args: &str,
    start: usize,
    square_chars: usize,
    expected: &'static str,
) -> Result<Vec<(Colour, [Square; 2])>, Problem> {
    let mut out = Vec::new();
    let mut at = start;
    for item in args.split(',') {
        // An empty item (`Ra1,` or `,,`) is shown as its comma.
        let problem = || match item.is_empty() {
            true => Problem { range: range(at.saturating_sub(1), at), found: ",".to_owned(), expected },
            false => Problem { range: range(at, at + item.len()), found: item.to_owned(), expected },
        };
        let b = item.as_bytes();
        if b.len() != 1 + square_chars {
            return Err(problem());
        }
        let colour = Colour::parse(b[0]).ok_or_else(problem)?;
        let square = |i: usize| item.get(i..i + 2).and_then(|s| s.parse::<Square>().ok());
        let first = square(1).ok_or_else(problem)?;
        let second = if square_chars == 4 { square(3).ok_or_else(problem)? } else { first };
        out.push((colour, [first, second]));
        at += item.len() + 1;
    }
    Ok(out)
}

/// A one-line explanation of a command for the editor's hover, with the document that defines
/// it.
pub fn explain(command: &Command<'_>) -> String {
    let source = match command.name {
        "eval" => "lichess / chess.com / ChessBase convention",
        n if TIME_COMMANDS.contains(&n) || n == "cal" || n == "csl" => "PGN Specification Supplement, 2001",
        _ => "a program's own command",
    };
    let name = command.name;
    let body = match &command.value {
        Err(p) => format!("`{}` cannot be read: expected {}", p.found, p.expected),
        Ok(Value::Time(d)) => match name {
            "clk" => format!("clock: **{}** left on the mover's clock after this move", d.human()),
            "emt" => format!("elapsed move time: this move took **{}**", d.human()),
            "egt" => format!("elapsed game time: **{}** since the game began", d.human()),
            _ => format!("mechanical clock time: **{}**", d.human()),
        },
        Ok(Value::Eval(e)) => format!("engine evaluation: **{}**", e.human()),
        Ok(Value::Arrows(list)) => {
            let each: Vec<String> = list.iter().map(|a| format!("{} {}→{}", a.colour.name(), a.from, a.to)).collect();
            format!("{} arrow{}: {}", list.len(), if list.len() == 1 { "" } else { "s" }, each.join(", "))
        }
        Ok(Value::Squares(list)) => {
            let each: Vec<String> = list.iter().map(|s| format!("{} {}", s.colour.name(), s.square)).collect();
            format!("{} marked square{}: {}", list.len(), if list.len() == 1 { "" } else { "s" }, each.join(", "))
        }
        Ok(Value::Other) => "a command kibitzer does not interpret".to_owned(),
    };
    format!("**[%{name}]** — {body} *({source})*")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(text: &str) -> Vec<Result<Value, Problem>> {
        commands(text).map(|c| c.value).collect()
    }

    #[test]
    fn lichess_and_chess_com_commands_are_read() {
        let text = "{ [%eval 0.17] [%clk 0:03:00] }";
        let found: Vec<Command> = commands(text).collect();
        assert_eq!(found.len(), 2);
        assert_eq!(&text[found[0].range], "[%eval 0.17]");
        assert_eq!(found[0].value, Ok(Value::Eval(Eval { score: Score::Centipawns(17), depth: None })));
        assert_eq!(&text[found[1].args_range], "0:03:00");
        assert_eq!(found[1].value, Ok(Value::Time(Duration { millis: 180_000 })));
        assert_eq!(time("0:00:09.3"), Some(Duration { millis: 9_300 }));
        assert_eq!(time("1:02:03"), Some(Duration { millis: 3_723_000 }));
        assert_eq!(eval("-1.5").unwrap().score, Score::Centipawns(-150));
        assert_eq!(eval("#-3").unwrap().score, Score::Mate(-3));
        assert_eq!(eval("0.17,22"), Some(Eval { score: Score::Centipawns(17), depth: Some(22) }));
        assert_eq!(eval("-0.04").unwrap().score, Score::Centipawns(-4));
        assert_eq!(eval("3").unwrap().score, Score::Centipawns(300));
        let marks = values("{[%cal Ga1b2,Re7e5][%csl Ra1,Yh8]}");
        let Ok(Value::Arrows(arrows)) = &marks[0] else { panic!("{marks:?}") };
        assert_eq!(arrows[1], Arrow { colour: Colour::Red, from: Square::E7, to: Square::E5 });
        let Ok(Value::Squares(squares)) = &marks[1] else { panic!("{marks:?}") };
        assert_eq!(squares.len(), 2);
        assert_eq!(values("{[%evp 12,13] [%foo]}"), [Ok(Value::Other), Ok(Value::Other)]);
    }

    #[test]
    fn bad_commands_name_the_bytes_and_what_was_expected() {
        let text = "{ [%clk 3:00] [%eval abc] [%cal Ga1b2,Xe7e5] [%csl Ra9] }";
        let problems: Vec<Problem> = commands(text).map(|c| c.value.unwrap_err()).collect();
        let found: Vec<&str> = problems.iter().map(|p| &text[p.range]).collect();
        assert_eq!(found, ["3:00", "abc", "Xe7e5", "Ra9"]);
        assert!(time("0:60:00").is_none() && time("0:3:00").is_none() && time("0:00:1").is_none());
        assert!(eval("#").is_none() && eval("0.1.2").is_none() && eval(".").is_none() && eval("1,").is_none());
        let unclosed = "{ [%clk 0:01:00 }";
        let c = commands(unclosed).next().unwrap();
        assert_eq!(&unclosed[c.value.unwrap_err().range], "[%clk 0:01:00");
        let glued = "{[%clk0:01:00]}";
        assert_eq!(
            commands(glued).next().unwrap().value.unwrap_err().expected,
            "a space between the command name and its arguments"
        );
        assert_eq!(commands("{ 50% [% not a command }").count(), 0);
        let empty = "{[%csl Gb2,]}";
        assert_eq!(&empty[commands(empty).next().unwrap().value.unwrap_err().range], ",");
    }

    #[test]
    fn explanations_say_what_a_player_wants_to_know() {
        let say = |t: &str| explain(&commands(t).next().unwrap());
        assert!(say("[%clk 0:00:09.3]").contains("9.3 s** left"), "{}", say("[%clk 0:00:09.3]"));
        assert!(say("[%emt 0:01:05]").contains("took **1 min 5 s**"));
        assert!(say("[%eval #-3]").contains("Black mates in 3"));
        assert!(say("[%eval -1.5]").contains("−1.50 pawns from White's view: Black is clearly better"));
        assert!(say("[%cal Ga1b2,Re7e5]").contains("2 arrows: green a1→b2, red e7→e5"));
        assert!(say("[%csl Ra1]").contains("1 marked square: red a1"));
    }

    /// The reading as first written, with substring searches, `str::parse` and decimals padded
    /// by `format!`: the definition the reading above is held to.
    mod definition {
        use super::super::*;

        pub fn commands(text: &str) -> Vec<(TextRange, &str, TextRange, bool)> {
            let mut found = Vec::new();
            let mut from = 0;
            while let Some(at) = text.get(from..).and_then(|t| t.find("[%")).map(|i| from + i) {
                from = at + 2;
                let bytes = text.as_bytes();
                let name_end = at + 2 + bytes[at + 2..].iter().take_while(|b| b.is_ascii_alphabetic()).count();
                if name_end == at + 2 {
                    continue;
                }
                let close = text[name_end..].find(']').map(|i| name_end + i);
                let next_open = text[name_end..].find("[%").map(|i| name_end + i);
                let (end, closed) = match (close, next_open) {
                    (Some(c), Some(o)) if o < c => (o, false),
                    (Some(c), _) => (c + 1, true),
                    (None, Some(o)) => (o, false),
                    (None, None) => (text.len() - usize::from(text.ends_with('}')), false),
                };
                from = end.max(name_end);
                let raw = &text[name_end..if closed { end - 1 } else { end }];
                let args_start = name_end + (raw.len() - raw.trim_start().len());
                found.push((
                    range(at, end),
                    &text[at + 2..name_end],
                    range(args_start, args_start + raw.trim().len()),
                    closed,
                ));
            }
            found
        }

        pub fn time(s: &str) -> Option<Duration> {
            let mut parts = s.split(':');
            let (h, m, sec) = (parts.next()?, parts.next()?, parts.next()?);
            if parts.next().is_some() {
                return None;
            }
            let (whole, frac) = sec.split_once('.').unwrap_or((sec, ""));
            let digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
            if !digits(h) || h.len() > 4 || m.len() != 2 || !digits(m) || whole.len() != 2 || !digits(whole) {
                return None;
            }
            if sec.contains('.') && (!digits(frac) || frac.len() > 3) {
                return None;
            }
            let (h, m, s): (u64, u64, u64) = (h.parse().ok()?, m.parse().ok()?, whole.parse().ok()?);
            if m > 59 || s > 59 {
                return None;
            }
            let ms = format!("{frac:0<3}").parse::<u64>().ok()?;
            Some(Duration { millis: ((h * 60 + m) * 60 + s) * 1000 + ms })
        }

        /// Pawns as they were read (the other parts of `eval`, its depth and mate, did not change).
        pub fn pawns(score: &str) -> Option<Score> {
            let (neg, rest) = match score.as_bytes().first()? {
                b'-' => (true, &score[1..]),
                b'+' => (false, &score[1..]),
                _ => (false, score),
            };
            let n = rest.to_owned();
            let (int, frac) = n.split_once('.').unwrap_or((&n, ""));
            let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
            if (int.is_empty() && frac.is_empty()) || !digits(int) || !digits(frac) || int.len() > 5 || frac.len() > 2 {
                return None;
            }
            let cp = int.parse::<i64>().unwrap_or(0) * 100 + format!("{frac:0<2}").parse::<i64>().ok()?;
            Some(Score::Centipawns(if neg { -cp } else { cp }))
        }
    }

    /// Comments and arguments put together at random from the pieces commands are made of (and
    /// a few they are not): the commands found, their ranges, times and evaluations are the
    /// definition's.
    #[test]
    fn the_reading_is_the_definitions_on_random_comments() {
        // `|` between the pieces.
        let pieces: Vec<&str> = "[%|[|]|%|clk|eval|cal|csl|emt|x| |  |0:03:00|1:02:03.45|0:00:09.3|0.17|-1.5|+3|#-3|#|,22|,|.|:|0|59|60|123|12345|Ge2e4|Ra1|{|}|é|\n|-"
            .split('|')
            .collect();
        let mut rng = crate::testing::Rng::new(0xC033_A4D5);
        let mut compared = [0usize; 3];
        for _ in 0..20_000 {
            let text: String = (0..rng.below(12)).map(|_| pieces[rng.below(pieces.len())]).collect();
            let ours: Vec<_> = commands(&text)
                .map(|c| {
                    (c.range, c.name, c.args_range, !matches!(&c.value, Err(p) if p.expected.starts_with("a `]`")))
                })
                .collect();
            assert_eq!(ours, definition::commands(&text), "{text:?}");
            compared[0] += ours.len();
            let args: String = (0..rng.below(5)).map(|_| pieces[rng.below(pieces.len())]).collect();
            assert_eq!(time(&args), definition::time(&args), "{args:?}");
            compared[1] += usize::from(time(&args).is_some());
            assert_eq!(pawns(&args), definition::pawns(&args), "{args:?}");
            compared[2] += usize::from(pawns(&args).is_some());
        }
        assert!(compared.iter().all(|&n| n > 100), "{compared:?}");
    }
}
