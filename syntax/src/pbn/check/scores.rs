//! Result against the play, Score against the duplicate score of contract and result (Law 77),
//! Dealer and Vulnerable against the board number (Law 2), ScoreRubberHistory against
//! Vulnerable (PBN 4.2.6).

use super::context::{Facts, Sink};
use super::play::Tricks;
use super::values::parse_int;
use crate::bridge::score::{board_rotation, duplicate_score, imps, Vulnerability};
use crate::diagnostic::Diagnostic;
use crate::pbn::model::{Game, Seat};
use crate::text::TextRange;

crate::diagnostic::declare_rules! {
    RESULT_MISMATCH = "PBN410" "result-mismatch" Error Import "PBN 3.4.15"
        "The Result differs from the tricks won in the play."
        "After a complete play the Result is declarer's tricks; a partial Result cannot be below the tricks won already."
        bad: "[Result \"4\"] with 9 tricks won", good: "[Result \"9\"]";
    RESULT_WITHOUT_CONTRACT = "PBN411" "result-without-contract" Error Import "PBN 3.4.15"
        "A Result or Declarer where the deal was passed out, or a Result without a declarer."
        "When all four players pass, Declarer and Result are empty."
        bad: "[Contract \"Pass\"]\n[Result \"1\"]", good: "[Contract \"Pass\"]\n[Result \"\"]";
    SCORE_MISMATCH = "PBN600" "score-mismatch" Error Import "PBN 4.2.1"
        "A Score (or ScoreTable score) that differs from the duplicate score of contract and result."
        "The score follows from contract, declarer, tricks and vulnerability (Law 77); irregular scores are marked `^` in tables or explained in commentary."
        bad: "[Contract \"4S\"][Result \"10\"][Score \"NS 400\"]", good: "[Score \"NS 420\"]";
    BOARD_DEALER = "PBN601" "board-dealer" Warning Import "Law 2"
        "The Dealer differs from the standard rotation for the board number."
        "Board n is dealt by N, E, S, W in turn (n−1 mod 4); files that rotate deliberately can turn this off."
        bad: "[Board \"2\"][Dealer \"N\"]", good: "[Board \"2\"][Dealer \"E\"]";
    BOARD_VULNERABLE = "PBN602" "board-vulnerable" Warning Import "Law 2"
        "The vulnerability differs from the standard rotation for the board number."
        "Boards 1-16 follow the Law 2 vulnerability pattern, repeating."
        bad: "[Board \"1\"][Vulnerable \"All\"]", good: "[Board \"1\"][Vulnerable \"None\"]";
    RUBBER_HISTORY_VULNERABLE = "PBN603" "rubber-history-vulnerable" Error Import "PBN 4.2.6"
        "ScoreRubberHistory and Vulnerable disagree."
        "A side that has won a game of the rubber is vulnerable."
        bad: "[Vulnerable \"All\"]\n[ScoreRubberHistory \"NS 0 0/100 0 EW 0 0/0 0\"]", good: "[Vulnerable \"NS\"]";
    SCORE_IMP_MISMATCH = "PBN604" "score-imp-mismatch" Error Import "PBN 4.2.2"
        "A ScoreIMP that disagrees with the IMP scale (Law 78B) applied to the two rooms' scores of a team-match board."
        "ScoreIMP gives the IMPs of the difference between Score values. Checked where the file defines it: when the two rooms of a team-match board follow each other (same Board, Room `Open` and `Closed`, Scoring exactly `IMP`), each room's NS IMPs are the IMPs of its NS score minus the other room's. Not checked: Butler, Cross, Experts and other datum modifiers (the datum is not in the file), OptimumScore, which is a double-dummy par, not a datum, and the EW value of `NS x EW y` (the spec does not make it opposite; the Verifier's correct files have `EW 10 NS 0`)."
        bad: "[Board \"1\"][Room \"Open\"][Score \"NS 420\"][ScoreIMP \"NS 5\"] … [Board \"1\"][Room \"Closed\"][Score \"NS 170\"]", good: "[ScoreIMP \"NS 6\"] … [ScoreIMP \"NS -6\"]";
}

/// One room's result of a board in a team match: what the other room's ScoreIMP is checked
/// against (PBN 4.2.2: IMPs from the difference of the two Score values, Law 78B).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct RoomScore {
    board: u32,
    room: String,
    ns: i32,
    /// The NS IMPs the game's ScoreIMP gives, with its value range and text.
    imp: Option<(f64, TextRange, String)>,
}

