//! Tag names and tag values (PBN 3.3, 3.4, 4): each value checked against the form its tag
//! defines, and the typed facts the later checks need.

use super::context::{Facts, Sink};
use crate::bridge::score::Vulnerability;
use crate::diagnostic::Diagnostic;
use crate::pbn::model::{self, parse_deal, Contract, Denomination, Game, Seat, Tag};
use crate::text::is_one_of;

crate::diagnostic::declare_rules! {
    SECTION_AFTER_TAG = "PBN006" "unexpected-section" Warning Import "PBN 5.1"
        "Section data after a tag that takes none."
        "Only Auction, Play, tables and user-defined sections carry data after the tag pair; data after an identification tag is usually a broken tag or a stray line."
        bad: "[Board \"1\"] 12\n", good: "[Board \"1\"]\n";
    UNKNOWN_TAG = "PBN100" "unknown-tag" Information Import "PBN 4.9"
        "A tag that neither the standard nor a known program defines."
        "Programs skip unknown tags; a misspelt standard tag is lost that way."
        bad: "[Wrong \"x\"]", good: "[Event \"x\"]";
    TAG_NAME_CASE = "PBN101" "tag-name-case" Error Import "PBN 3.3"
        "A tag name that does not start with an upper-case letter."
        "All tag names begin with an upper case letter."
        bad: "[event \"x\"]", good: "[Event \"x\"]";
    DUPLICATE_TAG = "PBN102" "duplicate-tag" Warning Import "PBN 3.4"
        "A tag given twice in a game: the later one is ignored."
        "In import format a tag pair that already occurred is ignored; in export format tags occur once."
        bad: "[Site \"A\"]\n[Site \"B\"]", good: "[Site \"A\"]";
    INVALID_DATE = "PBN103" "invalid-date" Error Import "PBN 3.4.3"
        "A date that is not `YYYY.MM.DD` (with `?` for unknown digits)."
        "Date, EventDate and UTCDate use ten characters: four digits, a dot, two, a dot, two."
        bad: "[Date \"95.06.10\"]", good: "[Date \"1995.06.10\"]";
    INVALID_BOARD = "PBN104" "invalid-board" Error Import "PBN 3.4.4"
        "A Board value that is not a positive integer."
        "The Board tag value is a positive integer."
        bad: "[Board \"A\"]", good: "[Board \"1\"]";
    INVALID_SEAT = "PBN105" "invalid-seat" Error Import "PBN 3.4.9"
        "A direction that is not W, N, E or S."
        "Dealer, Declarer, Auction and Play name a direction (Declarer may be `^` + direction, or empty when passed out)."
        bad: "[Dealer \"Black\"]", good: "[Dealer \"N\"]";
    INVALID_VULNERABLE = "PBN106" "invalid-vulnerable" Error Import "PBN 3.4.10"
        "A Vulnerable value that is none of None, Love, -, NS, EW, All, Both."
        "The Vulnerable tag value names who is vulnerable."
        bad: "[Vulnerable \"E\"]", good: "[Vulnerable \"EW\"]";
    INVALID_CONTRACT = "PBN107" "invalid-contract" Error Import "PBN 3.4.14"
        "A Contract that is not `Pass` or `<1-7><S|H|D|C|NT><|X|XX>`."
        "The Contract tag value is `Pass` or a level, a denomination and a risk (end positions give the denomination only)."
        bad: "[Contract \"5Hearts\"]", good: "[Contract \"5H\"]";
    INVALID_RESULT = "PBN108" "invalid-result" Error Import "PBN 3.4.15"
        "A Result that is none of the five forms, or whose tricks do not add up."
        "Result is `<n>`, `NS <n>`, `EW <n>`, or both sides (adding up to 13), optionally after `^`; n is 0..13."
        bad: "[Result \"NS 9 EW 2\"]", good: "[Result \"NS 9 EW 4\"]";
    INVALID_SCORE = "PBN109" "invalid-score" Error Import "PBN 4.2"
        "A Score, ScoreIMP, ScoreMP, ScorePercentage, ScoreRubber or OptimumScore value of the wrong form."
        "Scores are `<score>`, `NS <score>`, `EW <score>` or both sides; the number's form depends on the tag (integer, decimal, percentage 0..100, `above/below`)."
        bad: "[Score \"10.a\"]", good: "[Score \"NS 420\"]";
    INVALID_TAG_VALUE = "PBN110" "invalid-tag-value" Error Import "PBN 4"
        "A tag value outside the values the standard defines for the tag."
        "Round, Time, FrenchMP, Room, Hidden, TimeControl, TimeCall, TimeCard and DoubleDummyTricks have fixed forms."
        bad: "[Round \"-1\"]", good: "[Round \"1\"]";
    UNKNOWN_TAG_VALUE = "PBN111" "unknown-tag-value" Information Import "PBN 3.4.12"
        "A Scoring, Mode or Competition value the standard does not list."
        "These values are open-ended; an unknown one may be a typo."
        bad: "[Scoring \"IMP;??\"]", good: "[Scoring \"IMP\"]";
    DEAL_SYNTAX = "PBN200" "deal-syntax" Error Import "PBN 3.4.11"
        "A Deal value that is not `<seat>:<hand> <hand> <hand> <hand>`."
        "Hands are four dot-separated suits of ranks A K Q J T 9..2, or `-`, separated by single spaces."
        bad: "[Deal \"W:vKQT2.AT.J6542.85 - - -\"]", good: "[Deal \"W:KQT2.AT.J6542.85 - - -\"]";
    EXPORT_DUPLICATE_TAG = "PBN802" "export-duplicate-tag" Error Export "PBN 3.4"
        "Export format: a tag given twice."
        "In export format tag pairs may only occur once."
        bad: "[Site \"A\"]\n[Site \"A\"]", good: "[Site \"A\"]";
}

