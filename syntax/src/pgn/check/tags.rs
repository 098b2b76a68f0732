//! Tag pair rules (PGN 8.1 and 9): names, duplicates, the Seven Tag Roster and export order,
//! and the value formats of the tags the standard defines. Also works out where the moves
//! start from (the FEN tag) and which variant is played.

use crate::chess::fen::check_fen;
use crate::config::Mode;
use crate::diagnostic::{Diagnostic, Rule};
use crate::pgn::flat::Game;
use crate::pgn::model::{string_value, value_range};
use crate::pgn::syntax_kind::SyntaxKind;
use crate::text::{TextRange, TextSize};
use cozy_chess::Board;
use std::borrow::Cow;

crate::diagnostic::declare_rules! {
    BLANK_LINE_IN_TAGS = "PGN013" "blank-line-in-tags" Error Export "PGN 8.1"
        "An empty line inside the tag section in export format"
        "In export format the tag pairs are on consecutive lines, followed by one empty line and the movetext."
        bad: "[Event \"x\"]\n\n[Site \"y\"]\n\n1. e4 *\n", good: "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 *\n";
    TAG_NAME_SYNTAX = "PGN100" "tag-name-syntax" Error Import "PGN 8.1.1"
        "A tag name with characters other than letters, digits and `_`"
        "Tag names are made of letters, digits and underscores and begin with a letter (an uppercase one, by convention)."
        bad: "[Event-Name \"x\"]\n\n1. e4 *\n", good: "[EventName \"x\"]\n\n1. e4 *\n";
    TAG_VALUE_TOO_LONG = "PGN101" "tag-value-too-long" Error Import "PGN 7"
        "A tag value longer than 255 characters"
        "A string holds at most 255 characters."
        bad: "[Annotator \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"]\n\n1. e4 *\n", good: "[Annotator \"a\"]\n\n1. e4 *\n";
    DUPLICATE_TAG = "PGN102" "duplicate-tag" Warning Import "PGN 8.1"
        "The same tag name appears twice in a game"
        "A tag name appears at most once in a tag section; readers disagree on which value wins."
        bad: "[Event \"a\"]\n[Event \"b\"]\n\n1. e4 *\n", good: "[Event \"a\"]\n\n1. e4 *\n";
    MISSING_ROSTER_TAG = "PGN103" "missing-roster-tag" Error Export "PGN 8.1.1"
        "A tag of the Seven Tag Roster is missing"
        "Export format games carry Event, Site, Date, Round, White, Black and Result (use `?` for unknown values)."
        bad: "[Event \"x\"]\n\n1. e4 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e4 *\n";
    TAG_ORDER = "PGN104" "tag-order" Error Export "PGN 8.1.1"
        "Tags out of export order: the Seven Tag Roster first, then the others in ASCII order"
        "Export format lists Event, Site, Date, Round, White, Black, Result, then the remaining tags sorted by name."
        bad: "[Site \"?\"]\n[Event \"x\"]\n\n1. e4 *\n", good: "[Event \"x\"]\n[Site \"?\"]\n\n1. e4 *\n";
    DATE_FORMAT = "PGN105" "date-format" Error Import "PGN 8.1.1.3, 9.2.1, 9.5.3"
        "A Date, EventDate or UTCDate value that is not `YYYY.MM.DD`"
        "Dates are `YYYY.MM.DD` with `?` for unknown digits, e.g. `2024.??.??`."
        bad: "[Date \"2024-03-01\"]\n\n1. e4 *\n", good: "[Date \"2024.03.01\"]\n\n1. e4 *\n";
    ROUND_FORMAT = "PGN106" "round-format" Warning Import "PGN 8.1.1.4"
        "A Round value other than `?`, `-` or dot-separated numbers"
        "Round is `?` (unknown), `-` (not applicable) or numbers joined by periods, e.g. `3.1`."
        bad: "[Round \"Round 3\"]\n\n1. e4 *\n", good: "[Round \"3\"]\n\n1. e4 *\n";
    RESULT_TAG_VALUE = "PGN107" "result-tag-value" Error Import "PGN 8.1.1.7"
        "A Result value other than `1-0`, `0-1`, `1/2-1/2` or `*`"
        "The Result tag holds one of the four termination markers."
        bad: "[Result \"1:0\"]\n\n1. e4 1-0\n", good: "[Result \"1-0\"]\n\n1. e4 1-0\n";
    TIME_FORMAT = "PGN108" "time-format" Error Import "PGN 9.5.1"
        "A Time or UTCTime value that is not `HH:MM:SS`"
        "Times are `HH:MM:SS` in 24-hour form."
        bad: "[Time \"7pm\"]\n\n1. e4 *\n", good: "[Time \"19:00:00\"]\n\n1. e4 *\n";
    TIME_CONTROL_FORMAT = "PGN109" "time-control-format" Error Import "PGN 9.6.1"
        "A TimeControl value outside the grammar of PGN 9.6.1"
        "TimeControl is `?`, `-`, or fields joined by `:`, each `moves/seconds`, `seconds`, `seconds+increment` or `*seconds`."
        bad: "[TimeControl \"90 min\"]\n\n1. e4 *\n", good: "[TimeControl \"40/5400:1800+30\"]\n\n1. e4 *\n";
    SETUP_VALUE = "PGN110" "setup-value" Error Import "PGN 9.7.1"
        "SetUp is not `0` or `1`, or disagrees with the presence of a FEN tag"
        "SetUp \"1\" goes with a FEN tag giving the initial position; SetUp \"0\" (or none) means the standard position."
        bad: "[SetUp \"1\"]\n\n1. e4 *\n", good: "[SetUp \"0\"]\n\n1. e4 *\n";
    PLYCOUNT_MISMATCH = "PGN112" "plycount-mismatch" Error Import "PGN 9.9.3"
        "PlyCount differs from the number of plies in the main line"
        "PlyCount is the number of half-moves of the main line."
        bad: "[PlyCount \"3\"]\n\n1. e4 e5 *\n", good: "[PlyCount \"2\"]\n\n1. e4 e5 *\n";
    ELO_FORMAT = "PGN113" "elo-format" Error Import "PGN 9.1.2"
        "A WhiteElo or BlackElo value that is not a number"
        "Ratings are integers; `-` or an empty value means unrated."
        bad: "[WhiteElo \"2500+\"]\n\n1. e4 *\n", good: "[WhiteElo \"2500\"]\n\n1. e4 *\n";
    ECO_FORMAT = "PGN114" "eco-format" Error Import "PGN 9.4.1"
        "An ECO value that is not a code from `A00` to `E99`"
        "ECO codes are a letter A–E and two digits, optionally followed by a subcode like `/01`."
        bad: "[ECO \"F10\"]\n\n1. e4 *\n", good: "[ECO \"B10\"]\n\n1. e4 *\n";
    TERMINATION_VALUE = "PGN115" "termination-value" Information Import "PGN 9.8.1"
        "A Termination value not in the standard's list"
        "Termination is one of abandoned, adjudication, death, emergency, normal, rules infraction, time forfeit, unterminated."
        bad: "[Termination \"won\"]\n\n1. e4 *\n", good: "[Termination \"normal\"]\n\n1. e4 *\n";
    MODE_VALUE = "PGN116" "mode-value" Information Import "PGN 9.9.2"
        "A Mode value other than OTB, PM, EM, ICS or TC"
        "Mode is OTB (over the board), PM (paper mail), EM (electronic mail), ICS (internet chess server) or TC (general telecommunication)."
        bad: "[Mode \"online\"]\n\n1. e4 *\n", good: "[Mode \"ICS\"]\n\n1. e4 *\n";
    VARIANT_NOT_REPLAYED = "PGN303" "variant-not-replayed" Information Import "PGN 9"
        "Moves of a chess variant kibitzer does not know are not replayed"
        "Games with a Variant tag other than standard chess and Chess960 are checked for syntax only."
        bad: "[Variant \"Atomic\"]\n\n1. e4 *\n", good: "[Variant \"Chess960\"]\n\n*\n";
}

