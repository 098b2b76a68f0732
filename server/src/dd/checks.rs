//! The double-dummy checks (DDS001–DDS005): each of `DoubleDummyTricks`,
//! `OptimumResultTable`, `OptimumScore` and `ParContract` compared with the solver, for
//! `kibitzer check` (all deals of a file at once) and for the language server (from the deals
//! solved before, never waiting for the solver).
//!
//! A tag that says what the solver computes from the deal as written has one right value, the
//! solver's, and its diagnostic carries it as a safe fix (`check --fix` applies it, the editor
//! offers it): DDS001 (the `DoubleDummyTricks` string), DDS002 (a row's tricks), DDS003 (the
//! par score) and DDS005 (the true counts where 1 stands for "below book"). DDS004 has none:
//! a deal may have several par contracts, which producers list all or one of, by side or by
//! seat, with or without `=`, so no one spelling is the right one (the editor's "Add
//! double-dummy analysis" writes the solver's whole list). The deal is taken as the record:
//! if it was mistyped after the analysis, the fix makes the analysis that of the deal written.

use contract_bridge::seat::Seat;
use contract_bridge::Strain;
use kibitzer_syntax::bridge::contract::{Contract, Denomination, Risk};
use kibitzer_syntax::bridge::score::duplicate_score;
use kibitzer_syntax::diagnostic::{Applicability, TextEdit};
use kibitzer_syntax::pbn::double_dummy::{
    BELOW_BOOK_WRITTEN_AS_ONE, WRONG_DOUBLE_DUMMY_TRICKS, WRONG_OPTIMUM_RESULT, WRONG_OPTIMUM_SCORE, WRONG_PAR_CONTRACT,
};
use kibitzer_syntax::pbn::model::{SectionToken, Tag};
use kibitzer_syntax::{CheckOptions, Diagnostic, TextRange};
use pons_dds::Vulnerability;
use std::sync::Arc;

use super::solver::{
    boards, dd_tricks_string, seat_letter, side_score, solved, strain_letter, tricks, Analysis, Board, DealKey,
    SolvedDeals, SEATS, STRAINS,
};

/// The tags this module checks; a file without any is not solved.
const TAGS: [&str; 4] = ["DoubleDummyTricks", "OptimumResultTable", "OptimumScore", "ParContract"];

impl Board<'_> {
    /// Whether the game carries a tag this module checks.
    pub fn has_dd_tags(&self) -> bool {
        TAGS.iter().any(|t| self.game.tag(t).is_some())
    }
}

/// Whether `text` carries a tag this module checks (cheap: no parse; asked of every PBN text
/// `kibitzer check` reads, so each name is looked for with memchr's vector search: half the
/// instructions of `str::contains` on a file with none of them).
pub fn has_dd_tags(text: &str) -> bool {
    TAGS.iter().any(|t| memchr::memmem::find(text.as_bytes(), t.as_bytes()).is_some())
}

/// Checks the double-dummy tags of a PBN text against the solver (`kibitzer check`): the deals
/// of the games that carry such tags, those not solved before in this process solved in one
/// batch (`check --fix` checks a text in rounds, then once more to report: its deals are solved
/// once); the configured severities applied.
pub fn verify(text: &str, options: &CheckOptions) -> Vec<Diagnostic> {
    if !has_dd_tags(text) {
        return Vec::new();
    }
    let boards: Vec<Board<'_>> = boards(text).into_iter().filter(Board::has_dd_tags).collect();
    let analyses = solved().solve(&boards.iter().map(|b| b.key).collect::<Vec<_>>());
    let mut out = Vec::new();
    for (board, analysis) in boards.iter().zip(&analyses) {
        verify_board(board, analysis, &mut out);
    }
    options.rules.apply(&mut out);
    out
}