/// The mandatory tag set, in export order (PBN 3.4).
pub(crate) const MTS: [&str; 15] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
];

/// Supplemental tags and sections of PBN 2.1 chapters 3-5 (the tables are [`model::TABLES`]).
const STANDARD: &[&str] = &[
    "Auction",
    "Play",
    "Note",
    "Competition",
    "DealId",
    "Description",
    "FrenchMP",
    "Generator",
    "Hidden",
    "Room",
    "Termination",
    "Score",
    "ScoreIMP",
    "ScoreMP",
    "ScorePercentage",
    "ScoreRubber",
    "ScoreRubberHistory",
    "OptimumScore",
    "BidSystemEW",
    "BidSystemNS",
    "PairEW",
    "PairNS",
    "WestNA",
    "NorthNA",
    "EastNA",
    "SouthNA",
    "WestType",
    "NorthType",
    "EastType",
    "SouthType",
    "EventDate",
    "EventSponsor",
    "HomeTeam",
    "Round",
    "Section",
    "Stage",
    "Table",
    "VisitTeam",
    "Time",
    "UTCDate",
    "UTCTime",
    "TimeControl",
    "TimeCall",
    "TimeCard",
    "Annotator",
    "AnnotatorNA",
    "Application",
    "Mode",
];

/// Tags written by widely used programs (BridgeComposer, Dealer, JFR/BCDD, BBO, RealBridge…):
/// accepted silently.
const VENDOR: &[&str] = &[
    "BCFlags",
    "DoubleDummyTricks",
    "ParScore",
    "ParContract",
    "Ability",
    "Minimax",
    "OptimumContract",
    "Analysis",
    "BidSystem",
    "Lead",
    "Club",
    "Info",
    "Teams",
    "Venue",
    "ContractRank",
    "Contest",
    "PlayerEW",
    "PlayerNS",
    "ScoreTotal",
    "ScoreNS",
    "ScoreEW",
    "IMP",
    "EventType",
    "Match",
    "Segment",
    "PlayScript",
];

/// Whether the standard or a widely used program defines a tag of this name. Asked of every
/// tag of every game, by a search through the lists that compares lengths first: a set of the
/// seventy names (`FxHashSet`) cost 130 instructions a lookup where the search costs 80.
pub(crate) fn is_known_tag(name: &str) -> bool {
    is_one_of(name, &MTS) || is_one_of(name, STANDARD) || is_one_of(name, &model::TABLES) || is_one_of(name, VENDOR)
}