/// A tag's value as read (borrowed from the text unless it has escapes) and the range of the
/// value (inside the quotes).
pub(super) type Value<'a> = (Cow<'a, str>, TextRange);

/// What the tag section says about the opening, gathered while the tags are checked (for
/// [`super::openings`]).
#[derive(Debug, Default)]
pub(super) struct OpeningTags<'a> {
    pub eco: Option<Value<'a>>,
    pub opening: Option<Value<'a>>,
    pub variation: Option<Value<'a>>,
    pub subvariation: Option<Value<'a>>,
}

impl<'a> OpeningTags<'a> {
    /// Keeps the value of an opening tag (the first of a repeated one); other tags are ignored.
    fn read(&mut self, tag: Tag, value: Cow<'a, str>, range: TextRange) {
        let slot = match tag {
            Tag::Eco => &mut self.eco,
            Tag::Opening => &mut self.opening,
            Tag::Variation => &mut self.variation,
            Tag::SubVariation => &mut self.subvariation,
            _ => return,
        };
        if slot.is_none() {
            *slot = Some((value, range));
        }
    }
}

/// The Seven Tag Roster, in export order (PGN 8.1.1).
pub const SEVEN_TAG_ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The tags whose names the rules below look at, told apart once per tag pair: each rule
/// compared the name with the names it knows, one `match` after another (some thirty string
/// comparisons a tag pair; telling the name once saved 3.6 M of the tag check's 42 M
/// instructions on TWIC 1389).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    /// A tag of the Seven Tag Roster, by its place in it.
    Roster(usize),
    EventDate,
    UtcDate,
    Time,
    UtcTime,
    TimeControl,
    WhiteElo,
    BlackElo,
    Eco,
    Opening,
    Variation,
    SubVariation,
    Termination,
    Mode,
    Fen,
    SetUp,
    Variant,
    PlyCount,
    /// Any other name, well formed or not.
    Other,
}