/// [`verify`] for the language server, which checks a game at a time and must not wait for the
/// solver: from the deals solved before, or `Err` with the deals still to solve
/// ([`SolvedDeals::solve`]).
pub fn verify_solved(
    text: &str,
    options: &CheckOptions,
    solved: &SolvedDeals,
) -> Result<Vec<Diagnostic>, Vec<DealKey>> {
    if !has_dd_tags(text) {
        return Ok(Vec::new());
    }
    let boards: Vec<Board<'_>> = boards(text).into_iter().filter(Board::has_dd_tags).collect();
    let analyses: Vec<Option<Arc<Analysis>>> = boards.iter().map(|b| solved.get(&b.key)).collect();
    if analyses.iter().any(Option::is_none) {
        return Err(boards.iter().zip(&analyses).filter(|(_, a)| a.is_none()).map(|(b, _)| b.key).collect());
    }
    let mut out = Vec::new();
    for (board, analysis) in boards.iter().zip(analyses.into_iter().flatten()) {
        verify_board(board, &analysis, &mut out);
    }
    options.rules.apply(&mut out);
    Ok(out)
}

fn verify_board(board: &Board<'_>, analysis: &Analysis, out: &mut Vec<Diagnostic>) {
    let table = &analysis.table;
    if let Some(tag) = board.game.tag("DoubleDummyTricks") {
        let want = dd_tricks_string(table);
        let below_book_as_1 = tag.value.len() == 20
            && tag.value.bytes().zip(want.bytes()).all(|(a, b)| a.eq_ignore_ascii_case(&b) || (a == b'1' && b < b'7'));
        // In the case the producer writes its hexadecimal digits.
        let want = if tag.value.bytes().any(|b| b.is_ascii_uppercase()) { want.to_ascii_uppercase() } else { want };
        let fix = format!("Replace with `{want}`, the solver's");
        if below_book_as_1 && !tag.value.eq_ignore_ascii_case(&want) {
            out.push(
                Diagnostic::new(
                    &BELOW_BOOK_WRITTEN_AS_ONE,
                    tag.value_range,
                    format!(
                        "DoubleDummyTricks `{}` writes 1 wherever declarer takes fewer than 7 tricks (the solver: `{want}`); \
                         every other entry agrees",
                        tag.value
                    ),
                )
                .with_replacement(fix, tag.value_range, want),
            );
        } else if tag.value.len() == 20 && !tag.value.eq_ignore_ascii_case(&want) {
            let first = tag.value.bytes().zip(want.bytes()).position(|(a, b)| !a.eq_ignore_ascii_case(&b)).unwrap_or(0);
            let (seat, strain) = (SEATS[first / 5], STRAINS[first % 5]);
            out.push(
                Diagnostic::new(
                    &WRONG_DOUBLE_DUMMY_TRICKS,
                    tag.sub_range(first, first + 1),
                    format!(
                        "DoubleDummyTricks `{}` disagrees with the double-dummy solver: `{want}` ({} takes {} tricks in {}, not {}); was the deal changed after the analysis?",
                        tag.value,
                        seat_letter(seat),
                        tricks(table, seat, strain),
                        strain_letter(strain),
                        &tag.value[first..first + 1]
                    ),
                )
                .with_replacement(fix, tag.value_range, want),
            );
        }
    }
    if let Some(tag) = board.game.tag("OptimumResultTable") {
        let items: Vec<_> = tag.section_items().collect();
        let mut below_book = Vec::new();
        for row in items.chunks(3) {
            let [declarer, denomination, result] = row else { continue };
            let (Ok(seat), Some(strain), Ok(claimed)) =
                (declarer.text.parse::<Seat>(), parse_strain(denomination.text), result.text.parse::<u8>())
            else {
                continue;
            };
            let solved = tricks(table, seat, strain);
            if claimed == solved {
                continue; // right, whether or not the table follows the convention below
            }
            if claimed == 1 && solved < 7 {
                // The convention of DoubleDummyTricks above: said once for the table.
                below_book.push(result_edit(tag, result, solved));
            } else if solved != claimed {
                out.push(
                    Diagnostic::new(
                        &WRONG_OPTIMUM_RESULT,
                        TextRange::new(declarer.range.start(), result.range.end()),
                        format!(
                            "OptimumResultTable: {} in {} takes {solved} tricks double dummy, not {claimed}",
                            seat_letter(seat),
                            strain_letter(strain)
                        ),
                    )
                    .with_fix(
                        format!("Replace {claimed} with {solved}, the solver's"),
                        vec![result_edit(tag, result, solved)],
                        Applicability::Safe,
                    ),
                );
            }
        }
        if !below_book.is_empty() {
            out.push(
                Diagnostic::new(
                    &BELOW_BOOK_WRITTEN_AS_ONE,
                    tag.name_range,
                    format!(
                        "OptimumResultTable writes 1 for {} declarer × denomination pairs that take fewer than 7 tricks double dummy",
                        below_book.len()
                    ),
                )
                .with_fix("Write the solver's counts for the rows that say 1", below_book, Applicability::Safe),
            );
        }
    }
    if let Some(tag) = board.game.tag("OptimumScore") {
        if let Some(claimed) = parse_side_score(tag.value) {
            if claimed != analysis.par_score {
                let par = side_score(analysis.par_score);
                out.push(
                    Diagnostic::new(
                        &WRONG_OPTIMUM_SCORE,
                        tag.value_range,
                        format!(
                            "OptimumScore `{}` is not the par score of the deal: {par} (par {})",
                            tag.value,
                            analysis.par_contracts.join(", ")
                        ),
                    )
                    .with_replacement(
                        format!("Replace with `{par}`, the solver's"),
                        tag.value_range,
                        par.clone(),
                    ),
                );
            }
        }
    }
    if let Some(tag) = board.game.tag("ParContract") {
        for (at, part) in par_contract_parts(tag.value) {
            let Some(claim) = ParClaim::parse(part) else { continue };
            if let Some(wrong) = claim.disagreement(analysis, board.key.vulnerability) {
                out.push(Diagnostic::new(
                    &WRONG_PAR_CONTRACT,
                    tag.sub_range(at, at + part.len()),
                    format!("ParContract `{part}` {wrong} (par: {})", analysis.par_contracts.join(", ")),
                ));
            }
        }
    }
}