impl RoomScore {
    /// The same score with its range moved by `delta` bytes (see [`super::Carry::shifted`]).
    pub(super) fn shifted(mut self, delta: crate::text::TextSize) -> RoomScore {
        if let Some((_, range, _)) = &mut self.imp {
            *range += delta;
        }
        self
    }
}

/// `tags` are the facts as the tags give them, `facts` the reading the game is checked under
/// (see [`super::contract_reading`], [`super::prefer_rotation_vulnerability`]).
pub(super) fn check(game: &Game<'_>, tags: &Facts, facts: &Facts, tricks: Option<Tricks>, sink: &mut Sink) {
    check_result(game, facts, tricks, sink);
    // A complete play proves the result: the Score is checked against it, not against a
    // Result tag that may be the one mistake (reported once, above).
    let proven = tricks.filter(|t| t.complete && !facts.result_irregular).map(|t| t.declarer);
    check_score(game, facts, proven, sink);
    check_rotation(game, tags, sink);
    check_rubber_history(game, tags, sink);
}

fn check_result(game: &Game<'_>, facts: &Facts, tricks: Option<Tricks>, sink: &mut Sink) {
    let Some(tag) = game.tag("Result").filter(|t| t.well_formed && !matches!(t.value, "" | "?" | "#")) else { return };
    let passed_out = game.value("Contract").is_some_and(|v| v.eq_ignore_ascii_case("pass"));
    let no_declarer = game.value("Declarer") == Some("");
    if passed_out || no_declarer {
        let why = if passed_out { "the contract is Pass" } else { "Declarer is empty (passed out)" };
        sink.push(
            Diagnostic::new(&RESULT_WITHOUT_CONTRACT, tag.value_range, format!("Result `{}` but {why}", tag.value))
                .with_replacement("Make it empty", tag.value_range, ""),
        );
        return;
    }
    let (Some(result), Some(t), false) = (facts.result, tricks, facts.result_irregular) else { return };
    let play = game.tag("Play").map_or(tag.range, |p| p.name_range);
    if t.complete && result != t.declarer {
        sink.push(
            Diagnostic::new(
                &RESULT_MISMATCH,
                tag.value_range,
                format!("Result `{}` but declarer won {} tricks in the play", tag.value, t.declarer),
            )
            .with_related(play, format!("the complete play: declarer wins {} tricks", t.declarer))
            .with_replacement(
                format!("Replace with `{}`", t.declarer),
                tag.value_range,
                t.declarer.to_string(),
            ),
        );
    } else if !t.complete && (result < t.declarer || result > 13 - t.defenders) {
        sink.report(
            &RESULT_MISMATCH,
            tag.value_range,
            format!(
                "Result `{}` but declarer has already won {} and the defenders {} tricks in the play",
                tag.value, t.declarer, t.defenders
            ),
        );
    }
}

/// The NS score of the facts' contract by their declarer making `tricks`.
fn ns_score_making(facts: &Facts, tricks: u8) -> Option<i32> {
    let (declarer, _) = facts.declarer?;
    let contract = facts.contract?;
    let vulnerable = facts.vulnerable?.is_vulnerable(declarer);
    let score = duplicate_score(contract, vulnerable, tricks);
    Some(if declarer.is_ns() { score } else { -score })
}

/// Reads the Score forms into an NS score (`<score>` is declarer's view).
fn score_as_ns(value: &str, declarer: Option<Seat>) -> Option<i32> {
    let words: Vec<&str> = value.split(' ').collect();
    match words.as_slice() {
        [n] => {
            let s = parse_int(n)?;
            Some(if declarer?.is_ns() { s } else { -s })
        }
        ["NS", n] | ["NS", n, "EW", _] | ["EW", _, "NS", n] => parse_int(n),
        ["EW", n] => parse_int(n).map(|s| -s),
        _ => None,
    }
}

/// Whether the Score tag (when given and readable) agrees with the facts, making `proven`
/// tricks when the play proves them, else the Result tag's.
pub(super) fn score_agrees(game: &Game<'_>, facts: &Facts, proven: Option<u8>) -> bool {
    let Some(expected) = proven.or(facts.result).and_then(|t| ns_score_making(facts, t)) else { return true };
    let given =
        game.tag("Score").filter(|t| t.well_formed).and_then(|t| score_as_ns(t.value, facts.declarer.map(|d| d.0)));
    facts.result_irregular || given.is_none_or(|g| g == expected)
}