/// The places of the roster's tags in [`SEVEN_TAG_ROSTER`] that the rules name.
const DATE: usize = 2;
const ROUND: usize = 3;
const RESULT: usize = 6;

impl Tag {
    fn of(name: &str) -> Tag {
        // The roster first: every game has it.
        match name {
            "Event" => Tag::Roster(0),
            "Site" => Tag::Roster(1),
            "Date" => Tag::Roster(DATE),
            "Round" => Tag::Roster(ROUND),
            "White" => Tag::Roster(4),
            "Black" => Tag::Roster(5),
            "Result" => Tag::Roster(RESULT),
            "WhiteElo" => Tag::WhiteElo,
            "BlackElo" => Tag::BlackElo,
            "ECO" => Tag::Eco,
            "EventDate" => Tag::EventDate,
            "PlyCount" => Tag::PlyCount,
            "UTCDate" => Tag::UtcDate,
            "Time" => Tag::Time,
            "UTCTime" => Tag::UtcTime,
            "TimeControl" => Tag::TimeControl,
            "Opening" => Tag::Opening,
            "Variation" => Tag::Variation,
            "SubVariation" => Tag::SubVariation,
            "Termination" => Tag::Termination,
            "Mode" => Tag::Mode,
            "FEN" => Tag::Fen,
            "SetUp" => Tag::SetUp,
            "Variant" => Tag::Variant,
            _ => Tag::Other,
        }
    }

    /// A bit of its own for each tag the rules know (`Other` has none): which of them a game
    /// has had so far is one word, where comparing each name with every name before it was
    /// some seventy string comparisons a game.
    fn bit(self) -> Option<u32> {
        let place = match self {
            Tag::Roster(i) => i as u32,
            Tag::EventDate => 7,
            Tag::UtcDate => 8,
            Tag::Time => 9,
            Tag::UtcTime => 10,
            Tag::TimeControl => 11,
            Tag::WhiteElo => 12,
            Tag::BlackElo => 13,
            Tag::Eco => 14,
            Tag::Opening => 15,
            Tag::Variation => 16,
            Tag::SubVariation => 17,
            Tag::Termination => 18,
            Tag::Mode => 19,
            Tag::Fen => 20,
            Tag::SetUp => 21,
            Tag::Variant => 22,
            Tag::PlyCount => 23,
            Tag::Other => return None,
        };
        Some(1 << place)
    }
}

pub(super) enum Start {
    Position(Box<Board>),
    /// A broken FEN or an unknown variant: the moves are not replayed.
    Unknown,
}

pub(super) struct PlyCount {
    pub value: u32,
    pub range: TextRange,
}

pub(super) struct TagInfo<'a> {
    pub start: Start,
    /// The Result tag's value and the range of the value.
    pub result: Option<Value<'a>>,
    pub plycount: Option<PlyCount>,
    /// The ECO, Opening, Variation and SubVariation tags.
    pub opening: OpeningTags<'a>,
    /// No FEN tag and no variant but standard chess: the opening tags can be checked.
    pub standard_start: bool,
    /// The first tag, and the value tokens of the Seven Tag Roster by their order in it (the
    /// first of a repeated tag): what the duplicate check compares.
    pub first_tag: Option<TextRange>,
    pub roster: [Option<TextRange>; 7],
}

fn warn(out: &mut Vec<Diagnostic>, rule: &Rule, range: TextRange, message: String) {
    out.push(Diagnostic::new(rule, range, message));
}