/// The edit that writes `tricks` for a row's `result` in an `OptimumResultTable`. When the
/// count changes width (9 → 10) in a column the tag declares right-aligned (`Result\2R`, as
/// BridgeComposer and the editor write it), the blanks before it give or take the difference,
/// so that the column stays aligned; otherwise only the number is replaced.
fn result_edit(tag: &Tag<'_>, result: &SectionToken<'_>, tricks: u8) -> TextEdit {
    let new = tricks.to_string();
    let right_aligned = tag.value.split(';').any(|c| c.starts_with("Result\\") && c.ends_with('R'));
    let before = tag.section.iter().take_while(|t| t.range.end() <= result.range.start()).last();
    match before {
        Some(blanks)
            if right_aligned
                && new.len() != result.text.len()
                && blanks.kind.is_trivia()
                && blanks.range.end() == result.range.start()
                && blanks.text.bytes().all(|b| b == b' ') =>
        {
            let pad = (blanks.text.len() + result.text.len()).saturating_sub(new.len()).max(1);
            TextEdit::replace(
                TextRange::new(blanks.range.start(), result.range.end()),
                format!("{}{new}", " ".repeat(pad)),
            )
        }
        _ => TextEdit::replace(result.range, new),
    }
}

/// The contracts of a `ParContract` value with their offsets in it: producers list several
/// par contracts separated by `,` or `;` (`NS 4S+1;NS 5C=`).
fn par_contract_parts(value: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    value.split([',', ';']).filter_map(move |piece| {
        let start = at + (piece.len() - piece.trim_start().len());
        at += piece.len() + 1;
        let part = piece.trim();
        (!part.is_empty()).then_some((start, part))
    })
}

/// One par contract as producers write it: a side or a seat, then level, denomination, risk and
/// result (`NS 4S`, `EW 3NT+1`, `NS 5Dx-2`, BridgeComposer's `NS 4S=` and `EW 5DX-1`, a seat
/// alone as in `S 3N=`).
#[derive(Debug, PartialEq)]
struct ParClaim {
    /// The declarer when one seat is named; otherwise the better of the side's two.
    seats: &'static [Seat],
    contract: Contract,
    /// Over- (positive) or undertricks (negative).
    result: i32,
}