fn check_score(game: &Game<'_>, facts: &Facts, proven: Option<u8>, sink: &mut Sink) {
    let Some(made) = proven.or(facts.result) else { return };
    let Some(expected) = ns_score_making(facts, made) else { return };
    if facts.result_irregular {
        return;
    }
    if let Some(tag) = game.tag("Score").filter(|t| t.well_formed) {
        if let Some(given) = score_as_ns(tag.value, facts.declarer.map(|d| d.0)) {
            if given != expected {
                let fixed = if expected >= 0 { format!("NS {expected}") } else { format!("EW {}", -expected) };
                let d = Diagnostic::new(
                    &SCORE_MISMATCH,
                    tag.value_range,
                    format!(
                        "Score `{}` but {} by {} making {} tricks scores {fixed}",
                        tag.value,
                        contract_text(facts),
                        seat_text(facts),
                        made
                    ),
                )
                .with_replacement(format!("Replace with `{fixed}`"), tag.value_range, fixed.clone());
                let d = match (proven, game.tag("Play"), game.tag("Result")) {
                    (Some(_), Some(play), _) => {
                        d.with_related(play.name_range, format!("the complete play: {made} tricks"))
                    }
                    (None, _, Some(result)) => d.with_related(result.value_range, format!("Result: {made} tricks")),
                    _ => d,
                };
                sink.push(d);
            }
        }
    }
}

fn contract_text(facts: &Facts) -> String {
    facts.contract.map(|c| c.to_string()).unwrap_or_default()
}

fn seat_text(facts: &Facts) -> &'static str {
    facts.declarer.map_or("?", |(s, _)| s.name())
}

/// Dealer and Vulnerable against the board number (Law 2): one fact in three tags. When both
/// disagree, the Board tag is the likelier mistake and one warning says so there; otherwise
/// the one tag that disagrees is reported.
fn check_rotation(game: &Game<'_>, facts: &Facts, sink: &mut Sink) {
    let Some(board) = facts.board else { return };
    let (dealer, vulnerable) = board_rotation(board);
    let dealer_tag = game.tag("Dealer").filter(|_| facts.dealer.is_some_and(|d| d != dealer));
    let vulnerable_tag = game.tag("Vulnerable").filter(|_| facts.vulnerable.is_some_and(|v| v != vulnerable));
    match (dealer_tag, vulnerable_tag, game.tag("Board")) {
        (Some(d), Some(v), Some(b)) => sink.push(
            Diagnostic::new(
                &BOARD_DEALER,
                b.value_range,
                format!(
                    "board {board} is dealt by {} with vulnerability {} in the standard rotation, but Dealer is `{}` and Vulnerable `{}`",
                    dealer.name(),
                    vulnerable.as_str(),
                    d.value,
                    v.value
                ),
            )
            .with_related(d.value_range, "Dealer")
            .with_related(v.value_range, "Vulnerable"),
        ),
        (Some(tag), _, _) => sink.push(
            Diagnostic::new(
                &BOARD_DEALER,
                tag.value_range,
                format!(
                    "board {board} is dealt by {} in the standard rotation, not {}",
                    dealer.name(),
                    facts.dealer.map_or("?", |d| d.name())
                ),
            )
            .with_related(game.tag("Board").map_or(tag.value_range, |b| b.value_range), "Board"),
        ),
        (None, Some(tag), _) => sink.push(
            Diagnostic::new(
                &BOARD_VULNERABLE,
                tag.value_range,
                format!(
                    "board {board} has vulnerability {} in the standard rotation, not {}",
                    vulnerable.as_str(),
                    facts.vulnerable.map_or("?", |v| v.as_str())
                ),
            )
            .with_related(game.tag("Board").map_or(tag.value_range, |b| b.value_range), "Board"),
        ),
        _ => {}
    }
}

/// `NS <history> EW <history>`; a side that has won a game (below-the-line 100 or more in a
/// finished game) is vulnerable.
fn check_rubber_history(game: &Game<'_>, facts: &Facts, sink: &mut Sink) {
    let (Some(tag), Some(given)) = (game.tag("ScoreRubberHistory").filter(|t| t.well_formed), facts.vulnerable) else {
        return;
    };
    let spaced = tag.value.replace('/', " / ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let side_won = |side: &str| -> Option<bool> {
        let start = words.iter().position(|w| *w == side)? + 1;
        let part: Vec<&str> = words[start..].iter().take_while(|w| !matches!(**w, "NS" | "EW")).copied().collect();
        let slash = part.iter().position(|w| *w == "/")?;
        let below: Vec<u32> = part[slash + 1..].iter().map(|w| w.parse().ok()).collect::<Option<_>>()?;
        // A game is won with 100 or more below the line.
        Some(below.iter().any(|&b| b >= 100))
    };
    let (Some(ns), Some(ew)) = (side_won("NS"), side_won("EW")) else { return };
    let implied = match (ns, ew) {
        (false, false) => Vulnerability::None,
        (true, false) => Vulnerability::NS,
        (false, true) => Vulnerability::EW,
        (true, true) => Vulnerability::All,
    };
    if implied != given {
        // Report at whichever of the two tags comes first: that is where a reader starts.
        let vulnerable = game.tag("Vulnerable").map_or(tag.value_range, |t| t.value_range);
        sink.report(
            &RUBBER_HISTORY_VULNERABLE,
            if vulnerable.start() < tag.value_range.start() { vulnerable } else { tag.value_range },
            format!(
                "ScoreRubberHistory makes the vulnerability {} but Vulnerable is {}",
                implied.as_str(),
                given.as_str()
            ),
        );
    }
}