pub(super) fn check<'a>(game: &Game<'a>, mode: Mode, out: &mut Vec<Diagnostic>) -> TagInfo<'a> {
    let mut info = TagInfo {
        start: Start::Position(Box::new(crate::chess::position::initial_board())),
        result: None,
        plycount: None,
        opening: Default::default(),
        standard_start: false,
        first_tag: None,
        roster: [None; 7],
    };
    // (name, name range, value range) of every complete tag, in order.
    // A game has a dozen tags or so: a linear search beats hashing every name. Past
    // [`MANY_TAGS`] the names are indexed too (`by_name`, the first range of each), so that a
    // game of thousands of tags (a text of tag sections with no movetext reads as one) is not
    // quadratic.
    let mut seen: Vec<(&str, TextRange, TextRange)> = Vec::with_capacity(16);
    let mut by_name: Option<rustc_hash::FxHashMap<&str, TextRange>> = None;
    // The tags the rules know that the game has had so far ([`Tag::bit`]).
    let mut known_seen = 0u32;
    // The FEN value as written between the quotes (its problems are placed inside it).
    let mut fen: Option<(String, TextRange)> = None;
    let mut setup: Option<(String, TextRange)> = None;
    let mut variant: Option<(String, TextRange)> = None;
    // Dates a producer spelled its own way, fixed once every tag is known: (index of the
    // diagnostic in `out`, tag, value, value range).
    let mut dates: Vec<(usize, &str, String, TextRange)> = Vec::new();
    let mut times: Vec<(&str, String)> = Vec::new();
    let mut roster_end: Option<TextSize> = None;
    for tag_pair in game.tags() {
        info.first_tag.get_or_insert(tag_pair.range());
        let Some((name_token, value_token)) = tag_pair.parts() else { continue };
        let name = name_token.text;
        let name_range = name_token.range;
        let value = string_value(value_token.text);
        let vrange = value_range(value_token.range);
        let tag = Tag::of(name);
        // A name the rules know is well formed.
        if tag == Tag::Other && !valid_tag_name(name) {
            warn(
                out,
                &TAG_NAME_SYNTAX,
                name_range,
                format!("tag name `{name}`: names are letters, digits and `_`, starting with a letter"),
            );
        }
        // Characters are never more than bytes: only a long value is counted.
        let chars = if value.len() > 255 { value.chars().count() } else { value.len() };
        if chars > 255 {
            warn(
                out,
                &TAG_VALUE_TOO_LONG,
                vrange,
                format!("tag value has {chars} characters; at most 255 are allowed"),
            );
        }
        // A name the rules know is looked for among the names before it only when it repeats.
        let first = match tag.bit() {
            Some(bit) if known_seen & bit == 0 => {
                known_seen |= bit;
                None
            }
            _ => match &by_name {
                Some(index) => index.get(name).copied(),
                None => seen.iter().find(|(seen_name, ..)| *seen_name == name).map(|(_, range, _)| *range),
            },
        };
        if let Some(first) = first {
            out.push(
                Diagnostic::new(&DUPLICATE_TAG, name_range, format!("tag `{name}` appears a second time"))
                    .with_related(first, "first appearance"),
            );
        }
        let before = out.len();
        check_value(tag, name, &value, vrange, mode, out);
        if out.len() > before && out[before].code == DATE_FORMAT.code {
            dates.push((before, name, value.to_string(), vrange));
        }
        match tag {
            Tag::Time | Tag::UtcTime => times.push((name, value.to_string())),
            Tag::Roster(i) => {
                info.roster[i].get_or_insert(value_token.range);
                roster_end = Some(tag_pair.range().end());
            }
            _ => {}
        }
        match tag {
            Tag::Roster(RESULT) => info.result = Some((value, vrange)),
            Tag::Fen => fen = Some((raw_inner(value_token.text).to_owned(), vrange)),
            Tag::SetUp => setup = Some((value.to_string(), vrange)),
            Tag::Variant => variant = Some((value.to_string(), vrange)),
            Tag::Eco | Tag::Opening | Tag::Variation | Tag::SubVariation => info.opening.read(tag, value, vrange),
            Tag::PlyCount => {
                if let Ok(n) = value.parse::<u32>() {
                    info.plycount = Some(PlyCount { value: n, range: vrange });
                } else {
                    warn(out, &PLYCOUNT_MISMATCH, vrange, format!("PlyCount `{value}` is not a number of plies"));
                }
            }
            _ => {}
        }
        seen.push((name, name_range, vrange));
        match &mut by_name {
            Some(index) => {
                index.entry(name).or_insert(name_range);
            }
            None if seen.len() > MANY_TAGS => {
                let mut index = rustc_hash::FxHashMap::default();
                for (seen_name, range, _) in &seen {
                    index.entry(*seen_name).or_insert(*range);
                }
                by_name = Some(index);
            }
            None => {}
        }
    }
    for (i, name, value, range) in dates {
        let time_tag = crate::dates::time_tag_of(name);
        let place = || match (time_tag.and_then(|t| times.iter().find(|(n, _)| *n == t)), roster_end) {
            (Some((_, v)), _) => crate::dates::TimePlace::Present(v),
            (None, Some(at)) if time_tag.is_some() => {
                crate::dates::TimePlace::Insert(at, crate::text::LineEnding::detect(game.source()).as_str())
            }
            _ => crate::dates::TimePlace::None,
        };
        out[i] = crate::dates::with_fix(out[i].clone(), name, &value, range, place);
    }
    if mode == Mode::Export {
        export_rules(game, &seen, out);
    }
    let chess960 = match &variant {
        None => false,
        Some((v, range)) => match variant_kind(v) {
            Some(is960) => is960,
            None => {
                warn(
                    out,
                    &VARIANT_NOT_REPLAYED,
                    *range,
                    format!("moves of variant `{v}` are not replayed; only their syntax is checked"),
                );
                info.start = Start::Unknown;
                false
            }
        },
    };
    info.standard_start = fen.is_none() && !chess960 && matches!(info.start, Start::Position(_));
    setup_rules(setup.as_ref(), fen.as_ref(), out);
    if let (Some((fen, range)), Start::Position(_)) = (&fen, &info.start) {
        let mut checked = check_fen(fen, chess960);
        if checked.has_errors() && variant.is_none() {
            // Chess960 games often come without a Variant tag; their X-FEN or Shredder-FEN
            // castling letters only make sense as Chess960, so read them so when that works.
            let as960 = check_fen(fen, true);
            if !as960.has_errors() {
                checked = as960;
            }
        }
        // The castling field: the third of the FEN's space-separated fields.
        let castling = fen.split(' ').take(2).map(|f| f.len() + 1).sum::<usize>();
        let castling_len = fen.split(' ').nth(2).map_or(0, str::len);
        let field = (castling_len > 0).then(|| {
            let start = range.start() + crate::text::TextSize::from(castling as u32);
            TextRange::new(start, start + crate::text::TextSize::from(castling_len as u32))
        });
        out.extend(crate::chess::fen::one_castling_report(
            checked.problems.iter().map(|p| p.to_diagnostic(range.start())),
            field,
        ));
        // With errors the position is None: the moves are not replayed, so no knock-on errors.
        info.start = match checked.board {
            Some(board) => Start::Position(Box::new(board)),
            None => Start::Unknown,
        };
    }
    info
}