impl ParClaim {
    fn parse(s: &str) -> Option<ParClaim> {
        let (side, contract) = s.split_once(' ')?;
        let seats: &'static [Seat] = match side {
            "NS" => &[Seat::North, Seat::South],
            "EW" => &[Seat::East, Seat::West],
            "N" => &[Seat::North],
            "S" => &[Seat::South],
            "E" => &[Seat::East],
            "W" => &[Seat::West],
            _ => return None,
        };
        let contract = contract.trim();
        let level = contract.chars().next()?.to_digit(10)? as u8;
        if !(1..=7).contains(&level) {
            return None;
        }
        let rest = &contract[1..];
        let strain_len = if rest.get(..2).is_some_and(|d| d.eq_ignore_ascii_case("NT")) { 2 } else { 1 };
        let denomination = Denomination::parse(match rest.get(..strain_len)? {
            "N" | "n" => "NT",
            d => d,
        })?;
        let rest = &rest[strain_len..];
        let doubles = rest.bytes().take_while(|b| matches!(b, b'x' | b'X' | b'*')).count();
        let risk = match doubles {
            0 => Risk::Undoubled,
            1 => Risk::Doubled,
            2 => Risk::Redoubled,
            _ => return None,
        };
        let result = match &rest[doubles..] {
            "" | "=" => 0,
            r if r.starts_with(['+', '-']) => r.parse::<i32>().ok()?,
            _ => return None,
        };
        Some(ParClaim { seats, contract: Contract { level, denomination, risk }, result })
    }

    fn side_is_ns(&self) -> bool {
        matches!(self.seats[0], Seat::North | Seat::South)
    }

    /// What is wrong with the claim for this analysis, said for the message; `None` when it is
    /// a par contract: it takes the tricks it says double dummy, and scores the par score.
    fn disagreement(&self, analysis: &Analysis, vulnerability: Vulnerability) -> Option<String> {
        let strain = match self.contract.denomination {
            Denomination::NoTrump => Strain::Notrump,
            Denomination::Spades => Strain::Spades,
            Denomination::Hearts => Strain::Hearts,
            Denomination::Diamonds => Strain::Diamonds,
            Denomination::Clubs => Strain::Clubs,
        };
        let best = self.seats.iter().map(|&s| tricks(&analysis.table, s, strain)).max().unwrap_or(0);
        let claimed = i32::from(self.contract.level) + 6 + self.result;
        let who = match self.seats {
            [seat] => format!("{} takes", seat_letter(*seat)),
            _ if self.side_is_ns() => "NS take".to_string(),
            _ => "EW take".to_string(),
        };
        if claimed != i32::from(best) {
            return Some(format!("means {claimed} tricks, but {who} {best} in {} double dummy", strain_letter(strain)));
        }
        let vulnerable = vulnerability.contains(if self.side_is_ns() { Vulnerability::NS } else { Vulnerability::EW });
        let score = duplicate_score(self.contract, vulnerable, best);
        let ns_score = if self.side_is_ns() { score } else { -score };
        (ns_score != analysis.par_score)
            .then(|| format!("scores {}, not the par score {}", side_score(ns_score), side_score(analysis.par_score)))
    }
}

fn parse_strain(s: &str) -> Option<Strain> {
    Some(match s.to_ascii_uppercase().as_str() {
        "NT" | "N" => Strain::Notrump,
        "S" => Strain::Spades,
        "H" => Strain::Hearts,
        "D" => Strain::Diamonds,
        "C" => Strain::Clubs,
        _ => return None,
    })
}

