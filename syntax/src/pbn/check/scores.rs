//! Result against the play, Score against the duplicate score of contract and result (Law 77),
//! Dealer and Vulnerable against the board number (Law 2), ScoreRubberHistory against
//! Vulnerable (PBN 4.2.6).

use super::context::{Facts, Sink};
use super::play::Tricks;
use super::values::parse_int;
use crate::bridge::score::{board_rotation, duplicate_score, imps, Vulnerability};
use crate::diagnostic::Diagnostic;
use crate::pbn::model::{Game, Seat};
use crate::pbn::rules;
use crate::text::TextRange;

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
/// (see [`super::reading`], [`prefer_rotation_vulnerability`]).
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
            Diagnostic::new(
                &rules::RESULT_WITHOUT_CONTRACT,
                tag.value_range,
                format!("Result `{}` but {why}", tag.value),
            )
            .with_replacement("Make it empty", tag.value_range, ""),
        );
        return;
    }
    let (Some(result), Some(t), false) = (facts.result, tricks, facts.result_irregular) else { return };
    let play = game.tag("Play").map_or(tag.range, |p| p.name_range);
    if t.complete && result != t.declarer {
        sink.push(
            Diagnostic::new(
                &rules::RESULT_MISMATCH,
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
            &rules::RESULT_MISMATCH,
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
                    &rules::SCORE_MISMATCH,
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

/// A Vulnerable tag that disagrees with the board's standard rotation (Law 2) while the Score
/// agrees with the rotation's vulnerability and not with the tag's: the tag is the one mistake
/// (reported by the rotation check), and the scores are checked under the rotation's.
pub(super) fn prefer_rotation_vulnerability(game: &Game<'_>, facts: &mut Facts) {
    let (Some(board), Some(given)) = (facts.board, facts.vulnerable) else { return };
    let (_, rotation) = board_rotation(board);
    if rotation == given {
        return;
    }
    let mut other = facts.clone();
    other.vulnerable = Some(rotation);
    // Disagreements of the Score and the ScoreTable rows under each vulnerability.
    let misfits = |f: &Facts| {
        let mut scratch = Sink::new(false);
        super::tables::check(game, f, &mut scratch);
        usize::from(!score_agrees(game, f, None))
            + scratch.diagnostics.iter().filter(|d| d.code == rules::SCORE_MISMATCH.code).count()
    };
    if misfits(&other) < misfits(facts) {
        *facts = other;
    }
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
                &rules::BOARD_DEALER,
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
                &rules::BOARD_DEALER,
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
                &rules::BOARD_VULNERABLE,
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
            &rules::RUBBER_HISTORY_VULNERABLE,
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
                    &rules::SCORE_IMP_MISMATCH,
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