/// Tag-name case, unknown tags and duplicates.
pub(super) fn check_names(game: &Game<'_>, sink: &mut Sink) {
    for (i, tag) in game.tags.iter().enumerate() {
        let first = tag.first_of_name;
        if tag.name.is_empty() {
            continue;
        }
        if !tag.name.starts_with(|c: char| c.is_ascii_uppercase()) {
            let fixed = capitalise(tag.name);
            sink.push(
                crate::diagnostic::Diagnostic::new(
                    &TAG_NAME_CASE,
                    tag.name_range,
                    format!("tag name `{}` does not start with an upper-case letter", tag.name),
                )
                .with_replacement(format!("Rename to `{fixed}`"), tag.name_range, fixed),
            );
        } else if !is_known_tag(tag.name) {
            sink.report(&UNKNOWN_TAG, tag.name_range, format!("unknown tag `{}`", tag.name));
        }
        check_section_allowed(tag, sink);
        if tag.name == "Note" {
            continue;
        }
        if let Some(first) = (first < i).then(|| &game.tags[first]) {
            let rule = if sink.export { &EXPORT_DUPLICATE_TAG } else { &DUPLICATE_TAG };
            sink.push(
                crate::diagnostic::Diagnostic::new(
                    rule,
                    tag.name_range,
                    format!("tag `{}` is given twice in this game; this one is ignored", tag.name),
                )
                .with_related(first.name_range, "first given here"),
            );
        }
    }
}

/// Section data after a tag that defines none (an identification tag, a note): usually a broken
/// tag or a stray line. Unknown tags may be user-defined sections (PBN 5.1).
fn check_section_allowed(tag: &Tag<'_>, sink: &mut Sink) {
    // Characters no token accepts are already reported by the parser.
    let mut items = tag.section_items().filter(|t| t.kind != crate::pbn::syntax_kind::SyntaxKind::ERROR);
    let Some(first) = items.next() else { return };
    // Asked only of a tag with a section: most tags have none, and this is a search of lists.
    let takes_section = matches!(tag.name, "Auction" | "Play")
        || is_one_of(tag.name, &crate::pbn::model::TABLES)
        || !is_known_tag(tag.name);
    if takes_section {
        return;
    }
    let last = items.last().unwrap_or(first);
    sink.report(
        &SECTION_AFTER_TAG,
        first.range.cover(last.range),
        format!("data after the {} tag, which takes no section", tag.name),
    );
}

fn capitalise(name: &str) -> String {
    let mut c = name.chars();
    c.next().map_or_else(String::new, |f| f.to_ascii_uppercase().to_string() + c.as_str())
}

/// A literal value to check: the tag's value, or the text after `##`; `None` for `#`.
fn literal<'a>(tag: &Tag<'a>) -> Option<(&'a str, usize)> {
    if tag.value == "#" {
        None
    } else if let Some(rest) = tag.value.strip_prefix("##") {
        Some((rest, 2))
    } else {
        Some((tag.value, 0))
    }
}

/// `""` or `"?"`: an inappropriate or unknown MTS value (PBN 3.4).
fn is_placeholder(v: &str) -> bool {
    v.is_empty() || v == "?"
}