/// A string token's text without its quotes and without unescaping, so that byte offsets into
/// it are offsets into the file.
fn raw_inner(token: &str) -> &str {
    let inner = token.strip_prefix('"').unwrap_or(token);
    inner.strip_suffix('"').unwrap_or(inner)
}

/// `Some(chess960)` for variants whose moves kibitzer replays, `None` for the others.
fn variant_kind(value: &str) -> Option<bool> {
    let v = value.trim().to_ascii_lowercase();
    match v.as_str() {
        "" | "standard" | "chess" | "normal" | "from position" | "fromposition" => Some(false),
        _ if v.contains("960") || v.contains("fischer") => Some(true),
        _ => None,
    }
}

fn setup_rules(setup: Option<&(String, TextRange)>, fen: Option<&(String, TextRange)>, out: &mut Vec<Diagnostic>) {
    match (setup, fen) {
        (Some((v, range)), _) if v != "0" && v != "1" => {
            warn(out, &SETUP_VALUE, *range, format!("SetUp `{v}`: expected `0` or `1`"));
        }
        (Some((v, range)), None) if v == "1" => {
            warn(out, &SETUP_VALUE, *range, "SetUp `1` but there is no FEN tag".to_owned());
        }
        (Some((v, range)), Some(_)) if v == "0" => {
            warn(out, &SETUP_VALUE, *range, "SetUp `0` but a FEN tag gives the initial position".to_owned());
        }
        (None, Some((_, range))) => {
            warn(out, &SETUP_VALUE, *range, "FEN tag without `[SetUp \"1\"]`".to_owned());
        }
        _ => {}
    }
}