/// `NS 140`, `EW 430`, `NS -100` → the score for North-South.
fn parse_side_score(v: &str) -> Option<i32> {
    let (side, score) = v.trim().split_once(' ')?;
    let score: i32 = score.trim().parse().ok()?;
    match side {
        "NS" => Some(score),
        "EW" => Some(-score),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn par_contracts_and_scores_are_read() {
        let read = |s: &str| ParClaim::parse(s).map(|c| (c.seats.len(), c.contract.to_string(), c.result));
        assert_eq!(read("EW 3N+1"), Some((2, "3NT".into(), 1)));
        assert_eq!(read("NS 5Dx-2"), Some((2, "5DX".into(), -2)));
        assert_eq!(read("EW 5DX-1"), Some((2, "5DX".into(), -1)));
        assert_eq!(read("NS 4S"), Some((2, "4S".into(), 0)));
        assert_eq!(read("NS 4S="), Some((2, "4S".into(), 0)));
        assert_eq!(read("S 3N="), Some((1, "3NT".into(), 0)));
        assert_eq!(read("NS 4NTXX"), Some((2, "4NTXX".into(), 0)));
        assert_eq!(read("NS 4S*-1"), Some((2, "4SX".into(), -1)));
        for bad in ["NS", "NS 8S", "XY 4S", "NS 4Q", "NS 4SXXX", "NS 4S=1", "NS 4S 1", "NS 4Sé", "NS 4é", "NS é"] {
            assert_eq!(read(bad), None, "{bad}");
        }
        let parts: Vec<_> = par_contract_parts("NS 4S+1; NS 5C=,EW 4H").collect();
        assert_eq!(parts, [(0, "NS 4S+1"), (9, "NS 5C="), (16, "EW 4H")]);
        assert_eq!(parse_side_score("EW 430"), Some(-430));
        assert_eq!(parse_side_score("NS -100"), Some(-100));
    }

    #[test]
    fn the_solver_solves_a_trivial_deal() {
        let text = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                    [Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\
                    [DoubleDummyTricks \"00000000000000000000\"]\n";
        let boards = boards(text);
        let analysis = &super::super::solver::analyse(&boards)[0];
        assert_eq!(tricks(&analysis.table, Seat::North, Strain::Spades), 13);
        assert_eq!(tricks(&analysis.table, Seat::South, Strain::Diamonds), 13);
        let found = verify(text, &CheckOptions::default());
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].code, "DDS001");
    }

    /// A row that says 1 where declarer takes exactly one trick is right: DDS005 (1 written for
    /// "below book") is about the rows that say 1 and are not, and its fix edits only those.
    #[test]
    fn a_true_one_is_not_the_below_book_convention() {
        // North: the ace of spades and twelve hearts; West: twelve spades and the ace of hearts.
        // In spades North ruffs East's diamond lead with the ace and takes nothing else: 1 trick;
        // in notrump East takes all thirteen diamonds: 0.
        let head = "[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                    [Deal \"N:A.KQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 KQJT98765432.A..\"]\n\
                    [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n";
        let right = format!("{head}N  S  1\n");
        assert_eq!(verify(&right, &CheckOptions::default()), []);
        let convention = format!("{head}N  S  1\nN NT  1\n");
        let found = verify(&convention, &CheckOptions::default());
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].code, "DDS005");
        assert!(found[0].message.contains("for 1 declarer"), "{}", found[0].message);
        let (fixed, _) =
            kibitzer_syntax::diagnostic::apply_edits(&convention, &kibitzer_syntax::fix::safe_edits(&found));
        assert_eq!(fixed, format!("{head}N  S  1\nN NT  0\n"));
    }

    /// The fixes of DDS001, DDS002, DDS003 and DDS005 write the solver's values (in the case the
    /// tag writes its digits, keeping a right-aligned column aligned), and the text they give
    /// checks clean; DDS004 has none.
    #[test]
    fn the_fixes_write_the_solvers_values() {
        let deal = "[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
                    [Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n";
        let text = format!(
            "[Board \"1\"]\n{deal}[DoubleDummyTricks \"0D0D00D0D000D0D00D0C\"]\n[OptimumScore \"NS 1440\"]\n\
             [ParContract \"NS 6S\"]\n\
             [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT  1\nN  S  9\nN  H  1\nS  D 13\n\n\
             [Board \"2\"]\n{deal}[DoubleDummyTricks \"1d1d11d1d111d1d11d1d\"]\n"
        );
        let found = verify(&text, &CheckOptions::default());
        let codes: Vec<(&str, bool)> = found.iter().map(|d| (d.code, d.fix.is_some())).collect();
        assert_eq!(
            codes,
            [
                ("DDS001", true),
                ("DDS002", true),
                ("DDS005", true),
                ("DDS003", true),
                ("DDS004", false),
                ("DDS005", true)
            ],
            "{found:#?}"
        );
        let edits = kibitzer_syntax::fix::safe_edits(&found);
        let (fixed, _) = kibitzer_syntax::diagnostic::apply_edits(&text, &edits);
        let expected = text
            .replace("0D0D00D0D000D0D00D0C", "0D0D00D0D000D0D00D0D")
            .replace("NS 1440", "NS 1510")
            .replace("N NT  1\nN  S  9\nN  H  1", "N NT  0\nN  S 13\nN  H  0")
            .replace("1d1d11d1d111d1d11d1d", "0d0d00d0d000d0d00d0d");
        assert_eq!(fixed, expected);
        let left: Vec<&str> = verify(&fixed, &CheckOptions::default()).iter().map(|d| d.code).collect();
        assert_eq!(left, ["DDS004"], "{fixed}");
    }
}