/// Checks every (first) tag's value and returns the typed facts.
// One arm per tag, each reading as that tag's rule (placeholder test included).
#[allow(clippy::collapsible_match)]
pub(crate) fn check_values(game: &Game<'_>, sink: &mut Sink) -> Facts {
    let mut facts = Facts::default();
    // Every Note is checked; of other names, the first tag only.
    for tag in game.tags.iter().filter(|t| t.well_formed) {
        if tag.name != "Note" && !tag.counts {
            continue;
        }
        // Byte by byte: most values are a few characters, too short for a vector search.
        if let Some(i) = tag.value.bytes().position(|b| b == b'\t') {
            sink.report(
                &crate::pbn::check::lines::CONTROL_CHARACTER,
                tag.sub_range(i, i + 1),
                format!("tab inside the {} value: strings hold printing characters only", tag.name),
            );
        }
        let Some((v, offset)) = literal(tag) else { continue };
        let whole = tag.sub_range(offset, offset + v.len());
        let mut bad = |rule: &'static crate::diagnostic::Rule, message: String| sink.report(rule, whole, message);
        match tag.name {
            "Date" | "EventDate" | "UTCDate" => {
                if !is_placeholder(v) {
                    if let Some(why) = crate::dates::standard_date_problem(v) {
                        let message = [tag.name, " value `", v, "`: ", &why].concat();
                        let d = Diagnostic::new(&INVALID_DATE, whole, message);
                        sink.push(crate::dates::with_fix(d, tag.name, v, whole, || time_place(game, tag.name)));
                    }
                }
            }
            "Time" | "UTCTime" => {
                if let Some(why) = crate::dates::standard_time_problem(v).filter(|_| !is_placeholder(v)) {
                    bad(&INVALID_TAG_VALUE, format!("{} value `{v}`: {why}", tag.name));
                }
            }
            "Board" => {
                if !is_placeholder(v) {
                    match v.parse::<u32>() {
                        Ok(n) if n > 0 && v.bytes().all(|b| b.is_ascii_digit()) => facts.board = Some(n),
                        _ => bad(&INVALID_BOARD, format!("Board value `{v}` is not a positive integer")),
                    }
                }
            }
            "Dealer" => {
                if !is_placeholder(v) {
                    match Seat::parse(v) {
                        Some(s) => facts.dealer = Some(s),
                        None => bad(&INVALID_SEAT, format!("Dealer value `{v}` is not W, N, E or S")),
                    }
                }
            }
            "Auction" | "Play" => {
                // `[Play ""]` with no cards: a program's way of saying there is no play.
                let empty_section = v.is_empty() && tag.section_items().next().is_none();
                if Seat::parse(v).is_none() && !empty_section {
                    bad(&INVALID_SEAT, format!("{} value `{v}` is not W, N, E or S", tag.name));
                }
            }
            "Declarer" => {
                if v == "?" {
                } else if v.is_empty() {
                    facts.passed_out = true;
                } else {
                    let (swap, seat) = v.strip_prefix('^').map_or((false, v), |s| (true, s));
                    match Seat::parse(seat) {
                        Some(s) => facts.declarer = Some((s, swap)),
                        None => {
                            bad(&INVALID_SEAT, format!("Declarer value `{v}` is not W, N, E, S or ^ and one of them"))
                        }
                    }
                }
            }
            "Vulnerable" => {
                if !is_placeholder(v) {
                    match Vulnerability::parse(v) {
                        Some(x) => facts.vulnerable = Some(x),
                        None => {
                            let message = format!("Vulnerable value `{v}` is not None, Love, -, NS, EW, All or Both");
                            let d = Diagnostic::new(&INVALID_VULNERABLE, whole, message);
                            // The game is checked under the one reading the fix writes.
                            sink.push(match vulnerable_spelling(v) {
                                Some(fixed) => {
                                    facts.vulnerable = Vulnerability::parse(&fixed);
                                    d.with_replacement(format!("Replace with `{fixed}`"), whole, fixed)
                                }
                                None => d,
                            });
                        }
                    }
                }
            }
            "Deal" => {
                if !is_placeholder(v) {
                    match parse_deal(v) {
                        Ok(d) => facts.deal = Some(d),
                        Err(e) => sink.report(
                            &DEAL_SYNTAX,
                            tag.sub_range(offset + e.start, offset + e.end.max(e.start)),
                            format!("Deal value: {}", e.message),
                        ),
                    }
                }
            }
            "Contract" => check_contract(tag, v, offset, &mut facts, sink),
            "Result" => check_result(tag, v, offset, &mut facts, sink),
            "Score" | "ScoreIMP" | "ScoreMP" | "ScorePercentage" | "ScoreRubber" | "OptimumScore" => {
                if !is_placeholder(v) {
                    if let Err(why) = check_score_value(tag.name, v) {
                        bad(&INVALID_SCORE, format!("{} value `{v}`: {why}", tag.name));
                    }
                }
            }
            "Round" => {
                if !is_placeholder(v)
                    && !v.split('.').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
                {
                    bad(
                        &INVALID_TAG_VALUE,
                        format!("Round value `{v}`: use letters, digits and `_`, parts separated by `.`"),
                    );
                }
            }
            "FrenchMP" => {
                if !matches!(v, "Yes" | "No" | "") {
                    bad(&INVALID_TAG_VALUE, format!("FrenchMP value `{v}` is not Yes or No"));
                }
            }
            "Room" => {
                if !matches!(v, "Open" | "Closed" | "" | "?") {
                    bad(&INVALID_TAG_VALUE, format!("Room value `{v}` is not Open or Closed"));
                }
            }
            "Hidden" => {
                if !v.chars().all(|c| Seat::from_char(c).is_some()) {
                    bad(&INVALID_TAG_VALUE, format!("Hidden value `{v}` may only hold W, N, E and S"));
                }
            }
            "TimeControl" => {
                let ok = v.is_empty() || v.split_once('/').is_some_and(|(a, b)| is_uint(a) && is_uint(b));
                if !ok {
                    bad(&INVALID_TAG_VALUE, format!("TimeControl value `{v}` is not <games>/<minutes>"));
                }
            }
            "TimeCall" | "TimeCard" => {
                if !v.is_empty() && !is_uint(v) {
                    bad(&INVALID_TAG_VALUE, format!("{} value `{v}` is not a number of seconds", tag.name));
                }
            }
            "DoubleDummyTricks" => {
                if !(is_placeholder(v) || v.len() == 20 && v.bytes().all(|b| b.is_ascii_hexdigit())) {
                    bad(&INVALID_TAG_VALUE, format!("DoubleDummyTricks value `{v}` is not 20 hex digits"));
                }
            }
            "Scoring" => check_scoring(tag, v, offset, sink),
            "Mode" => {
                if !matches!(v, "EM" | "IBS" | "OKB" | "TABLE" | "TC" | "" | "?") {
                    bad(&UNKNOWN_TAG_VALUE, format!("Mode value `{v}` is none of EM, IBS, OKB, TABLE, TC"));
                }
            }
            "Competition" => {
                if !matches!(v, "Cavendish" | "Chicago" | "Individuals" | "Pairs" | "Rubber" | "Teams" | "" | "?") {
                    bad(
                        &UNKNOWN_TAG_VALUE,
                        format!(
                            "Competition value `{v}` is none of Cavendish, Chicago, Individuals, Pairs, Rubber, Teams"
                        ),
                    );
                }
            }
            "Note" => {
                let ok = v
                    .split_once(':')
                    .is_some_and(|(n, _)| n.parse::<u8>().is_ok_and(|n| (1..=32).contains(&n)) && is_uint(n));
                if !ok {
                    bad(
                        &crate::pbn::check::notes::INVALID_NOTE_TAG,
                        format!("Note value `{v}` is not `<1-32>:<text>`"),
                    );
                }
            }
            _ => {}
        }
    }
    facts
}