fn valid_tag_name(name: &str) -> bool {
    name.bytes().next().is_some_and(|c| c.is_ascii_alphabetic())
        && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

/// The value rules of the tag `name`, which is `tag`.
fn check_value(tag: Tag, name: &str, value: &str, range: TextRange, mode: Mode, out: &mut Vec<Diagnostic>) {
    let problem: Option<(&Rule, String)> = match tag {
        Tag::Roster(DATE) | Tag::EventDate | Tag::UtcDate => {
            crate::dates::standard_date_problem(value).map(|p| (&DATE_FORMAT, format!("{name} value `{value}`: {p}")))
        }
        Tag::Roster(ROUND) => (!valid_round(value))
            .then(|| (&ROUND_FORMAT, format!("Round value `{value}`: expected `?`, `-` or numbers joined by `.`"))),
        Tag::Roster(RESULT) => (!matches!(value, "1-0" | "0-1" | "1/2-1/2" | "*"))
            .then(|| (&RESULT_TAG_VALUE, format!("Result value `{value}`: expected `1-0`, `0-1`, `1/2-1/2` or `*`"))),
        Tag::Time | Tag::UtcTime => {
            crate::dates::standard_time_problem(value).map(|p| (&TIME_FORMAT, format!("{name} value `{value}`: {p}")))
        }
        Tag::TimeControl if !valid_time_control(value) => {
            let message = format!(
                "TimeControl value `{value}`: expected `?`, `-` or `:`-joined fields like `40/7200`, `300+2`, `*60`"
            );
            let mut d = Diagnostic::new(&TIME_CONTROL_FORMAT, range, message);
            if let Some(standard) = time_control_reading(value) {
                d = d.with_replacement(format!("Write `{standard}`"), range, standard);
            }
            out.push(d);
            None
        }
        Tag::WhiteElo | Tag::BlackElo => (!(value.is_empty() || value == "-" || value == "?" || all_digits(value)))
            .then(|| (&ELO_FORMAT, format!("{name} value `{value}`: expected a whole number (or `-` when unrated)"))),
        Tag::Eco => (!valid_eco(value))
            .then(|| (&ECO_FORMAT, format!("ECO value `{value}`: expected a code from `A00` to `E99`"))),
        Tag::Termination => termination_problem(value, mode).map(|p| (&TERMINATION_VALUE, p)),
        Tag::Mode => (!MODES.contains(&value))
            .then(|| (&MODE_VALUE, format!("Mode value `{value}`: expected one of {}", MODES.join(", ")))),
        _ => None,
    };
    if let Some((rule, message)) = problem {
        warn(out, rule, range, message);
    }
}

const TERMINATIONS: [&str; 8] =
    ["abandoned", "adjudication", "death", "emergency", "normal", "rules infraction", "time forfeit", "unterminated"];
/// PGN 9.8.1's values are accepted in any case (lichess writes `Normal`, `Time forfeit`).
/// chess.com writes a sentence instead (`alice won by resignation`, `Game drawn by repetition`,
/// `bob won on time`): import format takes it as the export of a well-known server; export
/// format wants the standard value the sentence stands for.
fn termination_problem(value: &str, mode: Mode) -> Option<String> {
    if TERMINATIONS.iter().any(|t| t.eq_ignore_ascii_case(value)) {
        return None;
    }
    let list = TERMINATIONS.join(", ");
    match chess_com_termination(value) {
        Some(_) if mode == Mode::Import => None,
        Some(standard) => Some(format!(
            "Termination value `{value}` is chess.com's sentence; export format writes `{standard}` (one of {list})"
        )),
        None => Some(format!("Termination value `{value}`: expected one of {list}")),
    }
}

/// The PGN 9.8.1 value a chess.com termination sentence stands for.
fn chess_com_termination(value: &str) -> Option<&'static str> {
    let v = value.to_ascii_lowercase();
    if v.contains(" won on time") || v.contains("drawn by timeout") {
        Some("time forfeit")
    } else if v.contains("abandon") {
        Some("abandoned")
    } else if v.contains(" won by ") || v.starts_with("game drawn by ") {
        Some("normal")
    } else {
        None
    }
}

const MODES: [&str; 5] = ["OTB", "PM", "EM", "ICS", "TC"];

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())
}

fn valid_round(value: &str) -> bool {
    value == "?" || value == "-" || value.split('.').all(all_digits)
}

/// PGN 9.6.1: `?`, `-`, or fields joined by `:` — `moves/seconds`, `seconds`,
/// `seconds+increment`, `*seconds`.
fn valid_time_control(value: &str) -> bool {
    if value == "?" || value == "-" {
        return true;
    }
    value.split(':').all(|field| {
        if let Some(s) = field.strip_prefix('*') {
            all_digits(s)
        } else if let Some((a, b)) = field.split_once('/') {
            all_digits(a) && all_digits(b)
        } else if let Some((a, b)) = field.split_once('+') {
            all_digits(a) && all_digits(b)
        } else {
            all_digits(field)
        }
    })
}

/// The one PGN 9.6.1 value that a TimeControl written another way stands for, when it has
/// exactly one (the safe fix of PGN109):
/// - a valid value with blanks around its separators or at its ends (`300 + 2` is `300+2`);
/// - one period of minutes with an increment per move in words, as lichess broadcasts of FIDE
///   events write it (`15 min. + 10 s. per move`, `15 minutes + 10 seconds increment per move,
///   starting from move 1`): the incremental field `900+10` (PGN 9.6.1's fifth kind).
///
/// Nothing else is read: cutechess's `40/60+0.5` and `10+0.05` (fractions of a second, or a
/// period with both a move count and an increment) and words for several periods or without
/// "per move" could each be written in more than one standard way.
fn time_control_reading(value: &str) -> Option<String> {
    let spaced: String = value.split_whitespace().collect();
    if spaced != value && valid_time_control(&spaced) && blanks_only_beside_separators(value) {
        return Some(spaced);
    }
    increment_in_words(value)
}