/// Reads the ScoreIMP forms (PBN 4.2.2: as Score, with decimals allowed) into NS IMPs. Unlike
/// OptimumScore (4.2.7), the spec does not make the NS and EW values of `NS x EW y` opposite
/// (the Verifier's correct files have `EW 10 NS 0`): NS is read.
fn imps_as_ns(value: &str, declarer: Option<Seat>) -> Option<f64> {
    let words: Vec<&str> = value.split(' ').collect();
    let num = super::values::parse_decimal;
    match words.as_slice() {
        [n] => {
            let s = num(n)?;
            Some(if declarer?.is_ns() { s } else { -s })
        }
        ["NS", n] | ["NS", n, "EW", _] | ["EW", _, "NS", n] => num(n),
        ["EW", n] => num(n).map(|e| -e),
        _ => None,
    }
}

/// ScoreIMP in a team match: where the two rooms of a board
/// follow each other (same Board, Room `Open` and `Closed`, Scoring `IMP` without modifiers),
/// each room's NS IMPs are the IMPs of its NS score minus the other room's. Butler, Cross and
/// other datum-based modifiers need scores the file does not hold: not checked.
pub(super) fn check_imps(
    game: &Game<'_>,
    facts: &Facts,
    tricks: Option<Tricks>,
    previous: &mut Option<RoomScore>,
    sink: &mut Sink,
) {
    let declarer = facts.declarer.map(|d| d.0);
    let tag = game.tag("ScoreIMP").filter(|t| t.well_formed && !t.value.is_empty());
    let imp = tag.and_then(|t| Some((imps_as_ns(t.value, declarer)?, t.value_range, t.value.to_owned())));
    // The score this room is worth: the one its contract and result prove when the Score tag
    // disagrees with it (that disagreement is reported once, by the Score check), else the
    // Score tag's.
    let proven = tricks.filter(|t| t.complete && !facts.result_irregular).map(|t| t.declarer);
    let computed = proven.or(facts.result).and_then(|t| ns_score_making(facts, t));
    let given = game.tag("Score").filter(|t| t.well_formed).and_then(|t| score_as_ns(t.value, declarer));
    let ns = match (given, computed) {
        (Some(g), Some(c)) if g != c && !facts.result_irregular => Some(c),
        (Some(g), _) => Some(g),
        (None, _) if facts.passed_out => Some(0),
        (None, c) => c,
    };
    let room = game.value("Room").filter(|r| r.eq_ignore_ascii_case("open") || r.eq_ignore_ascii_case("closed"));
    let plain_imp = game.value("Scoring").is_some_and(|s| s.trim().eq_ignore_ascii_case("IMP"));
    let (Some(board), Some(room), Some(ns), true) = (facts.board, room, ns, plain_imp) else {
        *previous = None;
        return;
    };
    let current = RoomScore { board, room: room.to_ascii_lowercase(), ns, imp };
    if let Some(other) = previous.take().filter(|p| p.board == board && p.room != current.room) {
        for (this, that) in [(&other, &current), (&current, &other)] {
            let Some((given, range, text)) = &this.imp else { continue };
            let expected = imps(this.ns - that.ns);
            if *given != f64::from(expected) {
                let diagnostic = Diagnostic::new(
                    &SCORE_IMP_MISMATCH,
                    *range,
                    format!(
                        "ScoreIMP `{text}` but NS {} in this room against NS {} in the other is {expected} IMPs for NS",
                        this.ns, that.ns
                    ),
                );
                // The other room's game may be before the checked text: its range is in its own.
                if std::ptr::eq(this, &other) && sink.previous_game_outside {
                    sink.previous_unit.push(diagnostic);
                } else {
                    sink.push(diagnostic);
                }
            }
        }
        return;
    }
    *previous = Some(current);
}