/// Where the time of the date tag `date_tag` goes when a fix moves it out of the date
/// ([`crate::dates`]): the game's time tag when it has one, else a new tag line after the last
/// tag of the mandatory set (export order kept), with the line end of the game.
fn time_place<'a>(game: &'a Game<'_>, date_tag: &str) -> crate::dates::TimePlace<'a> {
    let Some(time_tag) = crate::dates::time_tag_of(date_tag) else { return crate::dates::TimePlace::None };
    if let Some(t) = game.tags.iter().find(|t| t.well_formed && t.name == time_tag) {
        return crate::dates::TimePlace::Present(t.value);
    }
    let Some(last) = game.tags.iter().rev().find(|t| t.well_formed && is_one_of(t.name, &MTS)) else {
        return crate::dates::TimePlace::None;
    };
    let eol =
        game.tags.iter().flat_map(|t| &t.section).find_map(|t| t.text.find(['\r', '\n']).map(|i| &t.text[i..])).map_or(
            "\n",
            |rest| {
                if rest.starts_with("\r\n") {
                    "\r\n"
                } else if rest.starts_with('\r') {
                    "\r"
                } else {
                    "\n"
                }
            },
        );
    crate::dates::TimePlace::Insert(last.range.end(), eol)
}

/// A Vulnerable value as some programs write it: with blanks around it (BridgeNZ txt2pbn's
/// `"None "`, `"Both "`) or a dash or slash between the seats of the side (`N-S `, `E/W`). Each
/// has one standard spelling: the word without its blanks, `NS`, `EW`. `None` for any other value
/// (`E` alone names no side).
fn vulnerable_spelling(v: &str) -> Option<String> {
    let word = v.trim_matches(' ');
    if word != v && Vulnerability::parse(word).is_some() {
        return Some(word.to_owned());
    }
    match word.to_ascii_uppercase().as_bytes() {
        [b'N', b'-' | b'/', b'S'] => Some("NS".to_owned()),
        [b'E', b'-' | b'/', b'W'] => Some("EW".to_owned()),
        _ => None,
    }
}