/// Every run of blanks inside `value` has a separator of PGN 9.6.1 (`/ + : *`) on one side: taking
/// the blanks out joins no two numbers into one.
fn blanks_only_beside_separators(value: &str) -> bool {
    let inner = value.trim();
    let bytes = inner.as_bytes();
    let separator = |c: u8| matches!(c, b'/' | b'+' | b':' | b'*');
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_whitespace() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            if !(separator(bytes[start - 1]) || bytes.get(i).copied().is_some_and(separator)) {
                return false;
            }
        } else {
            i += 1;
        }
    }
    true
}

/// `N min + M s per move` (with the spellings of the units in [`increment_in_words`]'s words, and
/// an optional `increment` and `starting from move 1`) as `seconds+increment`.
fn increment_in_words(value: &str) -> Option<String> {
    let lower = value.to_ascii_lowercase();
    let words = time_control_words(&lower);
    let mut words = words.iter().map(String::as_str).peekable();
    let minutes: u64 = words.next()?.parse().ok()?;
    if !matches!(words.next()?, "m" | "min" | "mins" | "minute" | "minutes") || words.next()? != "+" {
        return None;
    }
    let increment: u64 = words.next()?.parse().ok()?;
    if !matches!(words.next()?, "s" | "sec" | "secs" | "second" | "seconds") {
        return None;
    }
    words.next_if_eq(&"increment");
    let per_move = match words.next()? {
        "per" => words.next()? == "move",
        "/" => words.next()? == "move",
        _ => false,
    };
    words.next_if_eq(&",");
    words.next_if_eq(&"starting");
    // Only from the first move: an increment from a later move is a second period.
    let from_the_start = match words.next() {
        None => true,
        Some("from") => [words.next(), words.next(), words.next()] == [Some("move"), Some("1"), None],
        Some(_) => false,
    };
    (per_move && from_the_start && minutes > 0 && minutes.checked_mul(60).is_some())
        .then(|| format!("{}+{increment}", minutes * 60))
}

/// `text` as words for [`increment_in_words`]: runs of digits, runs of letters (a full stop after
/// them dropped: `min.`), and each other character but blanks on its own.
fn time_control_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        let mut word = String::from(c);
        let same =
            |a: char, b: char| (a.is_ascii_digit() && b.is_ascii_digit()) || (a.is_alphabetic() && b.is_alphabetic());
        while let Some(&next) = chars.peek().filter(|&&n| same(c, n)) {
            word.push(next);
            chars.next();
        }
        if c.is_alphabetic() && chars.peek() == Some(&'.') {
            chars.next();
        }
        words.push(word);
    }
    words
}

fn valid_eco(value: &str) -> bool {
    let b = value.as_bytes();
    if value == "?" || value.is_empty() {
        return true;
    }
    let code =
        |c: &[u8]| c.len() == 3 && (b'A'..=b'E').contains(&c[0]) && c[1].is_ascii_digit() && c[2].is_ascii_digit();
    match b.len() {
        3 => code(b),
        6 => code(&b[..3]) && b[3] == b'/' && b[4].is_ascii_digit() && b[5].is_ascii_digit(),
        _ => false,
    }
}

/// Tags in a game past which their names are looked up in a hash map rather than in order.
const MANY_TAGS: usize = 32;