fn is_uint(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

fn check_contract(tag: &Tag<'_>, v: &str, offset: usize, facts: &mut Facts, sink: &mut Sink) {
    let range = tag.sub_range(offset, offset + v.len());
    if is_placeholder(v) {
        return;
    }
    if v.eq_ignore_ascii_case("pass") {
        facts.passed_out = true;
        return;
    }
    if let Some(c) = Contract::parse(v) {
        facts.contract = Some(c);
        return;
    }
    if let Some(d) = Denomination::parse(v) {
        facts.end_position_trump = Some(d);
        return;
    }
    // Producers' spellings with one standard reading, under which the game is checked: `1N`
    // (no trump as `N`, a common shorthand) and `5DR` (`R` for the redouble, BBO's call).
    let redoubled_as_r = Contract::parse_redouble_as_r(v);
    if let Some(c) = redoubled_as_r.or_else(|| Contract::parse_short_notrump(v)) {
        facts.contract = Some(c);
        let notrump_as_n = c.denomination == Denomination::NoTrump && !v.to_ascii_uppercase().contains("NT");
        let why = match (notrump_as_n, redoubled_as_r.is_some()) {
            (true, true) => "no trump is `NT`, not `N`, and a redouble is `XX`, not `R`",
            (false, true) => "a redouble is `XX`, not `R`",
            _ => "no trump is `NT`, not `N`",
        };
        sink.push(
            crate::diagnostic::Diagnostic::new(&INVALID_CONTRACT, range, format!("Contract value `{v}`: {why}"))
                .with_replacement(format!("Replace with `{c}`"), range, c.to_string()),
        );
        return;
    }
    sink.report(&INVALID_CONTRACT, range, format!("Contract value `{v}` is not Pass or <1-7><S|H|D|C|NT><|X|XX>"));
}

fn check_result(tag: &Tag<'_>, v: &str, offset: usize, facts: &mut Facts, sink: &mut Sink) {
    let range = tag.sub_range(offset, offset + v.len());
    if is_placeholder(v) {
        return;
    }
    let (irregular, body) = v.strip_prefix('^').map_or((false, v), |b| (true, b));
    facts.result_irregular = irregular;
    let words: Vec<&str> = body.split(' ').collect();
    let tricks = |s: &str| s.parse::<u8>().ok().filter(|&n| n <= 13 && is_uint(s));
    let mut bad = |msg: String| sink.report(&INVALID_RESULT, range, format!("Result value `{v}`: {msg}"));
    match words.as_slice() {
        [n] => match tricks(n) {
            Some(t) => facts.result = Some(t),
            None => bad("expected the number of tricks 0..13".to_owned()),
        },
        [side, n] if matches!(*side, "NS" | "EW") => match tricks(n) {
            Some(t) => {
                if let Some((decl, _)) = facts.declarer {
                    let declarer_side = if decl.is_ns() { "NS" } else { "EW" };
                    facts.result = Some(if *side == declarer_side { t } else { 13 - t });
                }
            }
            None => bad("expected the number of tricks 0..13".to_owned()),
        },
        [s1, n1, s2, n2] if matches!((*s1, *s2), ("NS", "EW") | ("EW", "NS")) => match (tricks(n1), tricks(n2)) {
            (Some(a), Some(b)) if a + b == 13 => {
                if let Some((decl, _)) = facts.declarer {
                    let declarer_side = if decl.is_ns() { "NS" } else { "EW" };
                    facts.result = Some(if *s1 == declarer_side { a } else { b });
                }
            }
            (Some(a), Some(b)) => bad(format!("the tricks add up to {}, not 13", a + b)),
            _ => bad("expected the number of tricks 0..13".to_owned()),
        },
        _ => bad("expected `<tricks>`, `NS <tricks>`, `EW <tricks>` or both sides".to_owned()),
    }
}

/// The five score forms of PBN 4.2.1 (OptimumScore: without the bare form), with the number
/// syntax of each tag.
fn check_score_value(tag: &str, v: &str) -> Result<(), String> {
    let number_ok = |s: &str| -> bool {
        match tag {
            "Score" | "OptimumScore" => parse_int(s).is_some(),
            "ScoreIMP" | "ScoreMP" => parse_decimal(s).is_some(),
            "ScorePercentage" => parse_decimal(s).is_some_and(|x| (0.0..=100.0).contains(&x)),
            "ScoreRubber" => s.split_once('/').is_some_and(|(a, b)| is_uint(a) && is_uint(b)),
            _ => true,
        }
    };
    let expected = match tag {
        "Score" | "OptimumScore" => "an integer",
        "ScoreIMP" | "ScoreMP" => "a number (decimal point allowed)",
        "ScorePercentage" => "a percentage 0..100",
        _ => "<above>/<below>",
    };
    // Import format is lenient about spaces: `50 / 70` is one rubber score, trailing spaces pass.
    let spaced = if tag == "ScoreRubber" { v.replace(" /", "/").replace("/ ", "/") } else { v.to_owned() };
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let ok = match words.as_slice() {
        [n] => tag != "OptimumScore" && number_ok(n),
        [side, n] => matches!(*side, "NS" | "EW") && number_ok(n),
        [s1, n1, s2, n2] => matches!((*s1, *s2), ("NS", "EW") | ("EW", "NS")) && number_ok(n1) && number_ok(n2),
        _ => false,
    };
    if ok {
        Ok(())
    } else if tag == "OptimumScore" {
        Err(format!("expected `NS <score>`, `EW <score>` or both, with {expected}"))
    } else {
        Err(format!("expected `<score>`, `NS <score>`, `EW <score>` or both, with {expected}"))
    }
}

pub(crate) fn parse_int(s: &str) -> Option<i32> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    if !is_uint(digits) {
        return None;
    }
    s.parse().ok()
}

pub(crate) fn parse_decimal(s: &str) -> Option<f64> {
    let digits = s.strip_prefix(['-', '+']).unwrap_or(s);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, "0"));
    // `50.` is a decimal too (the Verifier's reference files use it).
    if !is_uint(int) || !(frac.is_empty() || is_uint(frac)) {
        return None;
    }
    s.trim_end_matches('.').parse().ok()
}

const SCORING_KNOWN: &[&str] = &[
    "MP",
    "MatchPoints",
    "IMP",
    "Cavendish",
    "Chicago",
    "Rubber",
    "BAM",
    "Instant",
    "Butler",
    "Butler-2",
    "Experts",
    "Cross",
    "Cross1",
    "Cross2",
    "Mean",
    "Median",
    "MP1",
    "MP2",
    "OldMP",
    "Mitchell2",
    "Mitchell3",
    "Mitchell4",
    "Ascherman",
    "Bastille",
    "EMP",
    "IMP_1948",
    "IMP_1961",
];

fn check_scoring(tag: &Tag<'_>, v: &str, offset: usize, sink: &mut Sink) {
    if is_placeholder(v) {
        return;
    }
    let mut pos = offset;
    for field in v.split(';') {
        let range = tag.sub_range(pos, pos + field.len());
        if field.is_empty() {
            sink.report(
                &UNKNOWN_TAG_VALUE,
                tag.sub_range(offset, offset + v.len()),
                format!("Scoring value `{v}` has an empty field"),
            );
            return;
        }
        if !SCORING_KNOWN.iter().any(|k| k.eq_ignore_ascii_case(field)) {
            sink.report(
                &UNKNOWN_TAG_VALUE,
                range,
                format!("Scoring field `{field}` is not a scoring system or modifier the standard lists"),
            );
        }
        pos += field.len() + 1;
    }
}