/// Export format: the Seven Tag Roster present and first, then the others in ASCII order, on
/// consecutive lines.
fn export_rules(game: &Game<'_>, seen: &[(&str, TextRange, TextRange)], out: &mut Vec<Diagnostic>) {
    let anchor = game
        .tag_section()
        .map_or_else(|| TextRange::empty(game.range().start()), |s| TextRange::empty(s.range().start()));
    for name in SEVEN_TAG_ROSTER {
        if !seen.iter().any(|(seen_name, ..)| *seen_name == name) {
            warn(out, &MISSING_ROSTER_TAG, anchor, format!("the Seven Tag Roster tag `{name}` is missing"));
        }
    }
    let rank = |name: &str| SEVEN_TAG_ROSTER.iter().position(|s| *s == name).unwrap_or(SEVEN_TAG_ROSTER.len());
    for pair in seen.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (ra, rb) = (rank(a.0), rank(b.0));
        let in_order = ra < rb || (ra == rb && ra == SEVEN_TAG_ROSTER.len() && a.0 <= b.0);
        if !in_order {
            // One report per game: after the first misplaced tag the rest follows from it.
            warn(
                out,
                &TAG_ORDER,
                b.1,
                format!("tag `{}` comes after `{}`; export order is the Seven Tag Roster, then the other tags in ASCII order", b.0, a.0),
            );
            break;
        }
    }
    if let Some(section) = game.tag_section() {
        let mut last_tag_end = None;
        // The end of the child before: the blanks and line breaks from there to the next child
        // (they have no events) are what stands between them.
        let mut previous_end = section.range().start();
        for e in section.children() {
            let gap = TextRange::new(previous_end, e.range().start());
            previous_end = e.range().end();
            if e.kind() != SyntaxKind::TAG {
                continue;
            }
            let newlines = section.blanks(gap).filter(|t| t.kind == SyntaxKind::NEWLINE).count();
            if newlines > 1 {
                if let Some(end) = last_tag_end {
                    warn(
                        out,
                        &BLANK_LINE_IN_TAGS,
                        TextRange::new(end, e.range().start()),
                        "empty line between tag pairs".to_owned(),
                    );
                }
            }
            last_tag_end = Some(e.range().end());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A repeated tag is reported at each repetition, pointing at its first appearance, whether
    /// the rules know its name (of the roster or not) or not; names alike but for case, and
    /// tags the rules know that share no name, are not repetitions.
    #[test]
    fn every_repetition_of_a_tag_points_at_its_first() {
        let text = "[Event \"a\"]\n[ECO \"A00\"]\n[Annotator \"x\"]\n[event \"b\"]\n[Site \"?\"]\n\
                    [Event \"c\"]\n[ECO \"A01\"]\n[Annotator \"y\"]\n[Event \"d\"]\n\n1. e4 *\n";
        let at = |needle: &str| {
            let start = text.find(needle).unwrap() as u32 + 1;
            TextRange::at(start.into(), ((needle.len() - 1) as u32).into())
        };
        let nth = |needle: &str, n: usize| {
            let start = text.match_indices(needle).nth(n).unwrap().0 as u32 + 1;
            TextRange::at(start.into(), ((needle.len() - 1) as u32).into())
        };
        let repeated: Vec<(TextRange, TextRange)> = crate::pgn::check(text, &Default::default())
            .into_iter()
            .filter(|d| d.code == DUPLICATE_TAG.code)
            .map(|d| (d.range, d.related[0].range))
            .collect();
        assert_eq!(
            repeated,
            [
                (nth("[Event", 1), at("[Event")),
                (nth("[ECO", 1), at("[ECO")),
                (nth("[Annotator", 1), at("[Annotator")),
                (nth("[Event", 2), at("[Event")),
            ]
        );
    }

    #[test]
    fn value_formats() {
        assert!(valid_round("3.1.2") && valid_round("?") && !valid_round("3.") && !valid_round("R3"));
        assert!(valid_time_control("40/7200:3600") && valid_time_control("300+2") && valid_time_control("*60"));
        assert!(!valid_time_control("40/") && !valid_time_control("5 min"));
        assert_eq!(termination_problem("Time forfeit", Mode::Export), None);
        assert_eq!(termination_problem("alice_k won by checkmate", Mode::Import), None);
        assert_eq!(termination_problem("Game drawn by repetition", Mode::Import), None);
        let export = termination_problem("bob_r won on time", Mode::Export).unwrap();
        assert!(export.contains("writes `time forfeit`"), "{export}");
        assert!(termination_problem("won", Mode::Import).is_some());
        assert!(valid_eco("E99") && valid_eco("B12/01") && !valid_eco("F00") && !valid_eco("A1"));
    }

    /// The TimeControl spellings with one standard reading, and some that have none.
    #[test]
    fn time_control_readings() {
        let read = |v: &str| time_control_reading(v);
        assert_eq!(read("15 min. + 10 s. per move").as_deref(), Some("900+10"));
        assert_eq!(read("15 minutes + 10 seconds increment per move, starting from move 1").as_deref(), Some("900+10"));
        assert_eq!(read("3min+2sec/move").as_deref(), Some("180+2"));
        assert_eq!(read("90 Min + 30 Sec per move from move 1").as_deref(), Some("5400+30"));
        assert_eq!(read(" 300 + 2 ").as_deref(), Some("300+2"));
        assert_eq!(read("40/7200 : 3600").as_deref(), Some("40/7200:3600"));
        for none in [
            "40/60+0.5",                                    // cutechess: a period with moves and an increment
            "10+0.05",                                      // a fraction of a second
            "1 5+0",                                        // blanks between digits: which number?
            "90 min",                                       // one period, or the whole game?
            "15 min + 10 s",                                // no "per move"
            "90 min + 30 s per move from move 41",          // a second period
            "90 min/40 moves + 30 min + 30 s per move",     // several periods
            "0 min + 1 s per move",                         // no time at all is not `0+1`'s reading
            "15 min. + 10 s. per move, then a lunch break", // more words
            "40 moves in 2 hours",
        ] {
            assert_eq!(read(none), None, "{none}");
        }
    }
}