#[cfg(test)]
mod tests {
    use crate::config::CheckOptions;
    use crate::diagnostic::{apply_edits, Applicability};

    /// The known tag names are every name of the four lists, and no other spelling of one of
    /// them.
    #[test]
    fn known_tags_are_the_names_of_the_lists() {
        use super::{is_known_tag, model, MTS, STANDARD, VENDOR};
        let lists: [&[&str]; 4] = [&MTS, STANDARD, &model::TABLES, VENDOR];
        for name in lists.into_iter().flatten() {
            assert!(is_known_tag(name), "{name}");
            assert!(!is_known_tag(&name.to_lowercase()) && !is_known_tag(&format!("{name}s")), "{name}");
        }
        assert!(!is_known_tag("") && !is_known_tag("Evnet"));
    }

    /// The diagnostics of `code` on `text`: their messages, and the text with their safe fixes.
    fn fixed(text: &str, code: &str) -> (Vec<String>, String) {
        let found: Vec<_> =
            crate::pbn::check(text, &CheckOptions::default()).into_iter().filter(|d| d.code == code).collect();
        let fixes: Vec<_> = found.iter().filter_map(|d| d.fix.as_ref()).collect();
        assert!(fixes.iter().all(|f| f.applicability == Applicability::Safe));
        let edits: Vec<_> = fixes.iter().flat_map(|f| f.edits.clone()).collect();
        (found.into_iter().map(|d| d.message).collect(), apply_edits(text, &edits).0)
    }

    #[test]
    fn a_vulnerable_value_with_blanks_or_a_dash_has_its_standard_spelling_as_fix() {
        for (written, standard) in
            [("None ", "None"), ("Both ", "Both"), ("N-S ", "NS"), ("E-W ", "EW"), (" n/s", "NS"), ("E/W", "EW")]
        {
            let text = format!("[Vulnerable \"{written}\"]\n");
            let (messages, after) = fixed(&text, "PBN106");
            assert_eq!(messages.len(), 1, "{written:?}");
            assert_eq!(after, format!("[Vulnerable \"{standard}\"]\n"), "{written:?}");
        }
        // A seat alone, or both sides run together, names no one side: no fix.
        for written in ["E", "NSEW", "N-E", "N--S", " "] {
            let text = format!("[Vulnerable \"{written}\"]\n");
            let (messages, after) = fixed(&text, "PBN106");
            assert_eq!(messages.len(), 1, "{written:?}");
            assert_eq!(after, text, "{written:?}");
        }
    }

    #[test]
    fn a_contract_redoubled_with_r_is_fixed_to_xx() {
        for (written, standard, message) in [
            ("5DR", "5DXX", "Contract value `5DR`: a redouble is `XX`, not `R`"),
            ("4sr", "4SXX", "Contract value `4sr`: a redouble is `XX`, not `R`"),
            ("3NR", "3NTXX", "Contract value `3NR`: no trump is `NT`, not `N`, and a redouble is `XX`, not `R`"),
        ] {
            let text = format!("[Contract \"{written}\"]\n");
            let (messages, after) = fixed(&text, "PBN107");
            assert_eq!(messages, [message]);
            assert_eq!(after, format!("[Contract \"{standard}\"]\n"));
        }
        // Words the standard has no reading of stay as they are.
        for written in ["5HEARTSR", "5DXR", "8SR"] {
            let text = format!("[Contract \"{written}\"]\n");
            let (messages, after) = fixed(&text, "PBN107");
            assert_eq!(messages, [format!("Contract value `{written}` is not Pass or <1-7><S|H|D|C|NT><|X|XX>")]);
            assert_eq!(after, text);
        }
    }
}
